//! Keeping finished games ([`Keeping`]): each move is tallied (time played, the help used), and
//! a game that ends (game over, or given up for a new game or an entered board after at least
//! one move) becomes an entry of the history, written as [`Effect::KeepGame`]. What the
//! browser's storage says back (the history read, or that it cannot be kept) comes here too,
//! and the accuracy of each game whose review is complete (for the statistics).
//! The model only says which game ended, and tells the player.

use std::collections::BTreeMap;

use game_core::{Game, Record, Status};

use super::coach::CoachSave;
use super::effect::Effect;
use super::history::{Ending, Help, History, Kept, MAX_PAUSE_MS, Summary};
use super::model::{Current, Model};
use crate::daily::DailyTry;
use crate::text::Message;

/// The game in progress as the page saves it beside the game, every time it saves the game
/// (`2048.tally`, see `storage`): its tally, its record from its first move, and whether Undo
/// was used in it or it started from an entered board. So a reload, a crash or another tab
/// taking the game up keeps the whole game, its help and whether it may raise Best.
#[derive(Clone, Debug, PartialEq)]
pub struct TallySave {
    pub tally: Tally,
    pub record: Record,
    /// Undo was used in the game: it never raises Best.
    pub practised: bool,
    /// The game started from an entered board: it never raises Best.
    pub entered: bool,
    /// The game is a try at a day's game (its tiles come from the day, see `daily`).
    pub daily: Option<DailyTry>,
}

impl TallySave {
    /// Whether the game's score may raise Best: not with Undo, not from an entered board, not
    /// a day's game played again (practice: its tiles were known).
    pub fn counts_for_best(&self) -> bool {
        !self.practised && !self.entered && self.daily.is_none_or(|d| d.counts)
    }
}

/// The game in progress, as its entry will need: when it started, the time played, and the
/// help used (Undo and an entered board are the model's own flags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// When its first move was played (ms since 1970).
    pub started: Option<u64>,
    /// When its last move was played.
    pub last_move: Option<u64>,
    pub played_ms: u64,
    pub hint: bool,
    pub autoplay: bool,
    pub coach: bool,
    /// The game is kept already (game over): New game keeps nothing more of it.
    pub kept: bool,
}

/// Keeping finished games: the game in progress's tally, the games kept, and what turns the
/// page's clock into the time of day.
pub(super) struct Keeping {
    tally: Tally,
    /// The finished games kept.
    history: History,
    /// What turns the page's clock into milliseconds since 1970.
    clock_offset: f64,
    /// The last game kept on this visit, for its review from the game-over banner.
    last: Option<Kept>,
    /// The accuracy of each kept game whose review is complete, by its id.
    accuracies: BTreeMap<u64, u8>,
}

/// A game as its entry needs it: its record, its tally, and whether Undo was used in it and
/// it started from an entered board.
pub(super) struct Played<'a> {
    pub record: &'a Record,
    pub tally: Tally,
    pub practised: bool,
    pub entered: bool,
}

impl Keeping {
    pub fn new(tally: Tally, clock_offset: f64) -> Keeping {
        Keeping { tally, history: History::default(), clock_offset, last: None, accuracies: BTreeMap::new() }
    }

    /// The last game kept on this visit.
    pub fn last_kept(&self) -> Option<&Kept> {
        self.last.as_ref()
    }

    /// Kept game `game`'s review is complete, with this accuracy.
    pub fn set_accuracy(&mut self, game: u64, accuracy: u8) {
        self.accuracies.insert(game, accuracy);
    }

    /// The accuracies storage kept, read (those of this visit stand).
    pub fn accuracies_loaded(&mut self, read: Vec<(u64, u8)>) {
        for (game, accuracy) in read {
            self.accuracies.entry(game).or_insert(accuracy);
        }
    }

    /// The accuracy of each kept game reviewed whole, by id.
    pub fn accuracies(&self) -> &BTreeMap<u64, u8> {
        &self.accuracies
    }

    /// The games kept, oldest first (those of this visit included, written or not).
    pub fn games(&self) -> &[Summary] {
        &self.history.games
    }

    /// The time of `now` (the page's clock) in milliseconds since 1970.
    pub fn epoch(&self, now: f64) -> u64 {
        let at = now + self.clock_offset;
        if at.is_finite() && at > 0.0 { at as u64 } else { 0 }
    }

    /// The game in progress's tally.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Another game is on screen: `tally` is its tally.
    pub fn set_tally(&mut self, tally: Tally) {
        self.tally = tally;
    }

    /// Whether the game in progress is kept already (it ended, and no move was played since).
    pub fn is_kept(&self) -> bool {
        self.tally.kept
    }

    /// A move that counts was just played at `now`, with Hint's, Autoplay's or the coach's
    /// help or not.
    pub fn moved(&mut self, now: f64, hint: bool, autoplay: bool, coach: bool) {
        // A game kept at its end that goes on (Undo took the end back) is a game in progress
        // again: kept anew when it ends or is given up (marked as played with Undo), so that its
        // new end is never lost; taken back without a move, the entry kept stands for it.
        self.tally.kept = false;
        let at = self.epoch(now);
        self.tally.moved(at, hint, autoplay, coach);
    }

