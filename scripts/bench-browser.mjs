#!/usr/bin/env node
// The browser benchmark (a measurement, not a test): in headless Chromium against the release
// build (dist/, served on 127.0.0.1 by tests/serve.js),
//  1. Hint latency: each of the 50 fixed boards of tests/fixtures/bench-boards.json is loaded as
//     the saved game, Hint is clicked, and the app's own 'hint' performance measure (click to
//     arrow on screen) is read; reports p50 and p99 (nearest rank; with 50 boards p99 is the
//     slowest) with min, mean and max;
//  2. Autoplay rate: Autoplay at the fastest speed on a fresh game, moves counted on `#board`'s
//     data-moves for --seconds seconds (default 10) or until a banner ends the game, in moves
//     per second (the default strength, Spec). The page plays at most one move an animation
//     frame at the fastest speed, so this is at most the frame rate (60 in headless Chromium);
//  3. Strong in the worker against Strong natively: the same boards, in file order, sent to a
//     freshly started solver worker (the page's own worker-loader.js, in the page) all at once,
//     so that it searches them back to back, and run by
//     `cargo run --release -p arena --bin bench-boards` (a fresh Strong, as the worker makes it)
//     before and after the worker, each board's native time the mean of the two.
//     Both keep one searcher across the boards, so every decision and node count must be the
//     same: any difference is reported as a MISMATCH (and the script exits with status 2).
//     Reports the medians of per-board search times (the worker's own `micros`, read from
//     `performance.now()`; this phase's page is served cross-origin isolated, where
//     Chromium's clock reads to 5 µs, not 100 µs) and the median of per-board wasm/native
//     ratios (boards the worker took at least 50 µs over, ten ticks of that clock). --passes N
//     (default 3) runs N passes, each in a new worker; the first is cold (the wasm just
//     compiled), the summary quotes the last. Strong and Max search with the network: each new
//     worker is first handed it, as the page hands it, not counted in its start-up. Max (one
//     solver::max::Max, its four root searches one after the other, as in the page's one
//     worker) and Spec are run the same way. Each strength also gets one pass one board at a time (each posted when the last
//     reply is in), whose ratio shows what a search after a pause costs in the worker; and a
//     ratio of fastest times, per board its fastest worker pass over its fastest native run
//     (as many native runs as passes, half before the worker and half after), which other
//     programs on a shared machine disturb least;
//  4. Autoplay in Strong at the fastest speed on a 360x740 viewport: moves per second over
//     --moves moves (default 200), and the gaps between animation frames (requestAnimationFrame)
//     meanwhile: frames over 2 x 16.7 ms count as dropped; max and p99 gap. Run without CPU
//     throttling and with CDP Emulation.setCPUThrottlingRate 4 (a mid-tier phone), --repeat
//     games each (every game has its own random tiles, and Strong's work per move varies a lot
//     from game to game: its table can answer a whole move in a few positions). The worker's
//     median search time and positions a move are reported with each: Chromium's CPU throttling
//     slows the page's main thread, and they show whether it slowed the worker too (it does not,
//     in Chromium 156). The idle page, Spec and Max, run once each under the same conditions, say
//     what is the browser's or the page's own (Strong's and Max's games start once the page's
//     worker has read the network: until then Spec answers for them).
//  5. Key to render (the `keys` phase), see benchKeys;
//  6. First load to a playable board (the `first-load` phase), at 1x and 4x CPU, --loads fresh
//     loads each: see scripts/bench-first-load.mjs.
//  7. The tab's memory while the solver plays (the `memory` phase, not in the default list: it
//     takes --memory-seconds, ten minutes by default): see scripts/bench-memory.mjs.
//  8. What a game's review running in the background costs play (the `review` phase, not in the
//     default list): key to render and Autoplay's rate without and with a review under way,
//     --review-rounds fresh pages of --review-presses moves each: see scripts/bench-review.mjs.
//  9. How fast a review goes in the worker (the `review-speed` phase, not in the default list):
//     moves judged a second for each of --review-speed-strengths (spec,strong), --review-speed-rounds
//     fresh pages each, a review of at most --review-speed-seconds: see scripts/bench-review.mjs.
// Usage: node scripts/bench-browser.mjs [--json FILE] [--seconds N] [--port N (and N+1, the worker phase)] [--boards FILE]
//          [--settle MS]   wait MS after each load before the hint click
//          [--passes N] [--warmup N]   worker passes; native warm-up passes (default 1)
//          [--moves N] [--repeat N]   Strong Autoplay: moves to time, games at each throttling (3)
//          [--autoplay-from N]   Autoplay from board N of --boards instead of a new game (the
//                                late boards of tests/fixtures/late-boards.json reach the late search)
//          [--phases LIST] any of hints,autoplay,worker,strong-autoplay,keys,first-load (default all)
//          [--loads N]   first-load: page loads at each CPU speed (default 10)
//          [--memory-strength S] [--helpers N] [--device-memory GB] [--memory-seconds N] [--memory-every N]
//                                memory: the strength (max), Max's helpers (3), the device's memory as
//                                the worker is told (the machine's own), how long (600), how often (10)
//          [--review-strength S] [--review-seconds N] [--review-presses N] [--review-rounds N]
//                                review: the strength (strong), Autoplay's seconds on each side (5),
//                                presses on each side a round (10: a review of some 1,000 moves
//                                is still under way after them), fresh pages (8)
//          [--review-speed-strengths LIST] [--review-speed-rounds N] [--review-speed-seconds N]
//                                review-speed: the strengths chosen (spec,strong), fresh pages of each
//                                (5), the longest a review is followed (120)
//          [--native FILE] bench-boards' output, instead of running cargo
// (`make bench-browser` builds the release first; Playwright comes from tests/node_modules.)
// E2E_DIST=DIR measures the build in DIR instead of dist/ (tests/serve.js reads it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchFirstLoad, firstLoadRows } from './bench-first-load.mjs';
import { benchMemory } from './bench-memory.mjs';
import { benchReview, benchReviewSpeed, keyToRender } from './bench-review.mjs';
import { median, medianDifferenceInterval, percentile, seeded } from './bench-stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromTests = createRequire(path.join(root, 'tests', 'package.json'));
const { chromium } = requireFromTests('@playwright/test');
// The same browser and flags as the end-to-end suite, and the same page readers.
const config = requireFromTests('./playwright.config.js');
const { readBoard, saveProblem, setSpeed, legalMoves, KEYS } = requireFromTests('./support/game.js');
const { NETWORK_FILE } = requireFromTests('./support/solver.js');
/** The strengths that search with the network, which a worker must be handed first. */
const NEEDS_NETWORK = new Set(['strong', 'max']);

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '4174' },
    settle: { type: 'string', default: '0' },
    passes: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    moves: { type: 'string', default: '200' },
    repeat: { type: 'string', default: '3' },
    phases: { type: 'string', default: 'hints,autoplay,worker,strong-autoplay,keys,first-load' },
    loads: { type: 'string', default: '10' },
    presses: { type: 'string', default: '60' },
    pause: { type: 'string', default: '150' },
    rounds: { type: 'string', default: '3' },
    native: { type: 'string' },
    boards: { type: 'string', default: path.join(root, 'tests', 'fixtures', 'bench-boards.json') },
    'autoplay-from': { type: 'string' },
    'memory-strength': { type: 'string', default: 'max' },
    helpers: { type: 'string', default: '3' },
    'device-memory': { type: 'string' },
    'memory-seconds': { type: 'string', default: '600' },
    'memory-every': { type: 'string', default: '10' },
    'review-strength': { type: 'string', default: 'strong' },
    'review-seconds': { type: 'string', default: '5' },
    'review-presses': { type: 'string', default: '10' },
    'review-rounds': { type: 'string', default: '8' },
    'review-speed-strengths': { type: 'string', default: 'spec,strong' },
    'review-speed-rounds': { type: 'string', default: '5' },
    'review-speed-seconds': { type: 'string', default: '120' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (options.help) {
  console.log(
    'usage: node scripts/bench-browser.mjs [--json FILE] [--seconds N] [--port N] [--boards FILE] [--settle MS]\n' +
      '         [--passes N] [--warmup N] [--moves N] [--repeat N] [--autoplay-from N] [--presses N] [--pause MS] [--rounds N]\n' +
      '         [--phases hints,autoplay,worker,strong-autoplay,keys,first-load,memory,review,review-speed] [--loads N]\n' +
      '         [--memory-strength S] [--helpers N] [--device-memory GB] [--memory-seconds N] [--memory-every N]\n' +
      '         [--review-strength S] [--review-seconds N] [--review-presses N] [--review-rounds N]\n' +
      '         [--review-speed-strengths LIST] [--review-speed-rounds N] [--review-speed-seconds N]\n' +
      '         [--native FILE]',
  );
  process.exit(0);
}
const seconds = Number(options.seconds);
const port = Number(options.port);
const settleMs = Number(options.settle);
const passes = Math.max(1, Number(options.passes));
const warmup = Math.max(0, Number(options.warmup));
const strongMoves = Math.max(1, Number(options.moves));
const repeats = Math.max(1, Number(options.repeat));
const presses = Math.max(5, Number(options.presses));
const pauseMs = Math.max(0, Number(options.pause));
const rounds = Math.max(1, Number(options.rounds));
const phases = new Set(options.phases.split(',').map((p) => p.trim()));
/** The saved game Autoplay starts from (`--autoplay-from`), or null for a new game. */
const autoplaySave = (() => {
  if (options['autoplay-from'] === undefined) return null;
  const list = JSON.parse(fs.readFileSync(options.boards, 'utf8')).boards;
  const entry = list[Number(options['autoplay-from'])];
  if (!entry) throw new Error(`--autoplay-from ${options['autoplay-from']}: ${options.boards} has boards 0 to ${list.length - 1}`);
  return entry.save;
})();
for (const phase of phases) {
  if (!['hints', 'autoplay', 'worker', 'strong-autoplay', 'keys', 'first-load', 'memory', 'review', 'review-speed'].includes(phase)) throw new Error(`no phase ${phase}`);
}
const origin = `http://127.0.0.1:${port}`;
/** The worker phase's server, the next port: the same build, cross-origin isolated. */
const isolatedOrigin = `http://127.0.0.1:${port + 1}`;

/** Starts tests/serve.js on `listen` and waits until it answers. `isolated`: the pages it
 *  serves are cross-origin isolated (COOP and COEP), where Chromium's clock reads to 5 µs in
 *  the page and its workers instead of 100 µs; only the worker phase uses that, since
 *  isolation costs a page load time of its own. */
async function startServer(listen, isolated) {
  const at = `http://127.0.0.1:${listen}`;
  const server = spawn(process.execPath, [path.join(root, 'tests', 'serve.js'), String(listen)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SERVE_ISOLATED: isolated ? '1' : '' },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 100))]);
    if (code !== undefined) throw new Error(`tests/serve.js exited (${code}): is ${process.env.E2E_DIST || 'dist/'} built? (make build)`);
    try {
      if ((await fetch(`${at}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`tests/serve.js did not answer on ${at}`);
    }
  }
}

/** The solver's strengths as the worker names them, and as the page shows them. */
const STRENGTHS = { strong: 'Strong', spec: 'Spec', max: 'Max' };

const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

async function waitReady(page) {
  await page.locator('#board[data-ready]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** Loads `save` as the saved game (or a fresh game when null) through a reload. */
async function loadGame(page, save) {
  await page.evaluate((text) => sessionStorage.setItem('bench.seed', text), save ? JSON.stringify(save) : '');
  await page.reload();
  await waitReady(page);
}

async function benchHints(page, boards) {
  const samples = [];
  for (const [i, { name, save }] of boards.entries()) {
    await loadGame(page, save);
    const shown = await readBoard(page);
    if (JSON.stringify(shown) !== JSON.stringify(save.board)) {
      throw new Error(`board ${i} (${name}) was not loaded: the page shows ${JSON.stringify(shown)}`);
    }
    // The solver's worker starts with the page: by default its start-up can be part of the
    // first hint, as for a player who asks right away; --settle lets it start first.
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.locator('[data-hint]').waitFor({ state: 'attached', timeout: 60_000 });
    const measures = await page.evaluate(() => performance.getEntriesByName('hint', 'measure').map((m) => m.duration));
    if (measures.length === 0) throw new Error(`no 'hint' performance measure after the hint on board ${i}`);
    const direction = await page.locator('[data-hint]').getAttribute('data-hint');
    samples.push({ board: name, empty: 16 - save.board.flat().filter(Boolean).length, ms: measures.at(-1), direction });
    if (process.stderr.isTTY) process.stderr.write(`\rhint ${i + 1}/${boards.length}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return samples;
}

async function benchAutoplay(page) {
  await loadGame(page, null);
  await setSpeed(page, 'max');
  const autoplay = page.getByRole('button', { name: 'Autoplay', exact: true });
  await autoplay.click();
  // Count from the first move on, so that start-up (worker, first search) is not in the rate.
  await page.waitForFunction(() => Number(document.querySelector('#board').dataset.moves) >= 1, null, {
    timeout: 30_000,
  });
  const run = await page.evaluate(async (ms) => {
    const board = document.querySelector('#board');
    const message = document.querySelector('#message');
    const moves = () => Number(board.dataset.moves);
    const start = { moves: moves(), t: performance.now() };
    let last = { ...start };
    await new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        last = { moves: moves(), t: performance.now() };
        const banner = ['won', 'over'].includes(message?.dataset.status) && !message.hidden;
        if (banner) finish('banner');
      });
      const finish = (why) => {
        observer.disconnect();
        clearTimeout(timer);
        resolve(why);
      };
      const timer = setTimeout(() => finish('time'), ms);
      observer.observe(board, { attributes: true, attributeFilter: ['data-moves'] });
      observer.observe(message ?? board, { attributes: true });
    });
    const end = performance.now();
    const ended = ['won', 'over'].includes(message?.dataset.status) && !message.hidden ? message.dataset.status : 'time';
    const top = Math.max(0, ...[...board.querySelectorAll('[data-value]')].map((t) => Number(t.dataset.value)));
    return { moves: last.moves - start.moves, ms: end - start.t, total: moves(), ended, top };
  }, seconds * 1000);
  await autoplay.click().catch(() => {}); // stop it (disabled if a banner came up)
  return { ...run, perSecond: run.moves / (run.ms / 1000) };
}

