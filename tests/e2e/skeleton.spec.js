// The walking skeleton end to end: the release build loads, shows a board, and an arrow key
// plays a move exactly as the rules say. The rules are re-stated here, independently of
// game-core, in a few lines of JavaScript, so that the test checks the game instead of echoing it.
'use strict';
const { test, expect } = require('@playwright/test');

const KEYS = { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' };

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

/** The board on screen, read from the tiles' data attributes. */
async function readBoard(page) {
  const tiles = await page.$$eval('#board [data-value]', (els) =>
    els.map((el) => ({
      value: Number(el.dataset.value),
      row: Number(el.dataset.row),
      col: Number(el.dataset.col),
    })),
  );
  const board = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const { value, row, col } of tiles) {
    expect(board[row][col], `two tiles on row ${row}, col ${col}`).toBe(0);
    board[row][col] = value;
  }
  return { board, count: tiles.length };
}

const movesPlayed = async (page) => Number(await page.locator('#board').getAttribute('data-moves'));
const scoreShown = async (page) => Number(await page.locator('#score').textContent());

async function openGame(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto('/');
  await expect(page.locator('#board[data-ready]')).toBeAttached();
  await expect(page.locator('#error')).toBeHidden();
  return errors;
}

test('a new game shows two tiles, and each arrow key plays a move by the rules', async ({ page }) => {
  const errors = await openGame(page);
  await expect(page.locator('#score')).toHaveText('0');
  await expect(page.locator('#best')).toHaveText(/^\d+$/);
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();

  let { board, count } = await readBoard(page);
  expect(count).toBe(2);
  for (const row of board) for (const v of row) expect([0, 2, 4]).toContain(v);

  // Play several moves, trying the directions in turn until one counts; a direction that does
  // not change the board is pressed too, and must not count as a move.
  const order = ['left', 'up', 'right', 'down'];
  for (let turn = 0; turn < 8; turn++) {
    const before = await movesPlayed(page);
    const scoreBefore = await scoreShown(page);
    let played = null;
    for (let k = 0; k < 4 && !played; k++) {
      const direction = order[(turn + k) % 4];
      const expected = slide(board, direction);
      await page.keyboard.press(KEYS[direction]);
      if (expected.moved) played = { direction, expected };
    }
    expect(played, 'some direction counts on a board with free cells').not.toBeNull();
    const { direction, expected } = played;

    // The moves that did not count left no trace: exactly one move was played.
    await expect.poll(() => movesPlayed(page)).toBe(before + 1);
    const after = await readBoard(page);

    // The new board is the slid board plus exactly one new tile, a 2 or a 4, on a cell that the
    // slide left empty.
    const added = [];
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) {
        if (after.board[r][c] !== expected.board[r][c]) {
          added.push({ r, c, was: expected.board[r][c], now: after.board[r][c] });
        }
      }
    }
    expect(added, `after ${direction} from ${JSON.stringify(board)}`).toHaveLength(1);
    expect(added[0].was).toBe(0);
    expect([2, 4]).toContain(added[0].now);
    expect(await scoreShown(page)).toBe(scoreBefore + expected.score);
    board = after.board;
  }

  const best = Number(await page.locator('#best').textContent());
  expect(best).toBeGreaterThanOrEqual(await scoreShown(page));
  expect(errors).toEqual([]);
});

test('New game starts over with two tiles and no score', async ({ page }) => {
  const errors = await openGame(page);
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    await page.keyboard.press(key);
  }
  await expect.poll(() => movesPlayed(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.locator('#score')).toHaveText('0');
  expect((await readBoard(page)).count).toBe(2);
  expect(errors).toEqual([]);
});
