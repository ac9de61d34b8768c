// Accessibility: axe-core finds no serious or critical violation (start page, banners, dialog),
// the board is a labelled grid of 16 cells in reading order, and the live regions are in place.
'use strict';
const { expectNoSeriousViolations } = require('../support/axe');
const {
  test,
  expect,
  KEYS_STORAGE,
  legalMoves,
  minimumScore,
  readBoard,
  openGame,
  pressMove,
  seedStorage,
  savedGame,
  openSettings,
  LAST_MOVE_WIN: lastMoveWin,
} = require('../support/game');

test('axe: no serious violation on the start page', async ({ page }) => {
  await openGame(page);
  await expectNoSeriousViolations(page, 'on the start page');
});

test('axe: no serious violation with the settings open', async ({ page }) => {
  await openGame(page);
  await expect(page.locator('#settings > summary')).toHaveAccessibleName('Settings');
  await openSettings(page);
  await expectNoSeriousViolations(page, 'with the settings open');
});

test('axe: no serious violation with the win banner, then the game-over banner up', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(lastMoveWin, 25000) });
  await openGame(page, { seeded: lastMoveWin });
  await pressMove(page, 'left');
  await expect(page.locator('#message[data-status="won"]')).toBeVisible();
  await expectNoSeriousViolations(page, 'with the win banner');
  await page.getByRole('button', { name: 'Keep going', exact: true }).click();
  await expect(page.locator('#message[data-status="over"]')).toBeVisible();
  await expectNoSeriousViolations(page, 'with the game-over banner');
});

test('axe: no serious violation with the New game dialog open, or a hint shown', async ({ page }) => {
  await openGame(page);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await expect(page.locator('[data-hint]')).toHaveCount(1, { timeout: 15_000 });
  await expectNoSeriousViolations(page, 'with a hint shown');
  await pressMove(page, legalMoves(await readBoard(page))[0]); // now a game is in progress
  await page.getByRole('button', { name: 'New game', exact: true }).click();
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
  await expectNoSeriousViolations(page, 'with the New game dialog open');
});

test('the board is a labelled grid of 16 cells in reading order', async ({ page }) => {
  // Distinct values on distinct rows and columns; no 2 or 4, which could be row or column numbers.
  const board = [
    [8, 0, 0, 0],
    [0, 0, 64, 0],
    [0, 1024, 0, 0],
    [0, 0, 0, 16],
  ];
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(board, 9000) });
  await openGame(page, { seeded: board });
  expect(await readBoard(page)).toEqual(board);
  const grid = page.getByRole('grid');
  await expect(grid).toHaveCount(1);
  await expect(grid).toHaveAccessibleName(/\S/);
  const cells = grid.getByRole('gridcell');
  await expect(cells).toHaveCount(16);
  const values = /\b(8|16|64|1024)\b/;
  for (let i = 0; i < 16; i++) {
    const v = board[Math.floor(i / 4)][i % 4];
    if (v) await expect(cells.nth(i), `cell ${i}`).toHaveAccessibleName(new RegExp(`\\b${v}\\b`));
    else await expect(cells.nth(i), `cell ${i} is empty`).not.toHaveAccessibleName(values);
  }
  // The grid follows the game: after a move each tile's cell names its value.
  const after = await pressMove(page, 'left');
  for (let i = 0; i < 16; i++) {
    const v = after[Math.floor(i / 4)][i % 4];
    if (v) await expect(cells.nth(i), `cell ${i} after left`).toHaveAccessibleName(new RegExp(`\\b${v}\\b`));
  }
});

test('the live regions and controls are labelled, and a move is announced', async ({ page }) => {
  await openGame(page);
  await expect(page.locator('#notice')).toHaveAttribute('role', 'status');
  await expect(page.locator('#announcer')).toHaveAttribute('aria-live', 'polite');
  await pressMove(page, legalMoves(await readBoard(page))[0]);
  await expect(page.locator('#announcer'), 'the move is said in the live region').not.toHaveText(/^\s*$/);
  await expect(page.getByRole('button', { name: 'Autoplay', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await openSettings(page);
  await expect(page.locator('#speed')).toHaveAccessibleName(/\S/);
  await expect(page.locator('#speed')).toHaveAttribute('type', 'range');
});

// Each value once, in a snake so no two neighbours merge; empty cells keep the game going.
const tileLadders = {
  'from 2 to 32768': [
    [32768, 16384, 8192, 4096],
    [256, 512, 1024, 2048],
    [128, 64, 32, 16],
    [0, 2, 4, 8],
  ],
  '65536 and 131072': [
    [131072, 65536, 2, 0],
    [4, 8, 16, 32],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ],
};

for (const [name, board] of Object.entries(tileLadders)) {
  test(`axe: the digits on every tile colour are readable, ${name}`, async ({ page }) => {
    await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(board, minimumScore(board)) });
    await openGame(page, { seeded: board });
    await expectNoSeriousViolations(page, `with the tiles ${name}`);
  });
}
