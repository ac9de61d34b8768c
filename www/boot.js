// Starts the game: first the first board (a small program that draws the saved game and plays
// it, see crates/wasm-ui/src/first_board.rs and crates/page-core/src/first_board.rs), then the page's own program, which takes the board
// over. The page's: the wasm-bindgen module of the page's wasm, whose two file names (hashed
// per build) Trunk writes into this script's tag through Trunk.toml's pattern_script. Loading
// from files instead of Trunk's inline script lets the Content-Security-Policy allow scripts
// from the page's own origin only, with no inline script and no hash to keep in step with
// every build.
const tag = document.querySelector('script[data-wasm]');
/** The first board's files: wasm-bindgen's plain-script glue (it defines `wasm_bindgen`) and
 *  its wasm, named without a hash (index.html builds them; the service worker's cache is named
 *  for the build). */
const FIRST_BOARD = { js: './board.js', wasm: './board_bg.wasm' };

/** The language to say a load failure in when the wasm (which normally chooses: see
 *  crates/page-core/src/text/) never ran: the player's saved choice, else the first of the
 *  browser's languages the page speaks, else English. */
function language() {
  const codes = ['en', 'ko', 'zh-Hant'];
  try {
    const saved = codes.find((code) => code.toLowerCase() === window.localStorage.getItem('2048.language')?.toLowerCase());
    if (saved) return saved;
  } catch {
    // Storage refused: the browser's languages decide.
  }
  for (const tag of navigator.languages || [navigator.language]) {
    const [primary, ...rest] = String(tag).toLowerCase().split(/[-_]/);
    if (primary === 'en' || primary === 'ko') return primary;
    if (primary === 'zh') {
      // Traditional: written Hant, or with no script from Taiwan, Hong Kong or Macau.
      const script = rest.find((part) => /^[a-z]{4}$/.test(part));
      if (script ? script === 'hant' : rest.some((part) => ['tw', 'hk', 'mo'].includes(part))) return 'zh-Hant';
    }
  }
  return 'en';
}

/** Whether a new version took over before the game started (the page is reloading into it):
 *  see www/update.js. Looked for only on a page the service worker controls, and update.js
 *  loaded only when a version is waiting, so an ordinary load waits for nothing more. */
async function tookOver() {
  try {
    const waiting = navigator.serviceWorker?.controller && (await navigator.serviceWorker.getRegistration())?.waiting;
    return !!waiting && (await (await import('./update.js')).takeOverBeforeStart(waiting));
  } catch (error) {
    console.warn('a new version could not take over:', error);
    return false;
  }
}

/** Starts the first board: the board can be played while the page's program loads. Its
 *  `stop`, or null when it did not load (the page then starts as it would without it). */
async function firstBoard() {
  try {
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = FIRST_BOARD.js;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`${FIRST_BOARD.js} did not load`));
      document.head.append(script);
    });
    await wasm_bindgen({ module_or_path: FIRST_BOARD.wasm });
    return () => wasm_bindgen.stop();
  } catch (error) {
    console.warn('no first board:', error);
    return null;
  }
}

/** The page's wasm, compiled (streamed where the server says it is wasm). */
async function compiled(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(response.clone());
  } catch {
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/** Runs the game (false when its files did not load: the banner says so). */
async function start() {
  const stopFirstBoard = await firstBoard();
  try {
    const { default: init } = await import(tag.dataset.js);
    // Compiled before the first board stops, so that the board is without listeners only
    // while the page's program starts.
    const module = await compiled(tag.dataset.wasm);
    stopFirstBoard?.();
    await init({ module_or_path: module });
    return true;
  } catch (error) {
    // No WebAssembly, or a file that did not load: say so rather than leave a dead page. (Once
    // the wasm runs, its own error handling takes over.) The first board stops too: the
    // banner, not a board that half works, says where the game stands.
    console.error(error);
    stopFirstBoard?.();
    const banner = document.getElementById('error');
    if (banner && banner.hidden) {
      // index.html's data-load-failed-en, -ko and -zh-hant.
      const code = language();
      const key = { en: 'loadFailedEn', ko: 'loadFailedKo', 'zh-Hant': 'loadFailedZhHant' }[code];
      banner.textContent = banner.dataset[key];
      document.documentElement.lang = code;
      banner.hidden = false;
    }
    return false;
  }
}

// Once the game runs (and listens for the new-version notice), www/update.js installs the
// offline copy and offers new versions. Without it the game still plays, online.
if (!(await tookOver()) && (await start())) {
  import('./update.js')
    .then((update) => update.offerUpdates())
    .catch((error) => console.warn('no offline copy:', error));
}
