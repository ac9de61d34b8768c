// The browser benchmark's first-load phase (`node scripts/bench-browser.mjs --phases first-load`):
// the time from the start of navigation to a playable board on a first visit, in headless
// Chromium with the CPU throttled (CDP Emulation.setCPUThrottlingRate, 4x: a mid-tier phone)
// and without. Each load is a fresh browser context (nothing cached, no service worker yet) on a
// 360x740 page; "playable" is the moment `#board` gets `data-playable` (the first board's
// program, or else the page's, has drawn the board and its key and swipe listeners are in
// place, in the same task), read in the page from performance.now() (milliseconds since the
// navigation started). The server is tests/serve.js on 127.0.0.1: the network costs next to
// nothing, so this is the page's own start-up (fetching, compiling and running its wasm) at
// that CPU speed. Also reported: when the page's own program had taken over (`data-ready`),
// and when the solver's worker said it was ready (the first Hint can be answered), which must
// come after the board.
import { percentile } from './bench-stats.mjs';

const round = (x) => Math.round(x * 10) / 10;

/** Loads the game `loads` times at `throttle`x CPU; returns the samples and their summary. */
export async function benchFirstLoad(browser, origin, { loads, throttle }) {
  const samples = [];
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US', serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      // Recorded by the page itself, before any of its scripts run.
      window.__firstLoad = {};
      new MutationObserver((_, observer) => {
        const board = document.getElementById('board');
        if (board?.hasAttribute('data-playable')) window.__firstLoad.playable ??= performance.now();
        if (board?.hasAttribute('data-ready')) {
          window.__firstLoad.ready ??= performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-playable', 'data-ready'] });
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          window.__firstLoad.workerCreated ??= performance.now();
          this.addEventListener('message', (event) => {
            if (event.data && event.data.kind === 'ready') window.__firstLoad.solverReady ??= performance.now();
          });
        }
      };
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    try {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await page.goto(`${origin}/`, { waitUntil: 'commit' });
      await page.locator('#board[data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForFunction(() => window.__firstLoad.solverReady, null, { timeout: 60_000 });
      samples.push(await page.evaluate(() => window.__firstLoad));
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
      await context.close();
    }
    if (process.stderr.isTTY) process.stderr.write(`\rfirst load ${i + 1}/${loads}, CPU ${throttle}x`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const summary = (key) => {
    const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
    return { median: round(percentile(sorted, 50)), p10: round(percentile(sorted, 10)), p90: round(percentile(sorted, 90)), min: round(sorted[0]), max: round(sorted.at(-1)) };
  };
  const workerAfterBoard = samples.every((s) => s.workerCreated >= s.playable);
  return { throttle, loads, playable: summary('playable'), ready: summary('ready'), solverReady: summary('solverReady'), workerAfterBoard, samples };
}

/** The report's rows for one run of benchFirstLoad. */
export function firstLoadRows(run) {
  const cpu = run.throttle === 1 ? 'no throttling' : `CPU ${run.throttle}x slower`;
  const spread = (s) => `median ${s.median} ms (p10 ${s.p10}, p90 ${s.p90}, min ${s.min}, max ${s.max}; ${run.loads} loads)`;
  return [
    [`first load to playable board, ${cpu}`, spread(run.playable)],
    [`  the page's own program running`, spread(run.ready)],
    [`  solver ready (first Hint)`, `${spread(run.solverReady)}; worker started after the board: ${run.workerAfterBoard ? 'every load' : 'NOT always'}`],
  ];
}
