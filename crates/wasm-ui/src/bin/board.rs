//! The first board's program (see `wasm_ui::first_board`): Trunk builds it (`data-type="worker"`,
//! for its fixed names and plain-script glue) into `board.js` and `board_bg.wasm`, which
//! `www/boot.js` loads before the page's own program. Its `main` draws the board and plays on
//! it; `stop`, exported to boot.js, hands the board to the page.

#[cfg(target_arch = "wasm32")]
mod exported {
    use wasm_bindgen::prelude::*;

    /// Called by `www/boot.js` just before the page's program starts.
    #[wasm_bindgen]
    pub fn stop() {
        wasm_ui::first_board::stop();
    }
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    wasm_ui::first_board::start();
}
