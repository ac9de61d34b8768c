//! A page without a browser: a model, a clock, and what the shell would have been asked to do.

use game_core::{Board, Direction, Game};
use page_core::history::Write;
use page_core::request::{Request, Strength};
use page_core::saved::{Loaded, Problem};
use page_core::text::{Language, Message};
use page_core::{
    Control, Effect, Event, Model, Saving, Search, Start, Thresholds, Timer, WorkerEvent, update,
};
use results_schema::move_quality::GapMeasure;

/// A mid-game board on which every move counts.
pub const MID: [[u32; 4]; 4] = [[2, 4, 8, 16], [0, 0, 4, 2], [0, 2, 0, 2], [0, 0, 0, 0]];
/// Two 1024s side by side: Left makes 2048.
pub const NEAR_WIN: [[u32; 4]; 4] = [[1024, 1024, 0, 0], [0; 4], [0; 4], [2, 0, 0, 0]];

/// The wall clock when a test page loads (ms since 1970): 2025-12-01, 00:00 UTC.
pub const WALL: f64 = 1_764_547_200_000.0;

pub fn game(rows: [[u32; 4]; 4], score: u32) -> Game {
    let won = rows.iter().flatten().any(|&v| v >= 2048);
    let doc = serde_json::json!({"version": 1, "board": rows, "score": score, "won": won, "keep_going": won});
    Game::from_json(&doc.to_string()).expect("a valid game")
}

/// Thresholds for the values [`decision`] gives: the move right after the best in
/// `Direction::ALL` order (100 below it) is about as good, the next two (200 and 300 below)
/// worse, the last (400 below) much worse.
pub const THRESHOLDS: [Thresholds; 1] = [Thresholds {
    strength: Strength::Spec,
    gap: GapMeasure::Absolute,
    levels: results_schema::move_quality::Thresholds { about_as_good: 150.0, worse: Some(350.0) },
}];

/// The worker's answer to `request` choosing `best`: every move that counts on its board has a
/// value, `best` the highest, the others lower in `Direction::ALL` order.
pub fn decision(request: &Request, best: Option<Direction>) -> WorkerEvent {
    let board = Board::from_rows(request.board).unwrap();
    let values = Direction::ALL.map(|d| {
        let counts = board.slide(d).moved;
        let value = if Some(d) == best { 1000.0 } else { 900.0 - 100.0 * d.index() as f64 };
        counts.then_some(value)
    });
    WorkerEvent::Decision {
        id: request.id,
        search: Search { best, values, nodes: 1234, depth: 3, micros: 800, solved: false },
    }
}

pub struct Page {
    pub model: Model,
    pub now: f64,
    /// What the last event made the core ask for.
    pub fx: Vec<Effect>,
    /// The generation of the worker last started.
    pub generation: u32,
    /// Every request sent to the worker, in order.
    pub asked: Vec<Request>,
    /// What storage would hold of the game in progress: the last save's tally, game and Best.
    pub stored: Option<Saving>,
}

impl Page {
    /// A visit that resumes `game` (or starts afresh with `None`), with the worker not yet ready.
    pub fn load(game: Option<Game>, speed: u8) -> Page {
        Page::load_with(Loaded { best: game.map_or(0, |g| g.score()), game, problems: vec![] }, speed)
    }

    pub fn load_with(loaded: Loaded, speed: u8) -> Page {
        Page::start(Start { loaded, ..Page::start_of(None, speed) })
    }

    /// A visit whose first board has been drawn (so its worker has started): the effects are
    /// the start's, then the first paint's.
    pub fn start(start: Start) -> Page {
        let mut page = Page::unpainted(start);
        let first = std::mem::take(&mut page.fx);
        page.fx = first.clone();
        page.paint();
        let painted = std::mem::take(&mut page.fx);
        page.fx = first.into_iter().chain(painted).collect();
        page
    }

    /// A visit as it starts, before the first board is drawn.
    pub fn unpainted(start: Start) -> Page {
        let (model, fx) = Model::start(start);
        let mut page = Page { model, now: 0.0, fx: vec![], generation: 0, asked: vec![], stored: None };
        page.note(fx);
        page
    }

    /// What a visit to `game` starts with (the harness's usual settings).
    pub fn start_of(game: Option<Game>, speed: u8) -> Start {
        Start {
            loaded: Loaded { best: game.map_or(0, |g| g.score()), game, problems: vec![] },
            coach: None,
            thresholds: THRESHOLDS.to_vec(),
            seed: 7,
            speed,
            strength: Strength::Spec,
            language: Language::En,
            now: 0.0,
            wall: WALL,
            tally: None,
            moves: 0,
            days: Default::default(),
        }
    }

    /// A visit on `rows` whose worker is ready.
    pub fn ready_on(rows: [[u32; 4]; 4], speed: u8) -> Page {
        let mut page = Page::load(Some(game(rows, 60)), speed);
        page.worker(WorkerEvent::Ready);
        page
    }

    /// Chooses `strength`, one that needs the network, and has its download arrive and the
    /// worker read it: the strength answers from now on.
    pub fn choose_with_network(&mut self, strength: Strength) {
        self.send(Event::Strength(Some(strength)));
        self.send(Event::NetworkFetched(Ok(())));
        self.worker(WorkerEvent::NetworkReady);
        assert_eq!(self.model.asked_strength(), strength, "the network is read");
    }

    fn note(&mut self, fx: Vec<Effect>) {
        for effect in &fx {
            match effect {
                Effect::StartWorker { generation } => self.generation = *generation,
                Effect::Ask(request) => self.asked.push(request.clone()),
                Effect::Save(saving) => self.stored = Some((**saving).clone()),
                _ => {}
            }
        }
        self.fx = fx;
    }

