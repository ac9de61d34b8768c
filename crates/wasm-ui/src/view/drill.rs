//! "Learn from your mistakes" (`#drill`, a dialog): the practice's board, the question, the
//! four moves as buttons (the arrow keys and WASD answer too), what was said of the answer, and
//! after a wrong one the solver's ranking of all four moves (Hint's explanation, in
//! `#drill-analysis`); Next once answered; at the end, how it went.
//!
//! Hooks the end-to-end tests read: `#drill`'s `data-state` (`loading`, `asking`, `checking`,
//! `right`, `wrong`, `done`, `empty`), `data-source` (`game` or `deck`), `data-board` (the board's 16
//! values, comma-separated, row by row), `data-answered` and `data-right`; the move buttons'
//! `data-answer` (`up`, `down`, `left`, `right`).

use std::cell::Cell;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlDialogElement, HtmlElement};

use super::analysis::AnalysisView;
use super::markup::{board_cells, focus, set_flag, set_hidden, show_board_cells, show_modal};
use crate::dom::{self, find, find_as};
use game_core::Direction;
use page_core::drill::{Answer, Drill, Source};
use page_core::text::{Language, Message};
use page_core::{Model, Panel};

/// The attribute on a move button that names its move.
pub const ANSWER: &str = "data-answer";

pub struct DrillView {
    dialog: HtmlDialogElement,
    progress: Element,
    question: Element,
    ask: Element,
    cells: Vec<Element>,
    moves: Vec<(Direction, HtmlElement)>,
    said: Element,
    next: HtmlElement,
    analysis: AnalysisView,
    /// What the view last showed.
    shown: Cell<Option<Shown>>,
}

/// What the view shows of a practice: its state, the board on screen, the counts, the language.
#[derive(Clone, Copy, PartialEq)]
struct Shown {
    state: &'static str,
    board: Option<[[u32; 4]; 4]>,
    answered: usize,
    right: usize,
    left: usize,
    language: Language,
}

