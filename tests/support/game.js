// Shared by every end-to-end spec and by the browser benchmark (scripts/bench-browser.mjs):
//  - a reference of the rules, re-stated in a few lines of JavaScript independently of game-core,
//    so that the tests check the game instead of echoing it;
//  - a reference of the saved-game validation (crates/game-core/src/save.rs);
//  - readers of the page's hooks (board, score, moves, hint) and seeding of localStorage.
// Also the specs' `test` (with a check that the page threw no uncaught exception) and `expect`.
'use strict';
const base = require('@playwright/test');

const { expect } = base;

/** Every spec's `test`: fails a test whose page threw an uncaught exception or showed the app's
 *  error banner (#error, shown on a panic or a failed start). */
const test = base.test.extend({
  pageErrors: [
    async ({ page }, use) => {
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, 'uncaught exceptions in the page').toEqual([]);
      if (!page.isClosed() && (await page.locator('#error').count()) > 0) {
        await expect(page.locator('#error'), 'the app error banner').toBeHidden();
      }
    },
    { auto: true },
  ],
});

/** The storage keys of the contract. */
const KEYS_STORAGE = { game: '2048.game', best: '2048.best', speed: '2048.speed', strength: '2048.strength' };

/** The keys that play each direction: arrows, WASD and HJKL. */
const KEYS = {
  arrows: { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' },
  wasd: { left: 'a', right: 'd', up: 'w', down: 's' },
  hjkl: { left: 'h', right: 'l', up: 'k', down: 'j' },
};
const DIRECTIONS = ['left', 'right', 'up', 'down'];

/** Boards several specs start from. A game in progress with room to move: */
const MID_GAME = [
  [2, 4, 8, 16],
  [0, 0, 4, 2],
  [0, 0, 0, 2],
  [0, 0, 0, 0],
];
/** A board where left makes 2048 and the new tile fills the last empty cell: the win, then game over. */
const LAST_MOVE_WIN = [
  [1024, 1024, 8, 16],
  [32, 64, 128, 256],
  [512, 32, 8, 64],
  [4, 2, 4, 2],
];

// ---------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------

/** Slides one line of four values toward index 0: close the gaps, then merge equal neighbours
 *  from the front, each tile at most once. Returns the new line and the points scored. */
function slideLine(line) {
  const tiles = line.filter((v) => v !== 0);
  const out = [];
  let score = 0;
  for (let i = 0; i < tiles.length; i++) {
    if (i + 1 < tiles.length && tiles[i] === tiles[i + 1]) {
      out.push(2 * tiles[i]);
      score += 2 * tiles[i];
      i++; // the partner is used up
    } else {
      out.push(tiles[i]);
    }
  }
  while (out.length < 4) out.push(0);
  return { line: out, score };
}

/** The [row, col] cells of each line for a direction, the edge the tiles move toward first. */
function lineCells(direction) {
  const lines = [];
  for (let k = 0; k < 4; k++) {
    const cells = [];
    for (let i = 0; i < 4; i++) {
      if (direction === 'left') cells.push([k, i]);
      if (direction === 'right') cells.push([k, 3 - i]);
      if (direction === 'up') cells.push([i, k]);
      if (direction === 'down') cells.push([3 - i, k]);
    }
    lines.push(cells);
  }
  return lines;
}

/** The board after sliding in a direction, before the new tile appears. */
function slide(board, direction) {
  if (!DIRECTIONS.includes(direction)) throw new Error(`no direction ${direction}`);
  const next = board.map((row) => row.slice());
  let score = 0;
  for (const cells of lineCells(direction)) {
    const result = slideLine(cells.map(([r, c]) => board[r][c]));
    cells.forEach(([r, c], i) => (next[r][c] = result.line[i]));
    score += result.score;
  }
  const moved = JSON.stringify(next) !== JSON.stringify(board);
  return { board: next, score, moved };
}

/** The directions that change the board. */
const legalMoves = (board) => DIRECTIONS.filter((d) => slide(board, d).moved);
const hasMoves = (board) => legalMoves(board).length > 0;
const tileCount = (board) => board.flat().filter((v) => v !== 0).length;
const maxTile = (board) => Math.max(...board.flat());
const emptyCells = (board) => 16 - tileCount(board);

/**
 * Checks that `after` is `board` slid in `direction` plus exactly one new tile (a 2 or a 4) on a
 * cell the slide left empty. Returns null when it is, else a sentence saying what is wrong.
 */
function checkMove(board, direction, after) {
  const expected = slide(board, direction);
  if (!expected.moved) return `${direction} does not change ${JSON.stringify(board)}`;
  const added = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      if (after[r][c] !== expected.board[r][c]) added.push({ r, c, was: expected.board[r][c], now: after[r][c] });
    }
  }
  const what = `${direction} from ${JSON.stringify(board)} gave ${JSON.stringify(after)}`;
  if (added.length !== 1) return `${what}: expected ${JSON.stringify(expected.board)} plus one new tile`;
  const [{ was, now }] = added;
  if (was !== 0 || (now !== 2 && now !== 4)) return `${what}: the new tile must be a 2 or a 4 on an empty cell`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Saved games (crates/game-core/src/save.rs)
