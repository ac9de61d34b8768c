//! The solver's Web Worker: answers each request from the page with the solver's move (see
//! `wasm_ui::protocol`). Trunk builds it (`data-type="worker"`) into `worker.js` and
//! `worker_bg.wasm`; the page starts it through `www/worker-loader.js`.
//!
//! One [`Solvers`](wasm_ui::protocol::Solvers) lives as long as the worker: the Strong
//! searcher's transposition table carries over from one request to the next.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use wasm_ui::protocol::{self, Reply, Request, Solvers};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let performance = scope.performance();
    let mut now = move || performance.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
    let mut solvers = Solvers::new();
    let replies = scope.clone();
    let post = move |reply: &Reply| {
        if let Err(error) = protocol::to_js(reply).and_then(|message| replies.post_message(&message)) {
            web_sys::console::error_1(&error);
        }
    };
    let post_ready = post.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        let reply = match protocol::from_js::<Request>(data.clone()) {
            Ok(request) => solvers.respond(request, &mut now),
            Err(error) => {
                // Say which request failed when its id can still be read.
                let id = js_sys::Reflect::get(&data, &JsValue::from_str("id"))
                    .ok()
                    .and_then(|id| id.as_f64())
                    .filter(|id| id.fract() == 0.0 && (0.0..9.007e15).contains(id))
                    .map(|id| id as u64);
                protocol::unreadable(id, &error)
            }
        };
        post(&reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page that started it.
    on_message.forget();
    // Only now can requests be taken: messages sent before a listener exists are lost.
    post_ready(&Reply::Ready);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the solver worker runs in a browser: build it with `trunk build` (or `make play`)");
}