/** Key-to-render latency: from a key's keydown (its event time) to the animation frame in
 *  which the move's tiles are written (the `requestAnimationFrame` after `#board`'s move count
 *  changes), over `2 × presses` moves of a fresh game on a phone-sized page at `throttle`x CPU,
 *  with the coach off and on in turns within the same page, press by press (off, on, on, off,
 *  ...): what one page, its game and the machine's moment weigh on one side weighs on the
 *  other alike, and only the coach differs. Between presses the page is left `--pause` ms
 *  (150), as a player pauses, so the coach's search of each new board (and of the board on
 *  screen when the coach is turned on) runs as it would in play, plus a part of a frame
 *  (16.7 ms) drawn from a seeded sequence, so that presses fall anywhere in the display's frame
 *  rather than at a phase the loop's own timing would fix. The pointer rests on the Coach
 *  toggle throughout: a pointer over the page makes Chromium hit-test it after every layout, a
 *  cost of where the mouse is, not of the coach. */
async function benchKeys(browser, throttle) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.clear());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await page.goto(`${origin}/`);
    await waitReady(page);
    const toggle = page.getByRole('button', { name: 'Coach', exact: true });
    await toggle.hover();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    // A trace of the page's thread, for the time each keydown's handler took (the page's own
    // work for the press, before any frame), which a busy machine blurs far less than latency.
    await browser.startTracing(page, { categories: ['devtools.timeline'] });
    const latency = { off: [], on: [] };
    const order = [];
    let coach = false;
    const next = seeded(2048 + throttle);
    const phase = () => next() * (1000 / 60);
    while (order.length < 2 * presses) {
      const want = [false, true, true, false][order.length % 4];
      if (want !== coach) {
        await toggle.click();
        coach = want;
      }
      await page.waitForTimeout(pauseMs + phase());
      const [direction] = legalMoves(await readBoard(page));
      if (!direction) {
        await page.getByRole('button', { name: 'Try again', exact: true }).click();
        await toggle.hover();
        continue;
      }
      latency[coach ? 'on' : 'off'].push(await keyToRender(page, KEYS.arrows[direction]));
      order.push(coach ? 'on' : 'off');
    }
    const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const main = trace.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const events = trace
      .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
      .sort((a, b) => a.ts - b.ts);
    const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
    if (keydowns.length !== order.length) {
      throw new Error(`the trace has ${keydowns.length} keydowns for ${order.length} presses`);
    }
    // The page's thread from the handler's end to the move's frame starting its style and
    // layout: what the benchmark's own requestAnimationFrame cannot separate from the wait for
    // the frame (other frame callbacks, tasks in between).
    const rendering = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint']);
    const handler = { off: [], on: [] };
    const toRender = { off: [], on: [] };
    keydowns.forEach((e, i) => {
      handler[order[i]].push(e.dur / 1000);
      const end = e.ts + e.dur;
      const frame = events.find((f) => f.ts >= end && rendering.has(f.name));
      if (frame) toRender[order[i]].push((frame.ts - end) / 1000);
    });
    return { latency, handler, toRender };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
    await context.close();
  }
}

