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
// The review-speed phase (`--phases review-speed`, [benchReviewSpeed]): how fast a review goes
// in the worker with nothing else happening, per strength that reviews (Spec, the page's
// "Standard", and Strong; Max's games are reviewed at Strong): in each round a fresh page is given
// the long kept game of the round's seed, the replay view opened on it and Review pressed, and
// `#review`'s data-progress is read at each change until the review is complete (or
// --review-speed-seconds have passed): moves judged a second, from the press to the last move
// judged, its review drawn as it goes (the view open, as a player watching it has it).
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

/** A fresh page (a context of its own) at `strength` with kept game `game` read, the worker
 *  ready to answer at that strength: the page and its context (to close). `ready(page)` waits
 *  until the page plays, `needsNetwork` waits for the worker to have read the network first. */
async function pageWithGame(browser, origin, { strength, game, ready, needsNetwork }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
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
  await keep(page, game);
  // Read again with the game kept.
  await page.reload();
  await ready(page);
  if (needsNetwork) await page.waitForFunction(() => window.__networkReady, null, { timeout: 120_000 });
  return { page, context };
}

/** The replay view opened on kept game `game`. */
async function openReplayOn(page, game) {
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await page.locator('#replay-pick').selectOption(String(game.id));
  await page.locator('#replay-seek').and(page.locator(`[max="${game.moves}"]`)).waitFor();
}

/** The strength the review kept with game `id` was judged at, as its document says (null while
 *  none is kept: a review writes its document every 50 moves judged and when complete). */
async function keptReviewStrength(page, id) {
  const text = await page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('2048');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('reviews').objectStore('reviews').get(id);
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result ?? null);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    id,
  );
  return text === null ? null : JSON.parse(text).strength;
}

/** The phase: `rounds` fresh pages at `strength`, each measured without and then with a review
 *  under way. `ready(page)` waits until the page plays, `fastest(page)` sets the fastest speed,
 *  `needsNetwork` waits for the worker to have read the network first. */
export async function benchReview(browser, origin, { strength, presses, rounds, seconds, ready, fastest, needsNetwork }) {
  // Each round's samples; only rounds whose review was still under way after the presses count.
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const game = longGame(round + 1);
    const { page, context } = await pageWithGame(browser, origin, { strength, game, ready, needsNetwork });
    try {
      await fastest(page);
      // Warm-up presses, not counted: a fresh page's first presses are its slowest, and the
      // side without a review comes first.
      await keyLatencies(page, presses);
      const run = { keys: { idle: await keyLatencies(page, presses) }, autoplay: { idle: await autoplayRate(page, seconds) } };
      await openReplayOn(page, game);
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

/** The strength a review at `strength` judges at (the page's `review_strength`: Max's words are
 *  not measured, so Strong reviews its games). */
export const reviewedAt = (strength) => (strength === 'max' ? 'strong' : strength);

/** The review-speed phase: for each of `strengths`, `rounds` fresh pages, round r reviewing the
 *  long game of seed r + 1 (the same games for every strength) with the replay view open and
 *  nothing else happening, each for at most `seconds`. Per strength: the median over rounds of
 *  the moves judged a second (from Review pressed to the last move judged), the median time to
 *  the first move judged, and each round's figures. `needsNetwork(strength)` says whether the
 *  worker must have read the network first. */
export async function benchReviewSpeed(browser, origin, { strengths, rounds, seconds, ready, needsNetwork }) {
  const results = [];
  for (const strength of strengths) {
    const runs = [];
    for (let round = 0; round < rounds; round++) {
      const game = longGame(round + 1);
      const { page, context } = await pageWithGame(browser, origin, { strength, game, ready, needsNetwork: needsNetwork(strength) });
      try {
        await openReplayOn(page, game);
        // Each change of the progress, timed by the page from the press of Review.
        await page.evaluate(() => {
          const review = document.querySelector('#review');
          window.__progress = [];
          new MutationObserver(() => {
            window.__progress.push([performance.now() - window.__pressed, Number(review.dataset.progress)]);
          }).observe(review, { attributes: true, attributeFilter: ['data-progress'] });
          window.__pressed = performance.now();
          document.querySelector('#replay-review').click();
        });
        await page.waitForFunction(
          ({ limit }) => document.querySelector('#review').hasAttribute('data-accuracy') || performance.now() - window.__pressed > limit,
          { limit: seconds * 1000 },
          { timeout: seconds * 1000 + 30_000, polling: 250 },
        );
        const progress = await page.evaluate(() => window.__progress.filter(([, judged]) => judged > 0));
        const judgedAt = await keptReviewStrength(page, game.id);
        if (judgedAt !== null && judgedAt !== reviewedAt(strength)) {
          throw new Error(`the review at ${strength} was judged at ${judgedAt}: the worker was not ready for it`);
        }
        if (!progress.length) throw new Error(`no move judged at ${strength} in ${seconds} s`);
        const [firstMs] = progress[0];
        const [lastMs, judged] = progress.at(-1);
        runs.push({ seed: round + 1, moves: game.moves, judged, seconds: lastMs / 1000, rate: judged / (lastMs / 1000), firstMs, complete: judged === game.moves });
      } finally {
        await context.close();
      }
    }
    const r = (x) => Math.round(x * 10) / 10;
    results.push({
      strength,
      reviewedAt: reviewedAt(strength),
      rounds: runs.length,
      judged: runs.reduce((sum, run) => sum + run.judged, 0),
      rate: r(median(runs.map((run) => run.rate))),
      firstMs: r(median(runs.map((run) => run.firstMs))),
      runs: runs.map((run) => ({ ...run, seconds: r(run.seconds), rate: r(run.rate), firstMs: r(run.firstMs) })),
    });
  }
  return results;
}
