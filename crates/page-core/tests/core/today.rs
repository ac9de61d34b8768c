//! "Today's game" on the page: the day's tiles, the first try counting and later ones practice,
//! the day's result kept, the solver's result asked of the worker and kept, and the result to
//! share.

use game_core::{Record, Status};
use page_core::daily::Day;
use page_core::days::{Days, Outcome};
use page_core::first_board::{FirstBoard, Saved};
use page_core::saved::Loaded;
use page_core::text::Message;
use page_core::{Control, Effect, Event, Start, WorkerEvent};

use crate::harness::{Page, WALL};

/// The harness's day: 2025-12-01.
fn today() -> Day {
    Day::of_epoch_ms(WALL as u64)
}

fn saved_days(page: &Page) -> Option<Days> {
    page.fx.iter().rev().find_map(|e| match e {
        Effect::SaveDays(days) => Some(days.clone()),
        _ => None,
    })
}

/// Plays until no move is left.
fn play_to_the_end(page: &mut Page) {
    while page.model.status() != Status::Over {
        page.press_legal();
    }
}

#[test]
fn todays_game_draws_the_days_tiles_and_its_first_try_counts() {
    let mut page = Page::load(None, 4);
    page.click(Control::TodaysGame);
    assert_eq!(page.model.game(), today().first_game());
    let days = saved_days(&page).expect("the day's first try is written as it starts");
    assert!(days.tried(today()) && !days.get(today()).unwrap().finished);
    assert!(page.said().contains(&Message::DailyTry { date: "2025-12-01".into(), counts: true }));
    // Each move's tile is the day's: the same moves give the same game as the worker's own play.
    let mut record = Record::new(today().first_game());
    for _ in 0..20 {
        let direction = page.press_legal();
        today().play_record(&mut record, direction);
        assert_eq!(page.model.game(), record.game());
    }
    let view = page.model.daily().expect("the day's game is on screen");
    assert!(view.attempt.counts && !view.over);
    assert_eq!(view.lines(), vec![Message::DailyTry { date: "2025-12-01".into(), counts: true }]);
}

#[test]
fn a_reload_goes_on_with_the_days_tiles() {
    let mut page = Page::load(None, 4);
    page.click(Control::TodaysGame);
    for _ in 0..10 {
        page.press_legal();
    }
    let stored = page.stored.clone().unwrap();
    assert_eq!(stored.tally.daily.map(|d| (d.day, d.counts)), Some((today(), true)));
    let days = saved_days(&page).unwrap_or_default();
    // The first board (before the page loads) leaves a day's game to the page.
    let saved = Saved {
        loaded: Loaded { game: Some(stored.game), best: stored.best, problems: vec![] },
        tally: Some(stored.tally.clone()),
        coach: Ok(None),
    };
    assert!(FirstBoard::start(saved, false, 1).is_none());
    let mut again = Page::start(Start {
        loaded: Loaded { game: Some(stored.game), best: stored.best, problems: vec![] },
        tally: Some(stored.tally),
        days,
        seed: 99,
        ..Page::start_of(None, 4)
    });
    for _ in 0..10 {
        let direction = page.press_legal();
        again.press(direction);
        assert_eq!(again.model.game(), page.model.game(), "another seed, the same tiles");
    }
    assert!(again.model.daily().unwrap().attempt.counts);
}

#[test]
fn the_first_try_is_the_days_result_and_later_tries_are_practice() {
    let mut page = Page::load(None, 4);
    page.worker(WorkerEvent::Ready);
    page.click(Control::TodaysGame);
    play_to_the_end(&mut page);
    let score = page.model.game().score();
    let days = saved_days(&page).expect("the day's result is written when it ends");
    let result = *days.get(today()).unwrap();
    assert!(result.finished && result.counted);
    assert_eq!((result.player.score, result.player.tile), (score, page.model.game().board().max_tile()));
    assert_eq!(page.model.best(), score, "the first try counts for Best");
    let view = page.model.daily().unwrap();
    assert!(view.over);
    assert_eq!(
        view.lines()[0],
        Message::DailyOver { date: "2025-12-01".into(), score, tile: result.player.tile, counts: true }
    );
    // Copy result: the date, the largest tile and the score (no coach: no agreement).
    page.click(Control::CopyResult);
    let text = format!("2048, game of the day 2025-12-01: {}, ", result.player.tile);
    assert!(page.has(|e| matches!(e, Effect::CopyResult(t) if t.starts_with(&text) && !t.contains('%'))));
    page.send(Event::ResultCopied(false));
    assert!(page.model.notices().contains(&Message::ResultNotCopied));

    // A second try the same day: practice, the same tiles, and no Best from it.
    page.click(Control::TodaysGame);
    assert_eq!(page.model.game(), today().first_game());
    assert!(!page.model.daily().unwrap().attempt.counts);
    assert!(saved_days(&page).is_none(), "practice writes no result");
    let best = page.model.best();
    for _ in 0..200 {
        if page.model.status() == Status::Over {
            break;
        }
        page.press_legal();
    }
    assert!(page.model.game().score() > 0);
    assert_eq!(page.model.best(), best, "practice never raises Best");
    assert_eq!(page.model.days().get(today()).copied(), Some(result), "the day's result stands");
}

