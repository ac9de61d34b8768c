//! The polite live region (`#announcer`): what a screen reader says after each event.
//!
//! Which events are said is the core's choice (`core`): each move the player makes, but not each of
//! Autoplay's (only that it starts and stops, a win and game over), which at up to 60 a second
//! no one could follow and would cost the page a layout each.

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

pub struct Announcer {
    region: Element,
}

impl Announcer {
    pub fn find(document: &Document) -> Result<Announcer, JsValue> {
        let region = crate::dom::find(document, crate::dom::ANNOUNCER)?;
        Ok(Announcer { region })
    }

    /// Replaces what the region says. A new text node each time, so that screen readers speak
    /// a repeated sentence again.
    pub fn say(&self, text: &str) {
        self.region.set_text_content(Some(text));
    }

    pub fn text(&self) -> String {
        self.region.text_content().unwrap_or_default()
    }
}
