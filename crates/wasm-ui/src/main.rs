//! The page's program: Trunk builds it to wasm and `www/boot.js` starts it. The game itself
//! lives in the `wasm_ui` library.

fn main() {
    #[cfg(target_arch = "wasm32")]
    wasm_ui::start();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("wasm-ui runs in a browser: build it with `trunk build` (or `make play`)");
}
