// A game that moves between tabs, or outlives a crash, stays whole: the tab that takes it up
// carries its record from the first move, the help it had and whether it may raise Best, so the
// game kept at its end says how it was played.
'use strict';
const {
  test,
  expect,
  KEYS,
  KEYS_STORAGE,
  legalMoves,
  slide,
  emptyCells,
  readBoard,
  movesPlayed,
  openGame,
  pressMove,
  seedStorage,
  storedItem,
  savedGame,
  setSpeed,
  bestShown,
  MID_GAME: midGame,
} = require('../support/game');
const { waitForKept } = require('../support/history');

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** Two tabs open on one saved game, Best 500. */
async function twoTabs(page, context) {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60), [KEYS_STORAGE.best]: 500 });
  await openGame(page, { seeded: midGame });
  const other = await context.newPage();
  await openGame(other, { seeded: midGame });
  return other;
}

/** Plays `n` moves that count in `page`, each the one that leaves the most empty cells (the
 *  first legal move, always, could end the game before `n`: the new tiles are random); returns
 *  the board after them. */
async function playMoves(page, n) {
  let board = await readBoard(page);
  for (let i = 0; i < n; i++) {
    const moves = legalMoves(board);
    const room = (move) => emptyCells(slide(board, move).board);
    const best = moves.reduce((a, b) => (room(b) > room(a) ? b : a));
    board = await pressMove(page, best);
  }
  return board;
}

async function newGame(page) {
  await button(page, 'New game').click();
  await page.getByRole('button', { name: 'Start new game' }).click();
}

test('a game from an entered board taken up by another tab raises no Best', async ({ page, context }) => {
  const b = await twoTabs(page, context);
  await page.goto('/#board=65536,32768,16384,8192,2,0,0,0,0,0,0,0,0,0,0,2');
  await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
  await button(page, 'Play from here').click();
  await page.getByRole('button', { name: 'Start new game' }).click();
  await expect.poll(() => readBoard(b), { message: 'B takes the game up' }).toEqual(await readBoard(page));
  expect(await bestShown(b)).toBe(500);
  // One move on in B (not `pressMove`, which checks that Best follows the score).
  const moves = await movesPlayed(b);
  await b.keyboard.press(KEYS.arrows[legalMoves(await readBoard(b))[0]]);
  await expect.poll(() => movesPlayed(b)).toBe(moves + 1);
  expect(await bestShown(b)).toBe(500);
  expect(JSON.parse(await storedItem(b, KEYS_STORAGE.best))).toBe(500);
});

test('a game played on in another tab is kept whole, with its help, by the tab that gives it up', async ({ page, context }) => {
  const b = await twoTabs(page, context);
  // Autoplay plays at least 6 moves in A.
  await setSpeed(page, 'max');
  await button(page, 'Autoplay').click();
  await expect.poll(() => movesPlayed(page)).toBeGreaterThanOrEqual(6);
  await button(page, 'Autoplay').click();
  const byAutoplay = await movesPlayed(page);
  await expect.poll(() => readBoard(b)).toEqual(await readBoard(page));
  // B plays 20 moves; A takes them up and gives the game up for a new one.
  const board = await playMoves(b, 20);
  await expect.poll(() => readBoard(page)).toEqual(board);
  await newGame(page);
  const [kept] = await waitForKept(page, 1, expect);
  expect(kept.help.autoplay, 'Autoplay helped').toBe(true);
  expect(kept.moves).toBe(byAutoplay + 20);
  expect(kept.record.steps, 'its record from the first move').toHaveLength(byAutoplay + 20);
  expect(kept.record.start.board).toEqual(midGame);
  // B takes the new game up and keeps nothing more of the old one.
  await expect.poll(() => readBoard(b)).toEqual(await readBoard(page));
  // The new game has had no move: New game starts another without asking, and keeps nothing.
  await button(b, 'New game').click();
  await page.waitForTimeout(300);
  await waitForKept(page, 1, expect);
});

test('the help a game had survives a crash', async ({ page, context }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await setSpeed(page, 'max');
  await button(page, 'Autoplay').click();
  await expect.poll(() => movesPlayed(page)).toBeGreaterThanOrEqual(10);
  await button(page, 'Autoplay').click();
  const played = await movesPlayed(page);
  // The tab dies without a word: no pagehide, no visibilitychange.
  const cdp = await context.newCDPSession(page);
  cdp.send('Page.crash').catch(() => {});
  await page.waitForEvent('crash');
  const again = await context.newPage();
  await openGame(again);
  await newGame(again);
  const [kept] = await waitForKept(again, 1, expect);
  expect(kept.help.autoplay, 'Autoplay helped').toBe(true);
  expect(kept.moves).toBe(played);
  expect(kept.record.steps).toHaveLength(played);
  await page.close();
});
