//! The first board: the moves it plays before the page runs leave exactly what the page would
//! have left, and the page, started on what it saved, goes on from there.

use game_core::{Direction, Game, Record, Status};
use page_core::first_board::{FirstBoard, Played, Saved};
use page_core::saved::{Loaded, Problem};
use page_core::{Coach, CoachSave, Start, TallySave};

use crate::harness::{MID, NEAR_WIN, Page, WALL, game};

const SEED: u64 = 7;

fn saved(game: Option<Game>, tally: Option<TallySave>, coach: Option<CoachSave>) -> Saved {
    Saved {
        loaded: Loaded { best: game.map_or(0, |g| g.score()), game, problems: vec![] },
        tally,
        coach: Ok(coach),
    }
}

/// A visit of the page itself on the same storage, with the same seed.
fn page_on(saved_game: Option<Game>, tally: Option<TallySave>) -> Page {
    Page::start(Start { tally, seed: SEED, ..Page::start_of(saved_game, 1) })
}

/// The first move, in `Direction::ALL` order, that counts on `game`.
fn legal(game: &Game) -> Option<Direction> {
    Direction::ALL.into_iter().find(|&d| game.board().slide(d).moved)
}

/// Plays the same moves on the first board and on the page, 100 ms apart, until `moves` are
/// played or the first board hands one over (which the page then plays too).
fn play_both(first: &mut FirstBoard, page: &mut Page, moves: usize) -> bool {
    for i in 0..moves {
        let Some(direction) = legal(&first.game()) else { return false };
        page.now = 100.0 * i as f64;
        let at = (WALL + page.now) as u64;
        let played = first.play(direction, at);
        page.press(direction);
        match played {
            Played::Moved(report) => assert_eq!(report.direction, direction),
            Played::HandOver => return true,
            Played::Nothing => panic!("{direction} counts"),
        }
        assert_eq!(first.game(), page.model.game(), "after move {i}");
    }
    false
}

#[test]
fn a_first_visit_plays_the_page_s_own_game_and_saves_what_the_page_would() {
    let mut first = FirstBoard::start(saved(None, None, None), false, SEED).expect("a first visit is plain");
    let mut page = page_on(None, None);
    assert_eq!(first.game(), page.model.game(), "the same new game from the same seed");
    assert!(first.is_unsaved());
    assert!(!play_both(&mut first, &mut page, 40));
    assert!(!first.is_unsaved());
    assert_eq!(first.best(), page.model.best());
    assert_eq!(first.tally_save(), page.model.tally_save(), "the same record and time played");
}

#[test]
fn the_page_started_on_what_the_first_board_saved_goes_on_from_there() {
    let mut first = FirstBoard::start(saved(Some(game(MID, 60)), None, None), false, SEED).unwrap();
    assert!(!first.is_unsaved(), "a saved game is there already");
    for i in 0..12 {
        let Some(direction) = legal(&first.game()) else { break };
        assert!(matches!(first.play(direction, WALL as u64 + 100 * i), Played::Moved(_)));
    }
    let page = page_on(Some(first.game()), Some(first.tally_save()));
    assert_eq!(page.model.game(), first.game());
    assert_eq!(page.model.best(), first.best());
    assert_eq!(page.model.tally_save(), first.tally_save(), "its record and tally, not new ones");
    assert_eq!(page.model.tally_save().record.cursor(), 12);
}

#[test]
fn a_winning_move_is_handed_over_unplayed_and_so_is_every_move_after_it() {
    let near = game(NEAR_WIN, 17_000);
    let mut first = FirstBoard::start(saved(Some(near), None, None), false, SEED).unwrap();
    let before = first.tally_save();
    assert!(matches!(first.play(Direction::Left, WALL as u64), Played::HandOver));
    assert!(first.handed_over());
    assert_eq!(first.tally_save(), before, "nothing played");
    assert!(matches!(first.play(Direction::Down, WALL as u64), Played::HandOver));
    // The page plays it, with its banner, from the same board.
    let mut page = page_on(Some(first.game()), Some(first.tally_save()));
    page.press(Direction::Left);
    assert_eq!(page.model.game().status(), Status::Won);
}

#[test]
fn a_move_that_ends_the_game_is_the_page_s_to_play() {
    // Left fills the last cell, and whichever tile comes no move is left: game over, which the
    // page keeps in the history.
    let rows = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 8], [4, 8, 0, 16]];
    let mut first = FirstBoard::start(saved(Some(game(rows, 64)), None, None), false, SEED).unwrap();
    assert!(matches!(first.play(Direction::Left, WALL as u64), Played::HandOver));
    assert_eq!(first.game().status(), Status::Playing, "not played here");
    let mut page = page_on(Some(first.game()), Some(first.tally_save()));
    page.press(Direction::Left);
    assert_eq!(page.model.game().status(), Status::Over);
}

