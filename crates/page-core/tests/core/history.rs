//! Your games: a game that ends (game over, or given up for a new game or an entered board
//! after a move) is kept once, with its numbers, the help used and a record that replays it;
//! the history's bounds; a history that cannot be kept, or read, leaves the game playable.

use game_core::{Board, Direction, minimum_score};
use page_core::history::{Ending, Help, MAX_HISTORY_BYTES, MAX_KEPT, MAX_PAUSE_MS, Summary};
use page_core::saved::Loaded;
use page_core::text::Message;
use page_core::{Control, Event, Start, TallySave};

use crate::harness::{MID, Page, THRESHOLDS, WALL, game};

/// Right leaves one empty cell, whose new tile (a 2 or a 4) merges with nothing: game over.
pub const LAST_MOVE: [[u32; 4]; 4] = [[2, 4, 2, 4], [4, 2, 4, 2], [8, 4, 2, 4], [32, 64, 32, 0]];

pub fn least_game(rows: [[u32; 4]; 4]) -> game_core::Game {
    game(rows, minimum_score(Board::from_rows(rows).unwrap()) as u32)
}

/// A page on `rows` whose history has been read (empty).
fn ready(rows: [[u32; 4]; 4]) -> Page {
    let mut page = Page::load(Some(least_game(rows)), 4);
    page.send(Event::HistoryLoaded { games: vec![], set_aside: 0 });
    page
}

fn summary(id: u64, bytes: usize) -> Summary {
    Summary {
        id,
        started: id - 1000,
        ended: id,
        score: 100,
        best_tile: 16,
        moves: 10,
        played_ms: 900,
        help: Help::default(),
        ending: Ending::Over,
        bytes,
    }
}

#[test]
fn game_over_keeps_the_game_once_with_its_numbers_and_a_record_that_replays_it() {
    let mut page = ready(LAST_MOVE);
    let start = page.model.game();
    page.now = 1500.0;
    page.press(Direction::Right);
    assert_eq!(page.model.status(), game_core::Status::Over);
    let [write] = page.kept().try_into().expect("one game kept");
    let kept = &write.entry;
    let s = kept.summary;
    assert_eq!((s.score, s.best_tile, s.moves), (page.model.game().score(), 64, 1));
    assert_eq!((s.ending, s.help), (Ending::Over, Help::default()));
    assert_eq!(s.ended, (WALL + 1500.0) as u64);
    assert_eq!(kept.record.start(), start);
    assert_eq!(kept.record.game(), page.model.game(), "the record replays to the final board");
    assert!(write.evict.is_empty());
    let saving = page.saving().expect("the ended game is written");
    assert!(saving.tally.tally.kept, "with a tally that says it is kept: a reload must not keep it again");
    assert_eq!(page.model.kept_games(), [s]);
    // Try again: the ended game is not kept twice.
    page.click(Control::TryAgain);
    assert!(page.kept().is_empty());
    assert_eq!(page.model.kept_games().len(), 1);
}

#[test]
fn new_game_keeps_a_game_with_a_move_and_nothing_without() {
    let mut page = Page::load(None, 4);
    page.send(Event::HistoryLoaded { games: vec![], set_aside: 0 });
    page.click(Control::NewGame);
    assert!(page.kept().is_empty(), "no move was played");
    page.press(Direction::Left);
    page.press(Direction::Up);
    let score = page.model.game().score();
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    let [write] = page.kept().try_into().expect("one game kept");
    assert_eq!(write.entry.summary.ending, Ending::NewGame);
    assert_eq!((write.entry.summary.score, write.entry.summary.moves), (score, 2));
}

#[test]
fn a_game_that_ends_before_the_history_is_read_is_written_once_it_is() {
    let mut page = Page::load(Some(least_game(LAST_MOVE)), 4);
    page.press(Direction::Right);
    assert!(page.kept().is_empty(), "nothing written before the history is read");
    assert_eq!(page.model.kept_games().len(), 1, "but counted at once");
    let old = summary(1_000_000, 2000);
    page.send(Event::HistoryLoaded { games: vec![old], set_aside: 0 });
    let [write] = page.kept().try_into().expect("written now");
    assert!(write.entry.summary.id > old.id);
    assert_eq!(page.model.kept_games().len(), 2);
    assert_eq!(page.model.kept_games()[0], old, "oldest first");
}

#[test]
fn the_oldest_games_go_past_the_count_and_the_space_bounds() {
    let mut page = Page::load(Some(least_game(LAST_MOVE)), 4);
    let games: Vec<Summary> = (0..MAX_KEPT as u64).map(|i| summary(2_000_000 + i, 1000)).collect();
    page.send(Event::HistoryLoaded { games, set_aside: 0 });
    page.press(Direction::Right);
    let [write] = page.kept().try_into().expect("one write");
    assert_eq!(write.evict, [2_000_000], "the oldest goes");
    assert_eq!(page.model.kept_games().len(), MAX_KEPT);

    let mut page = Page::load(Some(least_game(LAST_MOVE)), 4);
    let big = MAX_HISTORY_BYTES / 3;
    let games = (0..3).map(|i| summary(3_000_000 + i, big)).collect();
    page.send(Event::HistoryLoaded { games, set_aside: 0 });
    page.press(Direction::Right);
    let [write] = page.kept().try_into().expect("one write");
    assert_eq!(write.evict, [3_000_000], "space for the new one");
    let bytes: usize = page.model.kept_games().iter().map(|g| g.bytes).sum();
    assert!(bytes <= MAX_HISTORY_BYTES);
}