impl DrillView {
    pub fn find(document: &Document) -> Result<DrillView, JsValue> {
        let buttons = find(document, dom::DRILL_MOVES)?.query_selector_all(&format!("[{ANSWER}]"))?;
        let mut moves = Vec::new();
        for i in 0..buttons.length() {
            let Some(button) = buttons.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) else {
                continue;
            };
            let name = button.get_attribute(ANSWER).unwrap_or_default();
            if let Some(direction) = Direction::ALL.into_iter().find(|d| d.name() == name) {
                moves.push((direction, button));
            }
        }
        Ok(DrillView {
            dialog: find_as(document, dom::DRILL)?,
            progress: find(document, dom::DRILL_PROGRESS)?,
            question: find(document, dom::DRILL_QUESTION)?,
            ask: find(document, dom::DRILL_ASK)?,
            cells: board_cells(document, &find(document, dom::DRILL_BOARD)?)?,
            moves,
            said: find(document, dom::DRILL_SAID)?,
            next: find_as(document, dom::DRILL_NEXT)?,
            analysis: AnalysisView::find_ids(
                document,
                [
                    dom::DRILL_ANALYSIS,
                    dom::DRILL_ANALYSIS_MOVES,
                    dom::DRILL_ANALYSIS_SEARCH,
                    dom::DRILL_CHANCE,
                ],
            )?,
            shown: Cell::default(),
        })
    }

    pub fn open(&self) -> Result<(), JsValue> {
        show_modal(&self.dialog)
    }

    pub fn close(&self) {
        self.dialog.close();
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        if model.panel() != Panel::Drill {
            return Ok(());
        }
        let Some(drill) = model.drill() else { return Ok(()) };
        let lang = model.language();
        let state = state_name(drill);
        let now = Shown {
            state,
            board: drill.question().map(|q| q.board.rows()),
            answered: drill.answered,
            right: drill.right,
            left: drill.left(),
            language: lang,
        };
        let before = self.shown.replace(Some(now));
        if before == Some(now) {
            return Ok(());
        }
        let changed_state = before.is_none_or(|b| b.state != state);
        let answered_now = matches!(drill.answer, Answer::Answered { .. }) && changed_state;
        let asked_now = drill.answer == Answer::Asking && changed_state;
        let d = &self.dialog;
        d.set_attribute("data-state", state)?;
        d.set_attribute("data-source", if drill.source == Source::Deck { "deck" } else { "game" })?;
        d.set_attribute("data-answered", &drill.answered.to_string())?;
        d.set_attribute("data-right", &drill.right.to_string())?;
        let progress = match (drill.question(), drill.answered) {
            (None, 0) if drill.waiting => Message::DrillLoading,
            (None, 0) => {
                Message::DrillNothing { deck: drill.source == Source::Deck, wait_ms: drill.next_due_in }
            }
            (None, answered) => Message::DrillDone { right: drill.right, answered },
            (Some(_), answered) => {
                Message::DrillProgress { right: drill.right, answered, left: drill.left() }
            }
        };
        self.progress.set_text_content(Some(&lang.message(&progress)));
        let Some(question) = drill.question() else {
            d.remove_attribute("data-board")?;
            set_hidden(&self.question, true)?;
            return self.analysis.show(None, model);
        };
        set_hidden(&self.question, false)?;
        let values: Vec<String> =
            question.board.rows().into_iter().flatten().map(|v| v.to_string()).collect();
        d.set_attribute("data-board", &values.join(","))?;
        show_board_cells(&self.cells, question.board.rows())?;
        self.ask.set_text_content(Some(&lang.message(&Message::DrillAsk)));
        for (direction, button) in &self.moves {
            button.set_text_content(Some(&lang.message(&Message::MoveName(*direction))));
            let open = drill.answer == Answer::Asking && question.board.slide(*direction).moved;
            set_flag(button, "disabled", !open)?;
            let chosen = matches!(drill.answer, Answer::Answered { chosen, .. } | Answer::Checking(chosen) if chosen == *direction);
            button.set_attribute("aria-pressed", if chosen { "true" } else { "false" })?;
        }
        let said = match drill.answer {
            Answer::Asking => None,
            Answer::Checking(_) => Some(lang.message(&Message::DrillChecking)),
            Answer::Answered { .. } => drill.said().map(|said| {
                let played = Message::DrillPlayed { played: question.played };
                format!("{} {}", lang.message(&said), lang.message(&played))
            }),
        };
        self.said.set_text_content(said.as_deref());
        set_hidden(&self.said, said.is_none())?;
        let answered = matches!(drill.answer, Answer::Answered { .. });
        set_hidden(&self.next, !answered)?;
        // After a wrong answer, the solver's ranking of every move.
        let wrong = matches!(drill.answer, Answer::Answered { right: false, .. });
        self.analysis.show(drill.analysis().copied().filter(|_| wrong), model)?;
        if answered_now {
            // The answer is in: Enter goes on.
            focus(&self.next)?;
        } else if asked_now {
            // A new question: the keyboard is on the moves (the arrow keys answer too).
            if let Some((_, button)) = self.moves.iter().find(|(_, b)| !b.has_attribute("disabled")) {
                focus(button)?;
            }
        }
        Ok(())
    }
}

/// The state's name in `data-state`.
fn state_name(drill: &Drill) -> &'static str {
    match (drill.question(), drill.answer) {
        (None, _) if drill.answered == 0 && drill.waiting => "loading",
        (None, _) if drill.answered == 0 => "empty",
        (None, _) => "done",
        (Some(_), Answer::Asking) => "asking",
        (Some(_), Answer::Checking(_)) => "checking",
        (Some(_), Answer::Answered { right: true, .. }) => "right",
        (Some(_), Answer::Answered { right: false, .. }) => "wrong",
    }
}
