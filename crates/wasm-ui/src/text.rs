//! Every word the player reads or hears, keyed by message, so a translation is one new table.
//!
//! Two kinds of text:
//! - [`Label`]: the fixed words of the page (buttons, headings). `index.html` marks each such
//!   element with `data-text="key"` (or `data-text-label="key"` for an `aria-label`) and the app
//!   fills them in from here at start, so the English in `index.html` is only what shows for the
//!   moment before the wasm runs;
//! - [`Message`]: sentences built at run time (announcements, notices, cell descriptions).
//!
//! A language is an implementation of [`Lang`]; the exhaustive `match`es make the compiler list
//! every message a new language still lacks. Only English exists so far.

use game_core::Direction;

/// The fixed words of the page, each with the key that `index.html` uses for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    Intro,
    Score,
    Best,
    NewGame,
    Hint,
    Autoplay,
    Speed,
    Slow,
    Fast,
    KeepGoing,
    TryAgain,
    Won,
    Over,
    ConfirmQuestion,
    ConfirmYes,
    ConfirmNo,
    Help,
    Board,
}

impl Label {
    pub const ALL: [Label; 18] = [
        Label::Intro,
        Label::Score,
        Label::Best,
        Label::NewGame,
        Label::Hint,
        Label::Autoplay,
        Label::Speed,
        Label::Slow,
        Label::Fast,
        Label::KeepGoing,
        Label::TryAgain,
        Label::Won,
        Label::Over,
        Label::ConfirmQuestion,
        Label::ConfirmYes,
        Label::ConfirmNo,
        Label::Help,
        Label::Board,
    ];

    /// The key written in `index.html`'s `data-text` / `data-text-label` attributes.
    pub const fn key(self) -> &'static str {
        match self {
            Label::Intro => "intro",
            Label::Score => "score",
            Label::Best => "best",
            Label::NewGame => "new-game",
            Label::Hint => "hint",
            Label::Autoplay => "autoplay",
            Label::Speed => "speed",
            Label::Slow => "slow",
            Label::Fast => "fast",
            Label::KeepGoing => "keep-going",
            Label::TryAgain => "try-again",
            Label::Won => "won",
            Label::Over => "over",
            Label::ConfirmQuestion => "confirm-question",
            Label::ConfirmYes => "confirm-yes",
            Label::ConfirmNo => "confirm-no",
            Label::Help => "help",
            Label::Board => "board",
        }
    }

    pub fn from_key(key: &str) -> Option<Label> {
        Label::ALL.into_iter().find(|label| label.key() == key)
    }
}

/// A sentence made at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A move that counted, and the score after it.
    Moved {
        direction: Direction,
        score: u32,
    },
    /// The move that made 2048.
    Won {
        score: u32,
    },
    /// 2048 was made while Autoplay played: it keeps going by itself.
    WonAutoplayContinues,
    /// No move is left.
    Over {
        score: u32,
    },
    NewGame,
    KeptGoing,
    Hint(Direction),
    AutoplayOn,
    AutoplayOff,
    /// One cell of the accessible grid; rows and columns count from 1.
    Cell {
        row: usize,
        col: usize,
        value: Option<u32>,
    },
    /// The speed slider's value in words.
    Speed {
        value: u8,
        max: u8,
    },
    /// Storage cannot be used at all.
    StorageUnavailable,
    /// Storage was usable but a write failed (quota, or blocked since).
    SaveFailed,
    CorruptGame,
    CorruptBest,
    SolverUnavailable,
    /// The page's code failed after start.
    Crashed,
    /// The page's code could not start.
    StartFailed,
}

/// A language: every label and message in it.
pub trait Lang: Sync {
    /// The BCP 47 code, for `<html lang>`.
    fn code(&self) -> &'static str;
    fn label(&self, label: Label) -> &'static str;
    fn message(&self, message: &Message) -> String;
}

/// The language the page speaks. One for now; the next issue chooses among several.
pub fn lang() -> &'static dyn Lang {
    &English
}

pub struct English;

