//! The views over the game (dialogs): the statistics, the replay and the practice, opened and
//! closed as the core says, rendered while open.

use wasm_bindgen::JsValue;
use web_sys::Document;

use super::drill::DrillView;
use super::replay::ReplayView;
use super::stats::StatsView;
use page_core::{Model, Panel};

pub struct Panels {
    stats: StatsView,
    pub replay: ReplayView,
    drill: DrillView,
}

impl Panels {
    pub fn find(document: &Document) -> Result<Panels, JsValue> {
        Ok(Panels {
            stats: StatsView::find(document)?,
            replay: ReplayView::find(document)?,
            drill: DrillView::find(document)?,
        })
    }

    /// Shows `panel`, closing the other.
    pub fn open(&self, panel: Panel) -> Result<(), JsValue> {
        self.close();
        match panel {
            Panel::Stats => self.stats.open(),
            Panel::Replay => self.replay.open(),
            Panel::Drill => self.drill.open(),
            Panel::None => Ok(()),
        }
    }

    pub fn close(&self) {
        self.stats.close();
        self.replay.close();
        self.drill.close();
    }

    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        self.stats.render(model)?;
        self.replay.render(model)?;
        self.drill.render(model)
    }
}
