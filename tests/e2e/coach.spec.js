// The solver as a coach: Hint explains every move, a board opens from its address for
// analysis, the coach compares each move with the solver's, Undo takes moves back exactly,
// and neither a practised nor an entered game raises Best.
'use strict';
const {
  test,
  expect,
  KEYS,
  KEYS_STORAGE,
  legalMoves,
  readBoard,
  scoreShown,
  bestShown,
  movesPlayed,
  waitForMoves,
  hintShown,
  openGame,
  reloadGame,
  pressMove,
  seedStorage,
  storedItem,
  savedGame,
  MID_GAME: midGame,
} = require('../support/game');

const button = (page, name) => page.getByRole('button', { name, exact: true });
/** Only Down counts on this board: the solver's move is known without a solver. */
const ONE_MOVE = [
  [2, 4, 8, 16],
  [4, 8, 16, 32],
  [8, 16, 32, 64],
  [0, 0, 0, 0],
];
/** Only Up and Right count on this board. */
const STAIRS = [
  [2, 0, 0, 0],
  [4, 2, 0, 0],
  [8, 4, 2, 0],
  [16, 8, 4, 2],
];
const address = (board) => `/#board=${board.flat().join(',')}`;

async function coachCounts(page) {
  const coach = page.locator('#coach');
  return { moves: Number(await coach.getAttribute('data-moves')), agreed: Number(await coach.getAttribute('data-agreed')) };
}

/** Presses the key of `direction` and waits for the move, with no check of the score. */
async function press(page, direction) {
  const moves = await movesPlayed(page);
  await page.keyboard.press(KEYS.arrows[direction]);
  await waitForMoves(page, moves + 1);
}

test('an address opens its board for analysis, and Hint explains the solver’s move', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await page.goto(address(ONE_MOVE));
  await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
  await expect.poll(() => readBoard(page)).toEqual(ONE_MOVE);
  await expect(page.locator('#entered')).toBeVisible();
  await button(page, 'Hint').click();
  await expect.poll(() => hintShown(page)).toBe('down');
  const rows = page.locator('#analysis [data-move]');
  await expect(rows).toHaveCount(4);
  await expect(page.locator('#analysis [data-move="down"]')).toHaveAttribute('data-rank', '1');
  for (const move of ['up', 'left', 'right']) {
    await expect(page.locator(`#analysis [data-move="${move}"]`)).toHaveAttribute('data-rank', 'none');
  }
  await expect(page.locator('#analysis')).toContainText('best');
  await expect(page.locator('#analysis')).toContainText('not possible');
  await expect(page.locator('#analysis-search')).toContainText('boards looked at');
  // The game in progress was not touched, and comes back.
  expect(JSON.parse(await storedItem(page, KEYS_STORAGE.game)).board).toEqual(midGame);
  await button(page, 'Back to my game').click();
  await expect.poll(() => readBoard(page)).toEqual(midGame);
  // The address no longer names the board: a reload is the game, not the analysis again.
  expect(new URL(page.url()).hash).toBe('');
  await reloadGame(page);
  await expect(page.locator('#entered')).toBeHidden();
  expect(await readBoard(page)).toEqual(midGame);
});

const BAD = {
  'a value that is not a tile': '0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,2',
  'too large a tile': '0,0,262144,0,0,0,0,0,0,0,0,0,0,0,0,2',
  'fifteen values': '0,0,2,0,0,0,0,0,0,0,0,0,0,0,2',
  'seventeen values': '0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,2,2',
  'text': 'hello',
  'no tile': '0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0',
  'an address too long': '0,'.repeat(150) + '2',
};
for (const [what, list] of Object.entries(BAD)) {
  test(`a bad address (${what}) says so and the saved game survives a reload`, async ({ page }) => {
    await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
    await page.goto(`/#board=${list}`);
    await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
    const message = page.getByRole('alert').filter({ hasNotText: /^\s*$/ });
    await expect(message.first()).toBeVisible();
    expect(await readBoard(page)).toEqual(midGame);
    await page.goto('/');
    await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
    expect(await readBoard(page)).toEqual(midGame);
    await expect(page.locator('#board-message')).toBeHidden();
  });
}

