//! The tile layer in a real browser: what `tiles` puts on `#board` for a board and for each
//! move's report, including rapid moves that interrupt each other's animation.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{board_on, document, tiles_on};
use game_core::{Direction, Game, Status};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use wasm_ui::tiles::Tiles;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

fn fresh_board() -> Element {
    let board = document().create_element("div").unwrap();
    board.set_id("board");
    document().body().unwrap().append_child(&board).unwrap();
    board
}

fn game(rows: [[u32; 4]; 4], score: u32) -> Game {
    let json =
        serde_json::json!({"version": 1, "board": rows, "score": score, "won": false, "keep_going": false});
    Game::from_json(&json.to_string()).unwrap()
}

#[wasm_bindgen_test]
fn a_full_board_renders_sixteen_tiles_on_their_cells() {
    let rows = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [8192, 16384, 32768, 65536]];
    let board = fresh_board();
    let mut tiles = Tiles::new(&document(), board.clone()).unwrap();
    tiles.show(rows, false).unwrap();
    let mut expected = Vec::new();
    for (row, values) in rows.iter().enumerate() {
        for (col, &value) in values.iter().enumerate() {
            expected.push((value, row, col));
        }
    }
    assert_eq!(tiles_on(&board), expected);
    assert_eq!(tiles.rows(), rows);
    // The background cells are there too, and carry no tile value.
    assert_eq!(board.query_selector_all(".cell").unwrap().length(), 16);
    board.remove();
}

#[wasm_bindgen_test]
fn showing_a_board_replaces_the_last_one_and_sizes_the_digits() {
    let board = fresh_board();
    let mut tiles = Tiles::new(&document(), board.clone()).unwrap();
    tiles.show([[2, 2, 2, 2]; 4], true).unwrap();
    tiles.show([[0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 131072]], false).unwrap();
    assert_eq!(tiles_on(&board), vec![(4, 1, 1), (131072, 3, 3)]);
    let big = board.query_selector("[data-value='131072']").unwrap().unwrap();
    assert_eq!(big.text_content().unwrap(), "131072");
    assert!(big.class_list().contains("digits-6"), "the font size follows the digit count");
    assert!(big.class_list().contains("v131072"), "the colour follows the value");
    board.remove();
}

#[wasm_bindgen_test]
fn a_move_slides_merges_and_spawns_from_its_report() {
    let board = fresh_board();
    let mut tiles = Tiles::new(&document(), board.clone()).unwrap();
    let mut game = game([[2, 2, 4, 0], [0, 0, 0, 0], [0, 4, 0, 4], [8, 0, 0, 0]], 8);
    tiles.show(game.board().rows(), false).unwrap();
    let report = game.play(Direction::Left, &mut SmallRng::seed_from_u64(3));
    assert!(report.moved);
    tiles.play(&report, true).unwrap();

    // Exactly the game's tiles carry data attributes, each on its cell after the move.
    assert_eq!(board_on(&board), game.board().rows());
    assert_eq!(tiles_on(&board).len() as u32, game.board().tile_count());
    // The four tiles that merged away are still sliding, stripped of every data attribute.
    let ghosts = board.query_selector_all(".ghost").unwrap();
    assert_eq!(ghosts.length(), 4);
    assert_eq!(
        board.query_selector_all(".ghost[data-value], .ghost[data-row], .ghost[data-col]").unwrap().length(),
        0
    );
    // The two new tiles pop, the spawned one fades in.
    assert_eq!(
        board.query_selector_all(".merged[data-value='4'], .merged[data-value='8']").unwrap().length(),
        2
    );
    let spawned = report.spawned.unwrap();
    let new = board.query_selector(".new").unwrap().expect("the spawned tile");
    assert_eq!(new.get_attribute("data-row").unwrap(), spawned.at.row.to_string());
    assert_eq!(new.get_attribute("data-col").unwrap(), spawned.at.col.to_string());

    // Snapping ends the animation: no ghosts, no animation classes left to replay.
    tiles.snap();
    assert_eq!(board.query_selector_all(".ghost, .merged, .new").unwrap().length(), 0);
    assert_eq!(board_on(&board), game.board().rows());
    board.remove();
}

