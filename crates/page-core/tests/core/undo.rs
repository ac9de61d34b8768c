//! Undo while coaching: any number of moves back, exactly as they were, the same tile again
//! for the same move, and a practised game that never raises Best.

use game_core::Direction;
use page_core::text::Message;
use page_core::{Control, Effect, Event};

use crate::harness::{MID, Page};

/// Plays `n` moves that count (the first that counts in a fixed order); returns the boards
/// and scores before each.
fn play(page: &mut Page, n: usize) -> Vec<([[u32; 4]; 4], u32)> {
    let mut before = Vec::new();
    for _ in 0..n {
        let board = page.model.game().board();
        let direction = Direction::ALL.into_iter().find(|&d| board.slide(d).moved).unwrap();
        before.push((page.board(), page.model.game().score()));
        page.press(direction);
    }
    before
}

#[test]
fn undo_goes_back_any_number_of_moves_exactly_and_the_same_move_brings_the_same_tile() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Coach);
    let before = play(&mut page, 6);
    let after_all = (page.board(), page.model.game().score());
    for (board, score) in before.iter().rev() {
        page.send(Event::Undo);
        assert_eq!((page.board(), page.model.game().score()), (*board, *score));
        assert!(page.has(|e| *e == Effect::ShowBoard { rows: page.board(), appear: false }));
        assert!(page.saved());
        assert_eq!(page.said(), [Message::Undone { score: *score }]);
    }
    page.send(Event::Undo);
    assert!(page.fx.is_empty(), "nothing before the first move");
    // The same moves again: the same tiles, so the same game.
    play(&mut page, 6);
    assert_eq!((page.board(), page.model.game().score()), after_all);
    assert!(page.model.practised());
}

#[test]
fn a_practised_game_never_raises_best() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Coach);
    play(&mut page, 1);
    // Moves played before the first Undo counted as played.
    let best = page.model.best();
    page.click(Control::Undo);
    play(&mut page, 30);
    assert!(page.model.game().score() > best);
    assert_eq!(page.model.best(), best);
    // A new game is a game like any other.
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    assert!(!page.model.practised());
}

#[test]
fn undo_is_the_coachs_only() {
    let mut page = Page::ready_on(MID, 4);
    play(&mut page, 2);
    let board = page.board();
    page.send(Event::Undo);
    assert_eq!(page.board(), board);
    assert!(!page.model.can_undo());
    page.click(Control::Coach);
    assert!(page.model.can_undo());
}

#[test]
fn the_record_is_saved_with_the_coach_and_comes_back() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Coach);
    let before = play(&mut page, 3);
    page.click(Control::Undo);
    let saved = page.model.coach_save();
    assert!(saved.practised);
    let record = saved.record.clone().expect("kept while coaching");
    assert_eq!(record.game(), page.model.game());
    // A later visit resumes the game with its record: Undo goes on from there.
    let loaded = page_core::saved::Loaded { game: Some(page.model.game()), best: 0, problems: vec![] };
    let mut again = Page::start(page_core::Start {
        loaded,
        coach: Some(saved),
        thresholds: crate::harness::THRESHOLDS.to_vec(),
        seed: 9,
        speed: 4,
        strength: page_core::request::Strength::Spec,
        language: page_core::text::Language::En,
        now: 0.0,
        wall: crate::harness::WALL,
        tally: None,
        moves: 0,
        days: Default::default(),
    });
    assert!(again.model.can_undo());
    assert_eq!(again.model.best(), 0, "a practised game's score is not folded into Best at load");
    again.send(Event::Undo);
    assert_eq!((again.board(), again.model.game().score()), before[1]);
    assert!(again.model.practised());
}

#[test]
fn no_undo_under_an_open_dialog() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Coach);
    play(&mut page, 2);
    let board = page.board();
    page.click(Control::EditBoard);
    assert!(page.model.editor_open());
    for undo in [Event::Undo, Event::Click(Control::Undo)] {
        page.send(undo);
        assert!(page.fx.is_empty(), "{:?}", page.fx);
    }
    page.click(Control::EditorCancel);
    page.click(Control::Statistics);
    page.send(Event::Undo);
    assert_eq!(page.board(), board);
    assert!(!page.model.practised());
}