/** bench-boards' decisions: runs the native binary (or reads its saved output), one JSON
 *  object per line, grouped by strength in board order. */
function nativeDecisions() {
  let text;
  if (options.native) {
    text = fs.readFileSync(options.native, 'utf8');
  } else {
    const args = ['run', '--release', '--quiet', '-p', 'arena', '--bin', 'bench-boards', '--', options.boards, '--warmup', String(warmup)];
    console.error(`native: cargo ${args.join(' ')}`);
    const run = spawnSync('cargo', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
    if (run.status !== 0) throw new Error(`bench-boards failed (${run.status ?? run.signal})`);
    text = run.stdout;
  }
  const byStrength = {};
  for (const line of text.split('\n').filter((l) => l.trim())) {
    const row = JSON.parse(line);
    (byStrength[row.strength] ??= [])[row.index] = row;
  }
  return byStrength;
}

/** One pass of `strength` over `rows` in a new solver worker started in `page`: every reply.
 *  `queued`: every board is posted at once, so that the worker searches them back to back, as
 *  `bench-boards` does natively; else one at a time, each posted when the last reply is in, so
 *  that the worker waits a round trip before each search (its thread idle, its caches cooling),
 *  as it does between a player's hints. */
async function workerPass(page, rows, strength, queued) {
  return page.evaluate(
    async ({ rows, strength, queued, network }) => {
      const worker = new Worker('./worker-loader.js');
      const waiting = new Map();
      let first = null;
      let fail = null;
      const failed = new Promise((_, reject) => (fail = reject));
      worker.onerror = (event) => fail(new Error(`worker: ${event.message || 'did not load'}`));
      worker.onmessage = (event) => {
        const answer = event.data;
        if ((answer.kind === 'ready' || answer.kind === 'network-ready') && first) return first(answer);
        const resolve = waiting.get(answer.id);
        if (answer.kind !== 'decision' || !resolve) return fail(new Error(`unexpected reply ${JSON.stringify(answer)}`));
        waiting.delete(answer.id);
        resolve(answer);
      };
      const started = performance.now();
      await Promise.race([new Promise((resolve) => (first = resolve)), failed]);
      const startup = performance.now() - started;
      // Max's network, handed over as the page does before it asks Max (not in `startup`).
      if (network) {
        const bytes = await (await fetch(network)).arrayBuffer();
        const read = new Promise((resolve) => (first = resolve));
        worker.postMessage({ network: bytes });
        const said = await Promise.race([read, failed]);
        if (said.kind !== 'network-ready') throw new Error(`the network was not read: ${JSON.stringify(said)}`);
      }
      const ask = (i) => {
        const reply = new Promise((resolve) => waiting.set(i + 1, resolve));
        worker.postMessage({ id: i + 1, board: rows[i], strength });
        return Promise.race([reply, failed]);
      };
      const replies = [];
      if (queued) {
        replies.push(...(await Promise.all(rows.map((_, i) => ask(i)))));
      } else {
        for (let i = 0; i < rows.length; i++) replies.push(await ask(i));
      }
      worker.terminate();
      return { startup, replies };
    },
    { rows, strength, queued, network: NEEDS_NETWORK.has(strength) ? `./${NETWORK_FILE}` : null },
  );
}

/** The shortest worker time a per-board ratio is taken from: ten ticks of an isolated page's
 *  5 µs clock. */
const minRatioMicros = 50;

/** Each strength in the worker against bench-boards' native run of the same boards: the
 *  worker's replies, checked against the native decisions; their times are compared by
 *  `compareTimes` once the native times are final. */
async function benchWorker(page, boards, native) {
  const rows = boards.map((b) => b.save.board);
  const result = {};
  for (const strength of Object.keys(STRENGTHS)) {
    const nat = native[strength];
    if (!nat || nat.length !== rows.length) throw new Error(`bench-boards gave no ${strength} line for every board`);
    const mismatchesOf = (replies) =>
      replies
        .map((r, i) => ({ index: i, wasm: { best: r.best, nodes: r.nodes, depth: r.depth }, native: { best: nat[i].best, nodes: nat[i].nodes, depth: nat[i].depth } }))
        .filter(({ wasm, native: n }) => wasm.best !== n.best || wasm.nodes !== n.nodes || wasm.depth !== n.depth);
    const runs = [];
    for (let pass = 1; pass <= passes; pass++) {
      if (process.stderr.isTTY) process.stderr.write(`\rworker ${strength} pass ${pass}/${passes}`);
      const { startup, replies } = await workerPass(page, rows, strength, true);
      runs.push({ pass, startupMs: round(startup, 1), replies, mismatches: mismatchesOf(replies) });
    }
    if (process.stderr.isTTY) process.stderr.write('\n');
    // And once one board at a time, a round trip's pause before each: what the worker's first
    // search after a pause costs beyond a search among others (the same decisions: the same
    // boards in the same order to a fresh searcher).
    const paced = (await workerPass(page, rows, strength, false)).replies;
    result[strength] = { passes: runs, paced: { replies: paced, mismatches: mismatchesOf(paced) } };
  }
  return result;
}

/** The worker's times against `native`'s (bench-boards' lines, by strength): per pass the
 *  medians and the median per-board ratio, over boards of `minRatioMicros` or more. And the
 *  median over boards of each board's fastest worker pass over its fastest of `nativeRuns`:
 *  another program on the machine only ever slows a run down, so each side's fastest is the
 *  least disturbed. */
function compareTimes(worker, native, nativeRuns) {
  const ratiosOf = (replies, nat) =>
    replies.filter((r) => r.micros >= minRatioMicros).map((r) => r.micros / nat[r.id - 1].micros);
  for (const [strength, w] of Object.entries(worker)) {
    const nat = native[strength];
    const fastest = nat.map((_, i) => ({
      wasm: Math.min(...w.passes.map((p) => p.replies.find((r) => r.id === i + 1).micros)),
      native: Math.min(...nativeRuns.map((run) => run[strength][i].micros)),
    }));
    const timed = fastest.filter((f) => f.wasm >= minRatioMicros);
    w.fastest = {
      medianRatio: timed.length ? round(median(timed.map((f) => f.wasm / f.native)), 2) : null,
      boardsTimed: timed.length,
      nativeRuns: nativeRuns.length,
    };
    w.nativeMedianMicros = round(median(nat.map((n) => n.micros)), 1);
    w.nativeMeanMicros = round(nat.reduce((a, n) => a + n.micros, 0) / nat.length, 1);
    w.medianNodes = median(nat.map((n) => n.nodes));
    for (const run of [...w.passes, w.paced]) {
      const ratios = ratiosOf(run.replies, nat);
      run.wasmMedianMicros = median(run.replies.map((r) => r.micros));
      run.wasmMeanMicros = round(run.replies.reduce((a, r) => a + r.micros, 0) / run.replies.length, 0);
      run.medianRatio = ratios.length ? round(median(ratios), 2) : null;
      run.boardsTimed = ratios.length;
      run.samples = run.replies.map((r) => ({ index: r.id - 1, micros: r.micros, nodes: r.nodes, depth: r.depth, best: r.best }));
      delete run.replies;
    }
  }
}

/** Autoplay at `strength` at the fastest speed on a phone-sized page: moves a second over
 *  `strongMoves` moves, and the gaps between animation frames meanwhile. With `strength` null,
 *  the idle page's frames for 3 s instead: the floor of this browser at this throttling. */
async function benchPhoneAutoplay(browser, throttle, strength) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  try {
    // A fresh game (or --autoplay-from's) in Strong, and the worker's replies recorded (their
    // `micros`).
    await context.addInitScript(({ strength, save }) => {
      localStorage.clear();
      localStorage.setItem('2048.strength', strength ?? 'spec');
      if (save) localStorage.setItem('2048.game', JSON.stringify(save));
      const replies = [];
      const post = Worker.prototype.postMessage;
      const seen = new WeakSet();
      Worker.prototype.postMessage = function (message, ...rest) {
        if (!seen.has(this)) {
          seen.add(this);
          this.addEventListener('message', (event) => replies.push(event.data));
        }
        return post.call(this, message, ...rest);
      };
      window.__benchReplies = replies;
    }, { strength, save: autoplaySave });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${origin}/`);
    await waitReady(page);
    if (!(await page.locator(`#strength input[value="${strength ?? 'spec'}"]`).isChecked())) throw new Error(`${strength} is not chosen`);
    // Strong and Max answer once the page's worker has the network (Spec stands in until then).
    if (NEEDS_NETWORK.has(strength)) {
      await page.waitForFunction(() => window.__benchReplies.some((r) => r.kind === 'network-ready'), null, { timeout: 120_000 });
    }
    await setSpeed(page, 'max');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const run = await page.evaluate(async ({ target, idle }) => {
      const board = document.querySelector('#board');
      const moves = () => Number(board.dataset.moves);
      const gaps = [];
      let last = null;
      let timing = false;
      let frames = true;
      const tick = (t) => {
        if (timing && last !== null) gaps.push(t - last);
        last = t;
        if (frames) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      if (idle) {
        const t0 = performance.now();
        timing = true;
        await new Promise((resolve) => setTimeout(resolve, 3000));
        frames = false;
        return { ended: 'idle', moves: 0, ms: performance.now() - t0, gaps, workerMicros: [], workerNodes: [], top: 0 };
      }
      document.getElementById('autoplay').click();
      const result = await new Promise((resolve) => {
        let start = null;
        const finish = (why) => {
          observer.disconnect();
          clearTimeout(timer);
          resolve({ why, start });
        };
        const observer = new MutationObserver(() => {
          const now = { moves: moves(), t: performance.now() };
          // From the first move on: start-up and the first search are not in the rate.
          if (start === null && now.moves >= 1) {
            start = { ...now, replies: window.__benchReplies.length };
            timing = true;
            last = null;
          }
          if (start !== null && now.moves - start.moves >= target) finish('moves');
          const message = document.querySelector('#message');
          if (message && !message.hidden && message.dataset.status === 'over') finish('over');
        });
        const timer = setTimeout(() => finish('timeout'), 300_000);
        observer.observe(board, { attributes: true, attributeFilter: ['data-moves'] });
      });
      const end = performance.now();
      timing = false;
      frames = false;
      document.getElementById('autoplay').click();
      const replies = window.__benchReplies.slice(result.start?.replies ?? 0).filter((r) => r.kind === 'decision');
      return {
        ended: result.why,
        moves: result.start ? moves() - result.start.moves : 0,
        ms: result.start ? end - result.start.t : 0,
        gaps,
        workerMicros: replies.map((r) => r.micros),
        workerNodes: replies.map((r) => r.nodes),
        top: Math.max(0, ...[...board.querySelectorAll('[data-value]')].map((t) => Number(t.dataset.value))),
      };
    }, { target: strongMoves, idle: strength === null });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
    const gaps = [...run.gaps].sort((a, b) => a - b);
    const frame = 1000 / 60;
    return {
      strength: strength ?? 'idle',
      throttle,
      viewport: '360x740',
      moves: run.moves,
      seconds: round(run.ms / 1000, 2),
      movesPerSecond: run.moves ? round(run.moves / (run.ms / 1000), 1) : null,
      endedBy: run.ended,
      largestTile: run.top,
      frames: gaps.length,
      droppedFrames: gaps.filter((g) => g > 2 * frame).length,
      maxGapMs: round(gaps.at(-1) ?? 0, 1),
      p99GapMs: round(percentile(gaps, 99) ?? 0, 1),
      medianGapMs: round(median(gaps), 1),
      workerMedianMicros: run.workerMicros.length ? median(run.workerMicros) : null,
      workerMedianNodes: run.workerNodes.length ? median(run.workerNodes) : null,
      workerReplies: run.workerMicros.length,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { boards } = JSON.parse(fs.readFileSync(options.boards, 'utf8'));
  for (const [i, { save }] of boards.entries()) {
    const problem = saveProblem(save);
    if (problem) throw new Error(`board ${i} of ${options.boards} is not a valid saved game: ${problem}`);
  }
  const server = await startServer(port, false);
  const isolatedServer = phases.has('worker') ? await startServer(port + 1, true) : null;
  const browser = await chromium.launch({ headless: true, ...config.use.launchOptions });
  try {
    // In English, whatever the machine's locale: the buttons are found by their English names.
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: 'en-US' });
    // A board to load is handed over in sessionStorage, written into localStorage before the app
    // starts: whatever the app saves on its way out cannot overwrite it.
    await context.addInitScript(() => {
      const seed = sessionStorage.getItem('bench.seed');
      if (seed === null) return;
      sessionStorage.removeItem('bench.seed');
      if (seed) localStorage.setItem('2048.game', seed);
      else localStorage.removeItem('2048.game');
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${origin}/`);
    await waitReady(page);

    const result = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      settleMs,
    };
    const rows = [];
    if (phases.has('hints')) {
      const hints = await benchHints(page, boards);
      const sorted = hints.map((s) => s.ms).sort((a, b) => a - b);
      result.hint = {
        boards: hints.length,
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        min: round(sorted[0]),
        mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
        max: round(sorted.at(-1)),
        samples: hints.map((s) => ({ ...s, ms: round(s.ms, 2) })),
      };
      rows.push(
        ['hint latency p50 (Spec)', `${result.hint.p50} ms`],
        ['hint latency p99 (Spec)', `${result.hint.p99} ms`],
        ['hint latency min / mean / max', `${result.hint.min} / ${result.hint.mean} / ${result.hint.max} ms`],
      );
    }
    if (phases.has('autoplay')) {
      const autoplay = await benchAutoplay(page);
      result.autoplay = {
        seconds: round(autoplay.ms / 1000, 2),
        moves: autoplay.moves,
        movesPerSecond: round(autoplay.perSecond),
        endedBy: autoplay.ended,
        largestTile: autoplay.top,
      };
      rows.push(['autoplay (Spec, fastest speed)', `${result.autoplay.movesPerSecond} moves/s (${autoplay.moves} moves in ${result.autoplay.seconds} s, up to a ${autoplay.top}${autoplay.ended === 'time' ? '' : `, game ${autoplay.ended}`})`]);
    }
    let mismatched = 0;
    if (phases.has('worker')) {
      // As many native runs as worker passes, half before the worker and half after, so that
      // the fastest of each side is the fastest of as many tries.
      const nativeRuns = [nativeDecisions()];
      const before = nativeRuns[0];
      if (!options.native) {
        while (nativeRuns.length < Math.ceil(passes / 2)) nativeRuns.push(nativeDecisions());
      }
      const isolated = await browser.newContext({ locale: 'en-US' });
      try {
        const workerPage = await isolated.newPage();
        await workerPage.goto(`${isolatedOrigin}/`);
        await waitReady(workerPage);
        if (!(await workerPage.evaluate(() => crossOriginIsolated))) {
          throw new Error('the worker phase\'s page is not cross-origin isolated: its clock would read to 100 µs');
        }
        result.worker = await benchWorker(workerPage, boards, before);
      } finally {
        await isolated.close();
      }
      // Natively again after the worker: each board's native time is the mean of the two
      // runs, so that a change in the machine's speed in between weighs on both sides alike.
      let native = before;
      if (!options.native) {
        const after = nativeDecisions();
        nativeRuns.push(after);
        while (nativeRuns.length < passes) nativeRuns.push(nativeDecisions());
        native = Object.fromEntries(
          Object.entries(before).map(([strength, nat]) => [strength, nat.map((n, i) => ({ ...n, micros: (n.micros + after[strength][i].micros) / 2 }))]),
        );
      }
      compareTimes(result.worker, native, nativeRuns);
      result.worker.warmupNative = warmup;
      for (const [strength, name] of Object.entries(STRENGTHS)) {
        const w = result.worker[strength];
        const first = w.passes[0];
        const last = w.passes.at(-1);
        const bad = w.passes.reduce((a, p) => a + p.mismatches.length, 0);
        mismatched += bad;
        const same = bad === 0 ? `identical to native in all ${w.passes.length} passes` : `MISMATCH on ${bad} board-passes`;
        rows.push(
          [`${name}: decisions and nodes`, `${same} (${boards.length} boards, median ${w.medianNodes} nodes)`],
          [`${name}: native median`, `${w.nativeMedianMicros} µs a board (mean ${w.nativeMeanMicros})`],
          [`${name}: wasm worker median`, `${last.wasmMedianMicros} µs a board (pass ${last.pass} of ${w.passes.length}; cold pass 1: ${first.wasmMedianMicros} µs)`],
          [`${name}: median wasm/native ratio`, last.medianRatio === null ? `n/a (no board at ${minRatioMicros} µs or more)` : `${last.medianRatio}x (over ${last.boardsTimed} boards at >= ${minRatioMicros} µs; pass 1: ${first.medianRatio}x)`],
          [`${name}: fastest of each side`, w.fastest.medianRatio === null ? 'n/a' : `${w.fastest.medianRatio}x (median over ${w.fastest.boardsTimed} boards of each one's fastest of ${w.passes.length} worker passes over its fastest of ${w.fastest.nativeRuns} native runs)`],
          [`${name}: one board at a time`, `median ${w.paced.wasmMedianMicros} µs a board, ${w.paced.medianRatio ?? 'n/a'}x native (over ${w.paced.boardsTimed} boards)${w.paced.mismatches.length ? `; MISMATCH on ${w.paced.mismatches.length} boards` : ''}`],
        );
        mismatched += w.paced.mismatches.length;
        for (const p of w.passes) {
          for (const m of p.mismatches) console.error(`MISMATCH ${strength} pass ${p.pass} board ${m.index}: wasm ${JSON.stringify(m.wasm)} native ${JSON.stringify(m.native)}`);
        }
      }
    }
    if (phases.has('strong-autoplay')) {
      // Strong is what is measured; the idle page and Spec, under the same conditions, say how
      // much of what is seen is the browser's or the page's own, not Strong's.
      result.phoneAutoplay = [];
      for (const throttle of [1, 4]) {
        const cpu = throttle === 1 ? 'no throttling' : `CPU ${throttle}x slower`;
        for (const strength of [null, ...Object.keys(STRENGTHS)]) {
          const runs = [];
          for (let i = 0; i < (strength === 'strong' ? repeats : 1); i++) {
            if (process.stderr.isTTY) process.stderr.write(`phone ${strength ?? 'idle'}, ${cpu}, run ${i + 1}\n`);
            runs.push(await benchPhoneAutoplay(browser, throttle, strength));
          }
          result.phoneAutoplay.push(...runs);
          const frames = (r) => `${r.droppedFrames}/${r.frames} frames > 33.3 ms, p99 ${r.p99GapMs} ms, max ${r.maxGapMs} ms`;
          if (strength === null) {
            rows.push([`idle page 360x740, ${cpu}`, frames(runs[0])]);
            continue;
          }
          const name = STRENGTHS[strength];
          const rates = runs.map((r) => r.movesPerSecond);
          rows.push([
            `Autoplay ${name} 360x740, ${cpu}`,
            `${median(rates)} moves/s${runs.length > 1 ? ` median of ${runs.length} games (${rates.join(', ')})` : ''}, ${runs[0].moves} moves each`,
          ]);
          for (const [i, r] of runs.entries()) {
            rows.push([
              `  game ${i + 1}`,
              `${r.movesPerSecond} moves/s${r.endedBy === 'moves' ? '' : ` (ended by ${r.endedBy})`}; ${frames(r)}; worker median ${r.workerMedianMicros} µs, ${r.workerMedianNodes} positions a move`,
            ]);
          }
        }
      }
    }
    if (phases.has('keys')) {
      result.keyLatency = [];
      for (const throttle of [1, 4]) {
        // Coach off and on take turns press by press, in a fresh page each round; the
        // difference of their medians comes with a 95 % interval.
        const samples = { off: [], on: [] };
        const handlers = { off: [], on: [] };
        const toRender = { off: [], on: [] };
        for (let r = 0; r < rounds; r++) {
          const run = await benchKeys(browser, throttle);
          for (const side of ['off', 'on']) {
            samples[side].push(...run.latency[side]);
            handlers[side].push(...run.handler[side]);
            toRender[side].push(...run.toRender[side]);
          }
        }
        const cpu = throttle === 1 ? 'no throttling' : `CPU ${throttle}x slower`;
        for (const coach of [false, true]) {
          const sorted = [...samples[coach ? 'on' : 'off']].sort((a, b) => a - b);
          const run = { throttle, coach, presses: sorted.length, rounds, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1)) };
          result.keyLatency.push(run);
          rows.push([`key to render, Coach ${coach ? 'on' : 'off'}, ${cpu}`, `p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms (${run.presses} moves in ${rounds} rounds)`]);
        }
        const [low, high] = medianDifferenceInterval(samples.on, samples.off);
        const difference = round(median(samples.on) - median(samples.off));
        result.keyLatency.push({ throttle, onMinusOffP50: difference, interval95: [round(low), round(high)] });
        rows.push([`key to render, Coach on minus off, ${cpu}`, `p50 ${difference} ms, 95 % interval [${round(low)}, ${round(high)}] ms`]);
        const [hLow, hHigh] = medianDifferenceInterval(handlers.on, handlers.off);
        const handler = { throttle, offP50: round(median(handlers.off)), onP50: round(median(handlers.on)), interval95: [round(hLow), round(hHigh)], presses: [handlers.off.length, handlers.on.length] };
        result.keyLatency.push({ keydownHandler: handler });
        rows.push([`keydown handler, Coach off / on, ${cpu}`, `p50 ${handler.offP50} / ${handler.onP50} ms (on minus off 95 % interval [${handler.interval95.join(', ')}] ms; ${handler.presses.join(' / ')} presses)`]);
        const [rLow, rHigh] = medianDifferenceInterval(toRender.on, toRender.off);
        const render = { throttle, offP50: round(median(toRender.off)), onP50: round(median(toRender.on)), interval95: [round(rLow), round(rHigh)], presses: [toRender.off.length, toRender.on.length] };
        result.keyLatency.push({ handlerToRendering: render });
        rows.push([`handler end to the frame's style, off / on, ${cpu}`, `p50 ${render.offP50} / ${render.onP50} ms (on minus off 95 % interval [${render.interval95.join(', ')}] ms; ${render.presses.join(' / ')} presses)`]);
      }
    }
    if (phases.has('first-load')) {
      result.firstLoad = [];
      for (const throttle of [1, 4]) {
        const run = await benchFirstLoad(browser, origin, { loads: Math.max(1, Number(options.loads)), throttle });
        result.firstLoad.push(run);
        rows.push(...firstLoadRows(run));
      }
    }
    if (phases.has('memory')) {
      const strength = options['memory-strength'];
      result.memory = await benchMemory(browser, origin, {
        strength,
        helpers: Number(options.helpers),
        deviceMemory: options['device-memory'] === undefined ? null : Number(options['device-memory']),
        save: autoplaySave,
        seconds: Number(options['memory-seconds']),
        every: Number(options['memory-every']),
        ready: waitReady,
        fastest: (page) => setSpeed(page, 'max'),
        needsNetwork: NEEDS_NETWORK.has(strength),
      });
      const m = result.memory;
      const what = `${STRENGTHS[strength] ?? strength}${m.helpers ? ` with ${m.helpers} helpers` : ''}${m.deviceMemory ? `, ${m.deviceMemory} GB device` : ''}, Autoplay from ${m.from}`;
      rows.push(
        [`tab memory: ${what}`, `peak ${m.peakRssMB} MB resident (${m.peakPrivateMB} MB private); ${m.rssAtMinuteMB ?? 'n/a'} MB at 1 min, ${m.lastRssMB} MB at ${m.seconds} s`],
        ['tab memory: after the first minute', `${m.slopeAfterMinuteMBPerMin ?? 'n/a'} MB a minute (least squares over ${m.samples.filter((x) => x.s >= 60).length} samples); idle before Autoplay ${m.idleRssMB} MB; ${m.moves} moves in ${m.games} game${m.games === 1 ? '' : 's'}`],
      );
    }
    if (phases.has('review')) {
      const strength = options['review-strength'];
      const run = await benchReview(browser, origin, {
        strength,
        presses: Math.max(1, Number(options['review-presses'])),
        rounds: Math.max(1, Number(options['review-rounds'])),
        seconds: Number(options['review-seconds']),
        ready: waitReady,
        fastest: (page) => setSpeed(page, 'max'),
        needsNetwork: NEEDS_NETWORK.has(strength),
      });
      result.review = run;
      rows.push(
        [`review beside play (${STRENGTHS[strength] ?? strength}): key to render`, `median ${run.keys.idle} ms without a review, ${run.keys.reviewing} ms with one under way; difference [${run.keys.difference.join(', ')}] ms (95 %, ${run.presses} presses each side in ${run.counted} rounds)`],
        [`review beside play: Autoplay at the fastest speed`, `median ${run.autoplay.idle} moves a second without a review, ${run.autoplay.reviewing} with one under way (${run.counted} rounds)`],
        [`review beside play: the review's progress after them`, `${run.progress.map((p) => `${p.judged}/${p.total}`).join(', ')} moves judged (${run.counted} of ${run.rounds} rounds still under way: counted)`],
      );
    }
    if (phases.has('review-speed')) {
      result.reviewSpeed = await benchReviewSpeed(browser, origin, {
        strengths: options['review-speed-strengths'].split(',').map((s) => s.trim()),
        rounds: Math.max(1, Number(options['review-speed-rounds'])),
        seconds: Math.max(1, Number(options['review-speed-seconds'])),
        ready: waitReady,
        needsNetwork: (strength) => NEEDS_NETWORK.has(strength),
      });
      for (const run of result.reviewSpeed) {
        const at = run.reviewedAt === run.strength ? '' : `, judged at ${STRENGTHS[run.reviewedAt] ?? run.reviewedAt}`;
        const each = run.runs.map((x) => `${x.rate} (${x.judged}${x.complete ? '' : ` of ${x.moves}`} moves in ${x.seconds} s)`).join(', ');
        rows.push(
          [`review speed (${STRENGTHS[run.strength] ?? run.strength}${at})`, `median ${run.rate} moves judged a second over ${run.rounds} reviews (${run.judged} moves in all); first move judged after ${run.firstMs} ms (median)`],
          [`review speed (${STRENGTHS[run.strength] ?? run.strength}): each review`, each],
        );
      }
    }
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);

    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nbrowser benchmark: ${boards.length} boards, Chromium ${result.chromium}, ${result.cpus} CPUs (${result.cpuModel})`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    if (options.json) {
      fs.writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`wrote ${options.json}`);
    }
    if (mismatched > 0) {
      console.error(`bench-browser: the worker and the native solver disagree on ${mismatched} board-passes (see MISMATCH above)`);
      process.exitCode = 2;
    }
  } finally {
    await browser.close();
    server.kill();
    isolatedServer?.kill();
  }
}

main().catch((error) => {
  console.error(`bench-browser: ${error.message ?? error}`);
  process.exit(1);
});