#[test]
fn no_history_in_this_browser_says_so_once_and_the_game_plays_on() {
    let mut page = Page::load(Some(least_game(MID)), 4);
    page.send(Event::HistoryUnavailable);
    assert!(page.model.notices().contains(&Message::HistoryUnavailable));
    page.press(Direction::Left);
    assert_eq!(page.model.moves(), 1, "the game plays on");
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    assert!(page.kept().is_empty(), "nothing is written");
    assert_eq!(page.model.kept_games().len(), 1, "the visit's games still count");
    page.send(Event::KeepFailed);
    assert!(page.model.notices().contains(&Message::KeepFailed));
}

#[test]
fn unreadable_entries_set_aside_are_told() {
    let mut page = Page::load(Some(least_game(MID)), 4);
    page.send(Event::HistoryLoaded { games: vec![summary(5_000, 10)], set_aside: 2 });
    assert!(page.model.notices().contains(&Message::HistorySetAside { count: 2 }));
    assert_eq!(page.model.game(), least_game(MID), "the game in progress is untouched");
    assert_eq!(page.model.kept_games().len(), 1);
}

#[test]
fn the_help_used_is_kept() {
    // Hint asked on a board the next move is played on.
    let mut page = ready(MID);
    page.worker(page_core::WorkerEvent::Ready);
    page.click(Control::Hint);
    page.answer_legal();
    page.press(Direction::Left);
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    let help = page.kept()[0].entry.summary.help;
    assert_eq!(help, Help { hint: true, ..Help::default() });

    // The coach, and Undo with it.
    let mut page = ready(MID);
    page.worker(page_core::WorkerEvent::Ready);
    page.click(Control::Coach);
    page.press(Direction::Left);
    page.press(Direction::Up);
    page.send(Event::Undo);
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    let kept = &page.kept()[0].entry;
    assert_eq!(kept.summary.help, Help { coach: true, undo: true, ..Help::default() });
    assert_eq!(kept.summary.moves, 1, "the move taken back is no part of the game");
    assert!(!kept.record.can_redo());

    // Autoplay.
    let mut page = ready(MID);
    page.worker(page_core::WorkerEvent::Ready);
    page.click(Control::Autoplay);
    page.answer_legal();
    page.send(Event::Frame);
    page.click(Control::Autoplay);
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    assert_eq!(page.kept()[0].entry.summary.help, Help { autoplay: true, ..Help::default() });
}

#[test]
fn play_from_here_keeps_the_game_it_gives_up_and_the_entered_game_says_so() {
    let mut page = ready(MID);
    page.press(Direction::Left);
    let given_up = page.model.game();
    page.send(Event::Address("#board=2,4,8,16,0,0,4,2,0,2,0,2,0,0,0,0".into()));
    page.press(Direction::Left);
    page.press(Direction::Right);
    assert!(page.kept().is_empty(), "an entered board analysed is not a game of the player's");
    page.click(Control::PlayEntered);
    page.click(Control::ConfirmYes);
    let [write] = page.kept().try_into().expect("the game given up is kept");
    assert_eq!(write.entry.summary.ending, Ending::PlayEntered);
    assert_eq!(write.entry.record.game(), given_up);
    assert!(!write.entry.summary.help.entered);
    // The entered game, played on to its end, says it started from an entered board.
    let mut guard = 0;
    while page.model.status() == game_core::Status::Playing && guard < 5000 {
        let board = page.model.game().board();
        let direction = Direction::ALL.into_iter().find(|&d| board.slide(d).moved).unwrap();
        page.press(direction);
        guard += 1;
    }
    let [write] = page.kept().try_into().expect("kept at game over");
    assert!(write.entry.summary.help.entered);
}

#[test]
fn time_played_counts_pauses_up_to_a_limit() {
    let mut page = ready(MID);
    page.now = 1000.0;
    page.press(Direction::Left);
    page.now = 3000.0;
    page.press(Direction::Up);
    page.now = 3000.0 + 3_600_000.0;
    page.press(Direction::Right);
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    let s = page.kept()[0].entry.summary;
    assert_eq!(s.played_ms, 2000 + MAX_PAUSE_MS);
    assert_eq!(s.started, (WALL + 1000.0) as u64);
}

