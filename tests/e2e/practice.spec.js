// Learn from your mistakes: a game's worse moves as questions (from its review), and the practice
// deck (IndexedDB store "deck", one card a board) drilled with spaced repetition: a board answered
// wrong comes back before one answered right, and the schedule is kept for the next visit. A
// practice never touches the game in progress.
'use strict';
const { test, expect, openGame, reloadGame, readBoard, scoreShown } = require('../support/game');
const { DB, putKept, readKept, badGame } = require('../support/history');
const { expectNoSeriousViolations } = require('../support/axe');

/** The key a card of `board` is kept under: the board's packed exponents (a nibble a cell, cell 0
 *  lowest) as 32 hex digits, as the page writes it. */
function cardKey(board) {
  const exponents = board.flat().map((v) => (v ? Math.log2(v) : 0));
  return '0'.repeat(16) + exponents.reverse().map((e) => e.toString(16)).join('');
}

function card(board, played, best, added) {
  return { version: 1, board, played, best, added, due: added, streak: 0, right: 0, wrong: 0 };
}

/** The snake along the bottom row, and a lone small tile: Up pulls the 1024 out of its corner
 *  (worse by far), Right or Left keeps the row (the solver's move). Only those two moves change
 *  each board. */
const WRONG_FIRST = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [2, 0, 0, 0],
  [1024, 512, 256, 128],
];
const RIGHT_SECOND = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 4],
  [1024, 512, 256, 128],
];

