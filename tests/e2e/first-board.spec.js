// The first board: the game can be played before the page's own program (solver, coach,
// history) has loaded, and the page takes the game over from where the player is. The page's
// program is held back by routing its wasm, so that what the first board does can be seen.
'use strict';
const {
  test,
  expect,
  readBoard,
  legalMoves,
  pressMove,
  movesPlayed,
  seedStorage,
  savedGame,
  storedItem,
  checkMove,
  playMove,
  swipe,
  KEYS,
  KEYS_STORAGE,
  MID_GAME,
} = require('../support/game');

// Held requests are the page's, not a service worker's.
test.use({ serviceWorkers: 'block' });

/** Holds the page's program (its wasm) until the returned function is called. */
async function holdPageProgram(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(/\/wasm-ui-[0-9a-f]+_bg\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const playable = (page) => page.locator('#board[data-playable]').waitFor({ state: 'attached' });
const ready = (page) => page.locator('#board[data-ready]').waitFor({ state: 'attached' });
const isReady = (page) => page.locator('#board[data-ready]').count();

test('the board plays before the page has loaded, and the page goes on from there', async ({ page }) => {
  const release = await holdPageProgram(page);
  await page.goto('/');
  await playable(page);
  expect(await isReady(page), 'the page itself has not started').toBe(0);
  let board = await readBoard(page);
  for (let i = 0; i < 3; i++) board = await pressMove(page, legalMoves(board)[0]);
  expect(await movesPlayed(page)).toBe(3);
  const saved = JSON.parse(await storedItem(page, KEYS_STORAGE.game));
  expect(saved.board, 'each move saved as it is played').toEqual(board);
  const tally = JSON.parse(await storedItem(page, '2048.tally'));

  release();
  await ready(page);
  expect(await readBoard(page), 'the page shows the game the player is in').toEqual(board);
  expect(await movesPlayed(page), 'and counts on from its moves').toBe(3);
  await pressMove(page, legalMoves(board)[0]);
  expect(await movesPlayed(page)).toBe(4);
  // The record the first board kept is the page's: Undo-free, its moves in it.
  expect(tally.record.steps).toHaveLength(3);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await expect(page.locator('#board-wrap [data-hint]')).toHaveCount(1, { timeout: 15_000 });
});

test('a winning move made before the page has loaded is the page\'s to play, with its banner', async ({ page }) => {
  const nearWin = [
    [1024, 1024, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [2, 0, 0, 0],
  ];
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(nearWin, 17_000) });
  const release = await holdPageProgram(page);
  await page.goto('/');
  await playable(page);
  await page.keyboard.press(KEYS.arrows.left);
  await expect(page.locator('#board')).toHaveAttribute('data-handover', 'left');
  expect(await readBoard(page), 'not played by the first board').toEqual(nearWin);
  release();
  await ready(page);
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'won');
  const board = await readBoard(page);
  expect(board[0][0]).toBe(2048);
  expect(checkMove(nearWin, 'left', board), 'the held move played once, with one new tile').toBeNull();
  await expect(page.locator('#board')).not.toHaveAttribute('data-handover');
});

test('with the coach on, the board waits for the page', async ({ page }) => {
  const coach = { version: 1, on: true, moves: 0, agreed: 0, mistakes: [], practised: false, entered: false, record: null };
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(MID_GAME, 60), '2048.coach': coach });
  const release = await holdPageProgram(page);
  await page.goto('/');
  // The one fixed wait: that nothing happens can only be seen by waiting.
  await page.waitForTimeout(500);
  expect(await page.locator('#board[data-playable]').count(), 'every move is the coach\'s to judge').toBe(0);
  release();
  await ready(page);
  expect(await readBoard(page)).toEqual(MID_GAME);
  await expect(page.getByRole('button', { name: 'Coach' })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a swipe plays on the first board too', async ({ page }) => {
    await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(MID_GAME, 60) });
    const release = await holdPageProgram(page);
    await page.goto('/');
    await playable(page);
    const box = await page.locator('#board').boundingBox();
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const direction = legalMoves(MID_GAME)[0];
    const along = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction];
    await playMove(page, direction, () => swipe(page, centre, { x: centre.x + along[0] * 80, y: centre.y + along[1] * 80 }));
    expect(await isReady(page)).toBe(0);
    release();
    await ready(page);
    expect(await movesPlayed(page)).toBe(1);
  });
});

test('a tab still loading never writes its older board over a game another tab played on', async ({ page, context }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(MID_GAME, 60) });
  await page.goto('/');
  await ready(page);
  // Tab B opens on the same game, its program held back: its first board plays.
  const b = await context.newPage();
  const release = await holdPageProgram(b);
  await b.goto('/');
  await playable(b);
  expect(await readBoard(b)).toEqual(MID_GAME);
  // Tab A plays 8 moves meanwhile.
  let board = MID_GAME;
  for (let i = 0; i < 8; i++) board = await pressMove(page, legalMoves(board)[0]);
  const played = await storedItem(page, KEYS_STORAGE.game);
  // A key in B is for B's older board: it is not played, and A's game is not written over.
  await b.keyboard.press(KEYS.arrows[legalMoves(MID_GAME)[0]]);
  await expect.poll(() => readBoard(b), { message: 'B shows the newer game' }).toEqual(board);
  expect(await storedItem(b, KEYS_STORAGE.game), 'A\'s game is still the one saved').toBe(played);
  // B plays on from A's game, and its page takes it over from there.
  board = await pressMove(b, legalMoves(board)[0]);
  release();
  await ready(b);
  expect(await readBoard(b)).toEqual(board);
  const tally = JSON.parse(await storedItem(b, '2048.tally'));
  expect(tally.record.steps, 'the record keeps A\'s 8 moves and B\'s one').toHaveLength(9);
  await expect.poll(() => readBoard(page), { message: 'A takes B\'s move up' }).toEqual(board);
});
