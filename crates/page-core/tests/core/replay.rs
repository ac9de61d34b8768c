//! The replay view: a kept game stepped, played and scrubbed through position by position, its
//! last position the game's end exactly; the solver's view of a position on demand; the replay
//! file exported and imported, every bad file refused with its reason and nothing else touched.

use game_core::{Direction, Game, Record};
use page_core::history::{Ending, Help, Kept, Tally};
use page_core::replay::{MAX_REPLAY_LEN, REPLAY_STEP_MS, Replay, ReplayError, export, import};
use page_core::text::{Language, Message};
use page_core::{Control, Effect, Event, Panel, Step, WorkerEvent};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::Value;

use crate::harness::{MID, Page, decision};

/// A kept game of `moves` moves (played into a corner, which lasts).
pub(crate) fn kept(moves: usize, seed: u64) -> Kept {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut record = Record::new(Game::new(&mut rng));
    let corner = [Direction::Down, Direction::Left, Direction::Right, Direction::Up];
    for _ in 0..moves {
        let board = record.game().board();
        let direction = corner.into_iter().find(|&d| board.slide(d).moved).expect("a game that lasts");
        record.play(direction, &mut rng);
    }
    let mut tally = Tally::default();
    tally.moved(1_000, false, false, false);
    Kept::new(10_000 + seed, &tally, 20_000, Help::default(), Ending::NewGame, &record)
}

/// A page whose history holds `games`, ready to answer `LoadKept` with them.
pub(crate) fn page_with(games: &[Kept]) -> Page {
    let mut page = Page::ready_on(MID, 4);
    page.send(Event::HistoryLoaded { games: games.iter().map(|k| k.summary).collect(), set_aside: 0 });
    page
}

/// Storage answers the page's `LoadKept` with that game of `games`.
pub(crate) fn loaded(page: &mut Page, games: &[Kept]) {
    let id = page
        .fx
        .iter()
        .find_map(|e| match e {
            Effect::LoadKept(id) => Some(*id),
            _ => None,
        })
        .expect("a kept game is read");
    let kept = games.iter().find(|k| k.summary.id == id).cloned().unwrap();
    page.send(Event::KeptLoaded { id, kept: Ok(Box::new(kept)) });
}

#[test]
fn every_position_is_shown_and_the_last_is_the_games_end_exactly() {
    let kept = kept(120, 1);
    let mut replay = Replay::new(kept.clone(), false);
    assert_eq!(replay.len(), 120);
    assert_eq!(replay.game(), kept.record.start());
    assert!(replay.seek(120));
    let end = replay.game();
    assert_eq!((end.board(), end.score()), (kept.record.game().board(), kept.summary.score));
    assert_eq!(replay.next_move(), None);
    replay.seek(5_000);
    assert_eq!(replay.at(), 120, "past the end is the end");
    // Each position is the one before with its recorded move and tile.
    replay.seek(0);
    for step in &kept.record.steps()[..10] {
        let mut game = replay.game();
        assert_eq!(replay.next_move(), Some(step.direction));
        game.play_with_spawn(step.direction, step.spawn).unwrap();
        replay.seek(replay.at() + 1);
        assert_eq!(replay.game(), game);
    }
}

#[test]
fn the_view_opens_on_the_newest_game_and_steps_plays_and_scrubs() {
    let games = [kept(30, 2), kept(50, 3)];
    let mut page = page_with(&games);
    page.click(Control::Replay);
    assert!(page.has(|e| *e == Effect::OpenPanel(Panel::Replay)));
    assert!(page.has(|e| *e == Effect::LoadKept(games[1].summary.id)), "the newest");
    loaded(&mut page, &games);
    let replay = page.model.replay().expect("shown");
    assert_eq!((replay.at(), replay.len()), (0, 50));
    page.click(Control::ReplayStep(Step::Next));
    page.click(Control::ReplayStep(Step::Next));
    page.click(Control::ReplayStep(Step::Previous));
    assert_eq!(page.model.replay().unwrap().at(), 1);
    page.click(Control::ReplayStep(Step::Last));
    assert_eq!(page.model.replay().unwrap().at(), 50);
    // The left and right keys step too; the board underneath never moves.
    page.press(Direction::Right);
    page.press(Direction::Right);
    page.press(Direction::Left);
    page.press(Direction::Up);
    assert_eq!(page.model.replay().unwrap().at(), 49);
    assert_eq!(page.board(), MID);
    page.send(Event::ReplaySeek("20".into()));
    assert_eq!(page.model.replay().unwrap().at(), 20);
    page.send(Event::ReplaySeek("lots".into()));
    assert_eq!(page.model.replay().unwrap().at(), 20, "a value that is no position changes nothing");
    // Play: a move every REPLAY_STEP_MS until paused.
    page.click(Control::ReplayPlay);
    assert!(page.model.replay_playing());
    let [(ms, timer)] = page.timers().try_into().unwrap();
    assert_eq!(ms, REPLAY_STEP_MS);
    page.fire(timer);
    page.fire(timer);
    assert_eq!(page.model.replay().unwrap().at(), 22);
    page.click(Control::ReplayPlay);
    page.fire(timer);
    assert_eq!(page.model.replay().unwrap().at(), 22, "paused");
    // Played to the end, it stops there; played again, from the start.
    page.click(Control::ReplayPlay);
    let [(_, timer)] = page.timers().try_into().unwrap();
    for _ in 0..40 {
        page.fire(timer);
    }
    assert_eq!(page.model.replay().unwrap().at(), 50);
    assert!(!page.model.replay_playing());
    page.click(Control::ReplayPlay);
    assert_eq!(page.model.replay().unwrap().at(), 0);
    // Another game picked.
    page.send(Event::ReplayPick(games[0].summary.id.to_string()));
    loaded(&mut page, &games);
    assert_eq!(page.model.replay().unwrap().len(), 30);
    // Closed, a play stops; the game underneath never moved.
    page.click(Control::ReplayPlay);
    let [(_, timer)] = page.timers().try_into().unwrap();
    page.click(Control::ClosePanel);
    page.fire(timer);
    assert!(!page.model.replay_playing());
    assert_eq!(page.board(), MID);
}

