//! A board the player entered (the board editor, or a `#board=` address), shown for analysis
//! at once: Hint, Autoplay and moves work on it, while the game in progress stays saved and
//! untouched, set aside until the player goes back to it or chooses to play from the entered
//! board (asked first when a game is in progress). A game from an entered board never raises
//! Best.

use game_core::{Game, ListError, LoadError, Record, board_list};

use super::coach::{Coach, Mistake};
use super::effect::Effect;
use super::history::{Ending, Tally};
use super::keep::{Played, TallySave};
use super::model::{Confirming, Model, record_played};
use crate::text::Message;

/// The longest address the page reads: `#board=` and the longest board list.
pub const MAX_ADDRESS_LEN: usize = 7 + board_list::MAX_LIST_LEN;

/// Why an entered board cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// The text is not a board.
    List(ListError),
    /// The board is not one a game can be on (a single tile), or the score does not fit it.
    Game(LoadError),
    /// The score typed is not a whole number.
    Score(String),
    /// The address is longer than [`MAX_ADDRESS_LEN`].
    AddressTooLong { length: usize },
}

/// The game in progress, set aside while an entered board is analysed.
#[derive(Clone, Debug)]
pub(super) struct SetAside {
    game: Game,
    record: Record,
    started: bool,
    practised: bool,
    entered: bool,
    coach: Coach,
    tally: Tally,
}

impl SetAside {
    pub(super) fn in_progress(&self) -> (bool, game_core::Status) {
        (self.started, self.game.status())
    }

    /// What the history keeps of it when it is given up.
    pub(super) fn given_up(&self) -> Played<'_> {
        Played { record: &self.record, tally: self.tally, practised: self.practised, entered: self.entered }
    }
}

/// The board editor, and an entered board being analysed.
#[derive(Default)]
pub(super) struct Entering {
    /// The game in progress while an entered board is analysed.
    pub set_aside: Option<SetAside>,
    /// Why the last board entered could not be analysed.
    pub entry_error: Option<EntryError>,
    pub editor_open: bool,
    /// The entered board came from the page's address.
    pub from_address: bool,
}

impl Entering {
    /// Whether an entered board is on screen, with the game in progress set aside.
    pub fn analysing(&self) -> bool {
        self.set_aside.is_some()
    }
}

/// What an address that carries a board starts with, after its `#`.
const BOARD_ADDRESS: &str = "board=";

/// The board list of a `#board=…` address (`hash` with or without its `#`), if it is one.
pub fn board_address(hash: &str) -> Option<&str> {
    hash.strip_prefix('#').unwrap_or(hash).strip_prefix(BOARD_ADDRESS)
}

impl Model {
    /// The page's address (at start, and when it changes): `#board=…` opens that board for
    /// analysis; any other address is not the page's business.
    pub(super) fn address(&mut self, now: f64, hash: &str, fx: &mut Vec<Effect>) {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let Some(list) = board_address(hash) else { return };
        if hash.len() + 1 > MAX_ADDRESS_LEN {
            self.entry_failed(EntryError::AddressTooLong { length: hash.len() + 1 });
            return;
        }
        self.enter(now, list, "", fx);
        self.entering.from_address = self.entering.set_aside.is_some();
    }

    /// A board typed, pasted or picked in the editor, with a score (empty: the least its tiles
    /// imply).
    pub(super) fn enter(&mut self, now: f64, list: &str, score: &str, fx: &mut Vec<Effect>) {
        let score = match score.trim() {
            "" => None,
            text => match text.parse::<u32>() {
                Ok(score) => Some(score),
                Err(_) => return self.entry_failed(EntryError::Score(text.chars().take(20).collect())),
            },
        };
        let game = board_list::parse(list)
            .map_err(EntryError::List)
            .and_then(|board| Game::from_board(board, score).map_err(EntryError::Game));
        match game {
            Ok(game) => {
                self.analyse(now, game, fx);
                fx.push(Effect::Announce(vec![Message::BoardEntered]));
            }
            Err(error) => self.entry_failed(error),
        }
    }

    /// Puts `game` on screen for analysis, the game in progress set aside (the first time).
    pub(super) fn analyse(&mut self, now: f64, game: Game, fx: &mut Vec<Effect>) {
        self.stop_autoplay(now, fx);
        if self.entering.set_aside.is_none() {
            self.entering.set_aside = Some(SetAside {
                game: self.game(),
                record: self.record.clone(),
                started: self.started,
                practised: self.practised,
                entered: self.entered,
                coach: self.coach.clone(),
                tally: self.keeping.tally(),
            });
        }
        self.entering.entry_error = None;
        if std::mem::replace(&mut self.entering.editor_open, false) {
            fx.push(Effect::CloseEditor);
        }
        self.show_game(game, fx);
        self.keeping.set_tally(Tally::default());
        self.entered = true;
        self.practised = false;
        self.reviewing = None;
        self.coach.new_game();
        self.coach_look(fx);
    }

