//! The game of the day on screen (`#daily`, under the board): which day and whether this try
//! counts while it is played; once it ends, its result, the solver's result on the same tiles
//! (or that the solver is still playing) and "Copy result". Hooks the end-to-end tests read:
//! `data-date`, `data-counts` (`true`, `false`), and once the game has ended `data-score`, and
//! `data-solver-score` once the solver's result is known.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::markup::{append, el, set_hidden};
use crate::dom::{self, find};
use page_core::text::Language;
use page_core::{DailyView, Model};

pub struct DailyViewEl {
    document: Document,
    section: Element,
    text: Element,
    copy: Element,
    shown: RefCell<Option<(Option<DailyView>, Language)>>,
}

impl DailyViewEl {
    pub fn find(document: &Document) -> Result<DailyViewEl, JsValue> {
        Ok(DailyViewEl {
            document: document.clone(),
            section: find(document, dom::DAILY)?,
            text: find(document, dom::DAILY_TEXT)?,
            copy: find(document, dom::COPY_RESULT)?,
            shown: RefCell::default(),
        })
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        let now = (model.daily(), model.language());
        if self.shown.borrow().as_ref() == Some(&now) {
            return Ok(());
        }
        let (daily, language) = now;
        *self.shown.borrow_mut() = Some(now);
        let Some(daily) = daily else { return set_hidden(&self.section, true) };
        let s = &self.section;
        s.set_attribute("data-date", &daily.attempt.day.to_string())?;
        s.set_attribute("data-counts", if daily.attempt.counts { "true" } else { "false" })?;
        if daily.over {
            s.set_attribute("data-score", &daily.player.score.to_string())?;
        } else {
            s.remove_attribute("data-score")?;
        }
        match daily.solver.filter(|_| daily.over) {
            Some(solver) => s.set_attribute("data-solver-score", &solver.score.to_string())?,
            None => s.remove_attribute("data-solver-score")?,
        }
        self.text.set_text_content(None);
        for line in daily.lines() {
            append(&self.text, &el(&self.document, "p", Some(&language.message(&line)))?)?;
        }
        set_hidden(&self.copy, !daily.over)?;
        set_hidden(&self.section, false)
    }
}
