// The browser benchmark's review phase (`node scripts/bench-browser.mjs --phases review`): what a
// game's review running in the background costs the game being played. In each round, a fresh
// page at --review-strength (default strong) is given a long kept game (300 to 1,900 moves of a
// small expectimax player to its end, its tiles drawn from the round's seed), and then:
//   1. after as many presses not counted (a fresh page's first are its slowest), key to render
//      for --presses moves (as the keys phase measures it: keydown to the frame
//      after `#board`'s data-moves changes), and Autoplay's moves in --review-seconds at the
//      fastest speed (default 5), with no review;
//   2. the kept game's Review started (the replay view opened, Review, closed), and Autoplay
//      and the same presses again while it is under way (it waits while Autoplay plays); the
//      review's progress is read after them, so a review that ended before the presses did is
//      said.
// Reports each side's median key to render and Autoplay rate, and the difference of the medians
// with a 95 % bootstrap interval, over the rounds whose review was still under way after the
// presses (the others are said, and left out on both sides).
import { createRequire } from 'node:module';
import { median, medianDifferenceInterval, seeded } from './bench-stats.mjs';

const require = createRequire(import.meta.url);
const { slide, legalMoves, readBoard, KEYS } = require('../tests/support/game.js');

/** A kept game's entry: a small expectimax player (each move by the best value, over where a 2
 *  can land, of the best next move, a board valued by its tiles' weight toward the bottom-right
 *  corner and its empty cells) from a two-tile start, new tiles drawn from `seed`, to its end
 *  (played on past a 2048): some 300 to 1,900 moves (seeds 1 to 10). */
export function longGame(seed) {
  const next = seeded(seed);
  const empties = (board) => board.flat().map((v, i) => (v === 0 ? i : -1)).filter((i) => i >= 0);
  const spawn = (board) => {
    const empty = empties(board);
    const cell = empty[Math.floor(next() * empty.length)];
    const value = next() < 0.9 ? 2 : 4;
    board[Math.floor(cell / 4)][cell % 4] = value;
    return [cell, value];
  };
  const WEIGHTS = [[1, 2, 3, 4], [2, 3, 4, 5], [6, 5, 4, 3], [7, 8, 9, 10]];
  const value = (board) =>
    board.flat().reduce((sum, v, i) => sum + v * WEIGHTS[Math.floor(i / 4)][i % 4], 0) + 200 * empties(board).length;
  const best = (board) => Math.max(...legalMoves(board).map((d) => value(slide(board, d).board)), -1e7);
  const expected = (board) => {
    const empty = empties(board);
    if (!empty.length) return value(board);
    let sum = 0;
    for (const cell of empty) {
      const landed = board.map((row) => row.slice());
      landed[Math.floor(cell / 4)][cell % 4] = 2;
      sum += best(landed);
    }
    return sum / empty.length;
  };
  let board = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
  spawn(board);
  spawn(board);
  const start = { version: 1, board: board.map((r) => r.slice()), score: 0, won: false, keep_going: false };
  const steps = [];
  let score = 0;
  for (;;) {
    const moves = legalMoves(board);
    if (!moves.length) break;
    // Up only when nothing else moves: it takes the large tiles from their row.
    const rank = (d) => expected(slide(board, d).board) - (d === 'up' ? 1e6 : 0);
    const direction = moves.reduce((a, b) => (rank(b) > rank(a) ? b : a));
    const slid = slide(board, direction);
    board = slid.board;
    score += slid.score;
    steps.push([direction, ...spawn(board)]);
  }
  const id = 1_764_000_000_000 + seed;
  return {
    version: 1,
    id,
    started: id - 600_000,
    ended: id,
    score,
    best_tile: Math.max(...board.flat()),
    moves: steps.length,
    played_ms: 500_000,
    ending: legalMoves(board).length ? 'new-game' : 'over',
    help: { hint: false, autoplay: false, coach: false, undo: false, entered: false },
    // Past a 2048 the game went on, as the player chose.
    record: { version: 1, start, steps, cursor: steps.length, keep_going: Math.max(...board.flat()) >= 2048 },
  };
}

/** Puts `entry` in the page's kept games (the database as the page made it). */
async function keep(page, entry) {
  await page.evaluate(
    (entry) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('2048');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('games', 'readwrite');
          tx.objectStore('games').put(entry);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entry,
  );
}

/** Presses `key` (a move) and returns the time from its keydown to the frame after `#board`'s
 *  data-moves changes, in ms: key to render, as the keys phase measures it. */
