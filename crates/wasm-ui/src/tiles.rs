//! The tiles on `#board`: one element per tile, moved (not rebuilt) by each move's report so
//! that CSS can slide, pop and fade them in.
//!
//! Test hooks kept here: every current tile carries `data-value`, `data-row` and `data-col`
//! (its cell once the move is done). A tile that merges away loses all three at once and
//! becomes a "ghost" that only finishes its slide, so `#board [data-value]` always lists
//! exactly the tiles of the game.
//!
//! Positions are CSS custom properties (`--row`, `--col`) set through the CSSOM, which the
//! page's Content-Security-Policy allows where a `style` attribute would be blocked.

use game_core::{Cell, MoveReport};
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element, HtmlElement};

use crate::timer;

/// How long a slide lasts (keep equal to `--slide` in style.css); ghosts go after it.
pub const SLIDE_MS: u32 = 100;

/// The tile elements on the board, by cell (`4 * row + col`).
pub struct Tiles {
    document: Document,
    board: HtmlElement,
    cells: [Option<HtmlElement>; 16],
    /// Tiles that merged away in the last move and are still sliding.
    ghosts: Vec<HtmlElement>,
    /// Tiles that carry an entrance animation class from the last move.
    animated: Vec<HtmlElement>,
}

fn index(cell: Cell) -> usize {
    4 * usize::from(cell.row) + usize::from(cell.col)
}

impl Tiles {
    /// Takes over `board`: adds its 16 empty background cells, and no tiles yet.
    pub fn new(document: &Document, board: Element) -> Result<Tiles, JsValue> {
        let board: HtmlElement =
            board.dyn_into().map_err(|_| JsValue::from_str("#board is not an HTML element"))?;
        board.set_text_content(None);
        for i in 0..16 {
            let cell: HtmlElement = document.create_element("div")?.dyn_into()?;
            cell.set_class_name("cell");
            place(&cell, (i / 4) as u8, (i % 4) as u8)?;
            board.append_child(&cell)?;
        }
        Ok(Tiles {
            document: document.clone(),
            board,
            cells: Default::default(),
            ghosts: Vec::new(),
            animated: Vec::new(),
        })
    }

    /// Replaces every tile with those of `rows` (row 0 at the top, 0 for empty); with `appear`,
    /// they fade in as a new game's tiles do.
    pub fn show(&mut self, rows: [[u32; 4]; 4], appear: bool) -> Result<(), JsValue> {
        self.snap();
        let old = self.board.query_selector_all(".tile")?;
        for i in 0..old.length() {
            if let Some(node) = old.item(i)
                && let Some(parent) = node.parent_node()
            {
                parent.remove_child(&node)?;
            }
        }
        self.cells = Default::default();
        for (row, values) in rows.iter().enumerate() {
            for (col, &value) in values.iter().enumerate() {
                if value != 0 {
                    let at = Cell { row: row as u8, col: col as u8 };
                    let tile = self.add(value, at, appear.then_some("new"))?;
                    self.cells[index(at)] = Some(tile);
                }
            }
        }
        Ok(())
    }

    /// Animates one move that counted. An error means the tiles on screen did not match the
    /// report's starting board; the caller then shows the game's board with [`Tiles::show`].
    pub fn play(&mut self, report: &MoveReport, motion: bool) -> Result<(), JsValue> {
        self.snap();
        let mut next: [Option<HtmlElement>; 16] = Default::default();
        let mut ghosts = Vec::new();
        for tile_move in &report.tiles {
            let tile = self.cells[index(tile_move.from)]
                .take()
                .ok_or_else(|| JsValue::from_str("a moving tile is not on the board"))?;
            place(&tile, tile_move.to.row, tile_move.to.col)?;
            if tile_move.merged {
                for name in ["data-value", "data-row", "data-col"] {
                    tile.remove_attribute(name)?;
                }
                tile.class_list().add_1("ghost")?;
                ghosts.push(tile);
            } else {
                tile.set_attribute("data-row", &tile_move.to.row.to_string())?;
                tile.set_attribute("data-col", &tile_move.to.col.to_string())?;
                next[index(tile_move.to)] = Some(tile);
            }
        }
        if self.cells.iter().any(Option::is_some) {
            return Err(JsValue::from_str("a tile on the board is missing from the move"));
        }
        for merge in &report.merges {
            next[index(merge.at)] = Some(self.add(merge.value, merge.at, Some("merged"))?);
        }
        if let Some(spawned) = report.spawned {
            next[index(spawned.at)] = Some(self.add(spawned.value, spawned.at, Some("new"))?);
        }
        self.cells = next;
        if motion {
            // The ghosts leave when their slide ends, unless the next move snaps them away first.
            let leaving = ghosts.clone();
            timer::after(SLIDE_MS, move || leaving.iter().for_each(|ghost| ghost.remove()));
            self.ghosts = ghosts;
        } else {
            ghosts.iter().for_each(|ghost| ghost.remove());
        }
        Ok(())
    }

    /// Finishes the running animation at once: ghosts leave, slides jump to their end, and the
    /// pop and fade-in classes go (left on, they would replay).
    pub fn snap(&mut self) {
        for ghost in self.ghosts.drain(..) {
            ghost.remove();
        }
        for tile in self.animated.drain(..) {
            let _ = tile.class_list().remove_2("merged", "new");
        }
        // While `.snap` is on, transitions are off; reading the layout makes the browser apply
        // that, so every tile's slide ends where it was going.
        if self.board.class_list().add_1("snap").is_ok() {
            let _ = self.board.offset_width();
            let _ = self.board.class_list().remove_1("snap");
        }
    }

    /// The values on screen, by cell, from the tile elements (for tests and checks).
    pub fn rows(&self) -> [[u32; 4]; 4] {
        std::array::from_fn(|row| {
            std::array::from_fn(|col| {
                self.cells[4 * row + col]
                    .as_ref()
                    .and_then(|tile| tile.get_attribute("data-value"))
                    .and_then(|value| value.parse().ok())
                    .unwrap_or(0)
            })
        })
    }

    fn add(&mut self, value: u32, at: Cell, animation: Option<&str>) -> Result<HtmlElement, JsValue> {
        let tile: HtmlElement = self.document.create_element("div")?.dyn_into()?;
        let text = value.to_string();
        // The value class picks the colour (kept on ghosts, unlike `data-value`); the digit
        // count picks the font size, so 131072 still fits in a cell.
        tile.set_class_name(&format!("tile v{value} digits-{}", text.len()));
        tile.set_attribute("data-value", &text)?;
        tile.set_attribute("data-row", &at.row.to_string())?;
        tile.set_attribute("data-col", &at.col.to_string())?;
        place(&tile, at.row, at.col)?;
        tile.set_text_content(Some(&text));
        if let Some(animation) = animation {
            tile.class_list().add_1(animation)?;
            self.animated.push(tile.clone());
        }
        self.board.append_child(&tile)?;
        Ok(tile)
    }
}

/// Puts an element on a cell; the stylesheet turns `--row` and `--col` into a position.
fn place(element: &HtmlElement, row: u8, col: u8) -> Result<(), JsValue> {
    let style = element.style();
    style.set_property("--row", &row.to_string())?;
    style.set_property("--col", &col.to_string())
}
