//! A board as its 16 values in text, and games built on an entered board.

mod common;

use game_core::board_list::{MAX_LIST_LEN, format, parse};
use game_core::{Board, Direction, Game, ListError, LoadError, Status, minimum_score};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const E: [u32; 4] = [0; 4];

#[test]
fn a_board_reads_row_by_row_from_the_top_left() {
    let board = parse("0,0,2,0,0,0,0,0,0,4,0,0,0,0,0,131072").unwrap();
    assert_eq!(board.rows(), [[0, 0, 2, 0], E, [0, 4, 0, 0], [0, 0, 0, 131_072]]);
    assert_eq!(format(board), "0,0,2,0,0,0,0,0,0,4,0,0,0,0,0,131072");
}

#[test]
fn whitespace_around_values_is_tolerated() {
    let expected = common::board([[2, 0, 0, 0], E, E, [0, 0, 0, 4]]);
    for text in [
        " 2,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,4 ",
        "2 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,0 ,4",
        "2,0,0,0,\n0,0,0,0,\n0,0,0,0,\n0,0,0,4\n",
        "\t2,\t0,0,0,0,0,0,0,0,0,0,0,0,0,0,\t4\t",
        "02,0,0,0,0,0,0,0,0,0,0,0,0,0,0,004",
    ] {
        assert_eq!(parse(text), Ok(expected), "{text:?}");
    }
}

/// The text of a board with one cell replaced.
fn with_value(cell: usize, value: &str) -> String {
    let mut values = vec!["0"; 16];
    values[0] = "2";
    values[cell] = value;
    values.join(",")
}

#[test]
fn a_value_that_is_not_a_tile_says_where_and_what() {
    for cell in [1, 7, 15] {
        for bad in ["1", "3", "6", "100", "262144", "4294967296", "99999999999999999999999"] {
            assert_eq!(
                parse(&with_value(cell, bad)),
                Err(ListError::NotATile { cell, found: bad.to_string() }),
                "{bad} at {cell}"
            );
        }
    }
    // The first cell is checked like any other.
    assert_eq!(parse(&with_value(0, "5")), Err(ListError::NotATile { cell: 0, found: "5".into() }));
}

#[test]
fn text_that_is_not_a_number_says_where_and_what() {
    for bad in ["", "x", "two", "-2", "+2", "2.0", "2e3", "0x10", "1 024", "٢", "[2]", "2;0", "NaN"] {
        assert_eq!(
            parse(&with_value(9, bad)),
            Err(ListError::NotANumber { cell: 9, found: bad.trim().to_string() }),
            "{bad:?}"
        );
    }
}

#[test]
fn sixteen_values_exactly() {
    for count in [1, 2, 15, 17, 32] {
        let text = vec!["2"; count].join(",");
        assert_eq!(parse(&text), Err(ListError::WrongCount { found: count }), "{count}");
    }
    for blank in ["", " ", "\n\t"] {
        assert_eq!(parse(blank), Err(ListError::WrongCount { found: 0 }), "{blank:?}");
    }
    // A trailing comma is one more, empty, value.
    let trailing = format!("{},", vec!["2"; 16].join(","));
    assert_eq!(parse(&trailing), Err(ListError::WrongCount { found: 17 }));
    // Other separators are not commas: one long value.
    assert_eq!(parse(&vec!["2"; 16].join(";")), Err(ListError::WrongCount { found: 1 }));
}

#[test]
fn a_board_needs_a_tile() {
    assert_eq!(parse(&vec!["0"; 16].join(",")), Err(ListError::NoTile));
    assert_eq!(parse(&vec![" 00 "; 16].join(",")), Err(ListError::NoTile));
}

#[test]
fn long_text_is_refused_before_it_is_read() {
    let longest = vec!["131072"; 16].join(",");
    assert!(parse(&longest).is_ok());
    let padded = format!("{longest}{}", " ".repeat(MAX_LIST_LEN - longest.len()));
    assert_eq!(padded.len(), MAX_LIST_LEN);
    assert!(parse(&padded).is_ok());
    let too_long = format!("{padded} ");
    assert_eq!(parse(&too_long), Err(ListError::TooLong { length: MAX_LIST_LEN + 1, limit: MAX_LIST_LEN }));
    // Even text that would fail otherwise: the length is looked at first.
    let junk = "x".repeat(100_000);
    assert_eq!(parse(&junk), Err(ListError::TooLong { length: 100_000, limit: MAX_LIST_LEN }));
    // The limit counts bytes, whatever the characters.
    let wide = "é".repeat(101);
    assert!(matches!(parse(&wide), Err(ListError::TooLong { length: 202, .. })));
}

