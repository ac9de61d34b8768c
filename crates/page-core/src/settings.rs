//! The player's settings on the model: Autoplay's speed, the solver's strength and the
//! page's language, each remembered where the browser lets the page.

use super::autoplay::parse_speed;
use super::effect::Effect;
use super::model::Model;
use crate::request::Strength;
use crate::text::{Language, Message};

impl Model {
    pub(super) fn speed_chosen(&mut self, value: &str, fx: &mut Vec<Effect>) {
        let speed = parse_speed(value);
        self.autoplay.set_speed(speed);
        fx.push(Effect::ShowSpeed(speed));
        fx.push(Effect::SaveSpeed(speed));
    }

    /// Hint and Autoplay ask for the new strength from their next request on (a search
    /// already running finishes at the strength it was asked at). A radio that names no
    /// strength is set back.
    pub(super) fn strength_chosen(&mut self, strength: Option<Strength>, fx: &mut Vec<Effect>) {
        match strength {
            Some(strength) => {
                self.strength = strength;
                fx.push(Effect::SaveStrength(strength));
                self.solving.want_network(strength, fx);
            }
            None => fx.push(Effect::ShowStrength(self.strength)),
        }
        fx.push(Effect::ReleasePointerFocus);
    }

    /// Only words change: the game, the tiles, a hint, Autoplay and the focus stay as they
    /// are. A code the page does not speak sets the selector back.
    pub(super) fn language_chosen(&mut self, code: &str, fx: &mut Vec<Effect>) {
        match Language::from_code(code) {
            Some(language) if language != self.language => {
                self.language = language;
                fx.push(self.apply_language());
                fx.push(Effect::SaveLanguage(language));
                fx.push(Effect::Announce(vec![Message::LanguageChanged]));
            }
            Some(_) => {}
            None => fx.push(self.apply_language()),
        }
    }

    /// Every word of the page said again in the page's language.
    fn apply_language(&self) -> Effect {
        Effect::ApplyLanguage {
            language: self.language,
            speed: self.autoplay.speed(),
            toast: self.telling.toast().cloned(),
        }
    }
}
