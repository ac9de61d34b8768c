// Starts the solver's Web Worker: loads the wasm-bindgen glue (no-modules build, which defines
// `wasm_bindgen`) and its wasm, whose `main` then listens for requests and says "ready".
// Written by hand instead of Trunk's data-loader-shim, whose call uses a deprecated form.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
