//! By the board, while the strength chosen gets ready (its download, then the worker reading
//! it): what it is and how far it has come, as words and a progress bar (`#getting-ready`,
//! `data-percent` for the tests), so that the player sees it where they play, not only inside
//! the settings.

use std::cell::Cell;

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::markup::set_hidden;
use crate::dom::{self, find};
use page_core::Model;
use page_core::request::Strength;
use page_core::text::{Language, Message};

/// What is being got ready and how far it has come ([`Model::getting_ready`]), as last shown.
type Ready = Option<(Strength, Option<u8>)>;

pub struct GettingReadyView {
    section: Element,
    text: Element,
    bar: Element,
    shown: Cell<Option<(Ready, Language)>>,
}

impl GettingReadyView {
    pub fn find(document: &Document) -> Result<GettingReadyView, JsValue> {
        Ok(GettingReadyView {
            section: find(document, dom::GETTING_READY)?,
            text: find(document, dom::GETTING_READY_TEXT)?,
            bar: find(document, dom::GETTING_READY_BAR)?,
            shown: Cell::new(None),
        })
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        let now = (model.getting_ready(), model.language());
        if self.shown.replace(Some(now)) == Some(now) {
            return Ok(());
        }
        let (ready, language) = now;
        let Some((strength, percent)) = ready else { return set_hidden(&self.section, true) };
        self.text.set_text_content(Some(&language.message(&Message::GettingReady { strength, percent })));
        match percent {
            Some(percent) => {
                self.bar.set_attribute("value", &percent.to_string())?;
                self.section.set_attribute("data-percent", &percent.to_string())?;
            }
            // Nothing known yet: the bar says that something is on its way, not how much.
            None => {
                self.bar.remove_attribute("value")?;
                self.section.remove_attribute("data-percent")?;
            }
        }
        set_hidden(&self.section, false)
    }
}
