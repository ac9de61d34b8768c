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
pub const COACH_TOGGLE: &str = "coach-toggle";
pub const UNDO: &str = "undo";
pub const COPY_LINK: &str = "copy-link";
pub const EDIT_BOARD: &str = "edit-board";
pub const COACH_FEEDBACK: &str = "coach-feedback";
pub const COACH: &str = "coach";
pub const COACH_AGREEMENT: &str = "coach-agreement";
pub const MISTAKES_SUMMARY: &str = "mistakes-summary";
pub const MISTAKES_LIST: &str = "mistakes-list";
pub const ANALYSIS: &str = "analysis";
pub const ANALYSIS_MOVES: &str = "analysis-moves";
pub const ANALYSIS_SEARCH: &str = "analysis-search";
pub const BOARD_MESSAGE: &str = "board-message";
pub const ENTERED: &str = "entered";
pub const PLAY_ENTERED: &str = "play-entered";
pub const LEAVE_ENTERED: &str = "leave-entered";
pub const EDITOR: &str = "editor";
pub const EDITOR_CELLS: &str = "editor-cells";
pub const EDITOR_TEXT: &str = "editor-text";
pub const EDITOR_SCORE: &str = "editor-score";
pub const EDITOR_MESSAGE: &str = "editor-message";
pub const EDITOR_APPLY: &str = "editor-apply";
pub const EDITOR_CANCEL: &str = "editor-cancel";
pub const ERROR: &str = "error";
/// The notice that a new version is ready, and its button.
pub const UPDATE: &str = "update";
pub const UPDATE_APPLY: &str = "update-apply";

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