    /// The game in progress, `current`, ended as `ending`: kept, once, if a move was played
    /// in it.
    pub fn keep_current(&mut self, now: f64, ending: Ending, current: &Current, fx: &mut Vec<Effect>) {
        if self.tally.kept || current.record.cursor() == 0 {
            return;
        }
        self.tally.kept = true;
        self.keep(now, ending, current.played(self.tally), fx);
    }

    /// A game set aside while an entered board was analysed is given up as `ending`.
    pub fn keep_given_up(&mut self, now: f64, ending: Ending, game: Played, fx: &mut Vec<Effect>) {
        if game.tally.kept || game.record.cursor() == 0 {
            return;
        }
        self.keep(now, ending, game, fx);
    }

    fn keep(&mut self, now: f64, ending: Ending, game: Played, fx: &mut Vec<Effect>) {
        let Played { record, tally, practised, entered } = game;
        let help =
            Help { hint: tally.hint, autoplay: tally.autoplay, coach: tally.coach, undo: practised, entered };
        let ended = self.epoch(now);
        let id = self.history.next_id(ended);
        let kept = Kept::new(id, &tally, ended, help, ending, record);
        self.last = Some(kept.clone());
        if let Some(write) = self.history.keep(kept) {
            fx.push(Effect::KeepGame(write));
        }
    }

    /// The history was read: the games kept meanwhile are written now.
    pub fn history_loaded(&mut self, games: Vec<Summary>, fx: &mut Vec<Effect>) {
        for write in self.history.loaded(games) {
            fx.push(Effect::KeepGame(write));
        }
    }

    /// The browser cannot keep the history: what was counted stays for the visit.
    pub fn history_unavailable(&mut self) {
        self.history.unavailable();
    }
}

/// What a visit (or a tab taking another's game up) resumes `game` with. A saved record goes
/// with the saved game only if it is that game (another tab or an earlier page may have moved
/// on without it): the coach's (which keeps the steps Undo took back) first, then the tally's;
/// else a new record. The tally and its flags are this game's only if its record ends on it;
/// the coach's flags (`practised`, `entered`: the only ones a tally of version 1 had) count
/// too, so that a game that may not raise Best never does.
pub fn resume(game: Game, coach: Option<&CoachSave>, tally: Option<TallySave>) -> TallySave {
    let tally = tally.filter(|t| t.record.game() == game);
    let record = coach
        .and_then(|c| c.record.as_ref())
        .filter(|r| r.game() == game)
        .or_else(|| tally.as_ref().map(|t| &t.record))
        .cloned()
        .unwrap_or_else(|| Record::new(game));
    let (practised, entered) = coach.map_or((false, false), |c| (c.practised, c.entered));
    match tally {
        Some(t) => TallySave {
            tally: t.tally,
            record,
            practised: t.practised || practised,
            entered: t.entered || entered,
            daily: t.daily,
        },
        None => TallySave { tally: Tally::default(), record, practised, entered, daily: None },
    }
}

impl Tally {
    /// A move was played at `at` (ms since 1970), with Hint's arrow or the coach's or
    /// Autoplay's help or not.
    pub fn moved(&mut self, at: u64, hint: bool, autoplay: bool, coach: bool) {
        self.started.get_or_insert(at);
        if let Some(last) = self.last_move {
            self.played_ms += at.saturating_sub(last).min(MAX_PAUSE_MS);
        }
        self.last_move = Some(at);
        self.hint |= hint;
        self.autoplay |= autoplay;
        self.coach |= coach;
    }
}

impl Model {
    /// The game on screen ended as `ending`: kept, once, if a move was played in it.
    pub(super) fn keep_current(&mut self, now: f64, ending: Ending, fx: &mut Vec<Effect>) {
        // An entered board being analysed is no game of the player's.
        if !self.entering.analysing() {
            self.day_ended(fx);
            self.keeping.keep_current(now, ending, &self.current, fx);
        }
    }

    /// What is saved of the game in progress beside it, with it.
    pub fn tally_save(&self) -> TallySave {
        let Played { record, tally, practised, entered } = self.current.played(self.keeping.tally());
        TallySave { tally, record: record.clone(), practised, entered, daily: self.current.daily }
    }

    /// The history was read: `set_aside` entries could not be, and were put aside.
    pub(super) fn history_loaded(&mut self, games: Vec<Summary>, set_aside: usize, fx: &mut Vec<Effect>) {
        self.keeping.history_loaded(games, fx);
        if set_aside > 0 {
            self.telling.notify(Message::HistorySetAside { count: set_aside });
        }
        // The replay view opened before the games were read shows the newest now.
        self.replay_newest(fx);
    }

    /// The browser cannot keep the history: the game plays on, and the player is told once.
    pub(super) fn history_unavailable(&mut self, now: f64) {
        self.keeping.history_unavailable();
        self.deck_unavailable(now);
        self.telling.notify(Message::HistoryUnavailable);
    }

    /// The games kept, oldest first (those of this visit included, written or not).
    pub fn kept_games(&self) -> &[Summary] {
        self.keeping.games()
    }

    /// The accuracy of each kept game reviewed whole, by id.
    pub fn accuracies(&self) -> &BTreeMap<u64, u8> {
        self.keeping.accuracies()
    }

    /// Whether the game on screen is over and kept.
    pub fn ended_and_kept(&self) -> bool {
        self.keeping.is_kept() && self.game().status() == Status::Over
    }
}
