//! The game of the day: a date is the same game for everyone, in every version. The boards
//! pinned here are the compatibility contract (`page_core::daily`): if one of these tests
//! fails, every day's game has changed under the players' feet.

use game_core::{Direction, Game, Record};
use page_core::daily::Day;

fn rows(game: &Game) -> [[u32; 4]; 4] {
    game.board().rows()
}

/// The day's game after `moves` (each the first of them in turn, from the one given, that
/// counts), as the page plays it.
fn played(day: Day, moves: &[Direction]) -> Record {
    let mut record = Record::new(day.first_game());
    for &first in moves {
        let order = Direction::ALL.iter().cycle().skip_while(|&&d| d != first).take(4);
        for &direction in order {
            if day.play_record(&mut record, direction).moved {
                break;
            }
        }
    }
    record
}

const FIVE: [Direction; 5] =
    [Direction::Left, Direction::Up, Direction::Right, Direction::Down, Direction::Left];

#[test]
fn a_date_always_gives_the_same_first_board_and_tiles() {
    let pinned = [
        (
            "2026-12-05",
            0x92a6_3576_700d_bc70,
            [[0, 0, 0, 2], [0, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 0]],
            [[0, 0, 0, 0], [2, 0, 2, 0], [4, 0, 0, 0], [4, 2, 0, 0]],
        ),
        (
            "2026-12-06",
            0x31a8_25c4_bcb8_ffdd,
            [[0, 0, 0, 0], [0, 0, 0, 0], [2, 2, 0, 0], [0, 0, 0, 0]],
            [[0, 2, 0, 0], [0, 0, 0, 0], [4, 0, 0, 0], [4, 4, 0, 0]],
        ),
        (
            "2027-01-01",
            0x8e88_021e_6b4c_3c1c,
            [[0, 0, 0, 0], [2, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]],
            [[2, 0, 2, 0], [0, 0, 0, 0], [8, 0, 0, 0], [4, 0, 0, 0]],
        ),
    ];
    for (date, seed, first, after_five) in pinned {
        let day = Day::parse(date).unwrap();
        assert_eq!(day.seed(), seed, "{date}");
        assert_eq!(rows(&day.first_game()), first, "{date}");
        assert_eq!(rows(&played(day, &FIVE).game()), after_five, "{date}");
    }
}

#[test]
fn the_day_is_the_utc_day() {
    let day = Day::parse("2026-12-05").unwrap();
    // 2026-12-05 00:00:00.000 UTC and 23:59:59.999 UTC.
    assert_eq!(Day::of_epoch_ms(1_796_428_800_000), day);
    assert_eq!(Day::of_epoch_ms(1_796_428_800_000 + 86_399_999), day);
    assert_ne!(Day::of_epoch_ms(1_796_428_800_000 - 1), day);
    assert_eq!(Day::of_epoch_ms(0).to_string(), "1970-01-01");
    for date in ["2024-02-29", "2000-02-29", "2099-12-31", "1970-01-01", "2026-12-05"] {
        assert_eq!(Day::parse(date).unwrap().to_string(), date);
    }
    for bad in [
        "2026-02-29",
        "1900-02-29",
        "1969-12-31",
        "2026-13-01",
        "2026-12-00",
        "2026-1-05",
        "20261205",
        "+026-12-05",
    ] {
        assert_eq!(Day::parse(bad), None, "{bad}");
    }
}

#[test]
fn different_dates_give_different_games() {
    // 2026-01-01 00:00 UTC, and the 365 days after it.
    let start_ms = 1_767_225_600_000;
    assert_eq!(Day::of_epoch_ms(start_ms).to_string(), "2026-01-01");
    let moves: Vec<Direction> = Direction::ALL.into_iter().cycle().take(40).collect();
    let games: Vec<Record> =
        (0..366).map(|n| played(Day::of_epoch_ms(start_ms + n * 86_400_000), &moves)).collect();
    for (i, a) in games.iter().enumerate() {
        for b in &games[i + 1..] {
            assert_ne!(a.steps(), b.steps());
        }
    }
}

#[test]
fn reload_undo_and_another_tab_bring_the_same_tiles() {
    let day = Day::parse("2026-12-05").unwrap();
    let moves: Vec<Direction> = Direction::ALL.into_iter().cycle().take(30).collect();
    let here = played(day, &moves);
    // Another tab, or the worker: the same moves from the same date, nothing shared.
    assert_eq!(played(day, &moves), here);
    // A reload: the record as saved, played on.
    let mut reloaded = Record::from_json(&here.to_json()).unwrap();
    let mut straight = here.clone();
    for direction in Direction::ALL {
        day.play_record(&mut reloaded, direction);
        day.play_record(&mut straight, direction);
    }
    assert_eq!(reloaded.game(), straight.game());
    // Undo, then another move than the one played, then back to it: the tile of a move comes
    // from the day and the move count, so it is the same tile the straight game had.
    let mut undone = here.clone();
    let next = Direction::ALL.into_iter().find(|&d| here.game().board().slide(d).moved).unwrap();
    let mut ahead = here.clone();
    day.play_record(&mut ahead, next);
    undone.undo();
    let redo = here.steps()[here.cursor() - 1].direction;
    let other =
        Direction::ALL.into_iter().find(|&d| d != redo && undone.game().board().slide(d).moved).unwrap();
    day.play_record(&mut undone, other);
    undone.undo();
    day.play_record(&mut undone, redo);
    assert_eq!(undone.game(), here.game());
    day.play_record(&mut undone, next);
    assert_eq!(undone.game(), ahead.game());
}

#[test]
fn a_game_played_without_a_record_draws_the_same_tiles() {
    let day = Day::parse("2026-12-05").unwrap();
    let record = played(day, &FIVE);
    let mut game = day.first_game();
    for (n, step) in record.steps().iter().enumerate() {
        assert!(day.play(&mut game, n, step.direction).moved);
    }
    assert_eq!(game, record.game());
}
