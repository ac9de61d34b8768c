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

/// Runs `f` just before the browser's next frame (`requestAnimationFrame`): what it writes to
/// the page is shown in that frame, and nothing else runs between it and the frame's style and
/// layout. Browsers pause frames in a hidden tab, so `f` waits until the page is seen again.
/// Where no frame can be asked for (never in the page), `f` runs after a timer instead, so
/// that nothing waiting on it is stranded.
pub fn next_frame(f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else { return };
    let callback = Closure::once_into_js(move |_time: f64| f());
    if window.request_animation_frame(callback.unchecked_ref()).is_err() {
        web_sys::console::warn_1(&JsValue::from_str("no animation frame: a timer stands in"));
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 16);
    }
}
