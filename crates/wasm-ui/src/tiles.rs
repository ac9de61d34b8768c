//! The tiles on `#board`: one element per tile, moved (not rebuilt) by each move's report so
//! that CSS can slide, pop and fade them in.
//!
//! Test hooks kept here: every current tile carries `data-value`, `data-row` and `data-col`
//! (its cell once the move is done). A tile that merges away loses all three at once and
//! becomes a "ghost" that only finishes its slide, so `#board [data-value]` always lists
//! exactly the tiles of the game.
//!
//! Each tile is put on its cell by its `translate` property, set through the CSSOM (which the
//! page's Content-Security-Policy allows where a `style` attribute would be blocked), in
//! percent of the tile's own side: no `var()` and no size read from the layout, because a
//! tile's style is computed again at every move, and `var()`s made that ten times dearer.
//!
//! A move puts each tile on its new cell at once and slides it there with the Web Animations
//! API: an animation of `transform` from the old cell's offset to none. A new slide simply
//! replaces a tile's running one (it starts from the old cell, where the last move left the
//! tile), so a move never has to read the layout to end the last one's animation: nothing a
//! move does forces the browser to lay the page out before its frame.

use game_core::{Cell, MoveReport};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlElement, MediaQueryList, Window};

use crate::timer;

/// The class that gives a tile of `value` its colours (style.css: `.v2` … `.v131072`), on the
/// board's tiles and on the boards drawn as tables.
pub fn value_class(value: u32) -> String {
    format!("v{value}")
}

/// How long a slide lasts (keep equal to `--slide` in style.css, which delays the pop and the
/// fade-in of new tiles until the slides end); ghosts go after it.
pub const SLIDE_MS: u32 = 100;

/// From one cell to the next, in percent of a tile's own side: a cell plus a gap, and style.css
/// makes the gap 0.14 of a cell. Percentages of `translate` (and of `translate()` in
/// `transform`) are of the element's own box, so neither placing nor sliding reads a size.
const STEP_PERCENT: i32 = 114;

#[wasm_bindgen]
extern "C" {
    /// An element seen through `Element.animate(keyframes, options)`, bound here because
    /// web-sys offers it only behind features this crate does not enable. It throws only in a
    /// browser without the Web Animations API, where the tiles then jump instead of sliding.
    type Animatable;
    #[wasm_bindgen(method, catch)]
    fn animate(this: &Animatable, keyframes: &JsValue, options: &JsValue) -> Result<JsValue, JsValue>;
}

/// Whether tiles may move: not when the player asked the system for reduced motion. The
/// query `(prefers-reduced-motion: reduce)` is asked once; its `matches` follows the setting.
pub struct Motion(Option<MediaQueryList>);

impl Motion {
    pub fn of(window: &Window) -> Motion {
        Motion(window.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
    }

    pub fn allowed(&self) -> bool {
        !self.0.as_ref().is_some_and(MediaQueryList::matches)
    }
}

/// The tile elements on the board, by cell (`4 * row + col`).
pub struct Tiles {
    document: Document,
    board: HtmlElement,
    cells: [Option<HtmlElement>; 16],
    /// Tiles that merged away in the last move and are still sliding.
    ghosts: Vec<HtmlElement>,
    /// Tiles that carry an entrance animation class from the last move.
    animated: Vec<HtmlElement>,
    /// The slides' timing, the same for every slide, built once.
    slide_timing: JsValue,
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
            slide_timing: slide_timing(),
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