    pub fn send(&mut self, event: Event) -> &[Effect] {
        let fx = update(&mut self.model, self.now, event);
        self.note(fx);
        &self.fx
    }

    pub fn click(&mut self, control: Control) -> &[Effect] {
        self.send(Event::Click(control))
    }

    pub fn press(&mut self, direction: Direction) -> &[Effect] {
        self.send(Event::Move(direction))
    }

    pub fn worker(&mut self, event: WorkerEvent) -> &[Effect] {
        let generation = self.generation;
        self.send(Event::Worker { generation, event })
    }

    pub fn fire(&mut self, timer: Timer) -> &[Effect] {
        self.send(Event::Timer(timer))
    }

    /// The last request sent.
    pub fn last_ask(&self) -> Request {
        self.asked.last().cloned().expect("a request was sent")
    }

    /// Answers the last request with `best`.
    pub fn answer(&mut self, best: Option<Direction>) -> &[Effect] {
        let request = self.last_ask();
        self.worker(decision(&request, best))
    }

    /// Answers the last request with a move that counts on its board, as a solver would.
    pub fn answer_legal(&mut self) -> &[Effect] {
        let board = Board::from_rows(self.last_ask().board).unwrap();
        let best = Direction::ALL.into_iter().find(|&d| board.slide(d).moved);
        self.answer(best)
    }

    pub fn board(&self) -> [[u32; 4]; 4] {
        self.model.game().board().rows()
    }

    pub fn has(&self, wanted: impl Fn(&Effect) -> bool) -> bool {
        self.fx.iter().any(wanted)
    }

    pub fn animated(&self) -> Option<bool> {
        self.fx.iter().find_map(|e| match e {
            Effect::Animate { jump, .. } => Some(*jump),
            _ => None,
        })
    }

    pub fn saved(&self) -> bool {
        self.saving().is_some()
    }

    /// What the last save of the last event wrote, if it saved.
    pub fn saving(&self) -> Option<&Saving> {
        self.fx.iter().rev().find_map(|e| match e {
            Effect::Save(saving) => Some(&**saving),
            _ => None,
        })
    }

    /// The games the last event kept.
    pub fn kept(&self) -> Vec<Write> {
        self.fx
            .iter()
            .filter_map(|e| match e {
                Effect::KeepGame(write) => Some(write.clone()),
                _ => None,
            })
            .collect()
    }

    pub fn timers(&self) -> Vec<(u32, Timer)> {
        self.fx
            .iter()
            .filter_map(|e| match e {
                Effect::Timer { ms, timer } => Some((*ms, *timer)),
                _ => None,
            })
            .collect()
    }

    /// Autoplay's pause or after-frame timer among the last effects, if one was set.
    pub fn autoplay_timer(&self) -> Option<(u32, Timer)> {
        self.timers()
            .into_iter()
            .find(|(_, t)| matches!(t, Timer::AutoplayStep { .. } | Timer::AfterFrame { .. }))
    }

    /// Starts Autoplay and lets it play two moves, 10 ms apart: the second comes soon after the
    /// first one's save, so it is not written yet (checked).
    pub fn autoplay_until_a_save_waits(&mut self) {
        self.click(Control::Autoplay);
        self.now = 10.0;
        self.answer_legal();
        self.now = 20.0;
        assert!(self.fire_autoplay());
        self.answer_legal();
        assert!(!self.saved(), "an Autoplay move soon after a save waits");
    }

    /// Fires Autoplay's timer from the last effects; returns whether there was one.
    pub fn fire_autoplay(&mut self) -> bool {
        match self.autoplay_timer() {
            Some((_, timer)) => {
                self.fire(timer);
                true
            }
            None => false,
        }
    }

    /// The frame that shows the last event's move is drawn: what waited for it runs.
    pub fn paint(&mut self) -> &[Effect] {
        let waiting: Vec<Timer> = self
            .fx
            .iter()
            .filter_map(|e| match e {
                Effect::AfterPaint(timer) => Some(*timer),
                _ => None,
            })
            .collect();
        let mut all = Vec::new();
        for timer in waiting {
            self.fire(timer);
            all.append(&mut self.fx);
        }
        self.fx = all;
        &self.fx
    }

    pub fn said(&self) -> Vec<Message> {
        self.fx
            .iter()
            .filter_map(|e| match e {
                Effect::Announce(messages) => Some(messages.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// Lets Autoplay play `moves` moves, a second apart (so each is saved), answering each
    /// request with a move that counts; Autoplay is started first if it is off.
    pub fn autoplay(&mut self, moves: u32) {
        if !self.model.autoplay_on() {
            self.click(Control::Autoplay);
        }
        for _ in 0..moves {
            self.now += 1000.0;
            self.answer_legal();
            self.fire_autoplay();
        }
    }

    /// Plays the first move that counts, in `Direction::ALL` order; returns it.
    pub fn press_legal(&mut self) -> Direction {
        let board = self.model.game().board();
        let direction = Direction::ALL.into_iter().find(|&d| board.slide(d).moved).expect("a move counts");
        self.now += 1000.0;
        self.press(direction);
        direction
    }

    /// This tab hears that `other` wrote the game: the game, and its tally read with it.
    pub fn hear(&mut self, other: &Page) -> &[Effect] {
        let stored = other.stored.clone().expect("the other tab saved");
        self.send(Event::StoredGame {
            text: Some(stored.game.to_json()),
            tally: Some(Box::new(stored.tally)),
        })
    }

    pub fn fail_save(&mut self) -> &[Effect] {
        self.send(Event::SaveFailed(Problem::SaveFailed))
    }
}
