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
    use wasm_ui::protocol::{Reply, Solvers};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let performance = scope.performance();
    let mut now = move || performance.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
    let mut solvers = Solvers::new();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        let reply = solvers.respond(&text, &mut now);
        if let Err(error) = replies.post_message(&JsValue::from_str(&reply.to_json())) {
            web_sys::console::error_1(&error);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page that started it.
    on_message.forget();
    // Only now can requests be taken: messages sent before a listener exists are lost.
    if let Err(error) = scope.post_message(&JsValue::from_str(&Reply::Ready.to_json())) {
        web_sys::console::error_1(&error);
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the solver worker runs in a browser: build it with `trunk build` (or `make play`)");
}
