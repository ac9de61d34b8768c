#!/usr/bin/env node
// The browser benchmark (a measurement, not a test): in headless Chromium against the release
// build (dist/, served on 127.0.0.1 by tests/serve.js),
//  1. Hint latency: each of the 50 fixed boards of tests/fixtures/bench-boards.json is loaded as
//     the saved game, Hint is clicked, and the app's own 'hint' performance measure (click to
//     arrow on screen) is read; reports p50 and p99 (nearest rank; with 50 boards p99 is the
//     slowest) with min, mean and max;
//  2. Autoplay rate: Autoplay at the fastest speed on a fresh game, moves counted on `#board`'s
//     data-moves for --seconds seconds (default 10) or until a banner ends the game, in moves
//     per second.
// Usage: node scripts/bench-browser.mjs [--json FILE] [--seconds N] [--port N] [--boards FILE]
//                                       [--settle MS]  (wait MS after each load before the click)
// (`make bench-browser` builds the release first; Playwright comes from tests/node_modules.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromTests = createRequire(path.join(root, 'tests', 'package.json'));
const { chromium } = requireFromTests('@playwright/test');
// The same browser and flags as the end-to-end suite, and the same page readers.
const config = requireFromTests('./playwright.config.js');
const { readBoard, saveProblem, setSpeed } = requireFromTests('./support/game.js');

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '4174' },
    settle: { type: 'string', default: '0' },
    boards: { type: 'string', default: path.join(root, 'tests', 'fixtures', 'bench-boards.json') },
    help: { type: 'boolean', short: 'h' },
  },
});
if (options.help) {
  console.log('usage: node scripts/bench-browser.mjs [--json FILE] [--seconds N] [--port N] [--boards FILE] [--settle MS]');
  process.exit(0);
}
const seconds = Number(options.seconds);
const port = Number(options.port);
const settleMs = Number(options.settle);
const origin = `http://127.0.0.1:${port}`;

/** Starts tests/serve.js on the port and waits until it answers. */
async function startServer() {
  const server = spawn(process.execPath, [path.join(root, 'tests', 'serve.js'), String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 100))]);
    if (code !== undefined) throw new Error(`tests/serve.js exited (${code}): is dist/ built? (make build)`);
    try {
      if ((await fetch(`${origin}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`tests/serve.js did not answer on ${origin}`);
    }
  }
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
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

async function main() {
  const { boards } = JSON.parse(fs.readFileSync(options.boards, 'utf8'));
  for (const [i, { save }] of boards.entries()) {
    const problem = saveProblem(save);
    if (problem) throw new Error(`board ${i} of ${options.boards} is not a valid saved game: ${problem}`);
  }
  const server = await startServer();
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

    const hints = await benchHints(page, boards);
    const autoplay = await benchAutoplay(page);
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);

    const sorted = hints.map((s) => s.ms).sort((a, b) => a - b);
    const result = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      settleMs,
      hint: {
        boards: hints.length,
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        min: round(sorted[0]),
        mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
        max: round(sorted.at(-1)),
        samples: hints.map((s) => ({ ...s, ms: round(s.ms, 2) })),
      },
      autoplay: {
        seconds: round(autoplay.ms / 1000, 2),
        moves: autoplay.moves,
        movesPerSecond: round(autoplay.perSecond),
        endedBy: autoplay.ended,
        largestTile: autoplay.top,
      },
    };
    const rows = [
      ['hint latency p50', `${result.hint.p50} ms`],
      ['hint latency p99', `${result.hint.p99} ms`],
      ['hint latency min / mean / max', `${result.hint.min} / ${result.hint.mean} / ${result.hint.max} ms`],
      ['autoplay (fastest speed)', `${result.autoplay.movesPerSecond} moves/s (${autoplay.moves} moves in ${result.autoplay.seconds} s, up to a ${autoplay.top}${autoplay.ended === 'time' ? '' : `, game ${autoplay.ended}`})`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nbrowser benchmark: ${hints.length} boards, Chromium ${result.chromium}, ${result.cpus} CPUs`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    if (options.json) {
      fs.writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`wrote ${options.json}`);
    }
  } finally {
    await browser.close();
    server.kill();
  }
}

main().catch((error) => {
  console.error(`bench-browser: ${error.message ?? error}`);
  process.exit(1);
});