#[test]
fn opened_before_the_games_are_read_it_shows_the_newest_once_they_are() {
    let games = [kept(10, 10), kept(12, 11)];
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Replay);
    assert!(!page.fx.iter().any(|e| matches!(e, Effect::LoadKept(_))), "nothing to read yet");
    page.send(Event::HistoryLoaded { games: games.iter().map(|k| k.summary).collect(), set_aside: 0 });
    assert!(page.has(|e| *e == Effect::LoadKept(games[1].summary.id)));
    loaded(&mut page, &games);
    assert_eq!(page.model.replay().unwrap().len(), 12);
}

#[test]
fn a_kept_game_that_cannot_be_read_is_told() {
    let games = [kept(10, 4)];
    let mut page = page_with(&games);
    page.click(Control::Replay);
    page.send(Event::KeptLoaded { id: games[0].summary.id, kept: Err("gone".into()) });
    assert_eq!(page.model.replay_problem(), Some(&Message::KeptUnreadable));
    assert!(page.model.replay().is_none());
}

#[test]
fn the_solvers_view_of_the_position_shown_on_demand() {
    let games = [kept(40, 5)];
    let mut page = page_with(&games);
    page.click(Control::Replay);
    loaded(&mut page, &games);
    page.send(Event::ReplaySeek("12".into()));
    let board = page.model.replay().unwrap().game().board();
    page.click(Control::ReplayAnalyse);
    let request = page.last_ask();
    assert_eq!(request.board, board.rows());
    page.worker(decision(&request, Some(Direction::Up)));
    let analysis = page.model.replay().unwrap().analysis.expect("the solver's view");
    assert_eq!((analysis.board, analysis.search.best), (board, Some(Direction::Up)));
    assert_eq!(page.model.hint(), None, "no arrow on the game underneath");
    // A step away leaves it behind; an answer for an old position is dropped.
    page.click(Control::ReplayAnalyse);
    page.click(Control::ReplayStep(Step::Next));
    assert!(page.model.replay().unwrap().analysis.is_none());
    page.click(Control::ReplayAnalyse);
    let asked = page.last_ask();
    page.click(Control::ReplayStep(Step::Next));
    page.worker(decision(&asked, Some(Direction::Left)));
    assert!(page.model.replay().unwrap().analysis.is_none());
    // Asked once while awaited; asked again once the worker is lost.
    let asks = page.asked.len();
    page.click(Control::ReplayAnalyse);
    page.click(Control::ReplayAnalyse);
    assert_eq!(page.asked.len(), asks + 1);
    page.worker(WorkerEvent::Failed("crashed".into()));
    page.worker(WorkerEvent::Ready);
    page.click(Control::ReplayAnalyse);
    let again = page.last_ask();
    assert_eq!(again.board, page.model.replay().unwrap().game().board().rows());
    page.worker(decision(&again, Some(Direction::Down)));
    assert!(page.model.replay().unwrap().analysis.is_some());
}

#[test]
fn an_exported_replay_imports_as_the_same_game() {
    let kept = kept(150, 6);
    let text = export(&kept);
    let back = import(&text).unwrap();
    assert_eq!(
        (back.summary.id, back.summary.score, back.summary.moves),
        (kept.summary.id, kept.summary.score, 150)
    );
    assert_eq!(back.record, kept.record);
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((value["format"].as_str(), value["version"].as_u64()), (Some("2048-replay"), Some(1)));
}