#[test]
fn every_error_has_words_for_the_log() {
    let errors = [
        ListError::TooLong { length: 201, limit: 200 },
        ListError::WrongCount { found: 3 },
        ListError::NotANumber { cell: 2, found: "x".into() },
        ListError::NotATile { cell: 4, found: "3".into() },
        ListError::NoTile,
    ];
    for error in errors {
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn boards_of_real_games_round_trip() {
    for seed in 0..30 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(&mut rng);
        while game.status() != Status::Over {
            let text = format(game.board());
            assert_eq!(parse(&text), Ok(game.board()), "{text}");
            game.play(Direction::ALL[rng.random_range(0..4)], &mut rng);
        }
    }
}

fn any_board_with_a_tile() -> impl Strategy<Value = Board> {
    let cell = prop_oneof![4 => 0u8..=4, 1 => 0u8..=17];
    proptest::array::uniform16(cell).prop_filter_map("no tile", |cells| {
        let exps: [[u8; 4]; 4] = std::array::from_fn(|r| std::array::from_fn(|c| cells[4 * r + c]));
        Board::from_exponents(exps).ok().filter(|b| b.tile_count() > 0)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_board_round_trips_through_its_text(board in any_board_with_a_tile()) {
        let text = format(board);
        prop_assert!(text.len() <= MAX_LIST_LEN);
        prop_assert_eq!(parse(&text), Ok(board));
    }

    #[test]
    fn no_text_makes_parse_panic(text in "[0-9, \t,x+-]{0,220}") {
        if let Ok(board) = parse(&text) {
            prop_assert_eq!(parse(&format(board)), Ok(board));
        }
    }
}

#[test]
fn the_least_score_is_public_and_the_default_of_an_entered_board() {
    let board = common::board([[8, 4, 2, 0], [16, 0, 0, 0], E, E]);
    // 8 needs 8 points, 16 needs 32; 2s and 4s none.
    assert_eq!(minimum_score(board), 40);
    let game = Game::from_board(board, None).unwrap();
    assert_eq!(game.score(), 40);
    assert_eq!(game.status(), Status::Playing);
    assert!(!game.won() && !game.keeps_going());
    assert_eq!(Game::from_json(&game.to_json()), Ok(game));
    assert_eq!(Game::from_board(board, Some(50)).unwrap().score(), 50);
}

#[test]
fn an_entered_board_passes_the_checks_of_a_saved_game() {
    let board = common::board([[8, 4, 2, 0], [16, 0, 0, 0], E, E]);
    assert_eq!(Game::from_board(board, Some(39)), Err(LoadError::ScoreBelowBoard { score: 39, minimum: 40 }));
    // At most 16 for the 8 and 48 for the 16, 4 for the 4.
    assert_eq!(Game::from_board(board, Some(68)).map(|g| g.score()), Ok(68));
    assert_eq!(Game::from_board(board, Some(69)), Err(LoadError::ScoreAboveBoard { score: 69, maximum: 68 }));
    let lone = parse("0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2").unwrap();
    assert_eq!(Game::from_board(lone, None), Err(LoadError::TooFewTiles(1)));
}

#[test]
fn an_entered_board_with_a_2048_is_won_and_plays_on() {
    let board = parse("2048,2,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,2").unwrap();
    let mut game = Game::from_board(board, None).unwrap();
    assert!(game.won() && game.keeps_going());
    assert_eq!(game.status(), Status::Playing);
    assert_eq!(game.score(), 18_432);
    assert_eq!(Game::from_json(&game.to_json()), Ok(game));
    let report = game.play(Direction::Down, &mut StdRng::seed_from_u64(0));
    assert!(report.moved && !report.won_now);
    // The biggest tiles too: their least score fits.
    let full = parse(&vec!["131072"; 16].join(",")).unwrap();
    let game = Game::from_board(full, None).unwrap();
    assert_eq!(u64::from(game.score()), minimum_score(full));
    assert_eq!(game.status(), Status::Over, "sixteen 131072s cannot merge");
}
