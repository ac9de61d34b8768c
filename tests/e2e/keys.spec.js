// Keyboard play: every key of the three layouts plays its move exactly as the rules say; keys
// meant for the browser or for a form field do not move the tiles; game keys never scroll.
'use strict';
const {
  test,
  expect,
  KEYS,
  DIRECTIONS,
  slide,
  legalMoves,
  readBoard,
  movesPlayed,
  scoreShown,
  bestShown,
  openGame,
  pressMove,
  expectNoMove,
  seedStorage,
  savedGame,
  openSettings,
  openOnEveryMoveLegal,
  MID_GAME,
} = require('../support/game');

/** Plays arrow moves until `direction` is legal (new tiles land at random). */
async function makeLegal(page, direction) {
  for (let i = 0; i < 30; i++) {
    const board = await readBoard(page);
    if (slide(board, direction).moved) return;
    const other = legalMoves(board)[0];
    expect(other, `a board with a legal move: ${JSON.stringify(board)}`).toBeTruthy();
    await pressMove(page, other);
  }
  throw new Error(`${direction} never became legal`);
}

test('a new game shows two tiles of 2 or 4, score 0, and the move counter at 0', async ({ page }) => {
  await openGame(page);
  const board = await readBoard(page);
  const tiles = board.flat().filter((v) => v !== 0);
  expect(tiles).toHaveLength(2);
  for (const v of tiles) expect([2, 4]).toContain(v);
  await expect(page.locator('#score')).toHaveText('0');
  await expect(page.locator('#best')).toHaveText(/^\d+$/);
  expect(await movesPlayed(page)).toBe(0);
});

test('arrows, WASD and HJKL each play their move by the rules', async ({ page }) => {
  await openGame(page);
  for (const [layout, keys] of Object.entries(KEYS)) {
    for (const direction of DIRECTIONS) {
      await makeLegal(page, direction);
      await test.step(`${layout}: ${keys[direction]} plays ${direction}`, () => pressMove(page, direction, keys[direction]));
    }
  }
  // A direction that does not change the board is no move at all.
  let board = await readBoard(page);
  for (let i = 0; i < 30 && legalMoves(board).length === 4; i++) board = await pressMove(page, 'left');
  const stuck = DIRECTIONS.find((d) => !slide(board, d).moved);
  expect(stuck, 'some direction is blocked').toBeTruthy();
  await expectNoMove(page, () => page.keyboard.press(KEYS.arrows[stuck]), `${stuck} on ${JSON.stringify(board)}`);
});

test('a game key with Ctrl or Meta held does nothing', async ({ page }) => {
  await openGame(page);
  await makeLegal(page, 'left');
  const chords = ['Control+ArrowLeft', 'Control+a', 'Control+h', 'Meta+ArrowLeft'];
  await expectNoMove(
    page,
    async () => {
      for (const chord of chords) await page.keyboard.press(chord);
    },
    chords.join(', '),
  );
  // The same key without the modifier does play: the checks above were not vacuous.
  await pressMove(page, 'left');
});

test('keys typed in a form field do not move the tiles', async ({ page }) => {
  await openOnEveryMoveLegal(page);

  // A text field (added by the test: the game has none of its own).
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'e2e-field';
    input.type = 'text';
    input.setAttribute('aria-label', 'test field');
    document.body.append(input);
  });
  await page.locator('#e2e-field').focus();
  await expectNoMove(
    page,
    async () => {
      await page.keyboard.type('wasdhjkl');
      for (const key of Object.values(KEYS.arrows)) await page.keyboard.press(key);
    },
    'typing in a text field',
  );
  await expect(page.locator('#e2e-field')).toHaveValue('wasdhjkl');

  // The game's own field, the Autoplay speed slider (in the settings): its arrow keys move the
  // slider only.
  const speed = page.locator('#speed');
  if ((await speed.count()) > 0) {
    await openSettings(page);
    await speed.focus();
    await expect(speed).toBeFocused();
    await expectNoMove(
      page,
      async () => {
        for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
      },
      'arrows on the speed slider',
    );
  }

  // Out of the fields, the keys play again.
  await page.evaluate(() => document.activeElement?.blur());
  await pressMove(page, 'up', 'k');
});

test.describe('in a short viewport where the page scrolls', () => {
  test.use({ viewport: { width: 800, height: 260 } });

  test('game keys do not scroll the page', async ({ page }) => {
    await openGame(page);
    const scrollable = await page.evaluate(
      () => document.scrollingElement.scrollHeight > window.innerHeight + 100,
    );
    expect(scrollable, 'the page is taller than a 260 px viewport').toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const start = await movesPlayed(page);
    for (const key of ['ArrowDown', 'ArrowDown', 's', 'j', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowDown']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(50);
      expect(await page.evaluate(() => window.scrollY), `scrollY after ${key}`).toBe(0);
    }
    // Keyboard scrolling is animated: give a scroll that was not prevented time to show.
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.scrollY), 'scrollY after the keys').toBe(0);
    // The keys reached the game (some of the presses were moves), and the page can scroll.
    expect(await movesPlayed(page)).toBeGreaterThan(start);
    await page.evaluate(() => window.scrollTo(0, 100));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

test('score and best follow the merges', async ({ page }) => {
  const board = [
    [2, 2, 4, 4],
    [0, 0, 0, 0],
    [8, 8, 0, 0],
    [0, 0, 0, 0],
  ];
  await seedStorage(page, { '2048.game': savedGame(board, 40), '2048.best': 40 });
  await openGame(page, { seeded: board });
  expect(await scoreShown(page)).toBe(40);
  await pressMove(page, 'left'); // 4 + 8 + 16 points
  expect(await scoreShown(page)).toBe(68);
  expect(await bestShown(page)).toBe(68);
});

// Escape and Enter pressed together close a view and open it again before the first close's
// event arrives; that late event must not count as the view's close.
for (const [name, dialog, opener] of [
  ['Statistics', '#stats', '#open-stats'],
  ['Replay', '#replay', '#open-replay'],
]) {
  test(`no key plays under the ${name} view opened again as it closed`, async ({ page }) => {
    await seedStorage(page, { '2048.game': savedGame(MID_GAME, 60) });
    await openGame(page, { seeded: MID_GAME });
    await page.locator(opener).click();
    await expect(page.locator(dialog)).toBeVisible();
    // The close and the click in one task: the close event comes after the view is open again.
    await page.evaluate(
      ([d, o]) => {
        document.querySelector(d).close();
        document.querySelector(o).click();
      },
      [dialog, opener],
    );
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await expect(page.locator(dialog)).toBeVisible();
    await expectNoMove(page, () => page.keyboard.press(KEYS.arrows[legalMoves(MID_GAME)[0]]), `an arrow under ${name}`);
  });
}