// ---------------------------------------------------------------------------------------------

const SAVE_FIELDS = ['version', 'board', 'score', 'won', 'keep_going'];
const isTile = (v) => Number.isInteger(v) && (v === 0 || (v >= 2 && v <= 131072 && (v & (v - 1)) === 0));

/** The least score a board's tiles must have earned: sum over tiles 2^k, k >= 3, of (k-2)*2^k. */
function minimumScore(board) {
  let total = 0;
  for (const v of board.flat()) {
    if (v >= 8) total += (Math.log2(v) - 2) * v;
  }
  return total;
}

/** The most a board's tiles can have earned: sum over tiles 2^k, k >= 2, of (k-1)*2^k. */
function maximumScore(board) {
  let total = 0;
  for (const v of board.flat()) {
    if (v >= 4) total += (Math.log2(v) - 1) * v;
  }
  return total;
}

/** Why a saved-game document (text or parsed) is not a game game-core would load, or null. */
function saveProblem(docOrText) {
  let doc = docOrText;
  if (typeof docOrText === 'string') {
    try {
      doc = JSON.parse(docOrText);
    } catch {
      return 'not JSON';
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return 'not an object';
  for (const key of Object.keys(doc)) if (!SAVE_FIELDS.includes(key)) return `unknown field ${key}`;
  for (const key of SAVE_FIELDS) if (!(key in doc)) return `missing ${key}`;
  if (doc.version !== 1) return `version ${JSON.stringify(doc.version)}`;
  const { board } = doc;
  if (!Array.isArray(board) || board.length !== 4 || !board.every((row) => Array.isArray(row) && row.length === 4)) {
    return 'board is not 4x4';
  }
  for (const row of board) for (const v of row) if (!isTile(v)) return `not a tile: ${JSON.stringify(v)}`;
  if (!Number.isInteger(doc.score) || doc.score < 0 || doc.score > 4294967295) return `bad score ${doc.score}`;
  if (typeof doc.won !== 'boolean' || typeof doc.keep_going !== 'boolean') return 'flags are not booleans';
  if (tileCount(board) < 2) return 'fewer than 2 tiles';
  if (doc.won !== maxTile(board) >= 2048) return 'won contradicts the board';
  if (doc.keep_going && !doc.won) return 'keep_going without a win';
  if (doc.score < minimumScore(board)) return `score ${doc.score} below ${minimumScore(board)}`;
  if (doc.score > maximumScore(board)) return `score ${doc.score} above ${maximumScore(board)}`;
  return null;
}

/** A saved-game document for a board; won follows the board, keep_going after a win by default. */
function savedGame(board, score, { keepGoing } = {}) {
  const won = maxTile(board) >= 2048;
  const doc = { version: 1, board, score, won, keep_going: keepGoing ?? won };
  // A fixture the page would refuse would test the refusal, not what the test means to.
  const problem = saveProblem(doc);
  if (problem) throw new Error(`savedGame(${JSON.stringify(board)}, ${score}): ${problem}`);
  return doc;
}

// ---------------------------------------------------------------------------------------------
// Seeding storage
// ---------------------------------------------------------------------------------------------

/** Makes every Storage method throw, from the page's first script on, as in a browser whose
 *  storage is disabled. */
async function breakStorage(page) {
  await page.addInitScript(() => {
    for (const name of ['getItem', 'setItem', 'removeItem', 'clear', 'key']) {
      Storage.prototype[name] = () => {
        throw new DOMException('storage is disabled', 'SecurityError');
      };
    }
  });
}

/**
 * Puts items into localStorage before the page's own scripts run, once per tab: a reload keeps
 * what the app saved (the guard lives in sessionStorage). `items` maps keys to values; objects and
 * numbers are written as JSON, strings as they are.
 */
async function seedStorage(page, items) {
  const strings = {};
  for (const [key, value] of Object.entries(items)) {
    strings[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  await page.addInitScript((entries) => {
    try {
      if (window.sessionStorage.getItem('e2e.seeded')) return;
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e.seeded', '1');
    } catch {
      // Storage made to fail by the test itself: nothing to seed.
    }
  }, strings);
}

/** Reads a localStorage key in the page (null when absent or unreadable). */
async function storedItem(page, key) {
  return page.evaluate((k) => {
    try {
      return window.localStorage.getItem(k);
    } catch {
      return null;
    }
  }, key);
}

// ---------------------------------------------------------------------------------------------
// Reading the page
// ---------------------------------------------------------------------------------------------

/** The board on screen, read from the tiles' data attributes. */
async function readBoard(page) {
  const tiles = await page.$$eval('#board [data-value]', (els) =>
    els.map((el) => ({ value: Number(el.dataset.value), row: Number(el.dataset.row), col: Number(el.dataset.col) })),
  );
  const board = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const { value, row, col } of tiles) {
    if (!(row >= 0 && row < 4 && col >= 0 && col < 4)) throw new Error(`a tile off the board: ${JSON.stringify(tiles)}`);
    if (board[row][col] !== 0) throw new Error(`two tiles on row ${row}, col ${col}: ${JSON.stringify(tiles)}`);
    if (!isTile(value) || value === 0) throw new Error(`a tile of value ${value}`);
    board[row][col] = value;
  }
  return board;
}

const movesPlayed = async (page) => Number(await page.locator('#board').getAttribute('data-moves'));
const scoreShown = async (page) => Number((await page.locator('#score').textContent()).trim());
const bestShown = async (page) => Number((await page.locator('#best').textContent()).trim());

/** The hint arrow's direction, or null when no arrow is shown. */
async function hintShown(page) {
  const arrows = page.locator('[data-hint]');
  const count = await arrows.count();
  if (count === 0) return null;
  if (count > 1) throw new Error(`${count} hint arrows`);
  return arrows.getAttribute('data-hint');
}

/** Waits until `#board` has `data-moves` equal to n (a move is rendered). */
async function waitForMoves(page, n, timeout = 10_000) {
  await page.waitForFunction(
    (count) => Number(document.querySelector('#board')?.getAttribute('data-moves')) === count,
    n,
    { timeout },
  );
}

/** Errors the page reports: uncaught exceptions, console errors, CSP violations. */
function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  return errors;
}

/** Opens the game and waits until it has started; with `seeded`, checks that the board on
 *  screen is that (seeded) board. */
async function openGame(page, { seeded } = {}) {
  await page.goto('/');
  await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
  if (seeded) expect(await readBoard(page), 'the saved game is loaded').toEqual(seeded);
}

/** Reloads the page and waits until the game has started again. */
async function reloadGame(page) {
  await page.reload();
  await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
}

/** Waits until the page's finite CSS animations and transitions (tiles sliding, scores
 *  popping) have finished, so that what is checked next is the page at rest. */
async function settle(page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime))
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

/** Whether the settings (language, solver strength, speed: behind one control) are open. */
const settingsOpen = (page) => page.locator('#settings').evaluate((el) => el.open);

/** Opens the settings as a player would, by a click (or a tap) on their control, unless they are
 *  open already; their language selector, strength radios and speed slider are visible then. */
async function openSettings(page, { tap = false } = {}) {
  if (await settingsOpen(page)) return;
  const summary = page.locator('#settings > summary');
  await (tap ? summary.tap() : summary.click());
  // Locator waits, not expect: scripts/bench-browser.mjs calls this outside a test.
  await page.locator('#settings[open]').waitFor({ state: 'attached' });
  await page.locator('#speed').waitFor({ state: 'visible' });
}

/** Closes the settings by a click (or a tap) on their control, unless they are closed already. */
async function closeSettings(page, { tap = false } = {}) {
  if (!(await settingsOpen(page))) return;
  const summary = page.locator('#settings > summary');
  await (tap ? summary.tap() : summary.click());
  await page.locator('#settings:not([open])').waitFor({ state: 'attached' });
}

/** Sets the Autoplay speed range to its max (fastest) or min (slowest), as a user would: opens
 *  the settings, drags the slider, and closes the settings again if they were closed. */
async function setSpeed(page, which) {
  const wasOpen = await settingsOpen(page);
  await openSettings(page);
  await page.locator('#speed').evaluate((el, end) => {
    el.value = end === 'max' ? el.max : el.min;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, which);
  if (!wasOpen) await closeSettings(page);
}

// ---------------------------------------------------------------------------------------------
// Playing
// ---------------------------------------------------------------------------------------------

/**
 * Plays `direction` through `act` (a key press, a swipe...) and checks the result against the
 * rules: exactly one move counted, the board is the slid board plus one new 2 or 4, the score
 * rose by the merges' points. Returns the new board.
 */
async function playMove(page, direction, act) {
  const board = await readBoard(page);
  const moves = await movesPlayed(page);
  const score = await scoreShown(page);
  const expected = slide(board, direction);
  if (!expected.moved) throw new Error(`test bug: ${direction} is not legal on ${JSON.stringify(board)}`);
  await act();
  await waitForMoves(page, moves + 1);
  const after = await readBoard(page);
  expect(checkMove(board, direction, after), 'the move against the rules').toBeNull();
  await expect.poll(() => scoreShown(page), { message: 'score after the merges' }).toBe(score + expected.score);
  await expect.poll(() => bestShown(page), { message: 'best >= score' }).toBeGreaterThanOrEqual(score + expected.score);
  return after;
}

/** Plays `direction` with a key press of `key`, checked against the rules. */
const pressMove = (page, direction, key = KEYS.arrows[direction]) =>
  playMove(page, direction, () => page.keyboard.press(key));

/** Checks that `act` plays no move: the move count and the board stay as they were. The one
 *  place where the tests wait a fixed time: nothing happening can only be seen by waiting. */
async function expectNoMove(page, act, what, wait = 400) {
  const board = await readBoard(page);
  const moves = await movesPlayed(page);
  await act();
  await page.waitForTimeout(wait);
  expect(await movesPlayed(page), `${what}: no move counted`).toBe(moves);
  expect(await readBoard(page), `${what}: the board is unchanged`).toEqual(board);
}

/** A real touch swipe (touchstart, touchmoves, touchend) from `from` to `to`, in CSS pixels. */
async function swipe(page, from, to, steps = 6) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const point = (t) => ({
      x: from.x + ((to.x - from.x) * t) / steps,
      y: from.y + ((to.y - from.y) * t) / steps,
      id: 1,
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
    for (let t = 1; t <= steps; t++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(t)] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

// A board on which every direction is legal, so any key that reached the game would move.
const EVERY_MOVE_LEGAL = [
  [0, 2, 0, 0],
  [0, 0, 0, 0],
  [0, 4, 0, 0],
  [0, 0, 2, 0],
];

// Opens the game on EVERY_MOVE_LEGAL (checked to deserve its name).
async function openOnEveryMoveLegal(page) {
  expect(legalMoves(EVERY_MOVE_LEGAL)).toHaveLength(4);
  await seedStorage(page, { '2048.game': savedGame(EVERY_MOVE_LEGAL, 0) });
  await openGame(page, { seeded: EVERY_MOVE_LEGAL });
}

// Presses an arrow key while Autoplay runs and checks that it took control back: Autoplay is
// off, at most the move in flight and the key's own move land after the key, then nothing more.
// The move count is read at the very moment the key reaches the page (a capturing listener runs
// before the game's own), since at full speed Autoplay moves every frame.
async function takeControlWithArrow(page) {
  await page.evaluate(() =>
    window.addEventListener(
      'keydown',
      () => (window.__movesAtKey = Number(document.querySelector('#board').dataset.moves)),
      { capture: true, once: true },
    ),
  );
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'Autoplay', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.waitForTimeout(300);
  const settled = await movesPlayed(page);
  const atKey = await page.evaluate(() => window.__movesAtKey);
  expect(settled - atKey, 'moves after the key press').toBeLessThanOrEqual(2);
  await page.waitForTimeout(800);
  expect(await movesPlayed(page), 'Autoplay no longer plays').toBe(settled);
}

module.exports = {
  EVERY_MOVE_LEGAL,
  openOnEveryMoveLegal,
  takeControlWithArrow,
  test,
  expect,
  playMove,
  pressMove,
  expectNoMove,
  swipe,
  KEYS,
  KEYS_STORAGE,
  DIRECTIONS,
  MID_GAME,
  LAST_MOVE_WIN,
  slideLine,
  slide,
  legalMoves,
  hasMoves,
  tileCount,
  maxTile,
  emptyCells,
  checkMove,
  minimumScore,
  maximumScore,
  saveProblem,
  savedGame,
  seedStorage,
  breakStorage,
  storedItem,
  readBoard,
  movesPlayed,
  scoreShown,
  bestShown,
  hintShown,
  waitForMoves,
  watchErrors,
  openGame,
  reloadGame,
  settle,
  settingsOpen,
  openSettings,
  closeSettings,
  setSpeed,
};