/** Writes `cards` into the page's deck store (made by the page when it opened the database). */
async function putCards(page, cards) {
  await page.evaluate(
    ({ name, cards }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('deck', 'readwrite');
          for (const [key, doc] of cards) tx.objectStore('deck').put(JSON.stringify(doc), key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: DB.name, cards },
  );
}

/** The deck's cards as kept. */
async function readCards(page) {
  return (await readKept(page, 'deck')).map((text) => JSON.parse(text));
}

const drillBoard = (page) => page.locator('#drill').getAttribute('data-board');
const flat = (board) => board.flat().join(',');

test('a board answered wrong comes back before one answered right, and the schedule is kept', async ({ page }) => {
  await openGame(page);
  const added = Date.now() - 60_000;
  await putCards(page, [
    [cardKey(WRONG_FIRST), card(WRONG_FIRST, 'up', 'right', added)],
    [cardKey(RIGHT_SECOND), card(RIGHT_SECOND, 'up', 'left', added + 1)],
  ]);
  await reloadGame(page);
  const game = await readBoard(page);
  const score = await scoreShown(page);
  await page.getByRole('button', { name: 'Practice', exact: true }).click();
  const drill = page.locator('#drill');
  await expect(drill).toHaveAttribute('data-source', 'deck');
  await expect(drill).toHaveAttribute('data-state', 'asking');
  expect(await drillBoard(page)).toBe(flat(WRONG_FIRST));
  // The moves that change nothing cannot be chosen.
  await expect(page.getByRole('button', { name: 'Down', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Up', exact: true }).click();
  await expect(drill).toHaveAttribute('data-state', 'wrong', { timeout: 20_000 });
  // A wrong answer shows the solver's move and its ranking of every move.
  await expect(page.locator('#drill-said')).toContainText('the solver plays right');
  await expect(page.locator('#drill-analysis')).toBeVisible();
  await expect(page.locator('#drill-analysis-moves li')).toHaveCount(4);
  await expect(page.locator('#drill-analysis-moves li').first()).toHaveAttribute('data-move', 'right');
  // Enter goes on (the focus is on Next).
  await page.keyboard.press('Enter');
  await expect(drill).toHaveAttribute('data-state', 'asking');
  expect(await drillBoard(page)).toBe(flat(RIGHT_SECOND));
  // The arrow keys answer too.
  await page.keyboard.press('ArrowLeft');
  await expect(drill).toHaveAttribute('data-state', 'right', { timeout: 20_000 });
  await expect(page.locator('#drill-analysis')).toBeHidden();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  // The board answered wrong comes back.
  expect(await drillBoard(page)).toBe(flat(WRONG_FIRST));
  await expect(drill).toHaveAttribute('data-state', 'asking');
  // Kept: the wrong one due again within minutes, the right one in a day.
  const cards = await readCards(page);
  const byBoard = (b) => cards.find((c) => flat(c.board) === flat(b));
  const [wrong, right] = [byBoard(WRONG_FIRST), byBoard(RIGHT_SECOND)];
  expect(wrong.wrong).toBe(1);
  expect(right.right).toBe(1);
  expect(wrong.due).toBeLessThan(right.due);
  expect(wrong.due - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  expect(right.due - Date.now()).toBeGreaterThan(23 * 3_600_000);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  // The game in progress is as it was.
  expect(await readBoard(page)).toEqual(game);
  expect(await scoreShown(page)).toBe(score);
  // On the next visit nothing is due yet: the page says when the next board comes back.
  await reloadGame(page);
  await page.getByRole('button', { name: 'Practice', exact: true }).click();
  await expect(drill).toHaveAttribute('data-state', 'empty');
  await expect(page.locator('#drill-progress')).toContainText(/comes back in (\d+) minutes?/);
});

test('a card that cannot be read is set aside with a notice, and the others are practised', async ({ page }) => {
  await openGame(page);
  await putCards(page, [
    [cardKey(WRONG_FIRST), card(WRONG_FIRST, 'up', 'right', Date.now() - 1000)],
    ['0000000000000000000000000000000f', { version: 7, board: '<img src=x onerror=alert(1)>' }],
  ]);
  await reloadGame(page);
  await expect(page.locator('#notice')).toContainText('1 practice board could not be read and was set aside');
  await expect(page.locator('img')).toHaveCount(0);
  expect((await readCards(page)).length).toBe(1);
  await page.getByRole('button', { name: 'Practice', exact: true }).click();
  expect(await drillBoard(page)).toBe(flat(WRONG_FIRST));
});

test("Learn from your mistakes in a game's review asks its worse moves, one at a time", async ({ page }) => {
  await openGame(page);
  await putKept(page, [badGame()]);
  await reloadGame(page);
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
  const mistakes = await review.locator('[data-word="worse"], [data-word="much-worse"]').count();
  expect(mistakes).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Learn from your mistakes', exact: true }).click();
  const drill = page.locator('#drill');
  await expect(drill).toHaveAttribute('data-source', 'game');
  await expect(page.locator('#drill-progress')).toHaveText(new RegExp(`^${mistakes} boards? to answer\.$`));
  for (let i = 0; i < mistakes; i++) {
    await expect(drill).toHaveAttribute('data-state', 'asking');
    await page.locator('#drill-moves button:not([disabled])').first().click();
    await expect(drill).toHaveAttribute('data-state', /^(right|wrong)$/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(drill).toHaveAttribute('data-state', 'done');
  await expect(drill).toHaveAttribute('data-answered', String(mistakes));
  // Every much worse move of the review joined the deck.
  const muchWorse = await review.locator('[data-word="much-worse"]').count();
  expect((await readCards(page)).length).toBe(muchWorse);
});

test('the practice is reachable by keyboard and axe finds nothing serious, at 320 px and dark', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openGame(page);
  await putCards(page, [[cardKey(WRONG_FIRST), card(WRONG_FIRST, 'up', 'right', Date.now() - 1000)]]);
  await reloadGame(page);
  await page.getByRole('button', { name: 'Practice', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#drill')).toHaveAttribute('data-state', 'asking');
  // The focus is on a move; Up answers from the keyboard.
  await page.getByRole('button', { name: 'Up', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#drill')).toHaveAttribute('data-state', 'wrong', { timeout: 20_000 });
  await expectNoSeriousViolations(page, 'with a practice answered wrong, at 320 px, dark');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
});