impl English {
    fn direction(direction: Direction) -> &'static str {
        match direction {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

impl Lang for English {
    fn code(&self) -> &'static str {
        "en"
    }

    fn label(&self, label: Label) -> &'static str {
        match label {
            Label::Intro => "Join the tiles, get to 2048!",
            Label::Score => "Score",
            Label::Best => "Best",
            Label::NewGame => "New game",
            Label::Hint => "Hint",
            Label::Autoplay => "Autoplay",
            Label::Speed => "Speed",
            Label::Slow => "slow",
            Label::Fast => "fast",
            Label::KeepGoing => "Keep going",
            Label::TryAgain => "Try again",
            Label::Won => "You win!",
            Label::Over => "Game over!",
            Label::ConfirmQuestion => "Start a new game? The game in progress will be lost.",
            Label::ConfirmYes => "Start new game",
            Label::ConfirmNo => "Cancel",
            Label::Help => {
                "Slide the tiles with the arrow keys, WASD or HJKL, or swipe. Two tiles with the same \
                 number merge into one. Hint shows the solver's move; Autoplay lets it play."
            }
            Label::Board => "Game board",
        }
    }

    fn message(&self, message: &Message) -> String {
        match message {
            Message::Moved { direction, score } => {
                format!("Moved {}. Score {score}.", English::direction(*direction))
            }
            Message::Won { score } => format!("You made 2048! You win. Score {score}."),
            Message::WonAutoplayContinues => "2048! Autoplay keeps going.".to_owned(),
            Message::Over { score } => format!("Game over. Final score {score}."),
            Message::NewGame => "New game.".to_owned(),
            Message::KeptGoing => "Keep going: the game goes on.".to_owned(),
            Message::Hint(direction) => format!("Hint: move {}.", English::direction(*direction)),
            Message::AutoplayOn => "Autoplay on.".to_owned(),
            Message::AutoplayOff => "Autoplay off.".to_owned(),
            Message::Cell { row, col, value: Some(value) } => format!("row {row}, column {col}: {value}"),
            Message::Cell { row, col, value: None } => format!("row {row}, column {col}: empty"),
            Message::Speed { value: 0, .. } => "slowest".to_owned(),
            Message::Speed { value, max } if value >= max => "fastest".to_owned(),
            Message::Speed { value, max } => format!("{value} of {max}"),
            Message::StorageUnavailable => {
                "This browser is not letting the page store anything, so your progress will not be saved."
                    .to_owned()
            }
            Message::SaveFailed => {
                "Your progress could not be saved: the browser's storage is blocked or full.".to_owned()
            }
            Message::CorruptGame => "The saved game could not be read, so a new game has started.".to_owned(),
            Message::CorruptBest => "The saved best score could not be read, so it has been reset.".to_owned(),
            Message::SolverUnavailable => {
                "The solver could not start, so Hint and Autoplay are unavailable. Reload the page to try again."
                    .to_owned()
            }
            Message::Crashed => "Something went wrong. Reload the page to play again.".to_owned(),
            Message::StartFailed => "The game could not start. Reload the page to try again.".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_a_distinct_key_that_reads_back() {
        for label in Label::ALL {
            assert_eq!(Label::from_key(label.key()), Some(label));
        }
        let mut keys: Vec<_> = Label::ALL.iter().map(|l| l.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Label::ALL.len());
        assert_eq!(Label::from_key("no-such-key"), None);
    }

    #[test]
    fn the_button_names_the_tests_rely_on() {
        let en = lang();
        assert_eq!(en.label(Label::NewGame), "New game");
        assert_eq!(en.label(Label::Hint), "Hint");
        assert_eq!(en.label(Label::Autoplay), "Autoplay");
        assert_eq!(en.label(Label::KeepGoing), "Keep going");
        assert_eq!(en.label(Label::TryAgain), "Try again");
    }

    #[test]
    fn cells_read_row_column_and_value() {
        let en = lang();
        assert_eq!(en.message(&Message::Cell { row: 1, col: 2, value: Some(8) }), "row 1, column 2: 8");
        assert_eq!(en.message(&Message::Cell { row: 4, col: 4, value: None }), "row 4, column 4: empty");
    }

    #[test]
    fn speed_words_name_the_ends() {
        let en = lang();
        assert_eq!(en.message(&Message::Speed { value: 0, max: 10 }), "slowest");
        assert_eq!(en.message(&Message::Speed { value: 10, max: 10 }), "fastest");
        assert_eq!(en.message(&Message::Speed { value: 4, max: 10 }), "4 of 10");
    }
}
