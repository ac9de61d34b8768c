//! The solver's Web Worker program (see `wasm_ui::worker`): Trunk builds it
//! (`data-type="worker"`) into `worker.js` and `worker_bg.wasm`.

fn main() {
    wasm_ui::worker::run();
}