#[test]
fn a_reload_keeps_the_whole_record_and_the_help_through_the_tally() {
    let mut page = ready(MID);
    page.worker(page_core::WorkerEvent::Ready);
    page.click(Control::Hint);
    page.answer_legal();
    page.press(Direction::Left);
    page.press(Direction::Up);
    // What is on disk, written with the game at each move: the game's whole tally.
    let saved: TallySave = page.stored.clone().expect("the moves were saved").tally;
    assert_eq!(saved, page.model.tally_save());
    let loaded = Loaded { game: Some(page.model.game()), best: 0, problems: vec![] };
    let start = |tally| Start {
        loaded: loaded.clone(),
        coach: None,
        thresholds: THRESHOLDS.to_vec(),
        seed: 3,
        speed: 4,
        strength: page_core::request::Strength::Spec,
        language: page_core::text::Language::En,
        now: 0.0,
        wall: WALL + 60_000.0,
        tally,
        moves: 0,
        days: Default::default(),
    };
    let mut again = Page::start(start(Some(saved.clone())));
    again.send(Event::HistoryLoaded { games: vec![], set_aside: 0 });
    again.press(Direction::Right);
    again.click(Control::NewGame);
    again.click(Control::ConfirmYes);
    let kept = &again.kept()[0].entry;
    assert_eq!(kept.summary.moves, 3, "the moves before the reload count");
    assert_eq!(kept.record.start(), least_game(MID));
    assert!(kept.summary.help.hint);

    // A tally of another game (another tab moved on) is not this game's: its entry starts
    // from the game as loaded, with no help.
    let mut other = saved;
    other.record.undo();
    let mut again = Page::start(start(Some(other)));
    again.send(Event::HistoryLoaded { games: vec![], set_aside: 0 });
    let board = again.model.game().board();
    again.press(Direction::ALL.into_iter().find(|&d| board.slide(d).moved).unwrap());
    again.click(Control::NewGame);
    again.click(Control::ConfirmYes);
    let kept = &again.kept()[0].entry;
    assert_eq!(kept.record.start(), loaded.game.unwrap());
    assert!(!kept.summary.help.hint);
}

#[test]
fn the_history_is_ready_once_read() {
    let mut page = Page::load(Some(least_game(MID)), 4);
    assert!(page.model.kept_games().is_empty());
    page.send(Event::HistoryLoaded { games: vec![summary(9_000, 10), summary(8_000, 10)], set_aside: 0 });
    let ids: Vec<u64> = page.model.kept_games().iter().map(|g| g.id).collect();
    assert_eq!(ids, [8_000, 9_000], "oldest first");
}

#[test]
fn a_game_taken_back_from_its_end_and_played_on_is_kept_again_marked_with_undo() {
    let mut page = ready(LAST_MOVE);
    page.click(Control::Coach);
    page.press(Direction::Right);
    assert_eq!(page.model.status(), game_core::Status::Over);
    assert_eq!(page.kept().len(), 1, "the end is kept");
    page.click(Control::Undo);
    assert_eq!(page.model.status(), game_core::Status::Playing);
    page.now = 2000.0;
    page.press(Direction::Right);
    assert_eq!(page.model.status(), game_core::Status::Over);
    let [write] = page.kept().try_into().expect("the new end is kept too");
    let s = write.entry.summary;
    assert_eq!(s.ending, Ending::Over);
    assert!(s.help.undo, "marked as played with Undo");
    assert_eq!(page.model.kept_games().len(), 2);
}

#[test]
fn a_game_taken_back_from_its_end_and_given_up_at_once_is_not_kept_twice() {
    let mut page = ready(LAST_MOVE);
    page.click(Control::Coach);
    page.press(Direction::Right);
    page.click(Control::Undo);
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    assert!(page.kept().is_empty());
    assert_eq!(page.model.kept_games().len(), 1);
}

#[test]
fn ids_are_exact_js_numbers_and_never_collide_even_after_the_largest() {
    // JavaScript's `Number.MAX_SAFE_INTEGER`: an IndexedDB key past it rounds onto another's.
    const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;
    let mut page = Page::load(None, 4);
    let top = [summary(MAX_SAFE_INTEGER - 1, 10), summary(MAX_SAFE_INTEGER, 10)];
    page.send(Event::HistoryLoaded { games: top.to_vec(), set_aside: 0 });
    let mut ids: Vec<u64> = top.iter().map(|g| g.id).collect();
    for _ in 0..3 {
        let board = page.model.game().board();
        page.press(Direction::ALL.into_iter().find(|&d| board.slide(d).moved).unwrap());
        page.click(Control::NewGame);
        page.click(Control::ConfirmYes);
        let [write] = page.kept().try_into().expect("one game kept");
        ids.push(write.entry.summary.id);
    }
    assert!(ids.iter().all(|&id| id <= MAX_SAFE_INTEGER), "every id is a JS number exactly: {ids:?}");
    let mut keys: Vec<u64> = ids.iter().map(|&id| id as f64 as u64).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), ids.len(), "no two games share a key: {ids:?}");
    assert_eq!(page.model.kept_games().len(), 5);
}