export async function keyToRender(page, key) {
  await page.evaluate(() => {
    const board = document.querySelector('#board');
    const before = board.dataset.moves;
    let down = null;
    window.addEventListener('keydown', (e) => (down = e.timeStamp), { capture: true, once: true });
    window.__keyLatency = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (board.dataset.moves === before) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - down));
      });
      observer.observe(board, { attributes: true, attributeFilter: ['data-moves'] });
    });
  });
  await page.keyboard.press(key);
  return page.evaluate(() => window.__keyLatency);
}

/** Key to render of `presses` moves (ms each), a new game started where one ends. */
async function keyLatencies(page, presses) {
  const out = [];
  while (out.length < presses) {
    await page.waitForTimeout(60);
    const [direction] = legalMoves(await readBoard(page));
    if (!direction) {
      await page.getByRole('button', { name: 'Try again', exact: true }).click();
      continue;
    }
    out.push(await keyToRender(page, KEYS.arrows[direction]));
  }
  return out;
}

/** Autoplay's moves a second at the fastest speed over `seconds`. */
async function autoplayRate(page, seconds) {
  const moves = () => page.evaluate(() => Number(document.querySelector('#board').dataset.moves));
  if (await page.locator('#message[data-status="over"]').isVisible()) {
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
  }
  const before = await moves();
  await page.locator('#autoplay').click();
  await page.waitForTimeout(seconds * 1000);
  await page.locator('#autoplay').click();
  return ((await moves()) - before) / seconds;
}

/** The review's progress, read in the replay view (opened and closed again). */
async function reviewProgress(page) {
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  const review = page.locator('#review');
  await review.waitFor({ state: 'visible' });
  const progress = { judged: Number(await review.getAttribute('data-progress')), total: Number(await review.getAttribute('data-total')) };
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  return progress;
}

/** The phase: `rounds` fresh pages at `strength`, each measured without and then with a review
 *  under way. `ready(page)` waits until the page plays, `fastest(page)` sets the fastest speed,
 *  `needsNetwork` waits for the worker to have read the network first. */
export async function benchReview(browser, origin, { strength, presses, rounds, seconds, ready, fastest, needsNetwork }) {
  // Each round's samples; only rounds whose review was still under way after the presses count.
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
    try {
      await context.addInitScript((strength) => {
        if (!sessionStorage.getItem('bench-review')) {
          localStorage.clear();
          localStorage.setItem('2048.strength', strength);
          sessionStorage.setItem('bench-review', '1');
        }
        const Native = window.Worker;
        window.__networkReady = false;
        window.Worker = class extends Native {
          constructor(...args) {
            super(...args);
            this.addEventListener('message', (event) => {
              if (event.data && event.data.kind === 'network-ready') window.__networkReady = true;
            });
          }
        };
      }, strength);
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await ready(page);
      const game = longGame(round + 1);
      await keep(page, game);
      // Read again with the game kept.
      await page.reload();
      await ready(page);
      if (needsNetwork) await page.waitForFunction(() => window.__networkReady, null, { timeout: 120_000 });
      await fastest(page);
      // Warm-up presses, not counted: a fresh page's first presses are its slowest, and the
      // side without a review comes first.
      await keyLatencies(page, presses);
      const run = { keys: { idle: await keyLatencies(page, presses) }, autoplay: { idle: await autoplayRate(page, seconds) } };
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
      await page.locator('#replay-pick').selectOption(String(game.id));
      await page.locator('#replay-seek').and(page.locator(`[max="${game.moves}"]`)).waitFor();
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      // Autoplay first: the review waits while it plays, and goes on for the presses after.
      run.autoplay.reviewing = await autoplayRate(page, seconds);
      run.keys.reviewing = await keyLatencies(page, presses);
      run.progress = await reviewProgress(page);
      runs.push(run);
    } finally {
      await context.close();
    }
  }
  const counted = runs.filter((run) => run.progress.judged < run.progress.total);
  if (!counted.length) throw new Error('every review ended before its presses did: fewer --review-presses');
  const keys = { idle: counted.flatMap((run) => run.keys.idle), reviewing: counted.flatMap((run) => run.keys.reviewing) };
  const autoplay = { idle: counted.map((run) => run.autoplay.idle), reviewing: counted.map((run) => run.autoplay.reviewing) };
  const progress = runs.map((run) => run.progress);
  const r = (x) => Math.round(x * 10) / 10;
  return {
    strength,
    rounds,
    counted: counted.length,
    presses: keys.idle.length,
    keys: { idle: r(median(keys.idle)), reviewing: r(median(keys.reviewing)), difference: medianDifferenceInterval(keys.reviewing, keys.idle).map(r) },
    autoplay: { idle: r(median(autoplay.idle)), reviewing: r(median(autoplay.reviewing)) },
    progress,
  };
}
