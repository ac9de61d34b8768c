//! Everything that touches the DOM: the board's tiles, the scores, the win and game-over message.
//!
//! The page's fixed markup lives in `index.html`; this module finds it by id and fills it in.
//! Hooks that the end-to-end tests read, and so must be kept:
//! - `#board` holds one element per tile with `data-value`, `data-row` and `data-col`
//!   (the tile's cell once the move is done), and `data-moves`, the count of moves played;
//! - `#score` and `#best` hold the numbers alone;
//! - `#board` gets `data-ready` once the first board is on screen.

use game_core::{Game, Status};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

/// The elements of the page that change during a game.
pub struct View {
    document: Document,
    board: Element,
    score: Element,
    best: Element,
    message: Element,
    message_text: Element,
    keep_going: Element,
}

impl View {
    /// Finds the page's elements; an error names the first one missing from the markup.
    pub fn find(document: &Document) -> Result<View, JsValue> {
        let get = |id: &str| {
            document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("no element #{id}")))
        };
        Ok(View {
            document: document.clone(),
            board: get("board")?,
            score: get("score")?,
            best: get("best")?,
            message: get("message")?,
            message_text: get("message-text")?,
            keep_going: get("keep-going")?,
        })
    }

    /// Shows `game` as it stands, with `best` as the best score and `moves` moves played so far.
    pub fn render(&self, game: &Game, best: u32, moves: u32) -> Result<(), JsValue> {
        render_board(&self.document, &self.board, game.board().rows())?;
        self.board.set_attribute("data-moves", &moves.to_string())?;
        self.board.set_attribute("data-ready", "true")?;
        self.score.set_text_content(Some(&game.score().to_string()));
        self.best.set_text_content(Some(&best.to_string()));
        self.render_message(game.status())
    }

    fn render_message(&self, status: Status) -> Result<(), JsValue> {
        let text = match status {
            Status::Playing => None,
            Status::Won => Some("You win!"),
            Status::Over => Some("Game over!"),
        };
        self.message.set_attribute("data-status", status_name(status))?;
        self.message_text.set_text_content(text);
        set_hidden(&self.message, text.is_none())?;
        // Only a win waits for a choice; after a game over the only way on is a new game.
        set_hidden(&self.keep_going, status != Status::Won)
    }
}

/// The name of a status as written in `data-status`.
pub fn status_name(status: Status) -> &'static str {
    match status {
        Status::Playing => "playing",
        Status::Won => "won",
        Status::Over => "over",
    }
}

/// Replaces the content of `board` with its 16 background cells and one element per tile.
///
/// Rebuilding everything is cheap at this size and keeps the DOM an exact image of the game;
/// the animated view of the next issue will move tiles instead.
pub fn render_board(document: &Document, board: &Element, rows: [[u32; 4]; 4]) -> Result<(), JsValue> {
    board.set_text_content(None);
    for row in 0..4 {
        for col in 0..4 {
            let cell = document.create_element("div")?;
            cell.set_class_name("cell");
            set_position(&cell, row, col)?;
            board.append_child(&cell)?;
        }
    }
    for (row, values) in rows.iter().enumerate() {
        for (col, &value) in values.iter().enumerate() {
            if value != 0 {
                let tile = tile(document, value, row, col)?;
                board.append_child(&tile)?;
            }
        }
    }
    Ok(())
}

fn tile(document: &Document, value: u32, row: usize, col: usize) -> Result<Element, JsValue> {
    let tile = document.create_element("div")?;
    let text = value.to_string();
    // The digit count picks the font size, so 131072 still fits in a cell.
    tile.set_class_name(&format!("tile digits-{}", text.len()));
    tile.set_attribute("data-value", &text)?;
    tile.set_attribute("data-row", &row.to_string())?;
    tile.set_attribute("data-col", &col.to_string())?;
    set_position(&tile, row, col)?;
    tile.set_text_content(Some(&text));
    Ok(tile)
}

/// Places an element on its cell through CSS variables, so the stylesheet owns the geometry.
fn set_position(element: &Element, row: usize, col: usize) -> Result<(), JsValue> {
    element.set_attribute("style", &format!("--row:{row};--col:{col}"))
}

fn set_hidden(element: &Element, hidden: bool) -> Result<(), JsValue> {
    if hidden { element.set_attribute("hidden", "") } else { element.remove_attribute("hidden") }
}

/// Shows `text` in the page's error banner (`#error`), creating the banner atop the page when
/// the markup lacks it, so that a failure is never a blank or frozen screen. Never panics: it
/// runs inside the panic hook.
pub fn show_error(text: &str) {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    let banner = document.get_element_by_id("error").or_else(|| {
        let banner = document.create_element("p").ok()?;
        banner.set_id("error");
        banner.set_class_name("error");
        let _ = banner.set_attribute("role", "alert");
        document.body()?.prepend_with_node_1(&banner).ok()?;
        Some(banner)
    });
    if let Some(banner) = banner {
        banner.set_text_content(Some(text));
        let _ = banner.remove_attribute("hidden");
    }
}
