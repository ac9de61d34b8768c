//! The running game: its state, and the event loop that turns keys and clicks into moves.
//!
//! The state lives in one `Rc<RefCell<App>>` shared by the event listeners. Listeners are
//! never removed (the game lives as long as the page), so their closures are leaked on purpose.

use std::cell::RefCell;
use std::rc::Rc;

use game_core::{Direction, Game};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, EventTarget, KeyboardEvent};

use crate::view::View;
use crate::{input, storage};

/// The game on screen and everything needed to play it.
pub struct App {
    game: Game,
    /// Seeded once from the browser's `crypto.getRandomValues`: every new tile comes from it.
    rng: SmallRng,
    best: u32,
    /// Moves that counted since the page loaded: lets tests wait for a move's render.
    moves: u32,
    view: View,
}

impl App {
    /// Starts a game in the page and wires up the keys and buttons.
    pub fn launch() -> Result<(), JsValue> {
        let window = web_sys::window().ok_or("no window")?;
        let document = window.document().ok_or("no document")?;
        let view = View::find(&document)?;
        let seed = getrandom::u64().map_err(|error| JsValue::from_str(&format!("no randomness: {error}")))?;
        let mut rng = SmallRng::seed_from_u64(seed);
        let game = Game::new(&mut rng);
        let app = App { game, rng, best: storage::load_best(), moves: 0, view };
        app.render();
        let app = Rc::new(RefCell::new(app));
        listen_for_keys(&window, &app)?;
        on_click(&document, "new-game", &app, App::new_game)?;
        on_click(&document, "try-again", &app, App::new_game)?;
        on_click(&document, "keep-going", &app, App::keep_going)?;
        Ok(())
    }

    /// Plays one move; returns whether it counted.
    pub fn play(&mut self, direction: Direction) -> bool {
        let report = self.game.play(direction, &mut self.rng);
        if report.moved {
            self.moves += 1;
            if self.game.score() > self.best {
                self.best = self.game.score();
                storage::save_best(self.best);
            }
            self.render();
        }
        report.moved
    }

    pub fn new_game(&mut self) {
        self.game = Game::new(&mut self.rng);
        self.render();
    }

    pub fn keep_going(&mut self) {
        self.game.continue_after_win();
        self.render();
    }

    fn render(&self) {
        // A DOM call only fails if the page's markup is broken; say so rather than panic.
        if let Err(error) = self.view.render(&self.game, self.best, self.moves) {
            web_sys::console::error_1(&error);
        }
    }
}

fn listen_for_keys(target: &EventTarget, app: &Rc<RefCell<App>>) -> Result<(), JsValue> {
    let app = Rc::clone(app);
    let handler = Closure::<dyn FnMut(KeyboardEvent)>::new(move |event: KeyboardEvent| {
        if input::is_shortcut(event.ctrl_key(), event.alt_key(), event.meta_key()) {
            return;
        }
        if let Some(direction) = input::direction_for_key(&event.key()) {
            // The arrows would otherwise scroll the page.
            event.prevent_default();
            app.borrow_mut().play(direction);
        }
    });
    target.add_event_listener_with_callback("keydown", handler.as_ref().unchecked_ref())?;
    handler.forget();
    Ok(())
}

fn on_click(
    document: &Document,
    id: &str,
    app: &Rc<RefCell<App>>,
    action: fn(&mut App),
) -> Result<(), JsValue> {
    let button = document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("no #{id}")))?;
    let app = Rc::clone(app);
    let handler = Closure::<dyn FnMut()>::new(move || action(&mut app.borrow_mut()));
    button.add_event_listener_with_callback("click", handler.as_ref().unchecked_ref())?;
    handler.forget();
    Ok(())
}
