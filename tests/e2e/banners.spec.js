// The win and game-over banners: a 2048 shows the win (even when it fills the board on the last
// move), Keep going plays on with the same board, and Try again (after game over) starts over.
'use strict';
const {
  test,
  expect,
  KEYS,
  KEYS_STORAGE,
  hasMoves,
  legalMoves,
  readBoard,
  scoreShown,
  bestShown,
  openGame,
  reloadGame,
  pressMove,
  expectNoMove,
  seedStorage,
  storedItem,
  savedGame,
  saveProblem,
  LAST_MOVE_WIN,
} = require('../support/game');

const button = (page, name) => page.getByRole('button', { name, exact: true });
const banner = (page, status) => page.locator(`#message[data-status="${status}"]`);

/** No banner is up: #message is hidden or shows neither status. */
async function expectNoBanner(page) {
  await expect(page.locator('#message[data-status="won"]:visible, #message[data-status="over"]:visible')).toHaveCount(0);
}

async function expectSolverDisabled(page) {
  await expect(button(page, 'Hint')).toBeDisabled();
  await expect(button(page, 'Autoplay')).toBeDisabled();
}

const savedDoc = async (page) => {
  const text = await storedItem(page, KEYS_STORAGE.game);
  expect(saveProblem(text), `saved game ${text}`).toBeNull();
  return JSON.parse(text);
};

test('a 2048 merge shows the win; Keep going plays on with the same board', async ({ page }) => {
  const board = [
    [1024, 1024, 0, 0],
    [2, 0, 0, 0],
    [0, 0, 0, 4],
    [0, 0, 0, 0],
  ];
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(board, 18000), [KEYS_STORAGE.best]: 18000 });
  await openGame(page, { seeded: board });
  await expectNoBanner(page);
  await expect(button(page, 'Hint')).toBeEnabled();

  const won = await pressMove(page, 'left');
  expect(won[0][0]).toBe(2048);
  await expect(banner(page, 'won')).toBeVisible();
  await expect(button(page, 'Keep going')).toBeVisible();
  await expectSolverDisabled(page);
  expect(await scoreShown(page)).toBe(20048);
  expect(await bestShown(page)).toBe(20048);
  // While the win waits for a choice, keys play nothing.
  const legal = legalMoves(won);
  expect(legal.length).toBeGreaterThan(0);
  await expectNoMove(page, () => page.keyboard.press(KEYS.arrows[legal[0]]), 'a key under the win banner');
  expect(await savedDoc(page)).toMatchObject({ won: true, keep_going: false, board: won });

  // The win waits across a reload too.
  await reloadGame(page);
  await expect(banner(page, 'won')).toBeVisible();
  expect(await readBoard(page)).toEqual(won);

  await button(page, 'Keep going').click();
  await expectNoBanner(page);
  expect(await readBoard(page), 'the same board').toEqual(won);
  expect(await scoreShown(page)).toBe(20048);
  await expect(button(page, 'Hint')).toBeEnabled();
  await expect(button(page, 'Autoplay')).toBeEnabled();
  await pressMove(page, legal[0]);
  await expectNoBanner(page);
  expect(await savedDoc(page)).toMatchObject({ won: true, keep_going: true });
});

test('a 2048 made on the last move shows the win, then game over after Keep going', async ({ page }) => {
  const board = LAST_MOVE_WIN;
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(board, 25000) });
  await openGame(page, { seeded: board });
  const after = await pressMove(page, 'left');
  expect(hasMoves(after), 'no move is left').toBe(false);
  await expect(banner(page, 'won'), 'the win shows even with no move left').toBeVisible();
  await expectSolverDisabled(page);

  await button(page, 'Keep going').click();
  await expect(banner(page, 'over')).toBeVisible();
  await expect(button(page, 'Keep going')).toBeHidden();
  await expect(button(page, 'Try again')).toBeVisible();
  await expectSolverDisabled(page);
  const best = await bestShown(page);
  expect(best).toBe(27048);

  await button(page, 'Try again').click();
  await expectNoBanner(page);
  await expect(page.locator('#score')).toHaveText('0');
  const tiles = (await readBoard(page)).flat().filter((v) => v !== 0);
  expect(tiles).toHaveLength(2);
  expect(await bestShown(page), 'best is kept').toBe(best);
  await expect(button(page, 'Hint')).toBeEnabled();
});

test('game over lets the last move be seen, then its banner fades in', async ({ page }) => {
  // Right leaves one empty cell, whose new tile (a 2 or a 4) merges with nothing.
  const lastMove = [
    [2, 4, 2, 4],
    [4, 2, 4, 2],
    [8, 4, 2, 4],
    [32, 64, 32, 0],
  ];
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(lastMove, 500) });
  await openGame(page, { seeded: lastMove });
  await pressMove(page, 'right');
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'over');
  const opacity = () => page.locator('#message').evaluate((el) => Number(getComputedStyle(el).opacity));
  expect(await opacity(), 'the board is seen as the game ended').toBeLessThan(0.1);
  await page.waitForTimeout(600);
  expect(await opacity(), 'still, half a second on').toBeLessThan(0.1);
  await expect.poll(opacity, { message: 'then the banner fades in', timeout: 5_000 }).toBe(1);
  await expect(button(page, 'Try again')).toBeVisible();
});

test('a saved game that is over loads with the game-over banner', async ({ page }) => {
  const board = [
    [2, 4, 2, 4],
    [4, 2, 4, 2],
    [2, 4, 2, 4],
    [4, 2, 4, 2],
  ];
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(board, 0) });
  await openGame(page, { seeded: board });
  expect(await readBoard(page)).toEqual(board);
  await expect(banner(page, 'over')).toBeVisible();
  await expectSolverDisabled(page);
});
