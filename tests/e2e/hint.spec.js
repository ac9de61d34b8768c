// Hint: the solver's suggestion shows as one arrow on the board, for a move that is legal, until
// the next move; the time from the click to the arrow is recorded as the 'hint' measure.
'use strict';
const {
  test,
  expect,
  KEYS,
  slide,
  legalMoves,
  readBoard,
  hintShown,
  openGame,
  pressMove,
  seedStorage,
  savedGame,
} = require('../support/game');

const hintButton = (page) => page.getByRole('button', { name: 'Hint', exact: true });

/** Clicks Hint and returns the direction of the arrow that appears. */
async function askHint(page) {
  await expect(page.locator('[data-hint]'), 'no arrow before the click').toHaveCount(0);
  await hintButton(page).click();
  await expect(page.locator('[data-hint]')).toHaveCount(1, { timeout: 15_000 });
  const direction = await hintShown(page);
  expect(['up', 'down', 'left', 'right']).toContain(direction);
  return direction;
}

const hintMeasures = (page) =>
  page.evaluate(() =>
    performance.getEntriesByName('hint', 'measure').map((m) => ({ duration: m.duration, start: m.startTime })),
  );

test('on a board where only one move is legal, the hint points at it', async ({ page }) => {
  // Left, right and up change nothing here: only down does.
  const board = [
    [2, 4, 8, 16],
    [4, 8, 16, 32],
    [8, 16, 32, 64],
    [0, 0, 0, 0],
  ];
  expect(legalMoves(board)).toEqual(['down']);
  await seedStorage(page, { '2048.game': savedGame(board, 600) });
  await openGame(page, { seeded: board });
  expect(await askHint(page)).toBe('down');
  await expectArrowHidesNoTile(page, 'down');
  await pressMove(page, 'down');
  await expect(page.locator('[data-hint]'), 'the arrow goes with the next move').toHaveCount(0);
});

/** The arrow is on the board, on the side of its move, and covers no tile. */
async function expectArrowHidesNoTile(page, direction) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const arrow = await page.locator('[data-hint]').boundingBox();
  const board = await page.locator('#board').boundingBox();
  const tiles = await page.locator('#board [data-value]').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, value: el.dataset.value };
    }),
  );
  const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) expect(overlaps(arrow, tile), `the arrow over the ${tile.value}`).toBe(false);
  expect(overlaps(arrow, board), 'the arrow is on the board').toBe(true);
  const centre = { x: arrow.x + arrow.width / 2, y: arrow.y + arrow.height / 2 };
  const side = {
    left: centre.x < board.x + board.width / 4,
    right: centre.x > board.x + (board.width * 3) / 4,
    up: centre.y < board.y + board.height / 4,
    down: centre.y > board.y + (board.height * 3) / 4,
  };
  expect(side[direction], `the arrow is on the ${direction} side`).toBe(true);
}

test('the hint is a legal move, playing it changes the board, and the arrow goes after any move', async ({ page }) => {
  // Left and up are blocked: a hint of either would be a move that does nothing.
  const board = [
    [16, 8, 4, 2],
    [8, 4, 2, 0],
    [4, 2, 0, 0],
    [2, 0, 0, 0],
  ];
  expect(legalMoves(board).sort()).toEqual(['down', 'right']);
  await seedStorage(page, { '2048.game': savedGame(board, 60) });
  await openGame(page, { seeded: board });

  // Follow the hint, with the HJKL key for its direction.
  let direction = await askHint(page);
  expect(slide(await readBoard(page), direction).moved, `hint ${direction} changes the board`).toBe(true);
  await pressMove(page, direction, KEYS.hjkl[direction]);
  await expect(page.locator('[data-hint]')).toHaveCount(0);

  // Ask again, then play another legal move than the hint: the arrow goes all the same.
  direction = await askHint(page);
  const current = await readBoard(page);
  expect(slide(current, direction).moved, `hint ${direction} changes ${JSON.stringify(current)}`).toBe(true);
  const other = legalMoves(current).find((d) => d !== direction);
  if (other) {
    await pressMove(page, other);
    await expect(page.locator('[data-hint]')).toHaveCount(0);
  }
});

test("a hint is measured as performance measure 'hint'", async ({ page }) => {
  await openGame(page);
  expect(await hintMeasures(page)).toEqual([]);
  const before = await page.evaluate(() => performance.now());
  await askHint(page);
  const measures = await hintMeasures(page);
  expect(measures).toHaveLength(1);
  const [{ duration, start }] = measures;
  expect(Number.isFinite(duration) && duration > 0, `duration ${duration}`).toBe(true);
  expect(start, 'measured from the click, not from page load').toBeGreaterThanOrEqual(before);
});

test('after Hint, #chance gives the chance of the board’s next goal tile: the one above its largest, at least 2048', async ({ page }) => {
  for (const [board, tile] of [
    [
      [
        [2, 4, 8, 16],
        [0, 0, 4, 2],
        [0, 2, 0, 2],
        [0, 0, 0, 0],
      ],
      '2048',
    ],
    [
      [
        [2048, 512, 64, 4],
        [256, 128, 8, 2],
        [16, 4, 2, 0],
        [2, 0, 0, 0],
      ],
      '4096',
    ],
  ]) {
    await page.goto(`/#board=${board.flat().join(',')}`);
    await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
    await expect.poll(() => readBoard(page)).toEqual(board);
    await hintButton(page).click();
    const chance = page.locator('#chance');
    await expect(chance).toHaveAttribute('data-tile', tile);
    const percent = Number(await chance.getAttribute('data-percent'));
    // Neither certain nor hopeless, with moves left: a model's chance is never 0 or 100.
    expect(percent).toBeGreaterThanOrEqual(1);
    expect(percent).toBeLessThanOrEqual(99);
    await expect(chance).toHaveText(`Chance of ${tile} from here: ${percent}%`);
  }
});
