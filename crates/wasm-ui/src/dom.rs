//! Every id of `index.html` that the page's code uses, declared once, and finding them.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

pub const BOARD: &str = "board";
pub const BOARD_WRAP: &str = "board-wrap";
pub const GAME: &str = "game";
pub const GRID: &str = "grid";
pub const SCORE: &str = "score";
pub const BEST: &str = "best";
pub const SCORE_GAINS: &str = "score-gains";
pub const MESSAGE: &str = "message";
pub const MESSAGE_TEXT: &str = "message-text";
pub const KEEP_GOING: &str = "keep-going";
pub const BANNER_NEW_GAME: &str = "banner-new-game";
pub const TRY_AGAIN: &str = "try-again";
pub const NEW_GAME: &str = "new-game";
pub const HINT: &str = "hint";
pub const AUTOPLAY: &str = "autoplay";
pub const SPEED: &str = "speed";
pub const STRENGTH: &str = "strength";
pub const LANGUAGE: &str = "language";
pub const NOTICE: &str = "notice";
pub const TOAST: &str = "toast";
pub const CONFIRM: &str = "confirm";
pub const CONFIRM_YES: &str = "confirm-yes";
pub const CONFIRM_NO: &str = "confirm-no";
pub const ANNOUNCER: &str = "announcer";
pub const ERROR: &str = "error";

/// The element `#id`; an error names it when the markup lacks it.
pub fn find(document: &Document, id: &str) -> Result<Element, JsValue> {
    document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("no element #{id}")))
}

/// The element `#id` as the kind of element it must be.
pub fn find_as<T: JsCast>(document: &Document, id: &str) -> Result<T, JsValue> {
    find(document, id)?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("#{id} is not the right element")))
}