test('the coach counts agreement when the player follows the hint and when not', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await button(page, 'Coach').click();
  await expect(button(page, 'Coach')).toHaveAttribute('aria-pressed', 'true');
  expect(await coachCounts(page)).toEqual({ moves: 0, agreed: 0 });
  await button(page, 'Hint').click();
  await expect.poll(() => hintShown(page)).not.toBeNull();
  const hinted = await hintShown(page);
  await pressMove(page, hinted);
  await expect.poll(() => coachCounts(page)).toEqual({ moves: 1, agreed: 1 });
  await expect(page.locator('#coach-feedback')).toBeVisible();
  // Now a move that is not the solver's.
  await button(page, 'Hint').click();
  await expect.poll(() => hintShown(page)).not.toBeNull();
  const best = await hintShown(page);
  const other = legalMoves(await readBoard(page)).find((m) => m !== best);
  expect(other, 'another legal move').toBeTruthy();
  await pressMove(page, other);
  await expect.poll(() => coachCounts(page)).toEqual({ moves: 2, agreed: 1 });
  await expect(page.locator('#coach-feedback')).toContainText(best);
  // The coach is kept across a reload.
  await reloadGame(page);
  await expect(button(page, 'Coach')).toHaveAttribute('aria-pressed', 'true');
  expect(await coachCounts(page)).toEqual({ moves: 2, agreed: 1 });
});

test('Undo restores the board and score exactly, and the same move brings the same tile', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await button(page, 'Coach').click();
  const [first] = legalMoves(midGame);
  const after = await pressMove(page, first);
  const score = await scoreShown(page);
  const second = legalMoves(after)[0];
  await pressMove(page, second);
  await button(page, 'Undo').click();
  await expect.poll(() => readBoard(page)).toEqual(after);
  await expect(page.locator('#score')).toHaveText(String(score));
  await page.keyboard.press('u');
  await expect.poll(() => readBoard(page)).toEqual(midGame);
  await expect(page.locator('#score')).toHaveText('60');
  await press(page, first);
  expect(await readBoard(page), 'the same tile as the first time').toEqual(after);
  // Ctrl+Z takes it back too.
  await page.keyboard.press('Control+z');
  await expect.poll(() => readBoard(page)).toEqual(midGame);
});

test('a practised game and an entered game never raise Best', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60), [KEYS_STORAGE.best]: 60 });
  await openGame(page, { seeded: midGame });
  await button(page, 'Coach').click();
  await press(page, legalMoves(midGame)[0]);
  const best = await bestShown(page);
  await button(page, 'Undo').click();
  await expect.poll(() => readBoard(page), 'the move is taken back').toEqual(midGame);
  for (let i = 0; i < 25; i++) {
    const moves = legalMoves(await readBoard(page));
    if (moves.length === 0) break;
    await press(page, moves[0]);
  }
  expect(await scoreShown(page)).toBeGreaterThan(best);
  expect(await bestShown(page)).toBe(best);
  await reloadGame(page);
  expect(await bestShown(page)).toBe(best);
  const practisedOver = legalMoves(await readBoard(page)).length === 0;

  // An entered board, played from: its points never count either.
  await page.goto(address([[2, 2, 4, 4], [0, 0, 0, 0], [8, 8, 0, 0], [0, 0, 0, 0]]));
  await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
  await button(page, 'Play from here').click();
  // Asked first while the practised game is in progress; the moves above can (rarely) have
  // ended it, and then there is nothing to ask.
  if (!practisedOver) await page.getByRole('button', { name: 'Start new game' }).click();
  await expect(page.locator('#entered')).toBeHidden();
  for (let i = 0; i < 10; i++) {
    const moves = legalMoves(await readBoard(page));
    if (moves.length === 0) break;
    await press(page, moves[0]);
  }
  expect(await bestShown(page)).toBe(best);
});

test('the mistakes list survives a reload, and an earlier version’s record lists its moves as much worse', async ({ page }) => {
  // As the version before 2026-12-05 wrote it: only much worse moves, no word.
  const mistake = { board: midGame, played: 'up', best: 'left' };
  const coach = { version: 1, on: true, moves: 3, agreed: 1, mistakes: [mistake], practised: false, entered: false, record: null };
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60), '2048.coach': coach });
  await openGame(page, { seeded: midGame });
  const item = page.locator('#mistakes-list li');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-quality', 'much-worse');
  await expect(item).toContainText('Much worse: you played up');
  await expect(page.locator('#mistakes-summary')).toHaveText('Mistakes (1)');
  await reloadGame(page);
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-quality', 'much-worse');
  await page.locator('#mistakes summary').click();
  await page.locator('#mistakes-list button').click();
  await expect.poll(() => readBoard(page)).toEqual(midGame);
  await expect(page.locator('#entered')).toBeVisible();
});

