//! The running game: its state, and the event loop that turns keys, swipes, clicks and solver
//! replies into moves, saves, renders and announcements.
//!
//! Every move is played on the `Game` the moment its key or swipe arrives, and only then shown:
//! an animation still running is snapped to its end first. So rapid input is never lost or
//! doubled, whatever the screen is doing. The rules (what moved, merged, spawned, won or lost)
//! all come from `game-core`'s `MoveReport` and `Status`.
//!
//! Autoplay at its fastest plays at most one move a frame: the solver's answer waits for the
//! next `requestAnimationFrame`, is played there (so its DOM writes land in that frame), and
//! the next question goes to the worker as soon as that frame is drawn.
//! A second move in the same frame would never be seen, only cost the frame time. Slower
//! speeds pause on a timer. At the fastest, tiles jump instead of sliding (a slide lasts six
//! frames). While Autoplay plays, moves are not announced one by one (the live region says
//! that Autoplay started and stopped, a win and game over) and the game is saved at most every
//! half second (see [`crate::autosave`]).
//!
//! The state lives in one `Rc<RefCell<App>>`, kept for the page's lifetime; event listeners,
//! timers and the worker's callbacks reach it through weak references. Listeners are never
//! removed (the game lives as long as the page), so their closures are leaked on purpose.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use game_core::{Board, Direction, Game, Status};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Window};

use crate::announce::Announcer;
use crate::autoplay::{self, Autoplay};
use crate::autosave::{Autosave, Save};
use crate::protocol::{Reply, Strength};
use crate::solver_client::{self, SolverClient, WorkerEvent};
use crate::storage::{Problem, Store};
use crate::text::{self, Language, Message};
use crate::view::View;
use crate::{input, timer};

/// The `performance.mark` set when Hint is clicked; `performance.measure("hint", ...)` from it
/// is taken when the arrow is on screen.
pub const HINT_MARK: &str = "hint-click";
pub const HINT_MEASURE: &str = "hint";

/// What a request to the solver was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Hint,
    /// A move for this Autoplay run.
    Autoplay(u32),
}

/// The request whose answer is awaited; any other answer is stale.
#[derive(Clone, Copy, Debug)]
struct Pending {
    id: u64,
    board: Board,
    purpose: Purpose,
}

/// An Autoplay move the solver has chosen, waiting for the next animation frame to be played.
#[derive(Clone, Copy, Debug)]
struct Queued {
    run: u32,
    /// The board it was chosen for: played only if the game is still there.
    board: Board,
    direction: Direction,
}

/// The game on screen and everything needed to play it.
pub struct App {
    game: Game,
    /// Seeded once from the browser's `crypto.getRandomValues`: every new tile comes from it.
    rng: SmallRng,
    best: u32,
    /// Moves that counted since the page loaded: lets tests wait for a move's render.
    moves: u32,
    /// Whether a move has been made in this game, so that New game asks first.
    started: bool,
    store: Store,
    /// Whether the player has been told that progress is not being saved.
    told_not_saved: bool,
    /// What `#notice` says, kept as messages so that a change of language can say it again.
    notices: Vec<Message>,
    /// The last toast shown, for the same reason.
    toast: Option<Message>,
    view: View,
    announcer: Announcer,
    language: Language,
    /// The strength Hint and Autoplay ask for: read at each request, so a change reaches a
    /// running Autoplay at its next move.
    strength: Strength,
    solver: SolverClient,
    pending: Option<Pending>,
    autoplay: Autoplay,
    /// The fastest Autoplay's next move, until the frame it is played in.
    queued: Option<Queued>,
    /// Whether an animation frame has been asked for to play `queued`.
    frame_asked: bool,
    /// When the game was saved, and whether a change waits.
    autosave: Autosave,
    /// `(prefers-reduced-motion: reduce)`, asked once: its `matches` follows the system setting.
    reduced_motion: Option<web_sys::MediaQueryList>,
    hint: Option<Direction>,
    window: Window,
    /// The app itself, for the timers it sets.
    me: Weak<RefCell<App>>,
}

