//! The solver worker's start-up, deadlines and failures, as the player meets them.

use game_core::Direction;
use page_core::request::Strength;
use page_core::text::Message;
use page_core::{Control, Effect, Event, START_TIMEOUT_MS, Timer, WorkerEvent, deadline_ms};

use crate::harness::{MID, Page, game};

#[test]
fn the_worker_starts_only_once_the_first_board_is_drawn() {
    let mut page = Page::unpainted(Page::start_of(Some(game(MID, 60)), 4));
    assert!(page.has(|e| *e == Effect::ShowBoard { rows: page.board(), appear: false }));
    assert!(!page.has(|e| matches!(e, Effect::StartWorker { .. })), "not with the page's first effects");
    assert!(page.has(|e| *e == Effect::AfterPaint(Timer::StartSolver)));
    // Hint pressed before that waits for the worker, which starts after the paint.
    page.click(Control::Hint);
    assert!(page.asked.is_empty());
    page.fire(Timer::StartSolver);
    assert!(page.has(|e| *e == Effect::StartWorker { generation: 1 }));
    assert!(page.asked.is_empty(), "nothing is sent before the worker is ready");
    page.worker(WorkerEvent::Ready);
    assert_eq!(page.asked.len(), 1, "the hint asked before the start goes out");
    page.answer(Some(Direction::Down));
    assert_eq!(page.model.hint(), Some(Direction::Down));
    // The timer again starts no second worker.
    page.fire(Timer::StartSolver);
    assert!(!page.has(|e| matches!(e, Effect::StartWorker { .. })));
}

#[test]
fn the_page_starts_one_worker_with_a_time_limit() {
    let page = Page::load(None, 4);
    assert_eq!(page.generation, 1);
    assert!(page.timers().contains(&(START_TIMEOUT_MS, Timer::StartTimeout { generation: 1 })));
}

#[test]
fn every_request_has_a_deadline_suited_to_its_strength() {
    for strength in Strength::ALL {
        let mut page = Page::ready_on(MID, 4);
        match strength.strategy().needs_network() {
            true => page.choose_with_network(strength),
            false => drop(page.send(Event::Strength(Some(strength)))),
        }
        page.click(Control::Hint);
        let id = page.last_ask().id;
        assert_eq!(page.last_ask().strength, strength);
        assert!(page.timers().contains(&(deadline_ms(strength), Timer::Deadline { id })));
    }
    assert!(deadline_ms(Strength::Max) >= deadline_ms(Strength::Strong));
    assert!(deadline_ms(Strength::Strong) >= deadline_ms(Strength::Spec));
}

#[test]
fn a_worker_that_cannot_load_is_reported_at_once_and_hint_says_so() {
    let mut page = Page::load(Some(game(MID, 60)), 4);
    page.worker(WorkerEvent::Failed("the worker script did not load".into()));
    assert!(page.has(|e| *e == Effect::StopWorker));
    assert_eq!(page.model.notices(), [Message::SolverUnavailable]);
    assert!(page.model.solver_failed());
    page.click(Control::Hint);
    page.click(Control::Autoplay);
    assert!(page.asked.is_empty());
    assert!(!page.model.autoplay_on());
    assert_eq!(page.model.notices(), [Message::SolverUnavailable], "said once");
}

#[test]
fn a_worker_that_never_says_ready_is_given_up_on_at_its_time_limit() {
    let mut page = Page::load(Some(game(MID, 60)), 4);
    page.click(Control::Hint);
    page.fire(Timer::StartTimeout { generation: 1 });
    assert!(page.model.solver_failed());
    assert_eq!(page.model.notices(), [Message::SolverUnavailable]);
}

#[test]
fn the_time_limit_of_a_worker_that_did_start_does_nothing() {
    let mut page = Page::ready_on(MID, 4);
    page.fire(Timer::StartTimeout { generation: 1 });
    assert!(!page.model.solver_failed());
    assert!(page.model.notices().is_empty());
}

#[test]
fn a_request_past_its_deadline_stops_autoplay_says_so_and_starts_a_fresh_worker() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    let stuck = page.last_ask();
    page.fire(Timer::Deadline { id: stuck.id });
    assert!(!page.model.autoplay_on());
    assert_eq!(page.model.notices(), [Message::SolverSlow]);
    assert!(page.has(|e| *e == Effect::StartWorker { generation: 2 }));
    // The stuck worker's late answer is not heard.
    let late = crate::harness::decision(&stuck, Some(Direction::Left));
    page.send(Event::Worker { generation: 1, event: late });
    assert_eq!(page.board(), MID);
    // The fresh one answers.
    page.worker(WorkerEvent::Ready);
    page.click(Control::Hint);
    page.answer(Some(Direction::Up));
    assert_eq!(page.model.hint(), Some(Direction::Up));
    assert!(page.model.notices().is_empty(), "the restart is old news once it answers");
}

#[test]
fn the_deadline_of_an_answered_request_does_nothing() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    let id = page.last_ask().id;
    page.answer(Some(Direction::Left));
    page.fire(Timer::Deadline { id });
    assert_eq!(page.generation, 1);
    assert!(page.model.notices().is_empty());
    assert_eq!(page.model.hint(), Some(Direction::Left));
}

#[test]
fn a_worker_that_fails_after_starting_takes_its_arrow_away_and_is_replaced() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    page.answer(Some(Direction::Left));
    page.worker(WorkerEvent::Failed("forged".into()));
    assert_eq!(page.model.hint(), None, "no arrow left from a worker that is gone");
    assert_eq!(page.model.notices(), [Message::SolverCrashed], "not 'could not start'");
    assert_eq!(page.generation, 2);
    assert!(!page.model.solver_failed());
}

#[test]
fn after_a_few_fresh_workers_fail_the_solver_is_given_up_on() {
    let mut page = Page::ready_on(MID, 4);
    for _ in 0..10 {
        if page.model.solver_failed() {
            break;
        }
        page.worker(WorkerEvent::Ready);
        page.worker(WorkerEvent::Failed("crashed".into()));
    }
    assert!(page.model.solver_failed());
    assert!(page.generation <= 5, "{} workers started", page.generation);
    assert!(page.model.notices().contains(&Message::SolverUnavailable));
}

#[test]
fn a_refused_request_stops_autoplay() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    let id = page.last_ask().id;
    page.worker(WorkerEvent::Refused { id: Some(id), message: "unreadable".into() });
    assert!(!page.model.autoplay_on());
    assert!(page.has(|e| matches!(e, Effect::Warn(_))));
}
