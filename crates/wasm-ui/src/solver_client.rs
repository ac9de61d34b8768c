//! The page's end of the solver's Web Worker: starts one, posts it requests as objects, and
//! turns what it says (or its failure to load) into [`WorkerEvent`]s for the core. When to
//! start, restart or give up on a worker is the core's business (`core::connection`).

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, MessageEvent, Worker};

use crate::protocol::{self, Reply, Request};
use page_core::{Search, WorkerEvent};

/// The worker's start-up script (www/worker-loader.js), next to `index.html`.
pub const WORKER_URL: &str = "./worker-loader.js";

/// A running worker; dropping it ends the worker and frees its listeners.
pub struct SolverWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl SolverWorker {
    /// Starts the worker at `url`; `on_event` hears everything it does, always later, from the
    /// event loop (never from inside this call).
    pub fn spawn(url: &str, on_event: impl FnMut(WorkerEvent) + 'static) -> Result<SolverWorker, JsValue> {
        let worker = Worker::new(url)?;
        let on_event = std::rc::Rc::new(std::cell::RefCell::new(on_event));
        let on_message = {
            let on_event = std::rc::Rc::clone(&on_event);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let heard = match protocol::from_js::<Reply>(event.data()) {
                    Ok(reply) => heard(reply),
                    Err(error) => {
                        web_sys::console::warn_1(&JsValue::from_str(&format!(
                            "an unreadable message from the solver worker: {error}"
                        )));
                        return;
                    }
                };
                (on_event.borrow_mut())(heard);
            })
        };
        let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            let why = event
                .dyn_ref::<web_sys::ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| "the worker script did not load".to_owned());
            (on_event.borrow_mut())(WorkerEvent::Failed(why));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(SolverWorker { worker, _on_message: on_message, _on_error: on_error })
    }

    /// Sends `request`; an error when it could not be sent.
    pub fn post(&self, request: &Request) -> Result<(), JsValue> {
        self.worker.post_message(&protocol::to_js(request)?)
    }

    /// Asks the worker to play `day`'s game (see `protocol::DayRequest`).
    pub fn post_day(&self, day: page_core::daily::Day) -> Result<(), JsValue> {
        self.worker.post_message(&protocol::to_js(&protocol::DayRequest { day: day.to_string() })?)
    }

    /// Hands the worker the network: a copy of `bytes` (kept here for a worker started
    /// later); an error when it could not be sent.
    pub fn post_network(&self, bytes: &js_sys::ArrayBuffer) -> Result<(), JsValue> {
        self.worker.post_message(&protocol::network_message(bytes)?)
    }
}

impl Drop for SolverWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// What a reply means to the core.
fn heard(reply: Reply) -> WorkerEvent {
    match reply {
        Reply::Ready => WorkerEvent::Ready,
        Reply::Decision { id, best, values, nodes, depth, micros, solved } => {
            WorkerEvent::Decision { id, search: Search { best, values, nodes, depth, micros, solved } }
        }
        Reply::Error { id, message } => WorkerEvent::Refused { id, message },
        // Only a helper sends these, to the worker that shares Max out, never to the page.
        Reply::Roots { id, .. } => {
            WorkerEvent::Refused { id: Some(id), message: "a share of a Max request".into() }
        }
        Reply::Failed { message } => WorkerEvent::Failed(message),
        Reply::NetworkReady => WorkerEvent::NetworkReady,
        Reply::NetworkError { message } => WorkerEvent::NetworkRefused(message),
        Reply::Day { date, score, tile, moves } => match page_core::daily::Day::parse(&date) {
            Some(day) => {
                WorkerEvent::DayPlayed { day, outcome: page_core::days::Outcome { score, tile, moves } }
            }
            None => WorkerEvent::Refused { id: None, message: "a day's result with no date".into() },
        },
    }
}