#[test]
fn practice_never_raises_best() {
    // The first try given up at once: a second try is practice, whatever it scores.
    let mut page = Page::load(None, 4);
    page.click(Control::TodaysGame);
    page.click(Control::TodaysGame);
    assert!(!page.model.daily().unwrap().attempt.counts);
    play_to_the_end(&mut page);
    assert!(page.model.game().score() > 0);
    assert_eq!(page.model.best(), 0);
}

#[test]
fn the_solver_plays_the_day_once_the_network_is_in_the_worker() {
    let mut page = Page::load(None, 4);
    page.worker(WorkerEvent::Ready);
    page.click(Control::TodaysGame);
    play_to_the_end(&mut page);
    // Spec is chosen: the network is fetched for the day's result.
    assert!(page.has(|e| *e == Effect::FetchNetwork), "{:?}", page.fx);
    page.send(Event::NetworkFetched(Ok(())));
    page.worker(WorkerEvent::NetworkReady);
    assert!(page.has(|e| *e == Effect::PlayDay(today())));
    assert_eq!(page.model.daily().unwrap().lines()[1], Message::DailySolverPlaying);
    let solver = Outcome { score: 60_000, tile: 4096, moves: 3000 };
    page.worker(WorkerEvent::DayPlayed { day: today(), outcome: solver });
    assert_eq!(saved_days(&page).unwrap().get(today()).unwrap().solver, Some(solver));
    let view = page.model.daily().unwrap();
    assert_eq!(view.solver, Some(solver));
    assert_eq!(view.lines()[1], Message::DailySolver { score: 60_000, tile: 4096 });
    // Known: not asked again, even of a fresh worker.
    page.worker(WorkerEvent::Ready);
    assert!(!page.has(|e| matches!(e, Effect::PlayDay(_))));
}

#[test]
fn a_game_in_progress_is_kept_when_todays_game_starts() {
    let mut page = Page::load(None, 4);
    page.send(Event::HistoryLoaded { games: vec![], set_aside: 0 });
    page.press_legal();
    page.click(Control::TodaysGame);
    assert!(page.model.confirm_open(), "a game in progress asks first");
    page.click(Control::ConfirmYes);
    assert_eq!(page.kept().len(), 1, "the game given up is kept");
    assert_eq!(page.model.game(), today().first_game());
}

#[test]
fn the_coachs_agreement_goes_into_the_share() {
    let mut page = Page::load(None, 4);
    page.worker(WorkerEvent::Ready);
    page.click(Control::Coach);
    page.click(Control::TodaysGame);
    while page.model.status() != Status::Over {
        // The solver's choice is the move the player makes: every move agrees.
        page.answer_legal();
        page.press_legal();
        page.paint();
    }
    let view = page.model.daily().unwrap();
    let moves = view.player.moves;
    assert_eq!(view.agreed, Some((moves, moves)));
    assert_eq!(page.model.days().get(today()).unwrap().agreed, Some((moves, moves)));
    page.click(Control::CopyResult);
    assert!(page.has(
        |e| matches!(e, Effect::CopyResult(t) if t.ends_with(", 100 % of my moves were the solver's."))
    ));
}

#[test]
fn a_first_try_set_aside_for_an_entered_board_and_given_up_is_the_days_result() {
    let mut page = Page::load(None, 4);
    page.click(Control::TodaysGame);
    for _ in 0..5 {
        page.press_legal();
    }
    let (score, tile) = (page.model.game().score(), page.model.game().board().max_tile());
    page.send(Event::Address("#board=2,4,8,16,0,0,4,2,0,2,0,2,0,0,0,0".into()));
    assert!(page.model.analysing());
    page.click(Control::PlayEntered);
    page.click(Control::ConfirmYes);
    let result = *saved_days(&page).expect("the day's result is written").get(today()).unwrap();
    assert!(result.finished);
    assert_eq!((result.player.score, result.player.tile, result.player.moves), (score, tile, 5));
}
