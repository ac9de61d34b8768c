//! The settings' controls as the view reads and sets them: the language selector, the strength
//! radios (and the focus after a choice by pointer), the speed slider.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;

use super::View;
use crate::protocol::Strength;
use page_core::text::{Language, Message};

impl View {
    /// The code the language selector is set to.
    pub fn language_value(&self) -> String {
        self.language.value()
    }

    /// Checks the radio of `strength`.
    pub fn set_strength(&self, strength: Strength) {
        for (radio, each) in self.strength.iter().zip(Strength::ALL) {
            radio.set_checked(each == strength);
        }
    }

    /// The strength whose radio is checked.
    pub fn strength_value(&self) -> Option<Strength> {
        self.strength
            .iter()
            .find(|radio| radio.checked())
            .and_then(|radio| Strength::from_code(&radio.value()))
    }

    /// After a strength chosen by pointer (mouse, touch), hands the focus back to the page, so
    /// that the arrow keys move tiles again rather than switch strength. One chosen from the
    /// keyboard (`:focus-visible`) keeps it: its owner is moving through the radios.
    pub fn release_pointer_focus(&self) {
        let active = self.document.active_element();
        for radio in &self.strength {
            let focused = active.as_ref().is_some_and(|a| a == radio.unchecked_ref::<Element>());
            // A browser without :focus-visible throws: then the focus stays, the safe side.
            if focused && radio.matches(":focus-visible") == Ok(false) {
                let _ = radio.blur();
            }
        }
    }

    pub fn set_speed(&self, speed: u8, max: u8, lang: Language) -> Result<(), JsValue> {
        self.speed.set_value(&speed.to_string());
        self.speed.set_attribute("aria-valuetext", &lang.message(&Message::Speed { value: speed, max }))
    }

    pub fn speed_value(&self) -> String {
        self.speed.value()
    }
}
