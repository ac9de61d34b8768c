//! Hint's explanation under the board: the chance of the next goal tile from the board (`#chance`,
//! with `data-tile` and `data-percent`), the four moves from best to worst, each with its word
//! and a bar (`data-move`, `data-rank`: 1 for the best, `none` for a move not possible), and
//! what the search did. The replay view shows the solver's view of its position the same way,
//! in its own section.

use std::cell::RefCell;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement};

use super::markup::set_hidden;
use crate::dom::{self, find};
use page_core::text::{Language, Message};
use page_core::{Analysis, Model};

pub struct AnalysisView {
    document: Document,
    section: Element,
    moves: Element,
    search: Element,
    chance: Element,
    shown: RefCell<Option<(Option<Analysis>, Language)>>,
}

impl AnalysisView {
    pub fn find(document: &Document) -> Result<AnalysisView, JsValue> {
        AnalysisView::find_ids(
            document,
            [dom::ANALYSIS, dom::ANALYSIS_MOVES, dom::ANALYSIS_SEARCH, dom::CHANCE],
        )
    }

    /// The explanation in the section, list, paragraph and chance line of these ids.
    pub fn find_ids(
        document: &Document,
        [section, moves, search, chance]: [&str; 4],
    ) -> Result<AnalysisView, JsValue> {
        Ok(AnalysisView {
            document: document.clone(),
            section: find(document, section)?,
            moves: find(document, moves)?,
            search: find(document, search)?,
            chance: find(document, chance)?,
            shown: RefCell::default(),
        })
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        self.show(model.explained().copied(), model)
    }

    /// Shows `analysis` (hides the section for `None`), its words as `model` rates them.
    pub fn show(&self, analysis: Option<Analysis>, model: &Model) -> Result<(), JsValue> {
        let now = (analysis, model.language());
        if self.shown.borrow().as_ref() == Some(&now) {
            return Ok(());
        }
        let (analysis, lang) = now;
        self.moves.set_text_content(None);
        match &analysis {
            Some(analysis) => {
                for (direction, rank) in analysis.ranked() {
                    let (quality, share) = model.rate(analysis, direction);
                    let item = self.document.create_element("li")?;
                    item.set_attribute("data-move", direction.name())?;
                    item.set_attribute("data-rank", &rank.map_or("none".to_owned(), |r| r.to_string()))?;
                    item.set_attribute("data-quality", quality_name(quality))?;
                    let words = self.document.create_element("span")?;
                    words.set_class_name("move-words");
                    words.set_text_content(Some(&lang.message(&Message::Rated { direction, quality })));
                    item.append_child(&words)?;
                    let bar = self.document.create_element("span")?;
                    bar.set_class_name("bar");
                    // The word says it; the bar is for the eyes.
                    bar.set_attribute("aria-hidden", "true")?;
                    let fill: HtmlElement = self.document.create_element("span")?.unchecked_into();
                    fill.set_class_name("fill");
                    // Through the CSSOM, which the page's Content-Security-Policy allows.
                    fill.style().set_property("--share", &format!("{share:.3}"))?;
                    bar.append_child(&fill)?;
                    item.append_child(&bar)?;
                    self.moves.append_child(&item)?;
                }
                self.search.set_text_content(Some(&lang.message(&analysis.said())));
                match analysis.chance() {
                    Some(chance) => {
                        let (tile, percent) = (chance.tile, chance.percent());
                        self.chance.set_attribute("data-tile", &tile.to_string())?;
                        self.chance.set_attribute("data-percent", &percent.to_string())?;
                        self.chance.set_text_content(Some(&lang.message(&Message::Chance { tile, percent })));
                        set_hidden(&self.chance, false)?;
                    }
                    None => set_hidden(&self.chance, true)?,
                }
                set_hidden(&self.section, false)?;
            }
            None => set_hidden(&self.section, true)?,
        }
        *self.shown.borrow_mut() = Some(now);
        Ok(())
    }
}

/// The word's name in `data-quality` (Hint's rows, the coach's mistakes), for the style sheet
/// and tests.
pub(super) fn quality_name(quality: page_core::Quality) -> &'static str {
    use page_core::Quality;
    match quality {
        Quality::Best => "best",
        Quality::AboutAsGood => "about-as-good",
        Quality::Worse => "worse",
        Quality::MuchWorse => "much-worse",
        Quality::NotPossible => "not-possible",
        Quality::Unrated => "unrated",
    }
}
