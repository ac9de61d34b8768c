//! A game's review in the replay view (`#review`): how far it has got, its accuracy and the
//! count of each word once every move is judged, and a square button for each judged move,
//! coloured by its word, that shows the board the move was played on with the solver's view of
//! it; once complete, the moves after which the chance of the next tile fell most
//! (`#review-turns`, buttons with `data-turn`, the move's index). The chart of the chance over
//! the game, and its table, are `super::review_chart`'s.
//!
//! Hooks the end-to-end tests read: `#review`'s `data-progress` (moves judged), `data-total`
//! (moves in the game) and, once complete, `data-accuracy` (0 to 100); each move's button's
//! `data-move-index` (from 0) and `data-word` (`best`, `about-as-good`, `worse`,
//! `much-worse`). Moves are appended as they are judged: the list is built anew only for
//! another game or language.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::analysis::quality_name;
use super::markup::{append, el, set_hidden};
use super::review_chart::ChartView;
use crate::dom::{self, find};
use page_core::Model;
use page_core::game_review::TurningPoint;
use page_core::replay::Replay;
use page_core::text::{Language, Message};

/// The attribute on a reviewed move's button that holds its index in the game (from 0).
pub const MOVE_INDEX: &str = "data-move-index";
/// The same on a turning point's button (apart, so that `#review [data-move-index]` lists the
/// moves judged, one each).
pub const TURN_INDEX: &str = "data-turn";

pub struct ReviewView {
    document: Document,
    section: Element,
    summary: Element,
    learn: Element,
    moves: Element,
    turns_part: Element,
    turns: Element,
    chart: ChartView,
    /// The game, language and number of moves the list last showed.
    shown: RefCell<Option<(u64, Language, usize)>>,
}

impl ReviewView {
    pub fn find(document: &Document) -> Result<ReviewView, JsValue> {
        Ok(ReviewView {
            document: document.clone(),
            section: find(document, dom::REVIEW)?,
            summary: find(document, dom::REVIEW_SUMMARY)?,
            learn: find(document, dom::REVIEW_LEARN)?,
            moves: find(document, dom::REVIEW_MOVES)?,
            turns_part: find(document, dom::REVIEW_TURNS_PART)?,
            turns: find(document, dom::REVIEW_TURNS)?,
            chart: ChartView::find(document)?,
            shown: RefCell::default(),
        })
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        let (Some(review), Some(replay)) = (model.game_review(), model.replay()) else {
            *self.shown.borrow_mut() = None;
            self.moves.set_text_content(None);
            return set_hidden(&self.section, true);
        };
        set_hidden(&self.section, false)?;
        let lang = model.language();
        let (judged, total) = (review.judged(), review.moves);
        self.section.set_attribute("data-progress", &judged.to_string())?;
        self.section.set_attribute("data-total", &total.to_string())?;
        let said = match review.accuracy() {
            Some(accuracy) => {
                self.section.set_attribute("data-accuracy", &accuracy.to_string())?;
                Message::ReviewDone { accuracy, counts: review.counts() }
            }
            None => {
                self.section.remove_attribute("data-accuracy")?;
                Message::ReviewProgress { judged, total }
            }
        };
        // The review's worse and much worse moves so far, as questions, once it has one.
        set_hidden(&self.learn, !review.verdicts().iter().any(|v| v.quality.is_mistake()))?;
        let text = lang.message(&said);
        if self.summary.text_content().as_deref() != Some(text.as_str()) {
            self.summary.set_text_content(Some(&text));
        }
        let turns = if review.is_complete() { review.turning_points(TURNING_POINTS) } else { Vec::new() };
        self.chart.render(review, replay, &turns, lang)?;
        let shown_before = *self.shown.borrow();
        if shown_before != Some((review.game, lang, judged)) {
            self.turning_points(&turns, replay, lang)?;
        }
        let keep = match shown_before {
            Some((game, shown_lang, count))
                if game == review.game && shown_lang == lang && count <= judged =>
            {
                count
            }
            _ => {
                self.moves.set_text_content(None);
                0
            }
        };
        for (index, verdict) in review.verdicts().iter().enumerate().skip(keep) {
            let Some(played) = replay.move_from(index) else { break };
            let label =
                lang.message(&Message::ReviewedMove { number: index + 1, played, quality: verdict.quality });
            let item = el(&self.document, "li", None)?;
            let button = el(&self.document, "button", None)?;
            button.set_attribute("type", "button")?;
            button.set_attribute(MOVE_INDEX, &index.to_string())?;
            button.set_attribute("data-word", quality_name(verdict.quality))?;
            button.set_attribute("aria-label", &label)?;
            button.set_attribute("title", &label)?;
            append(&item, &button)?;
            append(&self.moves, &item)?;
        }
        *self.shown.borrow_mut() = Some((review.game, lang, judged));
        Ok(())
    }

    /// The judged move nearest to a pointer at `client_x` across the chart, if a review is shown.
    pub fn chart_move_at(&self, client_x: f64, model: &Model) -> Option<usize> {
        self.chart.move_at(client_x, model.game_review()?)
    }

    /// Once the review is complete: the [`TURNING_POINTS`] moves after which the chance fell
    /// most (`points`), each a button that opens its board.
    fn turning_points(
        &self,
        points: &[TurningPoint],
        replay: &Replay,
        lang: Language,
    ) -> Result<(), JsValue> {
        self.turns.set_text_content(None);
        for point in points {
            let Some(played) = replay.move_from(point.index) else { continue };
            let said = Message::TurningPoint {
                number: point.index + 1,
                played,
                tile: point.before.tile,
                from: point.before.percent(),
                to: point.after.percent(),
            };
            let item = el(&self.document, "li", None)?;
            let button = el(&self.document, "button", Some(&lang.message(&said)))?;
            button.set_attribute("type", "button")?;
            button.set_attribute(TURN_INDEX, &point.index.to_string())?;
            append(&item, &button)?;
            append(&self.turns, &item)?;
        }
        set_hidden(&self.turns_part, points.is_empty())
    }
}

/// How many turning points a review lists.
const TURNING_POINTS: usize = 3;
