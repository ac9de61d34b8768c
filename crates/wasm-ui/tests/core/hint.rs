//! Hint: the request, the arrow, and answers that arrive too late.

use game_core::Direction;
use wasm_ui::core::{Control, Effect, WorkerEvent};
use wasm_ui::text::Message;

use crate::harness::{MID, Page};

#[test]
fn hint_asks_about_the_board_and_shows_the_answer_as_an_arrow() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    assert!(page.has(|e| *e == Effect::MarkHintAsked));
    assert_eq!(page.last_ask().board, MID);
    page.answer(Some(Direction::Left));
    assert_eq!(page.model.hint(), Some(Direction::Left));
    assert!(page.has(|e| *e == Effect::MeasureHintShown(Direction::Left)));
    assert_eq!(page.said(), [Message::Hint(Direction::Left)]);
    assert_eq!(page.board(), MID, "a hint plays nothing");
}

#[test]
fn a_hint_asked_while_the_worker_starts_goes_out_when_it_is_ready() {
    let mut page = Page::load(Some(crate::harness::game(MID, 60)), 4);
    page.click(Control::Hint);
    assert!(page.asked.is_empty(), "nothing is sent to a worker still loading");
    page.worker(WorkerEvent::Ready);
    assert_eq!(page.asked.len(), 1);
    page.answer(Some(Direction::Up));
    assert_eq!(page.model.hint(), Some(Direction::Up));
}

#[test]
fn an_answer_for_an_earlier_request_or_board_is_dropped() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    let first = page.last_ask().id;
    page.click(Control::Hint);
    page.worker(WorkerEvent::Decision { id: first, best: Some(Direction::Down) });
    assert_eq!(page.model.hint(), None, "not the awaited request");
    // The awaited request's answer arrives after a move changed the board.
    page.press(Direction::Left);
    page.answer(Some(Direction::Right));
    assert_eq!(page.model.hint(), None, "answers a board that is gone");
    assert!(page.said().is_empty());
}

#[test]
fn a_move_takes_the_arrow_away() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    page.answer(Some(Direction::Left));
    page.press(Direction::Right);
    assert_eq!(page.model.hint(), None);
}

#[test]
fn hint_asks_nothing_during_autoplay() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Autoplay);
    let asked = page.asked.len();
    page.click(Control::Hint);
    assert_eq!(page.asked.len(), asked);
    assert!(!page.has(|e| *e == Effect::MarkHintAsked));
}
