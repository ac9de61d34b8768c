//! The solver's Web Worker: answers each request from the page with the solver's move (see
//! [`crate::protocol`]). Its program is `src/bin/worker.rs`, which Trunk builds
//! (`data-type="worker"`) into `worker.js` and `worker_bg.wasm`; the page starts it through
//! `www/worker-loader.js`.
//!
//! - [`solvers`]: the worker's state and its answer to one request, without the browser;
//! - [`share`]: Max's root moves shared with helper workers, without the browser;
//! - `running` (wasm only): the worker's messages, its helpers and their messages.
//!
//! One [`Solvers`](solvers::Solvers) lives as long as the worker: the Strong
//! searcher's transposition table carries over from one request to the next. For Max, the
//! worker starts helpers (the same program, `worker-loader.js?helper`) at the first Max
//! request, one for each core to spare (`share::helpers_for`, or `?helpers=N` on the
//! worker's address), and shares the four root moves with them ([`share`]). Max's endgame
//! tables are as large as the device's memory allows (`solver::max::Room`, from
//! `navigator.deviceMemory`, or `?memory=N` on the worker's address).
//!
//! The network comes from the page as a `{network}` message (see [`crate::protocol`]): read
//! once, kept, and its bytes handed on to each helper as it starts, which counts as ready only
//! once it has read them too.

pub mod day;
pub mod share;
pub mod solvers;

