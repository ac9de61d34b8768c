// New game during a game asks first, in the page: Cancel keeps the game, the confirm button
// starts a new one, and the best score stays.
'use strict';
const {
  test,
  expect,
  KEYS_STORAGE,
  readBoard,
  scoreShown,
  bestShown,
  openGame,
  reloadGame,
  pressMove,
  seedStorage,
  storedItem,
  savedGame,
  saveProblem,
  MID_GAME: board,
} = require('../support/game');

/** The in-page confirmation: a dialog (or alert dialog). */
const dialog = (page) => page.getByRole('dialog').or(page.getByRole('alertdialog'));

test('New game in a game in progress asks first: Cancel keeps the game, confirm starts over', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(board, 60), [KEYS_STORAGE.best]: 3000 });
  await openGame(page, { seeded: board });
  const played = await pressMove(page, 'down');
  const score = await scoreShown(page);
  const saved = await storedItem(page, KEYS_STORAGE.game);

  const newGame = page.getByRole('button', { name: 'New game', exact: true });
  await expect(dialog(page)).toHaveCount(0);
  await newGame.click();
  await expect(dialog(page)).toBeVisible();
  const confirm = dialog(page).getByRole('button', { name: /new game|start|confirm|yes/i });
  const cancel = dialog(page).getByRole('button', { name: /cancel/i });
  await expect(confirm).toBeVisible();
  await expect(cancel).toBeVisible();
  // Nothing changed yet.
  expect(await readBoard(page)).toEqual(played);

  await cancel.click();
  await expect(dialog(page)).toBeHidden();
  expect(await readBoard(page), 'Cancel keeps the board').toEqual(played);
  expect(await scoreShown(page)).toBe(score);
  expect(await storedItem(page, KEYS_STORAGE.game), 'and the saved game').toBe(saved);

  await newGame.click();
  await expect(dialog(page)).toBeVisible();
  await confirm.click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator('#score')).toHaveText('0');
  const tiles = (await readBoard(page)).flat().filter((v) => v !== 0);
  expect(tiles).toHaveLength(2);
  for (const v of tiles) expect([2, 4]).toContain(v);
  expect(await bestShown(page), 'best is kept').toBe(3000);

  // The new game is what is saved, and it plays.
  await expect.poll(async () => JSON.parse(await storedItem(page, KEYS_STORAGE.game)).score).toBe(0);
  expect(saveProblem(await storedItem(page, KEYS_STORAGE.game))).toBeNull();
  await reloadGame(page);
  expect((await readBoard(page)).flat().filter((v) => v !== 0)).toHaveLength(2);
  expect(await bestShown(page)).toBe(3000);
});
