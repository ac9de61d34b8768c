//! The first board in the browser (its logic is `page_core::first_board`): reads what the page keeps, draws the board and plays keys
//! and swipes on it until `www/boot.js` calls [`stop`], just before the page's program starts.
//!
//! What it leaves the page: the game, Best and the game's tally saved after every move, as the
//! page saves them; on `#board`, the page's own `data-moves` (the page counts on from it),
//! `data-playable` once its listeners are in place, and `data-handover` with a move it left for
//! the page to play first (see [`Played::HandOver`]). When it cannot play (see
//! [`FirstBoard::start`]) it does nothing at all, and the page starts as if it were not there.

use std::cell::RefCell;

use game_core::Direction;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

use crate::dom;
use crate::input::{self, KeyAction, Listening};
use crate::storage::{Loaded, Store};
use crate::tiles::{Motion, Tiles};
use page_core::first_board::{FirstBoard, Played, Saved};

struct Running {
    first: FirstBoard,
    tiles: Tiles,
    store: Store,
    document: Document,
    board: Element,
    moves: u32,
    motion: Motion,
    /// Removed with the rest at [`stop`].
    _listening: Vec<Listening>,
}

thread_local! {
    static RUNNING: RefCell<Option<Running>> = const { RefCell::new(None) };
}

/// Starts the first board, if it can play; an error (broken markup, no randomness) leaves the
/// board to the page.
pub fn start() {
    if let Err(error) = try_start() {
        web_sys::console::warn_1(&error);
    }
}

fn try_start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let store = Store::browser();
    let hash = window.location().hash().unwrap_or_default();
    let Some(first) =
        FirstBoard::start(read(&store, store.load()), page_core::board_address(&hash).is_some(), seed()?)
    else {
        return Ok(());
    };
    // A game made here is saved at once, as the page saves one it makes; if it cannot be, the
    // page says so.
    if first.is_unsaved() && !save(&store, &first) {
        return Ok(());
    }
    let board = dom::find(&document, dom::BOARD)?;
    let mut tiles = Tiles::new(&document, board.clone())?;
    tiles.show(first.game().board().rows(), false)?;
    show_scores(&document, &first);
    let listening = vec![
        input::listen_keys(&window, |action| {
            if let KeyAction::Move(direction) = action {
                on_move(direction);
            }
        })?,
        input::listen_swipes(&dom::find(&document, dom::GAME)?.into(), on_move)?,
    ];
    board.set_attribute(dom::PLAYABLE_ATTRIBUTE, "")?;
    RUNNING.set(Some(Running {
        first,
        tiles,
        store,
        document,
        board,
        moves: 0,
        motion: Motion::of(&window),
        _listening: listening,
    }));
    Ok(())
}

/// The page's program is about to start: the first board's listeners go, and the board is
/// the page's.
pub fn stop() {
    // Taken out first: dropping the listeners must not happen while one of them runs.
    let running = RUNNING.with_borrow_mut(Option::take);
    drop(running);
}

fn on_move(direction: Direction) {
    RUNNING.with_borrow_mut(|running| {
        let Some(running) = running.as_mut() else { return };
        if let Err(error) = running.play(direction) {
            web_sys::console::warn_1(&error);
        }
    });
}

impl Running {
    fn play(&mut self, direction: Direction) -> Result<(), JsValue> {
        let loaded = self.store.load();
        if !self.first.is_current(&loaded) {
            // Another tab played on while this page loads. The key was meant for the older
            // board: it is not played; the newer game is shown (or left to the page).
            return self.take_up(loaded);
        }
        let handed_before = self.first.handed_over();
        match self.first.play(direction, js_sys::Date::now() as u64) {
            Played::Nothing => {}
            Played::HandOver if !handed_before => {
                self.board.set_attribute(dom::HANDOVER_ATTRIBUTE, direction.name())?;
            }
            // One move waits for the page; the next ones are lost until it runs.
            Played::HandOver => {}
            Played::Moved(report) => {
                if self.tiles.play(&report, self.motion.allowed()).is_err() {
                    self.tiles.show(self.first.game().board().rows(), false)?;
                }
                show_scores(&self.document, &self.first);
                self.moves += 1;
                self.board.set_attribute(dom::MOVES_ATTRIBUTE, &self.moves.to_string())?;
                if !save(&self.store, &self.first) {
                    // Storage refused the move: the page, once it runs, says so and goes on.
                    stop_soon();
                }
            }
        }
        Ok(())
    }
}

impl Running {
    /// Shows the game storage holds now instead of this board's, and plays on from it; or, if
    /// it is not one the first board plays, stops and leaves it to the page.
    fn take_up(&mut self, loaded: Loaded) -> Result<(), JsValue> {
        match FirstBoard::start(read(&self.store, loaded), false, seed()?) {
            Some(first) if !first.is_unsaved() => {
                self.first = first;
                self.tiles.show(self.first.game().board().rows(), false)?;
                show_scores(&self.document, &self.first);
            }
            _ => stop_soon(),
        }
        Ok(())
    }
}

/// What the page left in storage, with `loaded` (the game and Best) just read.
fn read(store: &Store, loaded: Loaded) -> Saved {
    // A tally that cannot be read is the page's to warn about; here it is no tally.
    Saved { loaded, tally: store.load_tally().ok().flatten(), coach: store.load_coach() }
}

/// A seed for the tiles of the moves played here.
fn seed() -> Result<u64, JsValue> {
    getrandom::u64().map_err(|error| JsValue::from_str(&format!("no randomness: {error}")))
}

/// Stops the first board after the listener that is running returns.
fn stop_soon() {
    wasm_bindgen_futures::spawn_local(async { stop() });
}

/// Saves what the page saves after a move, in the page's order (`core::Saving`): the tally,
/// the game and Best; false if storage refused any of them.
fn save(store: &Store, first: &FirstBoard) -> bool {
    store.save_tally(&first.tally_save()).is_ok()
        && store.save_game(&first.game()).is_ok()
        && store.save_best(first.best()).is_ok()
}

/// The score and Best, as the page shows them (`#score` and `#best` hold the numbers alone).
fn show_scores(document: &Document, first: &FirstBoard) {
    for (id, value) in [(dom::SCORE, first.game().score()), (dom::BEST, first.best())] {
        if let Some(element) = document.get_element_by_id(id) {
            element.set_text_content(Some(&value.to_string()));
        }
    }
}
