//! Stepping through the game's mistakes: each opens on its board with Hint's ranking
//! asked for at once, Previous / Next walk the list, and the game comes back untouched.

use game_core::Direction;
use page_core::text::Message;
use page_core::{Control, Effect, Event};

use crate::harness::{MID, Page};

/// A coached game with `count` much worse moves (Right where the solver plays Left; see
/// [`crate::harness::decision`]'s values).
fn with_mistakes(count: usize) -> Page {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Coach);
    for _ in 0..40 {
        if page.model.coach().mistakes.len() == count {
            return page;
        }
        let board = page.model.game().board();
        let legal = |d: Direction| board.slide(d).moved;
        page.answer(Some(if legal(Direction::Left) { Direction::Left } else { Direction::Up }));
        let played = [Direction::Right, Direction::Left, Direction::Up, Direction::Down]
            .into_iter()
            .find(|&d| legal(d));
        page.press(played.expect("the game goes on"));
        page.paint();
    }
    panic!("no {count} mistakes in 40 moves");
}

#[test]
fn a_mistake_opens_on_its_board_with_the_solvers_ranking_asked_for() {
    let mut page = with_mistakes(2);
    let (board, score) = (page.board(), page.model.game().score());
    let first = page.model.coach().mistakes[0];
    page.send(Event::ReviewMistake(0));
    assert!(page.model.analysing());
    assert_eq!(page.model.game().board(), first.board);
    let review = page.model.review().expect("reviewing");
    assert_eq!((review.index, review.count, review.mistake), (0, 2, first));
    assert_eq!(page.model.mistakes().len(), 2, "the list says what the review counts");
    assert!(page.said().contains(&Message::Reviewing(review)));
    assert!(page.has(|e| *e == Effect::MarkHintAsked), "Hint is asked for at once");
    page.answer(Some(first.best));
    assert_eq!(page.model.hint(), Some(first.best));
    page.click(Control::LeaveEntered);
    assert_eq!((page.board(), page.model.game().score()), (board, score));
    assert_eq!(page.model.review(), None);
    assert_eq!(page.model.coach().mistakes.len(), 2, "the list is the game's, kept");
}

#[test]
fn previous_and_next_walk_the_list_and_stop_at_its_ends() {
    let mut page = with_mistakes(2);
    let mistakes = page.model.coach().mistakes.clone();
    page.send(Event::ReviewMistake(0));
    page.click(Control::PreviousMistake);
    assert_eq!(page.model.review().map(|r| r.index), Some(0), "nothing before the first");
    page.click(Control::NextMistake);
    assert_eq!(page.model.review().map(|r| r.index), Some(1));
    assert_eq!(page.model.game().board(), mistakes[1].board);
    page.click(Control::NextMistake);
    assert_eq!(page.model.review().map(|r| r.index), Some(1), "nothing after the last");
    page.click(Control::PreviousMistake);
    assert_eq!(page.model.game().board(), mistakes[0].board);
    // A board entered otherwise is no review.
    page.send(Event::EnterBoard { list: "2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4".into(), score: String::new() });
    assert!(page.model.analysing());
    assert_eq!(page.model.review(), None);
    page.send(Event::ReviewMistake(5));
    assert_eq!(page.model.review(), None, "no such mistake");
}

#[test]
fn leaving_a_board_opened_by_the_address_takes_it_off_the_address_and_only_then() {
    let mut page = Page::ready_on(MID, 4);
    page.send(Event::Address("#board=0,0,2,0,0,0,0,0,0,4,0,0,8,0,0,16".into()));
    assert!(!page.has(|e| *e == Effect::ClearAddress));
    page.click(Control::LeaveEntered);
    assert!(page.has(|e| *e == Effect::ClearAddress), "a reload does not open it again");
    page.send(Event::EnterBoard { list: "2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4".into(), score: String::new() });
    page.click(Control::LeaveEntered);
    assert!(!page.has(|e| *e == Effect::ClearAddress), "the editor's boards are not in the address");
}
