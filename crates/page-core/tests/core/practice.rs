//! Learn from your mistakes: much worse moves join the practice deck (kept card by card), a
//! practice asks its boards one at a time and judges each answer by the solver's view of the
//! board, a wrong answer in the deck's practice comes back before a right one, and a practice
//! never touches the game in progress or Best.

use game_core::{Board, Direction};
use page_core::deck::{AGAIN_MS, Card, key_of};
use page_core::drill::{Answer, Source};
use page_core::saved::card;
use page_core::text::Message;
use page_core::{Control, Effect, Event, Panel, Quality};

use crate::harness::{MID, Page, WALL, decision};

const DAY: u64 = 86_400_000;

/// Two boards on which Left and Right both move (every card needs both of its moves).
const A: [[u32; 4]; 4] = [[2, 0, 0, 4], [0; 4], [0; 4], [0; 4]];
const B: [[u32; 4]; 4] = [[0, 8, 0, 0], [0, 0, 2, 0], [0; 4], [0; 4]];

fn card_of(rows: [[u32; 4]; 4], added: u64) -> Card {
    Card::new(Board::from_rows(rows).unwrap(), Direction::Right, Direction::Left, added)
}

/// A page whose worker is ready and whose deck storage held `cards`.
fn page_with_deck(cards: &[Card]) -> Page {
    let mut page = Page::ready_on(MID, 4);
    let kept = cards.iter().map(|c| (c.key(), card::encode(c))).collect();
    page.send(Event::DeckLoaded(kept));
    page
}

/// The cards the last event asked storage to keep.
fn saved_cards(page: &Page) -> Vec<Card> {
    page.fx
        .iter()
        .filter_map(|e| match e {
            Effect::SaveCards(cards) => Some(cards.clone()),
            _ => None,
        })
        .flatten()
        .map(|(key, text)| card::decode(&key, &text).unwrap())
        .collect()
}

/// The practice's board and whether its answer is out.
fn question(page: &Page) -> (Board, Answer) {
    let drill = page.model.drill().expect("a practice is open");
    (drill.question().expect("a question").board, drill.answer)
}

#[test]
fn a_wrong_answer_comes_back_before_a_right_one_and_each_moves_its_card_on_its_schedule() {
    let (a, b) = (card_of(A, WALL as u64 - 2), card_of(B, WALL as u64 - 1));
    let mut page = page_with_deck(&[a, b]);
    let (game, best) = (page.board(), page.model.best());
    page.click(Control::Practice);
    assert_eq!(page.model.panel(), Panel::Drill);
    assert_eq!(page.model.drill().unwrap().source, Source::Deck);
    // The oldest due first; the solver is asked about it as it opens.
    assert_eq!(question(&page).0, a.board);
    assert_eq!(page.last_ask().board, A);
    page.answer(Some(Direction::Left));
    // Right is 400 below the best: much worse, so wrong.
    page.send(Event::DrillAnswer(Direction::Right));
    assert!(matches!(
        question(&page).1,
        Answer::Answered { chosen: Direction::Right, quality: Quality::MuchWorse, right: false }
    ));
    assert!(page.said().contains(&Message::DrillWrong {
        chosen: Direction::Right,
        quality: Quality::MuchWorse,
        best: Direction::Left
    }));
    let wrong = saved_cards(&page);
    assert_eq!((wrong[0].board, wrong[0].due, wrong[0].wrong), (a.board, WALL as u64 + AGAIN_MS, 1));
    page.click(Control::DrillNext);
    assert_eq!(question(&page), (b.board, Answer::Asking));
    page.answer(Some(Direction::Left));
    page.press(Direction::Left);
    assert!(matches!(question(&page).1, Answer::Answered { right: true, .. }));
    let right = saved_cards(&page);
    assert_eq!((right[0].board, right[0].due, right[0].streak), (b.board, WALL as u64 + DAY, 1));
    page.click(Control::DrillNext);
    assert_eq!(question(&page).0, a.board, "the board answered wrong comes back");
    page.answer(Some(Direction::Left));
    page.press(Direction::Left);
    page.click(Control::DrillNext);
    let drill = page.model.drill().unwrap();
    assert_eq!((drill.question(), drill.answered, drill.right), (None, 3, 2));
    // The game in progress and Best are as they were.
    assert_eq!((page.board(), page.model.best()), (game, best));
    page.click(Control::ClosePanel);
    assert!(page.model.drill().is_none());
    // A right answer sends a card further off each time in a row.
    let mut c = b;
    c.answered(true, 0);
    c.answered(true, 0);
    assert_eq!(c.due, 3 * DAY);
}

#[test]
fn a_move_chosen_before_the_solver_answers_is_judged_when_it_does() {
    let mut page = page_with_deck(&[card_of(A, 1)]);
    page.click(Control::Practice);
    let request = page.last_ask();
    page.send(Event::DrillAnswer(Direction::Up));
    assert_eq!(question(&page).1, Answer::Asking, "Up changes nothing on the board: no answer");
    page.send(Event::DrillAnswer(Direction::Left));
    assert_eq!(question(&page).1, Answer::Checking(Direction::Left));
    page.send(Event::DrillAnswer(Direction::Right));
    assert_eq!(question(&page).1, Answer::Checking(Direction::Left), "one answer a board");
    page.worker(decision(&request, Some(Direction::Left)));
    assert!(matches!(question(&page).1, Answer::Answered { quality: Quality::Best, right: true, .. }));
}

