//! Hint: the request, the arrow, and answers that arrive too late.

use game_core::Direction;
use page_core::{Control, Effect, WorkerEvent};

use page_core::text::Message;

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
    let first = page.last_ask();
    page.click(Control::Hint);
    assert_eq!(page.asked.len(), 1, "the same board is not asked twice");
    let mut forged = first.clone();
    forged.id += 100;
    page.worker(crate::harness::decision(&forged, Some(Direction::Down)));
    assert_eq!(page.model.hint(), None, "not an awaited request");
    // The awaited answer arrives after a move changed the board.
    page.press(Direction::Left);
    page.worker(crate::harness::decision(&first, Some(Direction::Right)));
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

#[test]
fn hint_explains_every_move_and_asked_again_answers_at_once() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    page.answer(Some(Direction::Left));
    let explained = *page.model.explained().expect("the explanation comes with the arrow");
    assert_eq!(explained.search.best, Some(Direction::Left));
    assert_eq!(explained.search.depth, 3);
    assert_eq!(explained.ranks()[Direction::Left.index()], Some(1));
    // Hint on the same board at the same strength needs no new search.
    page.click(Control::Hint);
    assert_eq!(page.asked.len(), 1);
    assert_eq!(page.model.hint(), Some(Direction::Left));
    page.press(Direction::Up);
    assert!(page.model.explained().is_none(), "a move ends the explanation");
}

#[test]
fn hint_at_another_strength_asks_again() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    page.answer(Some(Direction::Left));
    page.choose_with_network(page_core::request::Strength::Strong);
    page.click(Control::Hint);
    assert_eq!(page.asked.len(), 2);
    assert_eq!(page.last_ask().strength, page_core::request::Strength::Strong);
    page.answer(Some(Direction::Up));
    assert_eq!(page.model.hint(), Some(Direction::Up));
}

#[test]
fn the_words_are_the_measured_strengths_and_others_get_none_but_best_and_not_possible() {
    use page_core::Quality;
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    page.answer(Some(Direction::Left));
    let spec = *page.model.explained().unwrap();
    // The harness's thresholds: 100 below the best is about as good, 400 below much worse.
    assert_eq!(page.model.rate(&spec, Direction::Left).0, Quality::Best);
    assert_eq!(page.model.rate(&spec, Direction::Up).0, Quality::AboutAsGood);
    assert_eq!(page.model.rate(&spec, Direction::Right).0, Quality::MuchWorse);
    let (_, best_share) = page.model.rate(&spec, Direction::Left);
    let (_, worst_share) = page.model.rate(&spec, Direction::Right);
    assert!(best_share > worst_share && worst_share > 0.0);
    page.choose_with_network(page_core::request::Strength::Strong);
    page.click(Control::Hint);
    page.answer(Some(Direction::Left));
    let strong = *page.model.explained().unwrap();
    assert_eq!(page.model.rate(&strong, Direction::Left).0, Quality::Best);
    assert_eq!(
        page.model.rate(&strong, Direction::Up).0,
        Quality::Unrated,
        "Strong's words are not measured"
    );
}
