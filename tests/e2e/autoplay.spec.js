// Autoplay: the solver plays on its own until the game is over, a key press takes control back,
// and the speed setting is kept.
'use strict';
const {
  test,
  expect,
  KEYS_STORAGE,
  hasMoves,
  tileCount,
  readBoard,
  movesPlayed,
  scoreShown,
  openGame,
  reloadGame,
  seedStorage,
  storedItem,
  savedGame,
  setSpeed,
  legalMoves,
  pressMove,
  takeControlWithArrow,
} = require('../support/game');

const autoplay = (page) => page.getByRole('button', { name: 'Autoplay', exact: true });

test('Autoplay plays a nearly finished game to game over', async ({ page }) => {
  // A stuck late game: 14 tiles, right and down legal, and whatever tiles come, no game from
  // here lasts more than 4 moves (searched exhaustively): Autoplay must get to game over.
  const board = [
    [8, 16, 32, 64],
    [1024, 512, 256, 128],
    [16, 32, 64, 8],
    [128, 256, 0, 0],
  ];
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(board, 18000) });
  await openGame(page, { seeded: board });
  expect(await readBoard(page)).toEqual(board);
  await setSpeed(page, 'max');
  await expect(autoplay(page)).toHaveAttribute('aria-pressed', 'false');
  await autoplay(page).click();
  await expect(page.locator('#message[data-status="over"]')).toBeVisible({ timeout: 20_000 });

  const final = await readBoard(page);
  expect(tileCount(final), 'a full board').toBe(16);
  expect(hasMoves(final), `no move left on ${JSON.stringify(final)}`).toBe(false);
  const moves = await movesPlayed(page);
  expect(moves >= 1 && moves <= 4, `${moves} moves`).toBe(true);
  expect(await scoreShown(page)).toBeGreaterThanOrEqual(18000);
  // Game over is said in the live region, even though Autoplay's moves are not.
  await expect(page.locator('#announcer')).toContainText('Game over');
  // Autoplay stopped by itself, and the banner disables it and Hint.
  await expect(autoplay(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(autoplay(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Hint', exact: true })).toBeDisabled();
});

test('an arrow key takes control back from Autoplay', async ({ page }) => {
  await openGame(page);
  await setSpeed(page, 'max');
  await autoplay(page).click();
  await expect(autoplay(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => movesPlayed(page), { message: 'Autoplay plays' }).toBeGreaterThanOrEqual(3);

  await takeControlWithArrow(page);
});

test('Autoplay toggles off when clicked again', async ({ page }) => {
  await openGame(page);
  await setSpeed(page, 'max');
  await autoplay(page).click();
  await expect.poll(() => movesPlayed(page)).toBeGreaterThanOrEqual(2);
  await autoplay(page).click();
  await expect(autoplay(page)).toHaveAttribute('aria-pressed', 'false');
  await page.waitForTimeout(300);
  const settled = await movesPlayed(page);
  await page.waitForTimeout(800);
  expect(await movesPlayed(page), 'Autoplay no longer plays').toBe(settled);
});

test('the Autoplay speed is kept across a reload', async ({ page }) => {
  await openGame(page);
  const speed = page.locator('#speed');
  const { min, max } = await speed.evaluate((el) => ({ min: el.min, max: el.max }));
  expect(Number(max)).toBeGreaterThan(Number(min));
  for (const [which, value] of [['min', min], ['max', max]]) {
    await setSpeed(page, which);
    await expect.poll(() => storedItem(page, KEYS_STORAGE.speed), { message: 'speed saved' }).not.toBeNull();
    await reloadGame(page);
    await expect(speed).toHaveValue(value);
  }
});

test('Autoplay says that it starts and stops in the live region, not each of its moves', async ({ page }) => {
  await openGame(page);
  await setSpeed(page, 'max');
  // Every text the live region is given, as it is given.
  await page.evaluate(() => {
    const region = document.querySelector('#announcer');
    window.__said = [];
    new MutationObserver(() => window.__said.push(region.textContent)).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await autoplay(page).click();
  await expect.poll(() => movesPlayed(page), { message: 'Autoplay plays', timeout: 20_000 }).toBeGreaterThanOrEqual(30);
  await autoplay(page).click();
  await expect(autoplay(page)).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => page.evaluate(() => window.__said.length)).toBeGreaterThanOrEqual(2);
  const said = await page.evaluate(() => window.__said);
  // A fresh game cannot be won or lost in so few moves: only the start and the stop are said.
  expect(said, `what the live region said over ${await movesPlayed(page)} moves`).toEqual(['Autoplay on.', 'Autoplay off.']);

  // A move of the player's own is said again.
  const [direction] = legalMoves(await readBoard(page));
  await pressMove(page, direction);
  await expect(page.locator('#announcer')).toHaveText(/^Moved /);
});
