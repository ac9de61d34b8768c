// Starts the solver's Web Worker: loads the wasm-bindgen glue (no-modules build, which defines
// `wasm_bindgen`) and its wasm, whose `main` then listens for requests and says "ready".
// Written by hand instead of Trunk's data-loader-shim, whose call uses a deprecated form.
// A glue script that does not load throws here, which the page hears as the worker's error
// event; a wasm that does not load or run is said in a message, at once, so that the page
// need not wait for a time limit.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' }).catch((error) => {
  postMessage({ kind: 'failed', message: `the solver could not load: ${error}` });
  close();
});