/// Runs `f` on the app, unless it is gone or already in use (an event dispatched from inside
/// another handler, which this app never does): never panics.
fn with_app(app: &Weak<RefCell<App>>, f: impl FnOnce(&mut App)) {
    let Some(app) = app.upgrade() else { return };
    match app.try_borrow_mut() {
        Ok(mut app) => f(&mut app),
        Err(_) => web_sys::console::warn_1(&JsValue::from_str("an event arrived while the game was busy")),
    }
}

/// Whether `game` has had a move: a move that counts either merges (scoring) or adds a tile
/// without merging, so a game fresh from `Game::new` is the only one with no score and 2 tiles.
fn has_been_played(game: &Game) -> bool {
    game.score() > 0 || game.board().tile_count() > 2
}

impl App {
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
        let view = View::find(&document)?;
        view.apply_labels(language)?;
        let announcer = Announcer::find(&document)?;

        let loaded = store.load();
        let seed = getrandom::u64().map_err(|error| JsValue::from_str(&format!("no randomness: {error}")))?;
        let mut rng = SmallRng::seed_from_u64(seed);
        let game = loaded.game.unwrap_or_else(|| Game::new(&mut rng));
        let speed = store.load_speed(autoplay::MAX_SPEED).unwrap_or(autoplay::DEFAULT_SPEED);
        let strength = store.load_strength();

        let mut app = App {
            started: has_been_played(&game),
            game,
            rng,
            best: loaded.best,
            moves: 0,
            store,
            told_not_saved: false,
            notices: Vec::new(),
            toast: None,
            view,
            announcer,
            language,
            strength,
            solver: SolverClient::none(),
            pending: None,
            autoplay: Autoplay::new(speed),
            queued: None,
            frame_asked: false,
            autosave: Autosave::new(),
            reduced_motion: window.match_media("(prefers-reduced-motion: reduce)").ok().flatten(),
            hint: None,
            window: window.clone(),
            me: Weak::new(),
        };
        for problem in loaded.problems {
            app.report(problem);
        }
        // Saving now also replaces whatever unreadable data was there, so it is mentioned once.
        app.save();
        app.view.set_speed(speed, autoplay::MAX_SPEED, language)?;
        app.view.set_strength(strength);
        app.view.tiles.show(app.game.board().rows(), false)?;
        app.render()?;
        app.view.set_ready()?;

        let app = Rc::new(RefCell::new(app));
        let weak = Rc::downgrade(&app);
        app.borrow_mut().me = weak.clone();
        let solver = {
            let weak = weak.clone();
            SolverClient::spawn(solver_client::WORKER_URL, move |event| {
                with_app(&weak, |app| app.on_worker(event))
            })
        };
        app.borrow_mut().solver = solver;