#[test]
fn a_move_that_does_not_count_does_nothing() {
    // Nothing can go up or left on this board.
    let rows = [[2, 4, 8, 16], [0; 4], [0; 4], [0; 4]];
    let mut first = FirstBoard::start(saved(Some(game(rows, 40)), None, None), false, SEED).unwrap();
    assert!(matches!(first.play(Direction::Up, WALL as u64), Played::Nothing));
    assert_eq!(first.tally_save().record.cursor(), 0);
    assert!(!first.handed_over());
}

#[test]
fn anything_but_a_plain_game_is_left_to_the_page() {
    let mid = || Some(game(MID, 60));
    let coach = |on, practised, entered| CoachSave {
        coach: Coach::restored(on, 0, 0, vec![]),
        record: None,
        practised,
        entered,
    };
    assert!(FirstBoard::start(saved(mid(), None, Some(coach(false, false, false))), false, SEED).is_some());
    for (why, c) in [
        ("the coach on", coach(true, false, false)),
        ("Undo used", coach(false, true, false)),
        ("an entered board", coach(false, false, true)),
    ] {
        assert!(FirstBoard::start(saved(mid(), None, Some(c)), false, SEED).is_none(), "{why}");
    }
    assert!(FirstBoard::start(saved(mid(), None, None), true, SEED).is_none(), "a board in the address");
    let mut problem = saved(mid(), None, None);
    problem.loaded.problems.push(Problem::CorruptBest);
    assert!(FirstBoard::start(problem, false, SEED).is_none(), "a storage problem to tell");
    let mut unreadable = saved(mid(), None, None);
    unreadable.coach = Err(Problem::CorruptCoach("?".into()));
    assert!(FirstBoard::start(unreadable, false, SEED).is_none(), "a coach record to drop with a notice");
    let won = r#"{"version":1,"board":[[2048,0,0,0],[0,0,0,0],[0,0,0,0],[2,0,0,0]],"score":19000,"won":true,"keep_going":false}"#;
    let won = Game::from_json(won).unwrap();
    assert!(FirstBoard::start(saved(Some(won), None, None), false, SEED).is_none(), "the win's banner");
    let over = game([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]], 32);
    assert!(FirstBoard::start(saved(Some(over), None, None), false, SEED).is_none(), "game over");
}

#[test]
fn a_saved_record_of_the_game_is_played_on_and_one_of_another_game_is_not() {
    let mid = game(MID, 60);
    let mut record = Record::new(mid);
    // A record of an earlier game (another tab moved on): not this game's.
    let mut elsewhere = record.clone();
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(3);
    elsewhere.play(legal(&mid).unwrap(), &mut rng);
    let stale = TallySave {
        tally: Default::default(),
        record: elsewhere,
        practised: false,
        entered: false,
        daily: None,
    };
    let first = FirstBoard::start(saved(Some(mid), Some(stale), None), false, SEED).unwrap();
    assert_eq!(first.tally_save().record, Record::new(mid));
    record.play(legal(&mid).unwrap(), &mut rng);
    let on = record.game();
    let kept = TallySave {
        tally: Default::default(),
        record: record.clone(),
        practised: false,
        entered: false,
        daily: None,
    };
    let first = FirstBoard::start(saved(Some(on), Some(kept), None), false, SEED).unwrap();
    assert_eq!(first.tally_save().record, record, "its record goes on");
}

#[test]
fn a_newer_game_saved_by_another_tab_is_never_written_over() {
    let mid = game(MID, 60);
    let mut first = FirstBoard::start(saved(Some(mid), None, None), false, SEED).unwrap();
    let loaded = |game: Option<Game>, problems: Vec<Problem>| Loaded { best: 0, game, problems };
    assert!(first.is_current(&loaded(Some(mid), vec![])), "its own game");
    assert!(first.is_current(&loaded(None, vec![])), "nothing saved: its game is the one to save");
    let mut other = Record::new(mid);
    other.play(legal(&mid).unwrap(), &mut <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(1));
    assert!(!first.is_current(&loaded(Some(other.game()), vec![])), "another tab played on");
    let unreadable =
        Problem::CorruptGame(game_core::LoadError::Document(game_core::DocumentError::NotAnObject));
    assert!(!first.is_current(&loaded(None, vec![unreadable])), "what it cannot read it leaves alone");
    // Its own moves keep it current.
    first.play(legal(&mid).unwrap(), WALL as u64);
    assert!(first.is_current(&loaded(Some(first.game()), vec![])));
    assert!(!first.is_current(&loaded(Some(mid), vec![])));
}

#[test]
fn a_game_whose_tally_says_it_may_not_raise_best_is_left_to_the_page() {
    let mid = game(MID, 60);
    for (practised, entered) in [(true, false), (false, true)] {
        let tally = TallySave {
            tally: Default::default(),
            record: Record::new(mid),
            practised,
            entered,
            daily: None,
        };
        assert!(FirstBoard::start(saved(Some(mid), Some(tally), None), false, SEED).is_none());
    }
}