#[wasm_bindgen_test]
fn without_motion_the_merged_tiles_leave_at_once() {
    let board = fresh_board();
    let mut tiles = Tiles::new(&document(), board.clone()).unwrap();
    let mut game = game([[2, 2, 0, 0], [0; 4], [0; 4], [0; 4]], 0);
    tiles.show(game.board().rows(), false).unwrap();
    let report = game.play(Direction::Right, &mut SmallRng::seed_from_u64(1));
    tiles.play(&report, false).unwrap();
    assert_eq!(board.query_selector_all(".ghost").unwrap().length(), 0);
    assert_eq!(board_on(&board), game.board().rows());
    board.remove();
}

/// The animations running under `element` (`getAnimations({subtree: true})`, called through
/// js-sys: web-sys has it behind a feature this crate does not enable).
fn running_animations(element: &Element) -> u32 {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"subtree".into(), &true.into()).unwrap();
    let get: js_sys::Function =
        js_sys::Reflect::get(element, &"getAnimations".into()).unwrap().dyn_into().unwrap();
    get.call1(element, &options).unwrap().unchecked_into::<js_sys::Array>().length()
}

#[wasm_bindgen_test]
fn with_motion_the_moved_tiles_slide_and_without_nothing_is_animated() {
    let rows = [[2, 2, 4, 0], [0, 0, 0, 0], [0, 4, 0, 4], [8, 0, 0, 0]];
    for motion in [true, false] {
        let board = fresh_board();
        let mut tiles = Tiles::new(&document(), board.clone()).unwrap();
        let mut game = game(rows, 8);
        tiles.show(game.board().rows(), false).unwrap();
        assert_eq!(running_animations(&board), 0, "a board just shown is still");
        let report = game.play(Direction::Left, &mut SmallRng::seed_from_u64(3));
        tiles.play(&report, motion).unwrap();
        assert_eq!(board_on(&board), game.board().rows());
        let moved = report.tiles.iter().filter(|t| t.from != t.to).count() as u32;
        if motion {
            // One slide per tile that changed cells, plus the pops and the fade-in.
            assert!(running_animations(&board) >= moved, "motion: {} animations", running_animations(&board));
        } else {
            // At Autoplay's fastest (and with reduced motion) tiles jump: no slide, no pop, no
            // fade-in, and the ghosts are gone at once.
            assert_eq!(running_animations(&board), 0);
            assert_eq!(board.query_selector_all(".ghost, .merged, .new").unwrap().length(), 0);
        }
        board.remove();
    }
}

#[wasm_bindgen_test]
fn rapid_moves_each_land_on_the_true_board() {
    let board = fresh_board();
    let mut tiles = Tiles::new(&document(), board.clone()).unwrap();
    let mut rng = SmallRng::seed_from_u64(2048);
    let mut game = Game::new(&mut rng);
    tiles.show(game.board().rows(), false).unwrap();
    let mut played = 0;
    let mut merged_away = 0;
    for turn in 0..200 {
        if game.status() != Status::Playing {
            break;
        }
        // No waiting between moves: each one interrupts the last one's animation.
        let direction = Direction::ALL[(turn * 7 + turn / 3) % 4];
        let report = game.play(direction, &mut rng);
        if report.moved {
            tiles.play(&report, true).unwrap();
            played += 1;
            merged_away = report.tiles.iter().filter(|t| t.merged).count() as u32;
        }
        assert_eq!(board_on(&board), game.board().rows(), "after move {turn}");
        assert_eq!(
            board.query_selector_all(".ghost").unwrap().length(),
            merged_away,
            "only the last move's ghosts"
        );
    }
    assert!(played > 50, "only {played} moves counted");
    board.remove();
}

#[wasm_bindgen_test]
fn a_report_for_another_board_is_refused() {
    let board = fresh_board();
    let mut tiles = Tiles::new(&document(), board.clone()).unwrap();
    let mut game = game([[2, 0, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]], 0);
    tiles.show([[0; 4], [0, 4, 0, 0], [0; 4], [0; 4]], false).unwrap();
    let report = game.play(Direction::Up, &mut SmallRng::seed_from_u64(5));
    assert!(tiles.play(&report, true).is_err());
    // The caller's recovery: show the game's board.
    tiles.show(game.board().rows(), false).unwrap();
    assert_eq!(board_on(&board), game.board().rows());
    assert_eq!(board.query_selector_all(".tile").unwrap().length(), game.board().tile_count());
    board.remove();
}
