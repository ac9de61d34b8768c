//! English: the page's words and its sentences.

use game_core::Direction;

use super::Message;
use super::labels::Labels;

pub(super) static LABELS: Labels = Labels {
    title: "2048: play the game",
    intro: "Join the tiles, get to 2048!",
    score: "Score",
    best: "Best",
    new_game: "New game",
    hint: "Hint",
    autoplay: "Autoplay",
    strength: "Solver strength",
    strength_spec: "Spec",
    strength_strong: "Strong",
    speed: "Speed",
    slow: "slow",
    fast: "fast",
    keep_going: "Keep going",
    try_again: "Try again",
    won: "You win!",
    over: "Game over!",
    confirm_question: "Start a new game? The game in progress will be lost.",
    confirm_yes: "Start new game",
    confirm_no: "Cancel",
    help: "Slide the tiles with the arrow keys, WASD or HJKL, or swipe. Two tiles with the same \
           number merge into one. Hint shows the solver's move; Autoplay lets it play. Strong \
           looks further ahead than Spec, the standard solver.",
    board: "Game board",
    language: "Language",
    settings: "Settings",
    site_nav: "Site",
    nav_rules: "Rules",
    nav_strategy: "Strategy",
    nav_solver: "Solver",
    nav_results: "Results",
    load_failed: "The game could not load. This page needs a browser with WebAssembly; reload to try again.",
};

fn direction(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "up",
        Direction::Down => "down",
        Direction::Left => "left",
        Direction::Right => "right",
    }
}

pub(super) fn message(message: &Message) -> String {
    match message {
        Message::Moved { direction: d, score } => format!("Moved {}. Score {score}.", direction(*d)),
        Message::Won { score } => format!("You made 2048! You win. Score {score}."),
        Message::WonAutoplayContinues => "2048! Autoplay keeps going.".to_owned(),
        Message::Over { score } => format!("Game over. Final score {score}."),
        Message::NewGame => "New game.".to_owned(),
        Message::KeptGoing => "Keep going: the game goes on.".to_owned(),
        Message::Hint(d) => format!("Hint: move {}.", direction(*d)),
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
        Message::SolverSlow => {
            "The solver took too long to answer and has been restarted. Autoplay stopped; try again."
                .to_owned()
        }
        Message::SolverCrashed => {
            "The solver stopped working and has been restarted. Autoplay stopped; try again.".to_owned()
        }
        Message::GameChangedElsewhere => {
            "This game was played in another tab, so this tab now shows that game.".to_owned()
        }
        Message::Crashed => "Something went wrong. Reload the page to play again.".to_owned(),
        Message::StartFailed => "The game could not start. Reload the page to try again.".to_owned(),
        Message::LanguageChanged => "The page is now in English.".to_owned(),
    }
}