    /// Shows one move that counted: animated (slides, the merged tiles' pop, the new tile's
    /// fade-in) with `motion`, else the tiles simply jump. An error means the tiles on screen
    /// did not match the report's starting board; the caller then shows the game's board with
    /// [`Tiles::show`].
    pub fn play(&mut self, report: &MoveReport, motion: bool) -> Result<(), JsValue> {
        self.snap();
        let mut next: [Option<HtmlElement>; 16] = Default::default();
        let mut ghosts = Vec::new();
        for tile_move in &report.tiles {
            let tile = self.cells[index(tile_move.from)]
                .take()
                .ok_or_else(|| JsValue::from_str("a moving tile is not on the board"))?;
            if tile_move.from != tile_move.to {
                place(&tile, tile_move.to.row, tile_move.to.col)?;
                if motion {
                    self.slide(&tile, tile_move.from, tile_move.to);
                }
            }
            if tile_move.merged {
                for name in ["data-value", "data-row", "data-col"] {
                    tile.remove_attribute(name)?;
                }
                tile.class_list().add_1("ghost")?;
                ghosts.push(tile);
            } else {
                // A tile that stays put keeps its attributes: only what changed is written.
                if tile_move.to.row != tile_move.from.row {
                    tile.set_attribute("data-row", &tile_move.to.row.to_string())?;
                }
                if tile_move.to.col != tile_move.from.col {
                    tile.set_attribute("data-col", &tile_move.to.col.to_string())?;
                }
                next[index(tile_move.to)] = Some(tile);
            }
        }
        if self.cells.iter().any(Option::is_some) {
            return Err(JsValue::from_str("a tile on the board is missing from the move"));
        }
        for merge in &report.merges {
            next[index(merge.at)] = Some(self.add(merge.value, merge.at, motion.then_some("merged"))?);
        }
        if let Some(spawned) = report.spawned {
            next[index(spawned.at)] = Some(self.add(spawned.value, spawned.at, motion.then_some("new"))?);
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

    /// Ends the last move's leftovers before the next: its ghosts leave, and the pop and
    /// fade-in classes go (left on, they would replay if the tile's style changed). Writes
    /// only, never a layout read. A slide still running needs nothing: each tile is already
    /// on its cell, and the next move's slide of the same tile replaces it.
    pub fn snap(&mut self) {
        for ghost in self.ghosts.drain(..) {
            ghost.remove();
        }
        for tile in self.animated.drain(..) {
            let _ = tile.class_list().remove_2("merged", "new");
        }
    }

    /// Slides `tile`, already placed on `to`, from where `from` is on screen.
    fn slide(&self, tile: &HtmlElement, from: Cell, to: Cell) {
        let dx = (i32::from(from.col) - i32::from(to.col)) * STEP_PERCENT;
        let dy = (i32::from(from.row) - i32::from(to.row)) * STEP_PERCENT;
        let start = Object::new();
        let end = Object::new();
        let set = |frame: &Object, value: &str| {
            Reflect::set(frame, &JsValue::from_str("transform"), &JsValue::from_str(value)).is_ok()
        };
        if set(&start, &format!("translate({dx}%, {dy}%)")) && set(&end, "translate(0%, 0%)") {
            let frames = Array::of2(&start, &end);
            // Without the Web Animations API the tile has simply jumped: nothing to undo.
            let _ = tile.unchecked_ref::<Animatable>().animate(&frames, &self.slide_timing);
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
        tile.set_class_name(&format!("tile {} digits-{}", value_class(value), text.len()));
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

/// `{duration: SLIDE_MS, easing: "ease-in-out"}`, as the CSS transition it replaces had.
fn slide_timing() -> JsValue {
    let timing = Object::new();
    let _ = Reflect::set(&timing, &JsValue::from_str("duration"), &JsValue::from(SLIDE_MS));
    let _ = Reflect::set(&timing, &JsValue::from_str("easing"), &JsValue::from_str("ease-in-out"));
    timing.into()
}

/// Puts an element on a cell: the stylesheet puts it on the top left one, `translate` moves it
/// from there.
fn place(element: &HtmlElement, row: u8, col: u8) -> Result<(), JsValue> {
    let x = i32::from(col) * STEP_PERCENT;
    let y = i32::from(row) * STEP_PERCENT;
    element.style().set_property("translate", &format!("{x}% {y}%"))
}
