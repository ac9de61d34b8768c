//! Autoplay: its pace at each speed, one move a frame at the fastest, taking control back, the
//! confirmation pausing it, and the end of a game.

use game_core::{Direction, Status};
use page_core::autoplay::{MAX_SPEED, delay_ms};
use page_core::text::Message;
use page_core::{Control, Effect, Event, Timer};

use crate::harness::{MID, NEAR_WIN, Page, game};

#[test]
fn at_a_slow_speed_each_move_is_played_then_paused_on() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    assert!(page.model.autoplay_on());
    assert_eq!(page.said(), [Message::AutoplayOn]);
    assert_eq!(page.asked.len(), 1);
    page.answer(Some(Direction::Left));
    assert_eq!(page.animated(), Some(false), "played at once, sliding");
    let Some((ms, Timer::AutoplayStep { run })) = page.autoplay_timer() else {
        panic!("no pause: {:?}", page.fx)
    };
    assert_eq!(ms, delay_ms(3));
    assert!(page.said().is_empty(), "Autoplay's moves are not announced one by one");
    assert_eq!(page.asked.len(), 1, "nothing asked during the pause");
    page.fire(Timer::AutoplayStep { run });
    assert_eq!(page.asked.len(), 2);
    assert_eq!(page.last_ask().board, page.board());
}

#[test]
fn at_the_fastest_one_move_a_frame_and_the_next_question_just_after_it() {
    let mut page = Page::ready_on(MID, MAX_SPEED);
    page.click(Control::Autoplay);
    page.answer_legal();
    assert_eq!(page.animated(), None, "not played before the frame");
    assert!(page.has(|e| *e == Effect::Frame));
    page.send(Event::Frame);
    assert_eq!(page.animated(), Some(true), "the tiles jump");
    let Some((0, Timer::AfterFrame { run })) = page.autoplay_timer() else { panic!("{:?}", page.fx) };
    assert_eq!(page.asked.len(), 1, "the question waits until the frame is drawn");
    page.fire(Timer::AfterFrame { run });
    assert_eq!(page.asked.len(), 2);
    // A frame with nothing queued plays nothing.
    page.send(Event::Frame);
    assert_eq!(page.animated(), None);
}

#[test]
fn an_arrow_key_takes_control_back_and_plays_its_own_move() {
    let mut page = Page::ready_on(MID, MAX_SPEED);
    page.click(Control::Autoplay);
    page.answer(Some(Direction::Left));
    page.press(Direction::Right);
    assert!(!page.model.autoplay_on());
    assert_eq!(page.animated(), Some(false), "the player's move slides");
    assert_eq!(page.model.moves(), 1);
    let after = page.board();
    page.send(Event::Frame);
    assert_eq!(page.board(), after, "Autoplay's queued move is not played");
}

#[test]
fn a_timer_of_an_earlier_run_does_nothing() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    page.answer_legal();
    let Some((_, Timer::AutoplayStep { run })) = page.autoplay_timer() else { panic!("{:?}", page.fx) };
    page.click(Control::Autoplay);
    assert_eq!(page.said(), [Message::AutoplayOff]);
    page.click(Control::Autoplay);
    let asked = page.asked.len();
    page.fire(Timer::AutoplayStep { run });
    assert_eq!(page.asked.len(), asked, "the old run's pause asks nothing");
}

#[test]
fn the_new_game_confirmation_pauses_autoplay_and_cancel_resumes_it() {
    for speed in [3, MAX_SPEED] {
        let mut page = Page::ready_on(MID, speed);
        page.click(Control::Autoplay);
        page.click(Control::NewGame);
        assert!(page.has(|e| *e == Effect::OpenConfirm));
        let before = page.board();
        page.answer(Some(Direction::Left));
        page.send(Event::Frame);
        assert_eq!(page.board(), before, "speed {speed}: no move under the dialog");
        assert!(page.model.autoplay_on(), "paused, not stopped");
        page.click(Control::ConfirmNo);
        assert!(page.has(|e| *e == Effect::CloseConfirm));
        assert!(page.has(|e| *e == Effect::Frame), "speed {speed}: the chosen move is played next frame");
        page.send(Event::Frame);
        assert_ne!(page.board(), before, "speed {speed}: Autoplay goes on");
    }
}

#[test]
fn autoplay_paused_before_it_asked_asks_when_the_dialog_is_dismissed() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    page.answer_legal();
    let Some((_, Timer::AutoplayStep { run })) = page.autoplay_timer() else { panic!("{:?}", page.fx) };
    page.click(Control::NewGame);
    let asked = page.asked.len();
    page.fire(Timer::AutoplayStep { run });
    assert_eq!(page.asked.len(), asked, "no question while the dialog is open");
    page.send(Event::ConfirmDismissed);
    assert_eq!(page.asked.len(), asked + 1);
}

#[test]
fn autoplay_plays_a_game_to_its_end_stops_and_saves() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    for _ in 0..5000 {
        if !page.model.autoplay_on() {
            break;
        }
        page.answer_legal();
        page.fire_autoplay();
    }
    assert_eq!(page.model.status(), Status::Over);
    assert!(!page.model.autoplay_on());
    assert!(page.saved(), "game over is saved at once");
    assert!(matches!(page.said()[..], [Message::Over { .. }]));
}

#[test]
fn autoplay_keeps_going_past_2048_with_a_toast() {
    let mut page = Page::load(Some(game(NEAR_WIN, 17_000)), 3);
    page.send(Event::Worker { generation: page.generation, event: page_core::WorkerEvent::Ready });
    page.click(Control::Autoplay);
    page.answer(Some(Direction::Left));
    assert_eq!(page.model.status(), Status::Playing, "no banner: Autoplay goes on");
    assert!(page.has(|e| *e == Effect::Toast(Message::WonAutoplayContinues)));
    assert!(page.saved(), "a win is saved at once");
    assert!(page.model.autoplay_on());
}

#[test]
fn a_solver_with_no_move_stops_autoplay() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    page.answer(None);
    assert!(!page.model.autoplay_on());
}