    /// The mistakes (worse and much worse moves) of the game in progress (the one set aside while a board is
    /// analysed).
    pub fn mistakes(&self) -> &[Mistake] {
        match &self.entering.set_aside {
            Some(aside) => &aside.coach.mistakes,
            None => &self.coach.mistakes,
        }
    }

    fn entry_failed(&mut self, error: EntryError) {
        self.entering.entry_error = Some(error);
    }

    /// The board editor opens on the board on screen (Autoplay stops: its moves would change
    /// the board under the editor).
    pub(super) fn open_editor(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.stop_autoplay(now, fx);
        self.entering.entry_error = None;
        self.entering.editor_open = true;
        fx.push(Effect::OpenEditor(board_list::format(self.game().board())));
    }

    pub(super) fn close_editor(&mut self, fx: &mut Vec<Effect>) {
        if std::mem::replace(&mut self.entering.editor_open, false) {
            self.entering.entry_error = None;
            fx.push(Effect::CloseEditor);
        }
    }

    /// The editor's values changed: what was said of the last ones is no longer about them.
    pub(super) fn entry_edited(&mut self) {
        self.entering.entry_error = None;
    }

    /// Whether the board editor is open.
    pub fn editor_open(&self) -> bool {
        self.entering.editor_open
    }

    /// Puts `game` on screen as a game of its own (no move made on it yet).
    fn show_game(&mut self, game: Game, fx: &mut Vec<Effect>) {
        self.record = Record::new(game);
        self.started = false;
        self.solving.new_game();
        fx.push(self.show_board(false));
    }

    /// "Play from here": the entered board becomes the game, asked first when the game set
    /// aside is in progress.
    pub(super) fn ask_play_entered(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if self.entering.set_aside.is_some() {
            self.confirm_then(Confirming::PlayEntered, now, fx);
        }
    }

    /// The game set aside is given up for the one on screen, which is saved from now on (and
    /// never raises Best).
    pub(super) fn play_entered(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if std::mem::replace(&mut self.confirm_open, false) {
            fx.push(Effect::CloseConfirm);
        }
        let Some(aside) = self.entering.set_aside.take() else { return };
        self.left_entered(fx);
        self.keeping.keep_given_up(now, Ending::PlayEntered, aside.given_up(), fx);
        self.started = record_played(&self.record);
        self.save(now, fx);
        self.save_coach(fx);
        fx.push(Effect::Announce(vec![Message::PlayingEntered]));
    }

    /// "Back to my game": the game set aside comes back as it was.
    pub(super) fn leave_entered(&mut self, now: f64, fx: &mut Vec<Effect>) {
        let Some(aside) = self.entering.set_aside.take() else { return };
        self.left_entered(fx);
        self.stop_autoplay(now, fx);
        self.show_game(aside.game, fx);
        self.record = aside.record;
        self.started = aside.started;
        self.practised = aside.practised;
        self.entered = aside.entered;
        self.coach = aside.coach;
        self.keeping.set_tally(aside.tally);
        fx.push(Effect::Announce(vec![Message::BackToGame]));
        self.coach_look(fx);
    }

    /// Another tab wrote the saved game while this one analyses: the game set aside is that
    /// one now, with its record, tally and flags.
    pub(super) fn set_aside_changed(&mut self, game: Game, taken: &TallySave) -> bool {
        let Some(aside) = &mut self.entering.set_aside else { return false };
        aside.game = game;
        aside.record = taken.record.clone();
        aside.started = record_played(&taken.record);
        aside.tally = taken.tally;
        aside.practised = taken.practised;
        aside.entered = taken.entered;
        true
    }

    /// The entered board is no longer analysed: no mistake is reviewed, and an address that
    /// opened it is taken off (a reload would open it again).
    fn left_entered(&mut self, fx: &mut Vec<Effect>) {
        self.reviewing = None;
        if std::mem::replace(&mut self.entering.from_address, false) {
            fx.push(Effect::ClearAddress);
        }
    }

    /// "Copy link": the board on screen as an address.
    pub(super) fn copy_link(&self, fx: &mut Vec<Effect>) {
        fx.push(Effect::CopyLink(format!("#{BOARD_ADDRESS}{}", board_list::format(self.game().board()))));
    }

    /// Whether the board on screen is an entered one, with the game in progress set aside.
    pub fn analysing(&self) -> bool {
        self.entering.set_aside.is_some()
    }

    /// Why the last board entered could not be analysed, until one can.
    pub fn entry_error(&self) -> Option<&EntryError> {
        self.entering.entry_error.as_ref()
    }
}
