//! A board the player entered (the board editor, or a `#board=` address), shown for analysis
//! at once: Hint, Autoplay and moves work on it, while the game in progress stays saved and
//! untouched, set aside until the player goes back to it or chooses to play from the entered
//! board (asked first when a game is in progress). A game from an entered board never raises
//! Best.
//!
//! [`Entering`] owns the editor (its own events: [`Entering::update`]), why the last entry
//! failed, the game set aside and whether the address opened the board; reading an entry or an
//! address is a pure function here. The model sets the game aside and brings it back.

use game_core::{Board, Game, ListError, LoadError, board_list};

use super::coach::{Coach, Mistake};
use super::effect::Effect;
use super::history::{Ending, Tally};
use super::keep::{Played, TallySave};
use super::model::{Confirming, Current, Model, record_played};
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
    current: Current,
    coach: Coach,
    tally: Tally,
}

impl SetAside {
    pub(super) fn in_progress(&self) -> (bool, game_core::Status) {
        (self.current.started, self.current.record.game().status())
    }

    /// What the history keeps of it when it is given up.
    pub(super) fn given_up(&self) -> Played<'_> {
        self.current.played(self.tally)
    }

    pub(super) fn current(&self) -> &Current {
        &self.current
    }

    pub(super) fn coach(&self) -> &Coach {
        &self.coach
    }
}

/// The board editor, and an entered board being analysed.
#[derive(Default)]
pub(super) struct Entering {
    /// The game in progress while an entered board is analysed.
    set_aside: Option<SetAside>,
    /// Why the last board entered could not be analysed.
    entry_error: Option<EntryError>,
    editor_open: bool,
    /// The entered board came from the page's address.
    from_address: bool,
    /// The entered board is the game's mistake of this index, reviewed.
    reviewing: Option<usize>,
}

/// What happens to the board editor that is its own business.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EditorEvent {
    /// It opens on this board.
    Open(Board),
    /// Its Cancel, or Escape.
    Cancel,
    /// Its values changed: what was said of the last ones is no longer about them.
    Edited,
}

impl Entering {
    pub fn update(&mut self, event: EditorEvent, fx: &mut Vec<Effect>) {
        match event {
            EditorEvent::Open(board) => {
                self.entry_error = None;
                self.editor_open = true;
                fx.push(Effect::OpenEditor(board_list::format(board)));
            }
            EditorEvent::Cancel => {
                if std::mem::replace(&mut self.editor_open, false) {
                    self.entry_error = None;
                    fx.push(Effect::CloseEditor);
                }
            }
            EditorEvent::Edited => self.entry_error = None,
        }
    }

    /// Whether an entered board is on screen, with the game in progress set aside.
    pub fn analysing(&self) -> bool {
        self.set_aside.is_some()
    }

    /// The game in progress, while an entered board is analysed.
    pub fn aside(&self) -> Option<&SetAside> {
        self.set_aside.as_ref()
    }

    pub fn editor_open(&self) -> bool {
        self.editor_open
    }

    pub fn entry_error(&self) -> Option<&EntryError> {
        self.entry_error.as_ref()
    }

    /// The last board entered cannot be analysed, for this reason.
    pub fn failed(&mut self, error: EntryError) {
        self.entry_error = Some(error);
    }

    /// An entered board is on screen, the game in progress set aside as `aside` (made only
    /// the first time: while one is analysed, the game set aside stays the one in progress).
    /// The editor closes, and what was said of an earlier entry goes.
    pub fn entered(&mut self, aside: impl FnOnce() -> SetAside, fx: &mut Vec<Effect>) {
        if self.set_aside.is_none() {
            self.set_aside = Some(aside());
        }
        self.entry_error = None;
        self.reviewing = None;
        if std::mem::replace(&mut self.editor_open, false) {
            fx.push(Effect::CloseEditor);
        }
    }

    /// The entered board on screen is the game's mistake `index`.
    pub fn review(&mut self, index: usize) {
        self.reviewing = Some(index);
    }

    /// The index of the game's mistake on screen, while one is reviewed.
    pub fn reviewing(&self) -> Option<usize> {
        self.reviewing
    }

    /// The board entered last came from the page's address (if it could be analysed).
    pub fn opened_by_address(&mut self) {
        self.from_address = self.set_aside.is_some();
    }

    /// The entered board is no longer analysed: the game set aside, for the model to bring
    /// back or give up. No mistake is reviewed any more; an address that opened the board is taken off (a reload would open it
    /// again).
    pub fn leave(&mut self, fx: &mut Vec<Effect>) -> Option<SetAside> {
        let aside = self.set_aside.take()?;
        self.reviewing = None;
        if std::mem::replace(&mut self.from_address, false) {
            fx.push(Effect::ClearAddress);
        }
        Some(aside)
    }

    /// A new game gives the game set aside up (the address stays: it is the player's).
    pub fn give_up(&mut self) -> Option<SetAside> {
        self.set_aside.take()
    }

    /// Another tab wrote the saved game while this one analyses: the game set aside is that
    /// one now, with its record, tally and flags. Whether there is a game set aside.
    pub fn aside_changed(&mut self, taken: &TallySave) -> bool {
        let Some(aside) = &mut self.set_aside else { return false };
        (aside.current, aside.tally) = Current::taken_up(taken.clone());
        true
    }
}

/// What an address that carries a board starts with, after its `#`.
const BOARD_ADDRESS: &str = "board=";