        let on_move = |weak: &Weak<RefCell<App>>| {
            let weak = weak.clone();
            move |direction| with_app(&weak, |app| app.player_move(direction))
        };
        input::listen_keys(&window, on_move(&weak))?;
        input::listen_swipes(&find(&document, "game")?.into(), on_move(&weak))?;
        on_click(&document, "new-game", &weak, App::ask_new_game)?;
        on_click(&document, "banner-new-game", &weak, App::ask_new_game)?;
        on_click(&document, "try-again", &weak, App::new_game)?;
        on_click(&document, "keep-going", &weak, App::keep_going)?;
        on_click(&document, "hint", &weak, App::hint)?;
        on_click(&document, "autoplay", &weak, App::toggle_autoplay)?;
        on_click(&document, "confirm-yes", &weak, App::new_game)?;
        on_click(&document, "confirm-no", &weak, |app| app.view.close_confirm())?;
        on_event(&document, "speed", "input", &weak, App::speed_changed)?;
        on_event(&document, "language", "change", &weak, App::language_chosen)?;
        // The radios' change events bubble up to their group.
        on_event(&document, "strength", "change", &weak, App::strength_chosen)?;
        // A change Autoplay has not saved yet is saved when the page is hidden (a phone
        // switching apps may never come back) or left (a reload, a closed tab).
        on_target(window.as_ref(), "pagehide", &weak, App::save_waiting)?;
        on_target(document.as_ref(), "visibilitychange", &weak, |app| {
            if app.window.document().is_some_and(|document| document.hidden()) {
                app.save_waiting();
            }
        })?;
        // Listeners and timers hold weak references; this one strong reference, never dropped,
        // keeps the game alive as long as the page.
        std::mem::forget(app);
        Ok(())
    }

    /// A direction from a key or a swipe: the player takes over from Autoplay, and it is played.
    fn player_move(&mut self, direction: Direction) {
        if self.view.confirm_is_open() {
            return;
        }
        self.stop_autoplay();
        self.play(direction);
    }

    /// Plays one move on the game and shows it; returns whether it counted.
    fn play(&mut self, direction: Direction) -> bool {
        let report = self.game.play(direction, &mut self.rng);
        if !report.moved {
            return false;
        }
        self.moves += 1;
        self.started = true;
        self.hint = None;
        // An answer for the board before this move is stale now.
        self.pending = None;
        // At Autoplay's fastest a move lasts one frame, far less than a slide (100 ms) or a pop
        // (delayed until the slide ends): every animation would be cut off by the next move
        // before it showed anything, and starting them costs the frame time a phone lacks. So
        // the tiles jump, as with reduced motion.
        let motion = self.motion() && !(self.autoplay.is_on() && self.autoplay.delay_ms() == 0);
        if let Err(error) = self.view.tiles.play(&report, motion) {
            web_sys::console::error_1(&error);
            log(self.view.tiles.show(self.game.board().rows(), false));
        }
        if report.score_gained > 0 && motion {
            log(self.view.show_score_gain(report.score_gained));
        }
        let autoplaying = self.autoplay.is_on();
        // Autoplay's moves are not said one by one: at its pace a screen reader could not keep
        // up, and each change of the live region costs the page a layout. Its start and stop,
        // a win and game over are said.
        let mut said = Vec::new();
        if !autoplaying {
            said.push(self.language.message(&Message::Moved { direction, score: self.game.score() }));
        }
        if report.won_now {
            if autoplaying {
                // Autoplay does not stop at 2048: it takes the "keep going" choice itself and
                // says so, rather than stall behind the banner.
                self.game.continue_after_win();
                let text = self.language.message(&Message::WonAutoplayContinues);
                log(self.view.show_toast(&text));
                self.toast = Some(Message::WonAutoplayContinues);
                said.push(text);
            } else {
                said.push(self.language.message(&Message::Won { score: self.game.score() }));
            }
        }
        let over = self.game.status() == Status::Over;
        if over {
            self.autoplay.stop();
            self.queued = None;
            said.push(self.language.message(&Message::Over { score: self.game.score() }));
        }
        self.best = self.best.max(self.game.score());
        // An Autoplay move is saved with the next ones (at most half a second later); a
        // player's move, a win and game over at once.
        self.save_change(!autoplaying || report.won_now || over);
        log(self.render());
        if !said.is_empty() {
            self.announcer.say(&said.join(" "));
        }
        true
    }

    fn ask_new_game(&mut self) {
        if self.started && self.game.status() != Status::Over {
            log(self.view.open_confirm());
        } else {
            self.new_game();
        }
    }

    fn new_game(&mut self) {
        self.view.close_confirm();
        self.stop_autoplay();
        self.pending = None;
        self.hint = None;
        self.game = Game::new(&mut self.rng);
        self.started = false;
        let appear = self.motion();
        log(self.view.tiles.show(self.game.board().rows(), appear));
        self.save();
        log(self.render());
        self.announcer.say(&self.language.message(&Message::NewGame));
    }

    fn keep_going(&mut self) {
        self.game.continue_after_win();
        self.save();
        log(self.render());
        self.announcer.say(&self.language.message(&Message::KeptGoing));
    }

    fn hint(&mut self) {
        if self.game.status() != Status::Playing || self.autoplay.is_on() {
            return;
        }
        if let Some(performance) = self.window.performance() {
            let _ = performance.mark(HINT_MARK);
        }
        self.ask_solver(Purpose::Hint);
    }

    fn toggle_autoplay(&mut self) {
        if self.autoplay.is_on() {
            self.stop_autoplay();
            self.announcer.say(&self.language.message(&Message::AutoplayOff));
            return;
        }
        if self.game.status() != Status::Playing {
            return;
        }
        if self.solver.is_failed() {
            self.solver_unavailable();
            return;
        }
        let run = self.autoplay.start();
        self.hint = None;
        log(self.render());
        self.announcer.say(&self.language.message(&Message::AutoplayOn));
        self.autoplay_step(run);
    }

    /// One Autoplay move: ask the solver, then [`App::on_worker`] plays its answer.
    fn autoplay_step(&mut self, run: u32) {
        if !self.autoplay.is_current(run) || self.pending.is_some_and(|p| p.purpose == Purpose::Autoplay(run))
        {
            return;
        }
        if self.game.status() != Status::Playing {
            self.stop_autoplay();
            return;
        }
        self.ask_solver(Purpose::Autoplay(run));
    }

    fn stop_autoplay(&mut self) {
        self.queued = None;
        if self.autoplay.stop() {
            if matches!(self.pending, Some(Pending { purpose: Purpose::Autoplay(_), .. })) {
                self.pending = None;
            }
            self.save_waiting();
            log(self.render());
        }
    }

    fn speed_changed(&mut self) {
        let speed = autoplay::parse_speed(&self.view.speed_value());
        self.autoplay.set_speed(speed);
        log(self.view.set_speed(speed, autoplay::MAX_SPEED, self.language));
        if let Err(problem) = self.store.save_speed(speed) {
            self.report(problem);
        }
    }

    /// The strength selector was changed: Hint and Autoplay ask for it from their next request
    /// on (a search already running finishes at the strength it was asked at). Remembered where
    /// the browser lets the page; where not, it lasts for this visit, with no notice.
    fn strength_chosen(&mut self) {
        match self.view.strength_value() {
            Some(strength) => {
                self.strength = strength;
                let _ = self.store.save_strength(strength);
            }
            None => self.view.set_strength(self.strength),
        }
        self.view.release_pointer_focus();
    }

    /// The language selector was changed.
    fn language_chosen(&mut self) {
        match Language::from_code(&self.view.language_value()) {
            Some(language) => self.set_language(language),
            None => log(self.view.apply_labels(self.language)),
        }
    }

    /// Says everything on the page in `language` from now on, and remembers the choice where
    /// the browser lets the page (where not, it lasts for this visit). Only words change: the
    /// game, the tiles and their animations, a hint, Autoplay and the focus stay as they are.
    fn set_language(&mut self, language: Language) {
        if language == self.language {
            return;
        }
        self.language = language;
        text::set_current(language);
        log(self.view.apply_labels(language));
        log(self.view.set_speed(self.autoplay.speed(), autoplay::MAX_SPEED, language));
        log(self.show_notices());
        if let Some(toast) = &self.toast {
            self.view.retext_toast(&language.message(toast));
        }
        log(self.render());
        // Not being able to remember it is no news worth a notice.
        let _ = self.store.save_language(language);
        self.announcer.say(&language.message(&Message::LanguageChanged));
    }

    fn ask_solver(&mut self, purpose: Purpose) {
        let board = self.game.board();
        match self.solver.ask(board, self.strength) {
            Some(id) => self.pending = Some(Pending { id, board, purpose }),
            None => self.solver_unavailable(),
        }
    }

    fn on_worker(&mut self, event: WorkerEvent) {
        match event {
            WorkerEvent::Ready => self.solver.on_ready(),
            WorkerEvent::StartTimeout if self.solver.is_starting() => self.solver_failed(),
            WorkerEvent::StartTimeout => {}
            WorkerEvent::Failed(_) => self.solver_failed(),
            WorkerEvent::Reply(Reply::Decision { id, best, .. }) => self.on_decision(id, best),
            WorkerEvent::Reply(Reply::Error { id, message }) => {
                web_sys::console::error_1(&JsValue::from_str(&format!(
                    "the solver refused request {id:?}: {message}"
                )));
                if self.pending.is_some_and(|p| Some(p.id) == id) {
                    self.pending = None;
                    self.stop_autoplay();
                }
            }
            WorkerEvent::Reply(Reply::Ready) => self.solver.on_ready(),
        }
    }

    /// The solver's answer: used only if it answers the awaited request and the board is still
    /// the one it was asked about.
    fn on_decision(&mut self, id: u64, best: Option<Direction>) {
        let Some(pending) = self.pending.filter(|p| p.id == id && p.board == self.game.board()) else {
            return;
        };
        self.pending = None;
        match (pending.purpose, best) {
            (Purpose::Hint, Some(direction)) => {
                self.hint = Some(direction);
                log(self.view.show_hint(self.hint));
                if let Some(performance) = self.window.performance() {
                    let _ = performance.measure_with_start_mark(HINT_MEASURE, HINT_MARK);
                }
                self.announcer.say(&self.language.message(&Message::Hint(direction)));
            }
            (Purpose::Autoplay(run), Some(direction)) if self.autoplay.is_current(run) => {
                if self.autoplay.delay_ms() == 0 {
                    self.queued = Some(Queued { run, board: pending.board, direction });
                    self.ask_frame();
                } else {
                    self.play(direction);
                    self.schedule_autoplay(run);
                }
            }
            (Purpose::Autoplay(_), None) => self.stop_autoplay(),
            _ => {}
        }
    }

    /// Asks for an animation frame to play the queued Autoplay move in, unless one is asked.
    fn ask_frame(&mut self) {
        if std::mem::replace(&mut self.frame_asked, true) {
            return;
        }
        let me = self.me.clone();
        timer::next_frame(move || with_app(&me, App::on_frame));
    }

    /// An animation frame: plays the queued Autoplay move if it is still for this run and this
    /// board (a key, a click or a new game since then made it stale), then asks for the next.
    fn on_frame(&mut self) {
        self.frame_asked = false;
        let Some(queued) = self.queued.take() else { return };
        if !self.autoplay.is_current(queued.run) || queued.board != self.game.board() {
            return;
        }
        if self.play(queued.direction) {
            // The next question goes to the worker just after this frame is drawn, not from
            // inside it: where cores are few, the woken worker can take the page's core for
            // its whole search, and the frame would wait for it. Asked after, the search runs
            // while the page idles until the next frame.
            let (me, run) = (self.me.clone(), queued.run);
            timer::after(0, move || with_app(&me, |app| app.after_frame(run)));
        } else {
            // The solver chose a move that changes nothing (it never should): stop rather
            // than ask again about the same board for ever.
            self.stop_autoplay();
        }
    }

    /// Just after a frame that played an Autoplay move: asks for the next move, then writes the
    /// game if its save is due, a moment when writing delays no frame.
    fn after_frame(&mut self, run: u32) {
        self.schedule_autoplay(run);
        if self.autosave.is_due(self.now()) {
            self.save();
        }
    }

    /// The next Autoplay move, after the pause the speed asks for. At the fastest there is
    /// none: the next search starts while the browser paints this move.
    fn schedule_autoplay(&mut self, run: u32) {
        if !self.autoplay.is_current(run) {
            return;
        }
        let delay = self.autoplay.delay_ms();
        if delay == 0 {
            self.autoplay_step(run);
        } else {
            let me = self.me.clone();
            timer::after(delay, move || with_app(&me, |app| app.autoplay_step(run)));
        }
    }

    fn solver_failed(&mut self) {
        let waiting = self.pending.is_some() || self.autoplay.is_on();
        self.solver.fail();
        self.pending = None;
        self.stop_autoplay();
        if waiting {
            self.solver_unavailable();
        }
    }

    fn solver_unavailable(&mut self) {
        self.notify(Message::SolverUnavailable);
    }

    /// Saves the game and the best score now; the first failure is told, not repeated.
    fn save(&mut self) {
        let saved = self.store.save_game(&self.game).and_then(|()| self.store.save_best(self.best));
        self.autosave.saved(self.now());
        if let Err(problem) = saved {
            self.report(problem);
        }
    }

    /// The game changed: saves it now if `urgent`, else as [`Autosave`] paces Autoplay's saves
    /// (now; after a frame once half a second has passed, see [`App::after_frame`]; or by a
    /// timer a little later).
    fn save_change(&mut self, urgent: bool) {
        let decision = self.autosave.changed(self.now(), urgent);
        self.follow(decision);
    }

    /// Does what [`Autosave`] decided: write now, or set its timer.
    fn follow(&mut self, decision: Save) {
        match decision {
            Save::Now => self.save(),
            Save::After(ms) => {
                let me = self.me.clone();
                timer::after(ms, move || {
                    with_app(&me, |app| {
                        let decision = app.autosave.timer_fired(app.now());
                        app.follow(decision);
                    })
                });
            }
            Save::Waiting | Save::Nothing => {}
        }
    }

    /// Saves a change that waits for Autoplay's next save, if there is one.
    fn save_waiting(&mut self) {
        if self.autosave.is_dirty() {
            self.save();
        }
    }

    /// The page's clock, in milliseconds.
    fn now(&self) -> f64 {
        self.window.performance().map_or(0.0, |performance| performance.now())
    }

    fn report(&mut self, problem: Problem) {
        let message = match problem {
            Problem::Unavailable | Problem::SaveFailed if self.told_not_saved => return,
            Problem::Unavailable => Message::StorageUnavailable,
            Problem::SaveFailed => Message::SaveFailed,
            Problem::CorruptGame(error) => {
                web_sys::console::warn_1(&JsValue::from_str(&format!("2048.game ignored: {error}")));
                Message::CorruptGame
            }
            Problem::CorruptBest => Message::CorruptBest,
        };
        if matches!(message, Message::StorageUnavailable | Message::SaveFailed) {
            self.told_not_saved = true;
        }
        self.notify(message);
    }

    fn notify(&mut self, message: Message) {
        if !self.notices.contains(&message) {
            self.notices.push(message);
        }
        log(self.show_notices());
    }

    fn show_notices(&self) -> Result<(), JsValue> {
        let lines: Vec<String> = self.notices.iter().map(|m| self.language.message(m)).collect();
        self.view.show_notice(&lines)
    }

    /// Shows everything but the tiles (which move with each report) as the game stands.
    fn render(&mut self) -> Result<(), JsValue> {
        let status = self.game.status();
        self.view.show_scores(self.game.score(), self.best);
        self.view.show_grid(self.game.board().rows(), self.language)?;
        self.view.set_moves(self.moves)?;
        self.view.set_controls(status, self.autoplay.is_on())?;
        self.view.show_hint(self.hint)?;
        if let Some(button) = self.view.show_status(status, self.language)? {
            // The banner waits for a choice: put the keyboard on it.
            log(crate::view::focus(&button));
        }
        Ok(())
    }

    /// Whether to animate: not when the player asked the system for reduced motion.
    fn motion(&self) -> bool {
        !self.reduced_motion.as_ref().is_some_and(web_sys::MediaQueryList::matches)
    }
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