test('the mistakes, worse and much worse, are stepped through, each with its word and the solver’s ranking, and the game comes back', async ({ page }) => {
  const mistakes = [
    { board: midGame, played: 'up', best: 'left', word: 'much-worse' },
    { board: STAIRS, played: 'right', best: 'up', word: 'worse' },
  ];
  const coach = { version: 2, on: true, moves: 5, agreed: 1, mistakes, practised: false, entered: false, record: null };
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60), '2048.coach': coach });
  await openGame(page, { seeded: midGame });
  await page.locator('#mistakes summary').click();
  // Each entry says its word, in the order played.
  const items = page.locator('#mistakes-list li');
  await expect(items.nth(0)).toHaveAttribute('data-quality', 'much-worse');
  await expect(items.nth(0)).toContainText('Much worse: you played up; the solver plays left.');
  await expect(items.nth(1)).toHaveAttribute('data-quality', 'worse');
  await expect(items.nth(1)).toContainText('Worse: you played right; the solver plays up.');
  await page.locator('#mistakes-list button').first().click();
  await expect(page.locator('#review-text')).toContainText('Mistake 1 of 2, much worse');
  // The list under the board says the same as the review: the game's two.
  await expect(page.locator('#mistakes-summary')).toHaveText('Mistakes (2)');
  await expect(items).toHaveCount(2);
  await expect(page.locator('#analysis [data-move]')).toHaveCount(4);
  await expect.poll(() => hintShown(page)).not.toBeNull();
  await expect(button(page, 'Previous mistake')).toBeDisabled();
  await button(page, 'Next mistake').click();
  await expect.poll(() => readBoard(page)).toEqual(STAIRS);
  await expect(page.locator('#review-text')).toContainText('Mistake 2 of 2, worse: you played right');
  await expect.poll(() => hintShown(page)).not.toBeNull();
  await expect(button(page, 'Next mistake')).toBeDisabled();
  await button(page, 'Previous mistake').click();
  await expect.poll(() => readBoard(page)).toEqual(midGame);
  await button(page, 'Back to my game').click();
  await expect(page.locator('#entered')).toBeHidden();
  await expect(page.locator('#mistakes-list li')).toHaveCount(2);
  expect(JSON.parse(await storedItem(page, KEYS_STORAGE.game)).board).toEqual(midGame);
});

test('a corrupt coach record is set aside with a notice and the game plays on', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60), '2048.coach': '{"version":1,"on":true}' });
  await openGame(page, { seeded: midGame });
  await expect(page.locator('#notice')).toContainText('coach');
  await pressMove(page, legalMoves(midGame)[0]);
});

test('the board editor: a tile picked per cell or the values typed, a bad board refused in place', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await page.locator('#settings > summary').click();
  await button(page, 'Enter a board').click();
  const editor = page.getByRole('dialog');
  await expect(editor).toBeVisible();
  // It opens on the board on screen.
  await expect(page.locator('#editor-text')).toHaveValue(midGame.flat().join(','));
  // Typing a bad board says why, inside the editor, and keeps the game.
  await page.locator('#editor-text').fill('2,2,2');
  await button(page, 'Open this board').click();
  await expect(page.locator('#editor-message')).toBeVisible();
  await expect(page.locator('#editor-message')).toContainText('16');
  await expect(editor).toBeVisible();
  // An empty cell is named in words, and all 16 values are in view at once.
  await expect(page.locator('#editor-cells select').first().locator('option').first()).toHaveText('empty');
  const text = page.locator('#editor-text');
  await text.fill('65536,32768,16384,8192,4096,2048,1024,512,256,128,64,32,16,8,4,2');
  expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight), 'the longest values fit the field').toBe(true);
  // Picking tiles writes the values.
  await page.locator('#editor-text').fill(ONE_MOVE.flat().join(','));
  await page.locator('#editor-cells select').nth(15).selectOption('0');
  await page.locator('#editor-cells select').nth(12).selectOption('2');
  const entered = ONE_MOVE.map((row) => [...row]);
  entered[3][0] = 2;
  await expect(page.locator('#editor-text')).toHaveValue(entered.flat().join(','));
  await button(page, 'Open this board').click();
  await expect(editor).toBeHidden();
  await expect.poll(() => readBoard(page)).toEqual(entered);
  await expect(page.locator('#entered')).toBeVisible();
  expect(JSON.parse(await storedItem(page, KEYS_STORAGE.game)).board).toEqual(midGame);
});

test('axe: no serious violation with the coach on, a hint explained, the editor open', async ({ page }) => {
  const { expectNoSeriousViolations } = require('../support/axe');
  const coach = { version: 1, on: true, moves: 3, agreed: 1, mistakes: [{ board: midGame, played: 'up', best: 'left' }], practised: false, entered: false, record: null };
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60), '2048.coach': coach });
  await openGame(page, { seeded: midGame });
  await pressMove(page, legalMoves(midGame)[0]);
  await button(page, 'Hint').click();
  await expect(page.locator('#analysis [data-move]')).toHaveCount(4);
  await page.locator('#mistakes summary').click();
  await expectNoSeriousViolations(page, 'with the coach on and a hint explained');
  await page.locator('#settings > summary').click();
  await button(page, 'Enter a board').click();
  await expectNoSeriousViolations(page, 'with the board editor open');
});