#[test]
fn bad_files_are_refused_with_their_reason() {
    let game = kept(60, 7);
    let good: Value = serde_json::from_str(&export(&game)).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        v.to_string()
    };
    let cases = [
        ("not JSON".to_owned(), ReplayError::NotAReplay),
        ("[1,2]".into(), ReplayError::NotAReplay),
        (with(&|v| v["format"] = "chess".into()), ReplayError::NotAReplay),
        (with(&|v| v["version"] = 2.into()), ReplayError::WrongVersion(Some(2))),
        (with(&|v| v["game"]["version"] = 7.into()), ReplayError::WrongVersion(Some(7))),
        (
            with(&|v| v["game"]["record"]["steps"][9][0] = "sideways".into()),
            ReplayError::BadMove { index: 9 },
        ),
        (with(&|v| v["game"]["record"]["steps"][9][1] = 16.into()), ReplayError::BadMove { index: 9 }),
        (with(&|v| v["game"]["record"]["steps"][9][2] = 8.into()), ReplayError::BadMove { index: 9 }),
    ];
    for (text, expected) in cases {
        assert_eq!(import(&text), Err(expected), "{text:.80}");
    }
    // A tile dropped on a cell that is taken, or numbers that are not the record's.
    let mut replay = Replay::new(game.clone(), false);
    replay.seek(5);
    let spawned = game.record.steps()[4].spawn.cell;
    let taken = (0..16).find(|&c| c != spawned && replay.game().board().exponent(c) != 0).unwrap();
    let on_a_tile = with(&|v| v["game"]["record"]["steps"][4][1] = taken.into());
    assert_eq!(import(&on_a_tile), Err(ReplayError::BadMove { index: 4 }));
    let lied = with(&|v| v["game"]["score"] = 999_999.into());
    assert!(matches!(import(&lied), Err(ReplayError::Impossible(_))));
    // Huge and hostile texts: refused unread, or without harm.
    let huge = " ".repeat(MAX_REPLAY_LEN + 1);
    assert!(matches!(import(&huge), Err(ReplayError::TooLarge { .. })));
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(import(&deep), Err(ReplayError::NotAReplay));
    let many = format!(
        "{{\"format\":\"2048-replay\",\"version\":1,\"game\":{{\"x\":[{}0]}}}}",
        "0,".repeat(500_000)
    );
    assert!(import(&many).is_err());
}

#[test]
fn an_import_shows_the_replay_or_says_why_not_and_touches_nothing_else() {
    let games = [kept(20, 8)];
    let mut page = page_with(&games);
    page.press(Direction::Left);
    let (board, score) = (page.board(), page.model.game().score());
    page.click(Control::Replay);
    loaded(&mut page, &games);
    page.send(Event::ReplayFile(Ok("{\"format\":\"2048-replay\",\"version\":3}".into())));
    assert_eq!(
        page.model.replay_problem(),
        Some(&Message::ReplayRefused(ReplayError::WrongVersion(Some(3))))
    );
    assert_eq!(page.model.replay().unwrap().kept, games[0], "the replay shown stays");
    page.send(Event::ReplayFile(Err(ReplayError::TooLarge { length: 9 << 20, limit: MAX_REPLAY_LEN })));
    assert!(matches!(
        page.model.replay_problem(),
        Some(Message::ReplayRefused(ReplayError::TooLarge { .. }))
    ));
    let other = kept(70, 9);
    page.send(Event::ReplayFile(Ok(export(&other))));
    assert_eq!(page.model.replay_problem(), None);
    let replay = page.model.replay().unwrap();
    assert!(replay.imported);
    assert_eq!(replay.len(), 70);
    assert!(!page.fx.iter().any(|e| matches!(e, Effect::KeepGame(_) | Effect::Save(_))));
    assert_eq!(page.model.kept_games().len(), 1, "an import is not a game kept");
    assert_eq!((page.board(), page.model.game().score()), (board, score));
    page.click(Control::ReplayExport);
    assert!(page.has(|e| matches!(e, Effect::Download { text, .. } if import(text).is_ok())));
}

#[test]
fn a_files_version_is_never_echoed_into_the_page() {
    let good: Value = serde_json::from_str(&export(&kept(20, 10))).unwrap();
    let forged = "WRITTEN BY THE FILE ".repeat(160_000);
    assert!(forged.len() > 3_000_000 && forged.len() < MAX_REPLAY_LEN - 10_000);
    let mut outer = good.clone();
    outer["version"] = forged.clone().into();
    let mut inner = good.clone();
    inner["game"]["version"] = forged.clone().into();
    let mut markup = good.clone();
    markup["version"] = "<img src=x onerror=alert(1)>".into();
    for file in [outer, inner, markup] {
        let text = file.to_string();
        let problem = {
            let mut page = page_with(&[]);
            page.send(Event::ReplayFile(Ok(text)));
            page.model.replay_problem().cloned().expect("the file is refused")
        };
        for language in Language::ALL {
            let said = language.message(&problem);
            assert!(
                !said.contains("WRITTEN") && !said.contains("<img"),
                "{language:?} echoes the file: {said:.200}"
            );
            assert!(said.chars().count() < 200, "{language:?}: {said:.200}");
        }
    }
    // A version that is a whole number is the page's to say.
    let mut later = good;
    later["version"] = 2.into();
    let mut page = page_with(&[]);
    page.send(Event::ReplayFile(Ok(later.to_string())));
    let said = Language::En.message(page.model.replay_problem().unwrap());
    assert!(said.contains("version 2") && said.contains("version 1"), "{said}");
}