/// The board list of a `#board=…` address (`hash` with or without its `#`), if it is one.
pub fn board_address(hash: &str) -> Option<&str> {
    hash.strip_prefix('#').unwrap_or(hash).strip_prefix(BOARD_ADDRESS)
}

/// The board list an address carries, or why it is refused (too long); `None` for an address
/// that is not the page's business.
fn address_entry(hash: &str) -> Option<Result<&str, EntryError>> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let list = board_address(hash)?;
    if hash.len() + 1 > MAX_ADDRESS_LEN {
        return Some(Err(EntryError::AddressTooLong { length: hash.len() + 1 }));
    }
    Some(Ok(list))
}

/// The game a board list and a score (empty: the least its tiles imply) make, or why they
/// make none.
fn entry(list: &str, score: &str) -> Result<Game, EntryError> {
    let score = match score.trim() {
        "" => None,
        text => Some(text.parse::<u32>().map_err(|_| EntryError::Score(text.chars().take(20).collect()))?),
    };
    let board = board_list::parse(list).map_err(EntryError::List)?;
    Game::from_board(board, score).map_err(EntryError::Game)
}

impl Model {
    /// The page's address (at start, and when it changes): `#board=…` opens that board for
    /// analysis; any other address is not the page's business.
    pub(super) fn address(&mut self, now: f64, hash: &str, fx: &mut Vec<Effect>) {
        match address_entry(hash) {
            None => {}
            Some(Err(error)) => self.entering.failed(error),
            Some(Ok(list)) => {
                self.enter(now, list, "", fx);
                self.entering.opened_by_address();
            }
        }
    }

    /// A board typed, pasted or picked in the editor, with a score (empty: the least its tiles
    /// imply).
    pub(super) fn enter(&mut self, now: f64, list: &str, score: &str, fx: &mut Vec<Effect>) {
        match entry(list, score) {
            Ok(game) => {
                self.analyse(now, game, fx);
                fx.push(Effect::Announce(vec![Message::BoardEntered]));
            }
            Err(error) => self.entering.failed(error),
        }
    }

    /// Puts `game` on screen for analysis, the game in progress set aside (the first time).
    pub(super) fn analyse(&mut self, now: f64, game: Game, fx: &mut Vec<Effect>) {
        self.stop_autoplay(now, fx);
        let aside = || SetAside {
            current: self.current.clone(),
            coach: self.coach.clone(),
            tally: self.keeping.tally(),
        };
        self.entering.entered(aside, fx);
        self.current = Current { entered: true, ..Current::fresh(game) };
        self.show_new_game(fx);
        self.keeping.set_tally(Tally::default());
        self.coach.new_game();
        self.coach_look(fx);
    }

    /// The mistakes (worse and much worse moves) of the game in progress (the one set aside while a board is
    /// analysed).
    pub fn mistakes(&self) -> &[Mistake] {
        match self.entering.aside() {
            Some(aside) => &aside.coach.mistakes,
            None => &self.coach.mistakes,
        }
    }

    /// The board editor opens on the board on screen (Autoplay stops: its moves would change
    /// the board under the editor).
    pub(super) fn open_editor(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.stop_autoplay(now, fx);
        self.entering.update(EditorEvent::Open(self.game().board()), fx);
    }

    /// Whether the board editor is open.
    pub fn editor_open(&self) -> bool {
        self.entering.editor_open()
    }

    /// Puts the game on screen, another now: nothing known of the board before stays.
    fn show_new_game(&mut self, fx: &mut Vec<Effect>) {
        self.solving.new_game();
        fx.push(self.show_board(false));
    }

    /// "Play from here": the entered board becomes the game, asked first when the game set
    /// aside is in progress.
    pub(super) fn ask_play_entered(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if self.entering.analysing() {
            self.confirm_then(Confirming::PlayEntered, now, fx);
        }
    }

    /// The game set aside is given up for the one on screen, which is saved from now on (and
    /// never raises Best).
    pub(super) fn play_entered(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if std::mem::replace(&mut self.confirm_open, false) {
            fx.push(Effect::CloseConfirm);
        }
        let Some(aside) = self.entering.leave(fx) else { return };
        self.aside_day_ended(&aside, fx);
        self.keeping.keep_given_up(now, Ending::PlayEntered, aside.given_up(), fx);
        self.current.started = record_played(&self.current.record);
        self.save(now, fx);
        self.save_coach(fx);
        fx.push(Effect::Announce(vec![Message::PlayingEntered]));
    }

    /// "Back to my game": the game set aside comes back as it was.
    pub(super) fn leave_entered(&mut self, now: f64, fx: &mut Vec<Effect>) {
        let Some(aside) = self.entering.leave(fx) else { return };
        self.stop_autoplay(now, fx);
        self.current = aside.current;
        self.show_new_game(fx);
        self.coach = aside.coach;
        self.keeping.set_tally(aside.tally);
        fx.push(Effect::Announce(vec![Message::BackToGame]));
        self.coach_look(fx);
    }

    /// "Copy link": the board on screen as an address.
    pub(super) fn copy_link(&self, fx: &mut Vec<Effect>) {
        fx.push(Effect::CopyLink(format!("#{BOARD_ADDRESS}{}", board_list::format(self.game().board()))));
    }

    /// Whether the board on screen is an entered one, with the game in progress set aside.
    pub fn analysing(&self) -> bool {
        self.entering.analysing()
    }

    /// Why the last board entered could not be analysed, until one can.
    pub fn entry_error(&self) -> Option<&EntryError> {
        self.entering.entry_error()
    }
}
