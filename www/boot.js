// Starts the game: imports the wasm-bindgen module of the page's wasm and runs it. Trunk writes
// both file names (hashed per build) into this script's tag, through Trunk.toml's
// pattern_script. Loading from a file instead of Trunk's inline script lets the
// Content-Security-Policy allow scripts from the page's own origin only, with no inline script
// and no hash to keep in step with every build.
const tag = document.querySelector('script[data-wasm]');
try {
  const { default: init } = await import(tag.dataset.js);
  await init({ module_or_path: tag.dataset.wasm });
} catch (error) {
  // No WebAssembly, or a file that did not load: say so rather than leave a dead page. (Once
  // the wasm runs, its own error handling takes over.)
  console.error(error);
  const banner = document.getElementById('error');
  if (banner && banner.hidden) {
    banner.textContent = banner.dataset.loadFailed;
    banner.hidden = false;
  }
}