#[cfg(target_arch = "wasm32")]
mod running {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::day::{DayPlay, SLICE_MOVES, SLICE_MS};
    use super::share::{Out, Share, helpers_for};
    use super::solvers::Solvers;
    use crate::protocol::{self, Reply, Request};
    use solver::max::Room;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker};

    /// What a helper's address says it is (`worker-loader.js?helper`).
    const HELPER: &str = "helper";
    /// How long the helpers may take to start (each loads and compiles this program, then
    /// reads the network: a few hundred milliseconds natively, more on a phone).
    const HELPERS_START_MS: i32 = 20_000;

    struct State {
        scope: DedicatedWorkerGlobalScope,
        solvers: Solvers,
        share: Share,
        /// How many helpers to start, and those started (at the first Max request; `None`
        /// where one could not be).
        helpers: usize,
        started: Vec<Option<Worker>>,
        /// The bytes of the network, once read, while a helper is still to be handed them
        /// (a helper keeps none: it has no helpers of its own).
        network: Option<js_sys::ArrayBuffer>,
        /// The helpers not yet handed the network (nor failed to start).
        to_hand: usize,
        /// The day's game being played, a slice at a time.
        day: Option<DayPlay>,
        me: std::rc::Weak<RefCell<State>>,
    }

    /// Gives the memory of the network file's `bytes` back now that they are read (and handed
    /// on): `ArrayBuffer.prototype.transfer(0)` detaches them, which frees them at once, where
    /// merely dropping them left 8 MB in each worker until its next full garbage collection,
    /// which a worker busy in its wasm may not have for minutes. A browser without `transfer`
    /// frees them at that collection, as before.
    fn release(bytes: &js_sys::ArrayBuffer) {
        let _ = bytes.transfer_with_length(0);
    }

    pub fn run() {
        console_error_panic_hook::set_once();
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let search = scope.location().search();
        let parts: Vec<&str> = search.trim_start_matches('?').split('&').collect();
        // A `name=value` of the address, if it reads as a value.
        let param = |name: &str| parts.iter().find_map(|part| part.strip_prefix(name)?.strip_prefix('='));
        let navigator = scope.navigator();
        // A helper never starts helpers of its own.
        let helpers = if parts.contains(&HELPER) {
            0
        } else {
            param("helpers")
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| helpers_for(navigator.hardware_concurrency() as u32))
        };
        // The device's memory (`navigator.deviceMemory`, GB) and whether it is a phone, or
        // `?memory=N` on the address (the browser benchmark's device).
        let read = |on: &JsValue, name: &str| js_sys::Reflect::get(on, &JsValue::from_str(name)).ok();
        let room = match param("memory").and_then(|n| n.parse().ok()) {
            Some(gigabytes) => Room::of_device(Some(gigabytes), false),
            None => Room::of_device(
                read(&navigator, "deviceMemory").and_then(|gb| gb.as_f64()),
                read(&navigator, "userAgentData").and_then(|data| read(&data, "mobile")?.as_bool())
                    == Some(true),
            ),
        };
        let state = Rc::new(RefCell::new(State {
            scope: scope.clone(),
            solvers: Solvers::in_room(room),
            share: Share::new(helpers),
            helpers,
            started: Vec::new(),
            network: None,
            to_hand: helpers,
            day: None,
            me: std::rc::Weak::new(),
        }));
        state.borrow_mut().me = Rc::downgrade(&state);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let mut state = state.borrow_mut();
            let data = event.data();
            if let Some(file) = protocol::read_network(&data) {
                state.take_network(file);
                return;
            }
            if let Some(day) = protocol::read_day(&data) {
                state.play_day(day);
                return;
            }
            match protocol::from_js::<Request>(data.clone()) {
                Ok(request) => {
                    if request.is_whole_max() && state.solvers.has_network() {
                        state.start_helpers();
                    }
                    state.share.take(request);
                    state.pump();
                }
                Err(error) => {
                    // Say which request failed when its id can still be read.
                    let id = js_sys::Reflect::get(&data, &JsValue::from_str("id"))
                        .ok()
                        .and_then(|id| id.as_f64())
                        .filter(|id| id.fract() == 0.0 && (0.0..9.007e15).contains(id))
                        .map(|id| id as u64);
                    state.post(&protocol::unreadable(id, &error));
                }
            }
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The worker lives as long as the page that started it.
        on_message.forget();
        // Only now can requests be taken: messages sent before a listener exists are lost.
        let ready = protocol::to_js(&Reply::Ready);
        if let Err(error) = ready.and_then(|message| scope.post_message(&message)) {
            web_sys::console::error_1(&error);
        }
    }

    impl State {
        /// A `{day}` message: that day's game starts, in place of any other; its slices follow.
        fn play_day(&mut self, day: Result<page_core::daily::Day, String>) {
            let network = self.solvers.network();
            match (day, network) {
                (Ok(day), Some(network)) => {
                    let idle = self.day.is_none();
                    self.day = Some(DayPlay::new(day, network));
                    if idle {
                        self.next_slice();
                    }
                }
                (Err(error), _) => self.post(&protocol::unreadable(None, &error)),
                (Ok(_), None) => {
                    self.post(&Reply::Error { id: None, message: super::solvers::NO_NETWORK.into() })
                }
            }
        }

        /// Sets the day's next slice to run once the messages waiting (a Hint, say) are
        /// answered.
        fn next_slice(&self) {
            let me = self.me.clone();
            let slice = Closure::once_into_js(move || {
                let Some(state) = me.upgrade() else { return };
                state.borrow_mut().slice();
            });
            if let Err(error) =
                self.scope.set_timeout_with_callback_and_timeout_and_arguments_0(slice.unchecked_ref(), 0)
            {
                web_sys::console::error_1(&error);
            }
        }

        /// One slice of the day's game; its result once it is over.
        fn slice(&mut self) {
            let Some(play) = self.day.as_mut() else { return };
            let performance = self.scope.performance();
            let mut now = move || performance.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
            match play.step(SLICE_MOVES, SLICE_MS, &mut now) {
                Some(outcome) => {
                    let reply = Reply::day(play.day(), outcome);
                    self.day = None;
                    self.post(&reply);
                }
                None => self.next_slice(),
            }
        }

        /// A `{network}` message's file: read, kept for the helpers, and answered.
        fn take_network(&mut self, file: Result<js_sys::ArrayBuffer, String>) {
            let reply = match &file {
                Ok(buffer) => {
                    let file = js_sys::Uint8Array::new(buffer);
                    self.solvers.take_network_from(file.length() as usize, |from, out| {
                        file.subarray(from as u32, (from + out.len()) as u32).copy_to(out)
                    })
                }
                Err(message) => Reply::NetworkError { message: message.clone() },
            };
            match file {
                Ok(bytes) if reply == Reply::NetworkReady && self.network.is_none() && self.to_hand > 0 => {
                    self.network = Some(bytes)
                }
                Ok(bytes) => release(&bytes),
                Err(_) => {}
            }
            self.post(&reply);
        }

        /// Hands helper `helper` (just started) the network; one that cannot be handed it is
        /// done without.
        fn give_network(&mut self, helper: usize) {
            let sent = match (&self.network, self.started.get(helper)) {
                (Some(bytes), Some(Some(worker))) => {
                    protocol::network_message(bytes).and_then(|message| worker.post_message(&message))
                }
                _ => Err(JsValue::from_str("no network or no such helper")),
            };
            if sent.is_err() {
                self.share.helper_failed(helper);
            }
            self.handed_one();
        }

        /// One helper fewer to hand the network: once none is left, its bytes go (each helper
        /// has its copy; 8 MB of this worker's memory need not wait for the page to close).
        fn handed_one(&mut self) {
            self.to_hand = self.to_hand.saturating_sub(1);
            if self.to_hand == 0
                && let Some(bytes) = self.network.take()
            {
                release(&bytes);
            }
        }

        fn post(&self, reply: &Reply) {
            if let Err(error) = protocol::to_js(reply).and_then(|message| self.scope.post_message(&message)) {
                web_sys::console::error_1(&error);
            }
        }

        /// Posts whatever the share has to post, searching this worker's share on the way.
        fn pump(&mut self) {
            let performance = self.scope.performance();
            let mut now = move || performance.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
            while let Some(out) = self.share.step(&mut self.solvers, &mut now) {
                match out {
                    Out::Reply(reply) => self.post(&reply),
                    Out::Ask { helper, request } => {
                        let sent =
                            protocol::to_js(&request).and_then(|message| match self.started.get(helper) {
                                Some(Some(worker)) => worker.post_message(&message),
                                _ => Err(JsValue::from_str("no such helper")),
                            });
                        if sent.is_err() {
                            self.share.helper_failed(helper);
                        }
                    }
                }
            }
        }

        /// Starts the helpers, once; one that cannot be started is failed at once, and those
        /// not ready within [`HELPERS_START_MS`] are done without.
        fn start_helpers(&mut self) {
            if !self.started.is_empty() || self.helpers == 0 {
                return;
            }
            let me = self.me.clone();
            let late = Closure::once_into_js(move || {
                let Some(state) = me.upgrade() else { return };
                let mut state = state.borrow_mut();
                state.share.helpers_late();
                state.pump();
            });
            if self
                .scope
                .set_timeout_with_callback_and_timeout_and_arguments_0(late.unchecked_ref(), HELPERS_START_MS)
                .is_err()
            {
                self.share.helpers_late();
            }
            for helper in 0..self.helpers {
                match Worker::new(&format!("./worker-loader.js?{HELPER}")) {
                    Ok(worker) => {
                        self.listen(&worker, helper);
                        self.started.push(Some(worker));
                    }
                    Err(error) => {
                        web_sys::console::warn_1(&error);
                        self.share.helper_failed(helper);
                        self.started.push(None);
                        self.handed_one();
                    }
                }
            }
        }

        fn listen(&self, worker: &Worker, helper: usize) {
            let me = self.me.clone();
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let Some(state) = me.upgrade() else { return };
                let mut state = state.borrow_mut();
                match protocol::from_js::<Reply>(event.data()) {
                    // Started: it searches once it has the network too.
                    Ok(Reply::Ready) => state.give_network(helper),
                    Ok(Reply::NetworkReady) => state.share.helper_ready(helper),
                    Ok(reply @ Reply::Roots { .. }) => state.share.helper_replied(reply),
                    Ok(other) => {
                        web_sys::console::warn_1(&JsValue::from_str(&format!("helper {helper}: {other:?}")));
                        state.share.helper_failed(helper);
                    }
                    Err(error) => {
                        web_sys::console::warn_1(&JsValue::from_str(&format!("helper {helper}: {error}")));
                        state.share.helper_failed(helper);
                    }
                }
                state.pump();
            });
            let me = self.me.clone();
            let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                let Some(state) = me.upgrade() else { return };
                let mut state = state.borrow_mut();
                state.share.helper_failed(helper);
                state.pump();
            });
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            // The helpers live as long as this worker.
            on_message.forget();
            on_error.forget();
        }
    }
}

/// Runs the worker (in a browser's Web Worker; natively it says where it runs).
pub fn run() {
    #[cfg(target_arch = "wasm32")]
    running::run();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("the solver worker runs in a browser: build it with `trunk build` (or `make play`)");
}
