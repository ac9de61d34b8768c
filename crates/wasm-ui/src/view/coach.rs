//! The coach's part of the page: the Coach toggle and Undo, the latest feedback right under the
//! board, and `#coach` with the game's count (`data-moves`, `data-agreed`) and its mistakes
//! (the moves it called worse or much worse), each with its word, its board and a button to
//! analyse it.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::analysis::quality_name;
use super::markup::{set_flag, set_hidden, tint};
use crate::dom::{self, find};
use page_core::text::{Label, Language, Message};
use page_core::{Feedback, Mistake, Model};

/// The attribute on a mistake's button that holds its place in the list (from 0).
pub const MISTAKE_INDEX: &str = "data-mistake";

pub struct CoachView {
    document: Document,
    toggle: Element,
    undo: Element,
    feedback: Element,
    panel: Element,
    agreement: Element,
    summary: Element,
    list: Element,
    learn: Element,
    shown: RefCell<Option<Shown>>,
}

/// What the coach's part last showed.
#[derive(Clone, PartialEq)]
struct Shown {
    on: bool,
    can_undo: bool,
    feedback: Option<Feedback>,
    moves: u32,
    agreed: u32,
    mistakes: Vec<Mistake>,
    language: Language,
}

impl CoachView {
    pub fn find(document: &Document) -> Result<CoachView, JsValue> {
        Ok(CoachView {
            document: document.clone(),
            toggle: find(document, dom::COACH_TOGGLE)?,
            undo: find(document, dom::UNDO)?,
            feedback: find(document, dom::COACH_FEEDBACK)?,
            panel: find(document, dom::COACH)?,
            agreement: find(document, dom::COACH_AGREEMENT)?,
            summary: find(document, dom::MISTAKES_SUMMARY)?,
            list: find(document, dom::MISTAKES_LIST)?,
            learn: find(document, dom::COACH_LEARN)?,
            shown: RefCell::default(),
        })
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        let coach = model.coach();
        let now = Shown {
            on: coach.on,
            can_undo: model.can_undo(),
            feedback: coach.feedback,
            moves: coach.moves,
            agreed: coach.agreed,
            // The game in progress's, also while one of them is reviewed on its board.
            mistakes: model.mistakes().to_vec(),
            language: model.language(),
        };
        if self.shown.borrow().as_ref() == Some(&now) {
            return Ok(());
        }
        let lang = now.language;
        self.toggle.set_attribute("aria-pressed", if now.on { "true" } else { "false" })?;
        set_hidden(&self.undo, !now.on)?;
        set_flag(&self.undo, "disabled", !now.can_undo)?;
        match now.feedback.filter(|_| now.on) {
            Some(feedback) => {
                self.feedback.set_text_content(Some(&lang.message(&Message::Coached(feedback))));
                self.feedback
                    .set_attribute("data-agreed", if feedback.agreed() { "true" } else { "false" })?;
                set_hidden(&self.feedback, false)?;
            }
            None => set_hidden(&self.feedback, true)?,
        }
        self.panel.set_attribute("data-moves", &now.moves.to_string())?;
        self.panel.set_attribute("data-agreed", &now.agreed.to_string())?;
        set_hidden(&self.panel, !now.on)?;
        let agreement = Message::Agreement { agreed: now.agreed, moves: now.moves };
        self.agreement.set_text_content(Some(&lang.message(&agreement)));
        // The game's mistakes as questions, once it has one.
        set_hidden(&self.learn, now.mistakes.is_empty())?;
        let count = Message::Mistakes { count: now.mistakes.len() };
        self.summary.set_text_content(Some(&lang.message(&count)));
        // The list only grows during a game: new mistakes are appended, and it is built anew
        // only when it was cut (a new game) or its words change, not at every move.
        let before = self.shown.borrow().as_ref().map(|s| (s.mistakes.clone(), s.language));
        let keep = match &before {
            Some((old, old_lang)) if *old_lang == lang && now.mistakes.starts_with(old) => old.len(),
            _ => {
                self.list.set_text_content(None);
                0
            }
        };
        for (index, mistake) in now.mistakes.iter().enumerate().skip(keep) {
            let item = self.mistake(index, mistake, lang)?;
            self.list.append_child(&item)?;
        }
        *self.shown.borrow_mut() = Some(now);
        Ok(())
    }

    /// One mistake: its board (a small table, read row by row), its word, what was played and
    /// what the solver plays, and a button that opens the board for analysis.
    fn mistake(&self, index: usize, mistake: &Mistake, lang: Language) -> Result<Element, JsValue> {
        let item = self.document.create_element("li")?;
        item.set_attribute("data-quality", quality_name(mistake.quality))?;
        let table = self.document.create_element("table")?;
        table.set_class_name("mini-board");
        for row in mistake.board.rows() {
            let tr = self.document.create_element("tr")?;
            for value in row {
                let td = self.document.create_element("td")?;
                if value != 0 {
                    td.set_text_content(Some(&value.to_string()));
                    td.set_attribute("data-value", &value.to_string())?;
                    td.set_class_name(&tint(value));
                }
                tr.append_child(&td)?;
            }
            table.append_child(&tr)?;
        }
        item.append_child(&table)?;
        let text = self.document.create_element("p")?;
        let said = Message::Mistake { played: mistake.played, best: mistake.best, quality: mistake.quality };
        text.set_text_content(Some(&lang.message(&said)));
        item.append_child(&text)?;
        let button = self.document.create_element("button")?;
        button.set_attribute("type", "button")?;
        button.set_attribute(MISTAKE_INDEX, &index.to_string())?;
        button.set_text_content(Some(lang.label(Label::AnalyseMistake)));
        item.append_child(&button)?;
        Ok(item)
    }
}
