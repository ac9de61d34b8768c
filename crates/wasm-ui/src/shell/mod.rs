//! The browser side of the page: reads what storage and the browser hold, starts the core,
//! and then only turns DOM events into [`Event`]s for [`update`] and carries out the
//! [`Effect`]s it returns (see `effects`).
//!
//! The shell lives in one `Rc<RefCell<Shell>>`, kept for the page's lifetime; listeners,
//! timers and the worker's callbacks reach it through weak references.

mod deck_db;
mod download;
mod effects;
mod files;
pub mod history_db;
mod listen;
mod network_check;
mod reviews_db;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use web_sys::Window;

use crate::announce::Announcer;
use crate::solver_client::SolverWorker;
use crate::storage::Store;
use crate::tiles::Motion;
use crate::view::View;
use page_core::autoplay::{DEFAULT_SPEED, MAX_SPEED};
use page_core::text::{self, Language};
use page_core::{Effect, Event, Model, Start, Thresholds, update};

/// The `performance.mark` set when Hint is clicked; `performance.measure("hint", ...)` from it
/// is taken when the arrow is on screen.
pub const HINT_MARK: &str = "hint-click";
pub const HINT_MEASURE: &str = "hint";

pub struct Shell {
    model: Model,
    view: View,
    announcer: Announcer,
    store: Store,
    /// The running worker and its generation.
    worker: Option<(u32, SolverWorker)>,
    /// The network, once downloaded: handed to each worker as it becomes ready.
    network: Option<js_sys::ArrayBuffer>,
    window: Window,
    motion: Motion,
    me: Weak<RefCell<Shell>>,
    /// The kept games' database.
    history: history_db::HistoryDb,
}

/// Starts the game in the page (resuming a saved one) and wires up every input.
pub fn launch() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let store = Store::browser();
    let language = text::initial(
        store.load_language().map(Language::code),
        browser_languages(&window).iter().map(String::as_str),
    );
    text::set_current(language);
    // What the first board played before this program ran (read before the view takes the
    // board over).
    let (moves, handed_over) = first_board_left(&document);
    let view = View::find(&document)?;
    view.apply_labels(language)?;
    let announcer = Announcer::find(&document)?;
    let seed = getrandom::u64().map_err(|error| JsValue::from_str(&format!("no randomness: {error}")))?;
    let mut loaded = store.load();
    let coach = store.load_coach().unwrap_or_else(|problem| {
        loaded.problems.push(problem);
        None
    });
    let days = store.load_days().unwrap_or_else(|problem| {
        loaded.problems.push(problem);
        Default::default()
    });
    let start = Start {
        loaded,
        coach,
        thresholds: Thresholds::measured(),
        seed,
        speed: store.load_speed(MAX_SPEED).unwrap_or(DEFAULT_SPEED),
        strength: store.load_strength(),
        language,
        now: clock(&window),
        wall: js_sys::Date::now(),
        tally: store.load_tally().unwrap_or_else(|error| {
            web_sys::console::warn_1(&JsValue::from_str(&format!("2048.tally ignored: {error}")));
            None
        }),
        moves,
        days,
    };
    let (model, first) = Model::start(start);
    let shell = Rc::new(RefCell::new(Shell {
        model,
        view,
        announcer,
        store,
        worker: None,
        network: None,
        motion: Motion::of(&window),
        window: window.clone(),
        me: Weak::new(),
        history: history_db::HistoryDb::default(),
    }));
    let weak = Rc::downgrade(&shell);
    {
        let mut shell = shell.borrow_mut();
        shell.me = weak.clone();
        shell.carry_out(first);
        shell.view.set_ready()?;
        shell.history.open(dispatcher(&weak));
    }
    listen::wire(&window, &document, &weak)?;
    if let Some(direction) = handed_over {
        with_shell(&weak, |shell| shell.dispatch(Event::Move(direction)));
    }
    // Listeners and timers hold weak references; this one strong reference, never dropped,
    // keeps the game alive as long as the page.
    std::mem::forget(shell);
    Ok(())
}

/// What the first board left on `#board` (see `first_board`): the moves it played, and a move
/// for the page to play, which is taken off.
fn first_board_left(document: &web_sys::Document) -> (u32, Option<game_core::Direction>) {
    let Some(board) = document.get_element_by_id(crate::dom::BOARD) else { return (0, None) };
    let moves = board.get_attribute(crate::dom::MOVES_ATTRIBUTE).and_then(|m| m.parse().ok()).unwrap_or(0);
    let handed = board.get_attribute(crate::dom::HANDOVER_ATTRIBUTE);
    drop(board.remove_attribute(crate::dom::HANDOVER_ATTRIBUTE));
    (moves, handed.as_deref().and_then(game_core::Direction::from_name))
}

/// Runs `f` on the shell, unless it is gone or already in use (an event dispatched from
/// inside another handler, which this page never does): never panics.
fn with_shell(shell: &Weak<RefCell<Shell>>, f: impl FnOnce(&mut Shell)) {
    let Some(shell) = shell.upgrade() else { return };
    match shell.try_borrow_mut() {
        Ok(mut shell) => f(&mut shell),
        Err(_) => web_sys::console::warn_1(&JsValue::from_str("an event arrived while the game was busy")),
    }
}

/// A function that hands `event` to the shell later, from a listener, timer or worker.
fn dispatcher(shell: &Weak<RefCell<Shell>>) -> impl Fn(Event) + Clone + 'static {
    let shell = shell.clone();
    move |event| with_shell(&shell, |shell| shell.dispatch(event))
}

impl Shell {
    /// Hands `event` to the core and carries out what it says, then renders.
    pub fn dispatch(&mut self, event: Event) {
        let now = self.now();
        let effects = update(&mut self.model, now, event);
        self.carry_out(effects);
    }

    /// Carries out `effects` in order, with the events they lead to (a failed write, a worker
    /// that could not start), then renders the page as the model stands.
    fn carry_out(&mut self, effects: Vec<Effect>) {
        let mut queue = VecDeque::from(effects);
        while let Some(effect) = queue.pop_front() {
            if let Some(event) = self.run(effect) {
                let now = self.now();
                let more = update(&mut self.model, now, event);
                queue.extend(more);
            }
        }
        log(self.view.render(&self.model));
    }

    /// The page's clock, in milliseconds.
    fn now(&self) -> f64 {
        clock(&self.window)
    }

    /// Whether to animate: not when the player asked the system for reduced motion.
    fn motion(&self) -> bool {
        self.motion.allowed()
    }
}

fn clock(window: &Window) -> f64 {
    window.performance().map_or(0.0, |performance| performance.now())
}

/// The browser's languages, most preferred first (`navigator.languages`, else
/// `navigator.language`).
fn browser_languages(window: &Window) -> Vec<String> {
    let navigator = window.navigator();
    let mut tags: Vec<String> = navigator.languages().iter().filter_map(|tag| tag.as_string()).collect();
    if tags.is_empty() {
        tags.extend(navigator.language());
    }
    tags
}

/// A DOM call only fails if the page's markup is broken: log it rather than stop the game.
fn log(result: Result<(), JsValue>) {
    if let Err(error) = result {
        web_sys::console::error_1(&error);
    }
}
