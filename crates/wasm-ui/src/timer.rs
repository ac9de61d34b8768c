//! One-shot timers and frame callbacks whose Rust closure is freed once it has run.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Runs `f` after `ms` milliseconds. Without a window (never in the page) it does nothing.
pub fn after(ms: u32, f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else { return };
    // `once_into_js` frees the closure after its one call, so timers never pile up in memory.
    let callback = Closure::once_into_js(f);
    let delay = i32::try_from(ms).unwrap_or(i32::MAX);
    if window.set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), delay).is_err()
    {
        web_sys::console::warn_1(&JsValue::from_str("a timer could not be set"));
    }
}
