//! The DOM glue in a real browser: what `view` puts on the page for a given board.
//!
//! Runs with `cargo test -p wasm-ui --target wasm32-unknown-unknown` (headless Chromium through
//! wasm-bindgen-test-runner); natively there is no DOM, so this file is empty there.
#![cfg(target_arch = "wasm32")]

use game_core::Status;
use wasm_bindgen_test::*;
use wasm_ui::view::{render_board, status_name};
use web_sys::{Document, Element};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

fn fresh_board() -> Element {
    let board = document().create_element("div").unwrap();
    board.set_id("board");
    board
}

/// The tiles under `board` as (value, row, col), read back from their data attributes.
fn tiles(board: &Element) -> Vec<(u32, usize, usize)> {
    let nodes = board.query_selector_all("[data-value]").unwrap();
    (0..nodes.length())
        .map(|i| {
            let tile: Element = wasm_bindgen::JsCast::dyn_into(nodes.item(i).unwrap()).unwrap();
            let attr = |name: &str| tile.get_attribute(name).unwrap();
            (
                attr("data-value").parse().unwrap(),
                attr("data-row").parse().unwrap(),
                attr("data-col").parse().unwrap(),
            )
        })
        .collect()
}

#[wasm_bindgen_test]
fn a_full_board_renders_sixteen_tiles_on_their_cells() {
    let rows = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [8192, 16384, 32768, 65536]];
    let board = fresh_board();
    render_board(&document(), &board, rows).unwrap();
    let mut expected = Vec::new();
    for (row, values) in rows.iter().enumerate() {
        for (col, &value) in values.iter().enumerate() {
            expected.push((value, row, col));
        }
    }
    assert_eq!(tiles(&board), expected);
    // The background cells are there too, and carry no tile value.
    assert_eq!(board.query_selector_all(".cell").unwrap().length(), 16);
}

#[wasm_bindgen_test]
fn empty_cells_get_no_tile_and_a_render_replaces_the_last_one() {
    let board = fresh_board();
    render_board(&document(), &board, [[2, 2, 2, 2]; 4]).unwrap();
    render_board(&document(), &board, [[0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 131072]]).unwrap();
    assert_eq!(tiles(&board), vec![(4, 1, 1), (131072, 3, 3)]);
    let big = board.query_selector("[data-value='131072']").unwrap().unwrap();
    assert_eq!(big.text_content().unwrap(), "131072");
    assert!(big.class_list().contains("digits-6"), "the font size follows the digit count");
}

#[wasm_bindgen_test]
fn statuses_have_stable_names() {
    assert_eq!(status_name(Status::Playing), "playing");
    assert_eq!(status_name(Status::Won), "won");
    assert_eq!(status_name(Status::Over), "over");
}

#[wasm_bindgen_test]
fn an_error_is_shown_in_a_banner_even_without_one_in_the_markup() {
    let document = document();
    if let Some(old) = document.get_element_by_id("error") {
        old.remove();
    }
    wasm_ui::view::show_error("Something broke.");
    let banner = document.get_element_by_id("error").expect("a banner was created");
    assert_eq!(banner.text_content().unwrap(), "Something broke.");
    assert!(!banner.has_attribute("hidden"));
    banner.remove();
}
