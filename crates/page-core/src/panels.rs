//! The views over the game, one at a time: the statistics of the kept games, and a kept game's
//! replay (see `replay`). While one is open the board takes no move and Autoplay stops; the
//! game waits underneath, untouched.

use super::effect::Effect;
use super::model::Model;
use super::stats::{self, Stats};

/// Which view is open over the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Panel {
    #[default]
    None,
    Stats,
    Replay,
    /// "Learn from your mistakes": a practice of boards where the player went wrong.
    Drill,
}

impl Model {
    /// Opens `panel` (closing any other), unless a question is open.
    pub(super) fn open_panel(&mut self, now: f64, panel: Panel, fx: &mut Vec<Effect>) {
        if self.confirm_open || self.entering.editor_open() || panel == Panel::None {
            return;
        }
        self.stop_autoplay(now, fx);
        self.panel = panel;
        fx.push(Effect::OpenPanel(panel));
    }

    /// Closes the view open (the page asked, or the player pressed Escape).
    pub(super) fn close_panel(&mut self, fx: &mut Vec<Effect>) {
        if std::mem::take(&mut self.panel) != Panel::None {
            fx.push(Effect::ClosePanel);
        }
        self.drill_closed();
    }

    /// `panel`'s dialog closed: by Escape if it is the one open (one the page closed, to open
    /// another, changes nothing).
    pub(super) fn panel_closed(&mut self, panel: Panel) {
        if self.panel == panel {
            self.panel = Panel::None;
            self.drill_closed();
        }
    }

    pub fn panel(&self) -> Panel {
        self.panel
    }

    /// The statistics of the games kept.
    pub fn stats(&self) -> Stats {
        stats::stats(self.keeping.games())
    }
}