#[test]
fn the_coachs_much_worse_moves_join_the_deck_and_only_once_it_is_read_are_written() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Coach);
    page.answer(Some(Direction::Left));
    page.press(Direction::Right);
    page.paint();
    assert_eq!(page.model.coach().mistakes[0].quality, Quality::MuchWorse);
    assert_eq!(page.model.deck().cards().len(), 1, "in the deck at once");
    assert!(saved_cards(&page).is_empty(), "not written before the deck is read");
    let kept = card_of(B, 5);
    page.send(Event::DeckLoaded(vec![(kept.key(), card::encode(&kept))]));
    let written = saved_cards(&page);
    assert_eq!(written.len(), 1);
    assert_eq!(
        (written[0].board, written[0].played, written[0].best),
        (Board::from_rows(MID).unwrap(), Direction::Right, Direction::Left)
    );
    assert_eq!(page.model.deck().cards().len(), 2, "with the card storage held");
    // A worse move (Down: 200 below) does not join.
    page.answer(Some(Direction::Left));
    page.press(Direction::Down);
    page.paint();
    assert_eq!(page.model.deck().cards().len(), 2);
}

#[test]
fn a_card_that_cannot_be_read_is_set_aside_with_a_notice_and_the_others_stay() {
    let good = card_of(A, 1);
    let mut page = Page::ready_on(MID, 4);
    page.send(Event::DeckLoaded(vec![
        (good.key(), card::encode(&good)),
        ("not-a-board".into(), card::encode(&card_of(B, 2))),
        (key_of(Board::from_rows(B).unwrap()), "{\"version\":9}".into()),
    ]));
    assert!(page.has(|e| matches!(e, Effect::SetAsideCards(keys) if keys.len() == 2)));
    assert!(page.model.notices().contains(&Message::DeckSetAside { count: 2 }));
    assert_eq!(page.model.deck().cards(), &[good]);
}

#[test]
fn learning_from_the_coach_asks_the_games_mistakes_once_each_and_says_when_there_are_none() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::LearnFromCoach);
    let drill = page.model.drill().unwrap();
    assert_eq!((drill.source, drill.question()), (Source::Game, None), "no mistakes: nothing to ask");
    page.click(Control::ClosePanel);
    page.click(Control::Coach);
    page.answer(Some(Direction::Left));
    page.press(Direction::Down);
    page.paint();
    let mistake = page.model.coach().mistakes[0];
    page.click(Control::LearnFromCoach);
    assert_eq!(question(&page), (mistake.board, Answer::Asking));
    page.answer(Some(Direction::Left));
    page.send(Event::DrillAnswer(Direction::Down));
    assert!(matches!(question(&page).1, Answer::Answered { right: false, .. }));
    page.click(Control::DrillNext);
    assert_eq!(page.model.drill().unwrap().question(), None, "a game's mistake is asked once");
}

#[test]
fn a_practice_of_a_deck_with_nothing_due_says_when_the_next_board_comes_back() {
    let mut later = card_of(A, 1);
    later.due = WALL as u64 + 3 * DAY - 5;
    let mut page = page_with_deck(&[later]);
    page.click(Control::Practice);
    let drill = page.model.drill().unwrap();
    assert_eq!((drill.question(), drill.next_due_in), (None, Some(3 * DAY - 5)));
}

#[test]
fn a_visit_that_restores_the_coachs_mistakes_does_not_add_them_to_the_deck_again() {
    let mistake = page_core::Mistake {
        board: Board::from_rows(MID).unwrap(),
        played: Direction::Right,
        best: Direction::Left,
        quality: Quality::MuchWorse,
    };
    let coach = page_core::Coach::restored(true, 1, 0, vec![mistake]);
    let start = page_core::Start {
        coach: Some(page_core::CoachSave { coach, ..Default::default() }),
        ..Page::start_of(None, 4)
    };
    let mut page = Page::start(start);
    page.worker(page_core::WorkerEvent::Ready);
    page.send(Event::DeckLoaded(Vec::new()));
    assert!(page.model.deck().cards().is_empty(), "the visit that judged it offered it already");
}

#[test]
fn a_practice_opened_before_storage_answers_gets_its_boards_when_it_does() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Practice);
    let drill = page.model.drill().unwrap();
    assert!(drill.waiting && drill.question().is_none());
    let a = card_of(A, 1);
    page.send(Event::DeckLoaded(vec![(a.key(), card::encode(&a))]));
    let drill = page.model.drill().unwrap();
    assert!(!drill.waiting);
    assert_eq!(question(&page), (a.board, Answer::Asking));
    assert_eq!(page.last_ask().board, A, "and the solver is asked about it");
}
