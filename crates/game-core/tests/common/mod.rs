//! Helpers shared by the game-core test suites.
#![allow(dead_code)]

use game_core::{Board, Direction, Game, Record, Status};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

pub fn board(rows: [[u32; 4]; 4]) -> Board {
    Board::from_rows(rows).expect("test boards hold only tiles")
}

/// `doc` with its `field` set to `value`: a valid document with one thing wrong.
pub fn with(mut doc: serde_json::Value, field: &str, value: serde_json::Value) -> serde_json::Value {
    doc[field] = value;
    doc
}

/// `doc` without its `field`.
pub fn without(mut doc: serde_json::Value, field: &str) -> serde_json::Value {
    doc.as_object_mut().expect("a document is an object").remove(field);
    doc
}

/// A game loaded through the saved-game path, so tests start from any legal position.
pub fn game(rows: [[u32; 4]; 4], score: u32) -> Game {
    let won = rows.iter().flatten().any(|&v| v >= 2048);
    let doc = serde_json::json!({
        "version": 1, "board": rows, "score": score, "won": won, "keep_going": false
    });
    Game::from_json(&doc.to_string()).expect("test game is valid")
}

/// One row slid left by the rule book, written independently of the engine as a test oracle.
pub fn reference_slide_left(row: [u32; 4]) -> ([u32; 4], u32) {
    let tiles: Vec<u32> = row.iter().copied().filter(|&v| v != 0).collect();
    let mut out = Vec::new();
    let mut score = 0;
    let mut i = 0;
    while i < tiles.len() {
        if i + 1 < tiles.len() && tiles[i] == tiles[i + 1] && tiles[i] < 131_072 {
            out.push(tiles[i] * 2);
            score += tiles[i] * 2;
            i += 2;
        } else {
            out.push(tiles[i]);
            i += 1;
        }
    }
    out.resize(4, 0);
    ([out[0], out[1], out[2], out[3]], score)
}

pub fn transpose(rows: [[u32; 4]; 4]) -> [[u32; 4]; 4] {
    std::array::from_fn(|r| std::array::from_fn(|c| rows[c][r]))
}

pub fn mirror(rows: [[u32; 4]; 4]) -> [[u32; 4]; 4] {
    rows.map(|mut row| {
        row.reverse();
        row
    })
}

/// The whole-board slide by the oracle: every direction reduced to "left" by reflection.
pub fn reference_slide(rows: [[u32; 4]; 4], direction: Direction) -> ([[u32; 4]; 4], u32) {
    let left = |rows: [[u32; 4]; 4]| {
        let mut score = 0;
        let out = rows.map(|row| {
            let (r, s) = reference_slide_left(row);
            score += s;
            r
        });
        (out, score)
    };
    match direction {
        Direction::Left => left(rows),
        Direction::Right => {
            let (b, s) = left(mirror(rows));
            (mirror(b), s)
        }
        Direction::Up => {
            let (b, s) = left(transpose(rows));
            (transpose(b), s)
        }
        Direction::Down => {
            let (b, s) = left(mirror(transpose(rows)));
            (transpose(mirror(b)), s)
        }
    }
}

pub fn random_direction(rng: &mut StdRng) -> Direction {
    Direction::ALL[rng.random_range(0..4)]
}

/// Replays the record's start and the steps before its cursor, by hand: what the record says
/// the current game is.
pub fn replayed(record: &Record) -> Game {
    let mut game = record.start();
    for step in &record.steps()[..record.cursor()] {
        if game.status() == Status::Won {
            game.continue_after_win();
        }
        let report = game.play_with_spawn(step.direction, step.spawn).expect("a recorded step replays");
        assert!(report.moved, "a recorded step counts");
    }
    if record.game().keeps_going() {
        game.continue_after_win();
    }
    game
}

/// A record of a random game of up to `moves` moves, playing on after any win; the games after
/// each move that counted, the start first.
pub fn random_record(seed: u64, moves: usize) -> (Record, Vec<Game>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut record = Record::new(Game::new(&mut rng));
    let mut games = vec![record.game()];
    for _ in 0..moves {
        if record.game().status() == Status::Over {
            break;
        }
        let report = record.play(random_direction(&mut rng), &mut rng);
        if report.moved {
            games.push(record.game());
        }
        record.continue_after_win();
        *games.last_mut().unwrap() = record.game();
    }
    (record, games)
}