fn find(document: &Document, id: &str) -> Result<web_sys::Element, JsValue> {
    document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("no #{id}")))
}

fn on_click(
    document: &Document,
    id: &str,
    app: &Weak<RefCell<App>>,
    action: impl Fn(&mut App) + 'static,
) -> Result<(), JsValue> {
    on_event(document, id, "click", app, action)
}

fn on_event(
    document: &Document,
    id: &str,
    event: &str,
    app: &Weak<RefCell<App>>,
    action: impl Fn(&mut App) + 'static,
) -> Result<(), JsValue> {
    on_target(&find(document, id)?.into(), event, app, action)
}

fn on_target(
    target: &web_sys::EventTarget,
    event: &str,
    app: &Weak<RefCell<App>>,
    action: impl Fn(&mut App) + 'static,
) -> Result<(), JsValue> {
    let app = app.clone();
    let handler = Closure::<dyn FnMut()>::new(move || with_app(&app, &action));
    target.add_event_listener_with_callback(event, handler.as_ref().unchecked_ref())?;
    handler.forget();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_fresh_game_has_no_moves() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut game = Game::new(&mut rng);
        assert!(!has_been_played(&game));
        while game.status() == Status::Playing && !has_been_played(&game) {
            let direction = Direction::ALL.into_iter().find(|&d| game.board().slide(d).moved).unwrap();
            assert!(game.play(direction, &mut rng).moved);
        }
        assert!(has_been_played(&game), "one move that counts is enough");
    }
}
