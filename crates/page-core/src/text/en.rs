//! English: the page's words and its sentences.

use game_core::Direction;

use super::labels::Labels;
use super::{Message, grouped, millis, percent};
use crate::replay::{REPLAY_VERSION, ReplayError};
use crate::{EntryError, NetworkProblem, Quality, STAND_IN};
use game_core::{ListError, LoadError};
use results_schema::move_quality::Word;

pub(super) static LABELS: Labels = Labels {
    title: "2048: play the game",
    intro: "Join the tiles, get to 2048!",
    score: "Score",
    best: "Best",
    new_game: "New game",
    hint: "Hint",
    autoplay: "Autoplay",
    coach: "Coach",
    analysis: "Why this move",
    undo: "Undo",
    copy_link: "Copy link",
    edit_board: "Enter a board",
    entered: "This board is shown for analysis; your game is kept.",
    play_entered: "Play from here",
    leave_entered: "Back to my game",
    previous_mistake: "Previous mistake",
    next_mistake: "Next mistake",
    mistakes: "Mistakes",
    analyse_mistake: "Analyse",
    editor_title: "Enter a board",
    editor_help: "Pick each cell's tile, or type the 16 values row by row from the top left, 0 for an empty cell.",
    editor_text: "Values",
    editor_score: "Score (leave empty for the least the tiles need)",
    editor_apply: "Open this board",
    editor_cancel: "Cancel",
    strength: "Solver strength",
    strength_spec: "Standard",
    strength_strong: "Strong",
    strength_max: "Max",
    search_details: "How it was worked out",
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
           looks further ahead than Standard, and Max further still, taking longer over each \
           move.",
    board: "Game board",
    language: "Language",
    settings: "Settings",
    site_nav: "Site",
    nav_rules: "Rules",
    nav_strategy: "Strategy",
    nav_solver: "Solver",
    nav_results: "Results",
    update_ready: "A new version of the game is ready.",
    update_apply: "Update now",
    load_failed: "The game could not load. This page needs a browser with WebAssembly; reload to try again.",
    your_games: "Your games",
    statistics: "Statistics",
    replay: "Replay",
    close: "Close",
    stats_all: "All games",
    stats_alone: "Alone",
    stats_helped: "With help",
    games_played: "Games played",
    best_score: "Best score",
    best_tile: "Best tile",
    scores_chart: "Scores over time",
    accuracy_chart: "Accuracy over time",
    scores_table: "Every game as a table",
    column_game: "Game",
    column_date: "Date",
    column_moves: "Moves",
    column_accuracy: "Accuracy",
    todays_game: "Today's game",
    copy_result: "Copy result",
    days_title: "Games of the day",
    column_your_score: "Your score",
    column_tile: "Your largest tile",
    column_solver_score: "Solver's score",
    column_solver_tile: "Solver's largest tile",
    entered_board: "Entered board",
    no_games: "No finished games yet: they appear here when a game ends.",
    legend_alone: "Circle: played alone",
    legend_helped: "Square: with help",
    replay_pick: "Game to replay",
    replay_first: "Start",
    replay_previous: "Previous",
    replay_next: "Next",
    replay_last: "End",
    replay_play: "Play",
    replay_pause: "Pause",
    replay_position: "Position",
    replay_analyse: "The solver's view",
    replay_export: "Export replay",
    review: "Review",
    review_title: "Review of this game",
    review_turns: "Where your chance fell most",
    learn_from_mistakes: "Learn from your mistakes",
    practice: "Practice",
    drill_next: "Next",
    drill_moves: "Your move",
    drill_board: "Board to answer",
    review_chart: "Your chance of the next tile, move by move",
    review_chart_table: "Show as a table",
    column_move: "Move",
    column_played: "Played",
    column_chance: "Chance",
    column_rating: "Rating",
    replay_import: "Import a replay",
    replay_imported: "Imported replay",
    replay_board: "Replayed board",
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
        Message::Downloading(chosen) => format!(
            "{max} is downloading what it needs (up to {} MB)… {stand_in} answers until then.",
            crate::MAX_DOWNLOAD_BYTES / 1_000_000,
            max = LABELS.strength(*chosen),
            stand_in = LABELS.strength(STAND_IN),
        ),
        Message::GettingReady { strength, percent: Some(p) } => {
            format!("Getting {} ready: {p} %", LABELS.strength(*strength))
        }
        Message::GettingReady { strength, percent: None } => {
            format!("Getting {} ready…", LABELS.strength(*strength))
        }
        Message::DownloadFailed(chosen, problem) => format!(
            "{max} could not get what it needs ({}). {stand_in} answers instead; choose {max} again to retry.",
            match problem {
                NetworkProblem::Unreachable => "no connection".to_owned(),
                NetworkProblem::Status(status) => format!("the server answered {status}"),
                NetworkProblem::TooLarge => "the download is too large".to_owned(),
                NetworkProblem::Damaged => "the download was damaged".to_owned(),
                NetworkProblem::Unusable => "this device could not load it".to_owned(),
            },
            max = LABELS.strength(*chosen),
            stand_in = LABELS.strength(STAND_IN),
        ),
        Message::GameChangedElsewhere => {
            "This game was played in another tab, so this tab now shows that game.".to_owned()
        }
        Message::Crashed => "Something went wrong. Reload the page to play again.".to_owned(),
        Message::StartFailed => "The game could not start. Reload the page to try again.".to_owned(),
        Message::LanguageChanged => "The page is now in English.".to_owned(),
        Message::CoachOn => {
            "Coach on: play your move, and the coach compares it with the solver's.".to_owned()
        }
        Message::Undone { score } => format!("Move taken back. Score {score}."),
        Message::BoardEntered => {
            "This board is shown for analysis; your game is kept. Play from here, or go back to your game."
                .to_owned()
        }
        Message::PlayingEntered => {
            "You play from this board now. A game from an entered board sets no best score.".to_owned()
        }
        Message::BackToGame => "Back to your game.".to_owned(),
        Message::BadBoard(error) => bad_board(error),
        Message::LinkCopied => "A link to this board was copied.".to_owned(),
        Message::CorruptDaily => {
            "The saved results of the games of the day could not be read: they were set aside, and the results start again."
                .to_owned()
        }
        Message::DailyTry { date, counts: true } => {
            format!("Today's game, {date}: your first try of the day, which counts.")
        }
        Message::DailyTry { date, counts: false } => {
            format!("Today's game, {date}: practice. Only the first try of the day counts.")
        }
        Message::DailyOver { date, score, tile, counts } => format!(
            "Today's game, {date}{}: {} points, largest tile {tile}.",
            if *counts { "" } else { " (practice)" },
            grouped(u64::from(*score), ",")
        ),
        Message::DailySolver { score, tile } => format!(
            "The solver (Strong) on the same tiles: {} points, largest tile {tile}.",
            grouped(u64::from(*score), ",")
        ),
        Message::DailySolverPlaying => "The solver (Strong) is playing the same game…".to_owned(),
        Message::DailyShare { date, tile, score, agreed } => {
            let mut text = format!("2048, game of the day {date}: {tile}, {} points", grouped(u64::from(*score), ","));
            if let Some(agreed) = agreed {
                text.push_str(&format!(", {agreed} % of my moves were the solver's"));
            }
            text.push('.');
            text
        }
        Message::ResultCopied => "The result was copied.".to_owned(),
        Message::ResultNotCopied => "The result could not be copied: this browser did not allow it.".to_owned(),
        Message::LinkNotCopied => "The link could not be copied: this browser did not allow it.".to_owned(),
        Message::Mistakes { count } => format!("Mistakes ({count})"),
        Message::DrillAsk => "Which way would you move here?".to_owned(),
        Message::DrillLoading => "Getting your practice boards…".to_owned(),
        Message::DrillChecking => "Checking your move…".to_owned(),
        Message::DrillRight { chosen, quality: q } => format!("Right: {} is {}.", direction(*chosen), quality(*q)),
        Message::DrillWrong { chosen, quality: q, best } => format!(
            "Not this one: {} is {}; the solver plays {}.",
            direction(*chosen),
            quality(*q),
            direction(*best)
        ),
        Message::DrillPlayed { played } => format!("In your game you played {}.", direction(*played)),
        Message::DrillProgress { answered: 0, left, .. } => {
            format!("{left} {} to answer.", if *left == 1 { "board" } else { "boards" })
        }
        Message::DrillProgress { right, answered, left } => format!(
            "{right} of {answered} right so far; {left} {} to go.",
            if *left == 1 { "board" } else { "boards" }
        ),
        Message::DrillDone { right, answered } => format!("Practice done: {right} of {answered} answers right."),
        Message::DrillNothing { deck: false, .. } => "No worse moves in this game: nothing to practise.".to_owned(),
        Message::DrillNothing { deck: true, wait_ms: None } => "No boards to practise yet. Every much worse move you \
            make with the coach on, or that a game's review finds, comes here."
            .to_owned(),
        Message::DrillNothing { deck: true, wait_ms: Some(ms) } => {
            let (n, unit) = super::wait(*ms);
            let unit = match unit {
                super::Wait::Minutes => if n == 1 { "minute" } else { "minutes" },
                super::Wait::Hours => if n == 1 { "hour" } else { "hours" },
                super::Wait::Days => if n == 1 { "day" } else { "days" },
            };
            format!("Nothing to practise now: your next board comes back in {n} {unit}.")
        }
        Message::DeckSetAside { count } => format!(
            "{count} practice {} could not be read and {} set aside; the others are here as before.",
            if *count == 1 { "board" } else { "boards" },
            if *count == 1 { "was" } else { "were" }
        ),
        Message::MoveName(d) => capitalized(direction(*d)),
        Message::Chance { tile, percent } => format!("Chance of {tile} from here: {percent}%"),
        Message::ReviewProgress { judged, total } => format!(
            "Reviewing: {} of {} moves judged.",
            grouped(*judged as u64, ","),
            grouped(*total as u64, ",")
        ),
        Message::ReviewDone { accuracy, counts: c } => format!(
            "Accuracy {accuracy}%: the best move or one about as good in {accuracy}% of your moves. \
             Best {}, about as good {}, worse {}, much worse {}.",
            grouped(c.best as u64, ","),
            grouped(c.about_as_good as u64, ","),
            grouped(c.worse as u64, ","),
            grouped(c.much_worse as u64, ",")
        ),
        Message::TurningPoint { number, played, tile, from, to } => {
            format!("Move {number} ({}): the chance of {tile} from {from}% to {to}%", direction(*played))
        }
        Message::ReviewChartDescription { goals, .. } if goals.is_empty() => "No chance to show yet.".to_owned(),
        Message::ReviewChartDescription { judged, goals, turns } => {
            let goals: Vec<String> = goals
                .iter()
                .map(|g| match g.first == g.last {
                    true => format!("{} at {}%", g.tile, g.first),
                    false => format!("{} from {}% to {}%", g.tile, g.first, g.last),
                })
                .collect();
            let moves = match judged {
                1 => "Before the one move judged".to_owned(),
                n => format!("Before each of the {} moves judged", grouped(*n as u64, ",")),
            };
            let mut text = format!("{moves}, the chance of making the next tile: {}.", goals.join(", then "));
            if *turns {
                text.push_str(" Rings mark the moves after which it fell most.");
            }
            text.push_str(" The table below lists every move.");
            text
        }
        Message::ChanceOf { tile, percent } => format!("{tile}: {percent}%"),
        Message::Played(d) => capitalized(direction(*d)),
        Message::Rating(q) => capitalized(quality(*q)),
        Message::ReviewedMove { number, played, quality: q } => {
            format!("Move {number}: {}, {}.", direction(*played), quality(*q))
        }
        Message::Mistake { played, best, quality: q } => format!(
            "{}: you played {}; the solver plays {}.",
            capitalized(quality(*q)),
            direction(*played),
            direction(*best)
        ),
        Message::Reviewing(r) => format!(
            "Mistake {} of {}, {}: you played {}; the solver plays {}.",
            r.index + 1,
            r.count,
            quality(r.mistake.quality),
            direction(r.mistake.played),
            direction(r.mistake.best)
        ),
        Message::CoachOff => "Coach off.".to_owned(),
        Message::Coached(f) if f.agreed() => {
            format!("Coach: {}, the solver's move too.", direction(f.played))
        }
        Message::Coached(f) => format!(
            "Coach: the solver plays {}; {} is {}.",
            direction(f.best),
            direction(f.played),
            quality(f.quality)
        ),
        Message::CorruptCoach => "The coach's saved record could not be read, so it starts again.".to_owned(),
        Message::Rated { direction: d, quality: q } => {
            format!("{}: {}", capitalized(direction(*d)), quality(*q))
        }
        Message::Searched { strength, depth, nodes, micros } => format!(
            "{}: {depth} moves ahead, {} boards looked at, {} ms",
            LABELS.strength(*strength),
            grouped(*nodes, ","),
            millis(*micros)
        ),
        Message::Solved { strength, tenths } => format!(
            "{}: worked out exactly, counting every tile that can come: the best move keeps a {} % chance \
             of building the last 256, which completes the 32768",
            LABELS.strength(*strength),
            percent(*tenths)
        ),
        Message::Agreement { moves: 0, .. } => {
            "Play a move: the coach compares it with the solver's.".to_owned()
        }
        Message::Agreement { agreed, moves } => {
            format!("Agreed with the solver on {agreed} of {moves} moves.")
        }
        Message::HistoryUnavailable => {
            "This browser is not letting the page keep your finished games; the game plays on as usual."
                .to_owned()
        }
        Message::KeepFailed => {
            "This finished game could not be added to your games: the browser's storage is blocked or full."
                .to_owned()
        }
        Message::HistorySetAside { count: 1 } => {
            "One of your kept games could not be read; nothing was deleted, and the others are shown."
                .to_owned()
        }
        Message::KeptUnreadable => {
            "That game could not be read from this browser's storage, so it cannot be replayed.".to_owned()
        }
        Message::ReplayRefused(error) => replay_refused(error),
        Message::ReplayPosition { at, of, next: Some(d) } => {
            format!("Move {at} of {of}. Next move: {}.", direction(*d))
        }
        Message::ReplayPosition { at, of, next: None } => format!("Move {at} of {of}. The end of the game."),
        Message::KeptGame { number, date, score } => format!("Game {number}, {date}, score {score}"),
        Message::Reached { tile } => format!("Reached {tile}"),
        Message::Share { games: 1, percent } => format!("1 game ({percent}%)"),
        Message::Share { games, percent } => format!("{games} games ({percent}%)"),
        Message::AccuracyChartDescription { games: 1, last, .. } => {
            format!("The accuracy of your one game reviewed whole: {last}%. The table below lists it.")
        }
        Message::AccuracyChartDescription { games, first, last, mean } => format!(
            "The accuracy of each of your {games} games reviewed whole, oldest first: from {first}% to \
             {last}%, {mean}% on average. The table below lists them."
        ),
        Message::ChartDescription { games, best } => format!(
            "The score of each of {games} games, oldest first; the best is {best}. Circles are games \
             played alone, squares games played with help. The table below lists them."
        ),
        Message::HistorySetAside { count } => {
            format!(
                "{count} of your kept games could not be read; nothing was deleted, and the others are shown."
            )
        }
    }
}

