//! The replay view (`#replay`, a dialog): the picker of kept games (newest first), the board as
//! it was after the moves shown, the score and the position in words, the steps, play and
//! pause, the scrubber (a range input), the solver's view of the position (Hint's explanation,
//! in `#replay-analysis`), export, import of a replay file with what was wrong with it, and the
//! game's review (`super::review`).
//!
//! Hooks the end-to-end tests read: `#replay-board td` (16, in reading order) with
//! `data-value` on the tiles; `#replay-score`; `#replay-seek`'s `max` (the game's moves) and
//! `value`; `#replay-message` for a refusal.

use std::cell::RefCell;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

use super::analysis::AnalysisView;
use super::markup::{append, board_cells, el, set_hidden, show_board_cells, show_modal};
use super::review::ReviewView;
use super::stats::date;
use crate::dom::{self, find, find_as};
use page_core::text::{Label, Language, Message};
use page_core::{Model, Panel};

/// The picker's value for an imported replay (kept games' values are their ids).
pub const IMPORTED: &str = "imported";

pub struct ReplayView {
    document: Document,
    dialog: HtmlDialogElement,
    empty: Element,
    picker: Element,
    pick: HtmlSelectElement,
    message: Element,
    view: Element,
    cells: Vec<Element>,
    score: Element,
    position: Element,
    play: Element,
    seek: HtmlInputElement,
    analysis: AnalysisView,
    review: ReviewView,
    /// What the picker last listed: the games (count, newest), the one shown, the language.
    listed: RefCell<Option<Listed>>,
}

/// What the picker lists: the games (count, newest id), the one shown (its id, and whether
/// it was imported), the language.
type Listed = (usize, Option<u64>, Option<(u64, bool)>, Language);

impl ReplayView {
    pub fn find(document: &Document) -> Result<ReplayView, JsValue> {
        let cells = board_cells(document, &find(document, dom::REPLAY_BOARD)?)?;
        Ok(ReplayView {
            document: document.clone(),
            dialog: find_as(document, dom::REPLAY)?,
            empty: find(document, dom::REPLAY_EMPTY)?,
            picker: find(document, dom::REPLAY_PICKER)?,
            pick: find_as(document, dom::REPLAY_PICK)?,
            message: find(document, dom::REPLAY_MESSAGE)?,
            view: find(document, dom::REPLAY_VIEW)?,
            cells,
            score: find(document, dom::REPLAY_SCORE)?,
            position: find(document, dom::REPLAY_POSITION)?,
            play: find(document, dom::REPLAY_PLAY)?,
            seek: find_as(document, dom::REPLAY_SEEK)?,
            analysis: AnalysisView::find_ids(
                document,
                [
                    dom::REPLAY_ANALYSIS,
                    dom::REPLAY_ANALYSIS_MOVES,
                    dom::REPLAY_ANALYSIS_SEARCH,
                    dom::REPLAY_CHANCE,
                ],
            )?,
            review: ReviewView::find(document)?,
            listed: RefCell::default(),
        })
    }

    pub fn open(&self) -> Result<(), JsValue> {
        show_modal(&self.dialog)
    }

    pub fn close(&self) {
        self.dialog.close();
    }

    /// The picker's value.
    pub fn picked(&self) -> String {
        self.pick.value()
    }

    /// The judged move nearest to a pointer at `client_x` across the review's chart.
    pub fn chart_move_at(&self, client_x: f64, model: &Model) -> Option<usize> {
        self.review.chart_move_at(client_x, model)
    }

    /// The scrubber's value.
    pub fn seek_value(&self) -> String {
        self.seek.value()
    }

    /// The file chosen to import, if any (the choice is cleared, so the same file can be
    /// chosen again).
    pub fn take_file(&self) -> Option<web_sys::File> {
        let input: HtmlInputElement = self.document.get_element_by_id(dom::REPLAY_IMPORT)?.dyn_into().ok()?;
        let file = input.files()?.get(0);
        input.set_value("");
        file
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        if model.panel() != Panel::Replay {
            return Ok(());
        }
        let lang = model.language();
        let games = model.kept_games();
        let replay = model.replay();
        set_hidden(&self.empty, !(games.is_empty() && replay.is_none()))?;
        self.list(model)?;
        match model.replay_problem() {
            Some(problem) => {
                self.message.set_text_content(Some(&lang.message(problem)));
                set_hidden(&self.message, false)?;
            }
            None => set_hidden(&self.message, true)?,
        }
        self.review.render(model)?;
        let Some(replay) = replay else {
            set_hidden(&self.view, true)?;
            return self.analysis.show(None, model);
        };
        set_hidden(&self.view, false)?;
        let game = replay.game();
        show_board_cells(&self.cells, game.board().rows())?;
        self.score.set_text_content(Some(&game.score().to_string()));
        let said = Message::ReplayPosition { at: replay.at(), of: replay.len(), next: replay.next_move() };
        self.position.set_text_content(Some(&lang.message(&said)));
        let play = if model.replay_playing() { Label::ReplayPause } else { Label::ReplayPlay };
        self.play.set_text_content(Some(lang.label(play)));
        self.seek.set_max(&replay.len().to_string());
        self.seek.set_value(&replay.at().to_string());
        self.seek.set_attribute("aria-valuetext", &lang.message(&said))?;
        self.analysis.show(replay.analysis, model)
    }

    /// The picker: every kept game, newest first, and the imported replay if one is shown.
    fn list(&self, model: &Model) -> Result<(), JsValue> {
        let games = model.kept_games();
        let lang = model.language();
        let shown = model.replay().map(|r| (r.kept.summary.id, r.imported));
        let now = (games.len(), games.last().map(|g| g.id), shown, lang);
        if self.listed.borrow().as_ref() == Some(&now) {
            return Ok(());
        }
        set_hidden(&self.picker, games.is_empty() && shown.is_none())?;
        self.pick.set_text_content(None);
        if let Some((_, true)) = shown {
            let option = el(&self.document, "option", Some(lang.label(Label::ReplayImported)))?;
            option.set_attribute("value", IMPORTED)?;
            append(&self.pick, &option)?;
        }
        for (index, game) in games.iter().enumerate().rev() {
            let said =
                Message::KeptGame { number: index + 1, date: date(game.ended, lang), score: game.score };
            let option = el(&self.document, "option", Some(&lang.message(&said)))?;
            option.set_attribute("value", &game.id.to_string())?;
            append(&self.pick, &option)?;
        }
        match shown {
            Some((_, true)) => self.pick.set_value(IMPORTED),
            Some((id, false)) => self.pick.set_value(&id.to_string()),
            None => {}
        }
        *self.listed.borrow_mut() = Some(now);
        Ok(())
    }
}
