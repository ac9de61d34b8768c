//! Coach mode: the solver looks at each board as it appears, the player's move is judged
//! against its choice (at once, or when the answer comes), and the game's count and mistakes
//! (its worse and much worse moves) are kept.

use game_core::Direction;
use page_core::text::Message;
use page_core::{Control, Effect, Event, Quality};

use crate::harness::{MID, Page};

fn coaching() -> Page {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Coach);
    assert!(page.model.coach().on);
    assert!(page.has(|e| *e == Effect::SaveCoach(Box::new(page.model.coach_save()))));
    assert_eq!(page.last_ask().board, MID, "the solver starts on the board at once");
    page
}

#[test]
fn a_move_equal_to_the_solvers_is_agreed() {
    let mut page = coaching();
    page.answer(Some(Direction::Left));
    assert_eq!(page.model.hint(), None, "the coach shows nothing before the player moves");
    page.press(Direction::Left);
    // Its judgement, its writing and its next question wait until the move is on screen: the
    // frame of the move draws the move alone.
    assert_eq!(page.model.coach().moves, 0);
    assert!(!page.said().iter().any(|m| matches!(m, Message::Coached(_))));
    assert!(!page.has(|e| *e == Effect::SaveCoach(Box::new(page.model.coach_save()))));
    assert_ne!(page.last_ask().board, page.board());
    page.paint();
    let coach = page.model.coach();
    assert_eq!((coach.moves, coach.agreed), (1, 1));
    let feedback = coach.feedback.unwrap();
    assert!(feedback.agreed());
    assert_eq!(feedback.quality, Quality::Best);
    assert!(page.said().contains(&Message::Coached(feedback)));
    assert!(page.has(|e| *e == Effect::SaveCoach(Box::new(page.model.coach_save()))));
    assert_eq!(page.last_ask().board, page.board(), "and starts on the next board");
}

#[test]
fn a_different_move_gets_the_solvers_and_its_word_and_a_worse_or_much_worse_one_is_a_mistake() {
    let mut page = coaching();
    // Best is Left; Up is 100 below it (about as good), Down 200 (worse), Right 400 (much worse).
    page.answer(Some(Direction::Left));
    page.press(Direction::Up);
    page.paint();
    let feedback = page.model.coach().feedback.unwrap();
    assert_eq!(
        (feedback.played, feedback.best, feedback.quality),
        (Direction::Up, Direction::Left, Quality::AboutAsGood)
    );
    assert!(page.model.coach().mistakes.is_empty());
    let mut boards = Vec::new();
    for played in [Direction::Down, Direction::Right] {
        page.answer(Some(Direction::Left));
        boards.push(page.model.game().board());
        page.press(played);
        page.paint();
    }
    let coach = page.model.coach();
    assert_eq!((coach.moves, coach.agreed), (3, 0));
    assert_eq!(coach.feedback.unwrap().quality, Quality::MuchWorse);
    // Both listed, in the order played, each with the word the coach said.
    let listed: Vec<_> = coach.mistakes.iter().map(|m| (m.board, m.played, m.best, m.quality)).collect();
    assert_eq!(
        listed,
        [
            (boards[0], Direction::Down, Direction::Left, Quality::Worse),
            (boards[1], Direction::Right, Direction::Left, Quality::MuchWorse),
        ]
    );
}

#[test]
fn a_move_made_before_the_answer_is_judged_when_it_comes_and_the_key_waits_for_nothing() {
    let mut page = coaching();
    let asked = page.last_ask();
    page.press(Direction::Down);
    assert_eq!(page.model.moves(), 1, "played at once");
    assert!(page.animated().is_some());
    page.paint();
    assert_eq!(page.model.coach().moves, 0, "not judged yet");
    page.worker(crate::harness::decision(&asked, Some(Direction::Down)));
    let coach = page.model.coach();
    assert_eq!((coach.moves, coach.agreed), (1, 1), "judged on the board it was made on");
    assert_eq!(page.model.hint(), None, "an answer for an old board shows no arrow");
}

#[test]
fn hint_while_coaching_uses_the_answer_already_there() {
    let mut page = coaching();
    page.answer(Some(Direction::Left));
    page.click(Control::Hint);
    assert_eq!(page.asked.len(), 1, "no second search");
    assert_eq!(page.model.hint(), Some(Direction::Left));
}

#[test]
fn autoplay_moves_are_not_judged_and_the_coach_looks_again_when_it_stops() {
    let mut page = coaching();
    page.answer(Some(Direction::Left));
    page.click(Control::Autoplay);
    page.answer_legal();
    page.fire_autoplay();
    assert_eq!(page.model.coach().moves, 0);
    let asked = page.asked.len();
    page.click(Control::Autoplay);
    assert_eq!(page.asked.len(), asked + 1);
    assert_eq!(page.last_ask().board, page.board());
}

#[test]
fn a_new_game_starts_the_count_again_and_coach_off_stops_looking() {
    let mut page = coaching();
    page.answer(Some(Direction::Left));
    page.press(Direction::Right);
    page.paint();
    assert_eq!(page.model.coach().mistakes.len(), 1);
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    let coach = page.model.coach();
    assert!(coach.on);
    assert_eq!((coach.moves, coach.agreed, coach.mistakes.len()), (0, 0, 0));
    page.click(Control::Coach);
    assert!(!page.model.coach().on);
    assert_eq!(page.said(), [Message::CoachOff]);
    let asked = page.asked.len();
    page.press(Direction::Left);
    page.press(Direction::Up);
    assert_eq!(page.asked.len(), asked, "nothing asked with the coach off");
    assert_eq!(page.model.coach().moves, 0);
}

#[test]
fn a_move_made_just_before_the_page_is_hidden_is_judged_and_written_without_a_frame() {
    let mut page = coaching();
    page.answer(Some(Direction::Left));
    page.press(Direction::Left);
    // A hidden page draws no frame: what waited for one is done now.
    page.send(Event::PageHidden);
    assert_eq!(page.model.coach().moves, 1);
    assert!(page.has(|e| *e == Effect::SaveCoach(Box::new(page.model.coach_save()))));
}
