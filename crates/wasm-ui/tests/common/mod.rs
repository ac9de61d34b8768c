//! Helpers shared by the browser tests: the real page markup, and reading tiles back.
#![allow(dead_code)]

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// The page's own markup (the body of index.html), so the tests exercise the real ids.
const PAGE: &str = include_str!("../../../../index.html");

pub fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Puts index.html's body into the test page, replacing the last copy (its scripts do not
/// run). In a container: the test runner keeps its own output in the body.
pub fn mount_page() -> Document {
    let document = document();
    let start = PAGE.find("<body>").expect("index.html has a <body>") + "<body>".len();
    let end = PAGE.rfind("</body>").expect("index.html closes its <body>");
    let fixture = document.get_element_by_id("page-fixture").unwrap_or_else(|| {
        let fixture = document.create_element("div").unwrap();
        fixture.set_id("page-fixture");
        document.body().unwrap().append_child(&fixture).unwrap();
        fixture
    });
    fixture.set_inner_html(&PAGE[start..end]);
    document
}

pub fn by_id(id: &str) -> Element {
    document().get_element_by_id(id).unwrap_or_else(|| panic!("no #{id}"))
}

pub fn html(id: &str) -> HtmlElement {
    by_id(id).dyn_into().unwrap()
}

pub fn count(selector: &str) -> u32 {
    document().query_selector_all(selector).unwrap().length()
}

/// The tiles under `#board` that carry a value, as the end-to-end tests read them:
/// (value, row, col) in DOM order.
pub fn tiles_on(board: &Element) -> Vec<(u32, usize, usize)> {
    let nodes = board.query_selector_all("[data-value]").unwrap();
    (0..nodes.length())
        .map(|i| {
            let tile: Element = nodes.item(i).unwrap().dyn_into().unwrap();
            let attr =
                |name: &str| tile.get_attribute(name).unwrap_or_else(|| panic!("a tile without {name}"));
            (
                attr("data-value").parse().unwrap(),
                attr("data-row").parse().unwrap(),
                attr("data-col").parse().unwrap(),
            )
        })
        .collect()
}

/// The same tiles as a board of values; panics if two tiles claim one cell.
pub fn board_on(board: &Element) -> [[u32; 4]; 4] {
    let mut rows = [[0; 4]; 4];
    for (value, row, col) in tiles_on(board) {
        assert_eq!(rows[row][col], 0, "two tiles on row {row}, column {col}");
        rows[row][col] = value;
    }
    rows
}
