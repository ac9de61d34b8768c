//! The page's side of the solver's Web Worker: starts it, sends it boards, and hands its
//! replies (or its failure) to a callback. The search runs off the page's thread, so the page
//! never stutters however long a search takes.
//!
//! The worker says `ready` once its wasm runs; a request made before that waits here (only the
//! latest: an older one is stale anyway). A worker that fails to load, throws, or does not say
//! `ready` in time is failed for good, and the callback hears of it, so that Hint and Autoplay
//! can say so rather than wait for ever.

use game_core::Board;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, MessageEvent, Worker};

use crate::protocol::{Reply, Request, Strength};
use crate::timer;

/// The worker's start-up script (www/worker-loader.js), next to `index.html`.
pub const WORKER_URL: &str = "./worker-loader.js";
/// How long the worker may take to load and say `ready`.
const START_TIMEOUT_MS: u32 = 20_000;

/// What the worker did.
#[derive(Debug)]
pub enum WorkerEvent {
    Ready,
    Reply(Reply),
    /// The worker could not load, or threw.
    Failed(String),
    /// The start-up time limit passed (ready or not: the receiver checks).
    StartTimeout,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Starting,
    Ready,
    Failed,
}

pub struct SolverClient {
    worker: Option<Worker>,
    state: State,
    /// The request waiting for the worker to be ready.
    queued: Option<String>,
    next_id: u64,
}

impl SolverClient {
    /// A client with no worker, failed from the start (before [`SolverClient::spawn`]).
    pub fn none() -> SolverClient {
        SolverClient { worker: None, state: State::Failed, queued: None, next_id: 1 }
    }

    /// Starts the worker at `url`; `on_event` hears everything it does, always later, from the
    /// event loop (never from inside this call).
    pub fn spawn(url: &str, on_event: impl FnMut(WorkerEvent) + 'static) -> SolverClient {
        let on_event = std::rc::Rc::new(std::cell::RefCell::new(on_event));
        let worker = match Worker::new(url) {
            Ok(worker) => worker,
            Err(error) => {
                web_sys::console::error_2(&JsValue::from_str("the solver worker could not start:"), &error);
                let on_event = std::rc::Rc::clone(&on_event);
                timer::after(0, move || (on_event.borrow_mut())(WorkerEvent::Failed("blocked".into())));
                return SolverClient::none();
            }
        };
        let on_message = {
            let on_event = std::rc::Rc::clone(&on_event);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let text = event.data().as_string().unwrap_or_default();
                match Reply::from_json(&text) {
                    Ok(Reply::Ready) => (on_event.borrow_mut())(WorkerEvent::Ready),
                    Ok(reply) => (on_event.borrow_mut())(WorkerEvent::Reply(reply)),
                    Err(error) => web_sys::console::warn_1(&JsValue::from_str(&format!(
                        "an unreadable message from the solver worker: {error}"
                    ))),
                }
            })
        };
        let on_error = {
            let on_event = std::rc::Rc::clone(&on_event);
            Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                let why = event
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map(|e| e.message())
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| "the worker script did not load".to_owned());
                web_sys::console::error_1(&JsValue::from_str(&format!("solver worker: {why}")));
                (on_event.borrow_mut())(WorkerEvent::Failed(why));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // One worker per page, for the page's lifetime.
        on_message.forget();
        on_error.forget();
        timer::after(START_TIMEOUT_MS, move || (on_event.borrow_mut())(WorkerEvent::StartTimeout));
        SolverClient { worker: Some(worker), state: State::Starting, queued: None, next_id: 1 }
    }

    pub fn is_failed(&self) -> bool {
        self.state == State::Failed
    }

    pub fn is_starting(&self) -> bool {
        self.state == State::Starting
    }

    /// Asks for the move on `board`; returns the request's id, or `None` when the worker has
    /// failed. Sent at once when the worker is ready, else as soon as it is.
    pub fn ask(&mut self, board: Board, strength: Strength) -> Option<u64> {
        let id = self.next_id;
        self.next_id += 1;
        let text = Request::new(id, board, strength).to_json();
        match self.state {
            State::Ready => self.post(&text).then_some(id),
            State::Starting => {
                self.queued = Some(text);
                Some(id)
            }
            State::Failed => None,
        }
    }

    /// The worker said it is ready: send what waited.
    pub fn on_ready(&mut self) {
        if self.state == State::Starting {
            self.state = State::Ready;
            if let Some(text) = self.queued.take() {
                self.post(&text);
            }
        }
    }

    /// Gives up on the worker for good.
    pub fn fail(&mut self) {
        self.state = State::Failed;
        self.queued = None;
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
    }

    fn post(&mut self, text: &str) -> bool {
        let sent = self.worker.as_ref().is_some_and(|w| w.post_message(&JsValue::from_str(text)).is_ok());
        if !sent {
            self.fail();
        }
        sent
    }
}