/// A move's word.
fn quality(quality: Quality) -> &'static str {
    quality.word().map_or("lower", Word::english)
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Why an entered board is not one, for the player.
fn bad_board(error: &EntryError) -> String {
    match error {
        EntryError::List(ListError::TooLong { limit, .. }) => {
            format!("That board is too long: a board is at most {limit} characters.")
        }
        EntryError::AddressTooLong { .. } => "That address is too long to be a board.".to_owned(),
        EntryError::List(ListError::WrongCount { found }) => {
            format!("A board has 16 values, row by row from the top left; this one has {found}.")
        }
        EntryError::List(ListError::NotANumber { cell, found }) => {
            format!("Value {} ({found:?}) is not a number.", cell + 1)
        }
        EntryError::List(ListError::NotATile { cell, found }) => {
            format!(
                "Value {} ({found}) is not a tile: use 0 for an empty cell, or 2, 4, 8 … 131072.",
                cell + 1
            )
        }
        EntryError::List(ListError::NoTile) | EntryError::Game(LoadError::TooFewTiles(_)) => {
            "A board needs at least two tiles.".to_owned()
        }
        EntryError::Score(found) => format!("The score {found:?} is not a whole number."),
        EntryError::Game(_) => "That score does not fit these tiles.".to_owned(),
    }
}

/// Why a file is not a replay, for the player.
fn replay_refused(error: &ReplayError) -> String {
    match error {
        ReplayError::TooLarge { limit, .. } => {
            format!("That file is too large to be a replay: a replay is at most {} KB.", limit / 1024)
        }
        ReplayError::Unreadable => "That file could not be read.".to_owned(),
        ReplayError::NotAReplay => "That file is not a 2048 replay.".to_owned(),
        ReplayError::WrongVersion(Some(found)) => {
            format!("That replay is of version {found}; this page reads version {REPLAY_VERSION}.")
        }
        ReplayError::WrongVersion(None) => {
            format!("That replay's version is not one this page knows; it reads version {REPLAY_VERSION}.")
        }
        ReplayError::BadMove { index } => {
            format!("That replay is damaged: move {} cannot be played there.", index + 1)
        }
        ReplayError::Impossible(_) => {
            "That replay does not hold a game that could have been played.".to_owned()
        }
    }
}
