// The game of the day: two fresh browsers on the same (mocked) date get the same first board,
// and another on the next day a different one; the first try counts and a second is practice;
// when it ends the result shows, "Copy result" copies it, and the day shows in the statistics;
// keyboard, 320 px, dark theme and axe.
'use strict';
const { test, expect, openGame, readBoard, legalMoves } = require('../support/game');
const { expectNoSeriousViolations } = require('../support/axe');

const button = (page, name) => page.getByRole('button', { name, exact: true });

const DAY = '2026-12-05';
/** 2026-12-05's first board: the same as `crates/page-core/tests/core/daily.rs` pins. */
const FIRST_BOARD = [
  [0, 0, 0, 2],
  [0, 0, 0, 0],
  [0, 2, 0, 0],
  [0, 0, 0, 0],
];

/** Opens the game with the clock at `iso` (UTC) and starts today's game. */
async function openToday(page, iso) {
  await page.clock.setFixedTime(new Date(iso));
  await openGame(page);
  await button(page, "Today's game").click();
  await expect(page.locator('#daily')).toBeVisible();
  return readBoard(page);
}

/** The first board of today's game in a fresh browser context on `iso`. */
async function firstBoardIn(browser, iso) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const board = await openToday(page, iso);
  await expect(page.locator('#daily')).toHaveAttribute('data-date', iso.slice(0, 10));
  await context.close();
  return board;
}

/** Plays the first legal move, in turn from each direction, until no move is left. */
async function playToTheEnd(page) {
  const keys = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
  for (let i = 0; i < 2000; i++) {
    const status = await page.locator('#message').getAttribute('data-status');
    if (status === 'over') return;
    const moves = legalMoves(await readBoard(page));
    if (moves.length === 0) continue;
    const before = await page.locator('#board').getAttribute('data-moves');
    await page.keyboard.press(keys[moves[i % moves.length]]);
    await expect(page.locator('#board')).not.toHaveAttribute('data-moves', before);
  }
  throw new Error('the game did not end');
}

test('two fresh browsers on the same date get the same first board, the next day another', async ({ browser }) => {
  const first = await firstBoardIn(browser, `${DAY}T08:00:00Z`);
  const second = await firstBoardIn(browser, `${DAY}T23:30:00Z`);
  expect(first).toEqual(FIRST_BOARD);
  expect(second).toEqual(first);
  const nextDay = await firstBoardIn(browser, '2026-12-06T00:30:00Z');
  expect(nextDay).not.toEqual(first);
});

test.describe('with the clipboard', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the first try counts, a second is practice, and the result is shown and copied', async ({ page }) => {
    test.setTimeout(120_000);
    expect(await openToday(page, `${DAY}T12:00:00Z`)).toEqual(FIRST_BOARD);
    const daily = page.locator('#daily');
    await expect(daily).toHaveAttribute('data-counts', 'true');
    await expect(daily).toContainText('your first try of the day, which counts');
    await expect(button(page, 'Copy result')).toBeHidden();
    await playToTheEnd(page);
    const score = Number(await page.locator('#score').textContent().then((t) => t.replace(/\D/g, '')));
    await expect(daily).toHaveAttribute('data-score', String(score));
    const tile = Math.max(...(await readBoard(page)).flat());
    await expect(daily).toContainText(`Today's game, ${DAY}: ${score.toLocaleString('en-US')} points, largest tile ${tile}.`);
    await button(page, 'Copy result').click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`2048, game of the day ${DAY}: ${tile}, ${score.toLocaleString('en-US')} points.`);
    // The day in the statistics.
    await button(page, 'Statistics').click();
    const row = page.locator(`#stats-days tr[data-date="${DAY}"]`);
    await expect(row.locator('td[data-part="score"]')).toHaveAttribute('data-value', String(score));
    await expect(row.locator('td[data-part="tile"]')).toHaveAttribute('data-value', String(tile));
    await button(page, 'Close').click();

    // A second try the same day: the same tiles, said to be practice.
    await button(page, "Today's game").click();
    await expect(daily).toHaveAttribute('data-counts', 'false');
    await expect(daily).toContainText('practice. Only the first try of the day counts.');
    expect(await readBoard(page)).toEqual(FIRST_BOARD);
    // A reload keeps it the day's game, and still practice.
    await page.reload();
    await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
    await expect(daily).toHaveAttribute('data-counts', 'false');
    expect(await readBoard(page)).toEqual(FIRST_BOARD);
  });
});

test('the solver plays the same game in the background and its result shows', async ({ page }) => {
  // Strong plays a whole game in the worker (thousands of moves), after the network's download.
  test.setTimeout(300_000);
  await openToday(page, `${DAY}T12:00:00Z`);
  await playToTheEnd(page);
  const daily = page.locator('#daily');
  await expect(daily).toHaveAttribute('data-score', /\d+/);
  const score = await daily.getAttribute('data-score');
  await expect(daily).toContainText('is playing the same game', { timeout: 60_000 });
  // Hint answers at once while the solver plays: on a practice try, its arrow within seconds.
  await button(page, "Today's game").click();
  await expect(daily).toHaveAttribute('data-counts', 'false');
  await button(page, 'Hint').click();
  await expect(page.locator('[data-hint]')).toHaveCount(1, { timeout: 5_000 });
  // The same moves on the same tiles end the practice try where the first ended.
  await playToTheEnd(page);
  await expect(daily).toHaveAttribute('data-score', score);
  await expect(daily).toHaveAttribute('data-solver-score', /^\d+$/, { timeout: 280_000 });
  const solver = Number(await daily.getAttribute('data-solver-score'));
  expect(solver).toBeGreaterThan(Number(score));
  await expect(daily).toContainText(`The solver (Strong) on the same tiles: ${solver.toLocaleString('en-US')} points`);
  await button(page, 'Statistics').click();
  await expect(page.locator(`#stats-days tr[data-date="${DAY}"] td[data-part="solver-score"]`)).toHaveAttribute(
    'data-value',
    String(solver),
  );
});

test("Today's game is reached by the keyboard and named for screen readers", async ({ page }) => {
  await page.clock.setFixedTime(new Date(`${DAY}T12:00:00Z`));
  await openGame(page);
  const control = button(page, "Today's game");
  await control.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#daily')).toHaveAttribute('data-date', DAY);
  await expect(page.getByRole('region', { name: "Today's game" })).toBeVisible();
  expect(await readBoard(page)).toEqual(FIRST_BOARD);
});

for (const [name, options] of [
  ['at 320 px', { viewport: { width: 320, height: 568 } }],
  ['in the dark theme', { colorScheme: 'dark' }],
]) {
  test.describe(name, () => {
    test.use(options);
    test(`today's game and its result fit and axe finds nothing serious, ${name}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openToday(page, `${DAY}T12:00:00Z`);
      await expectNoSeriousViolations(page, `with today's game ${name}`);
      await playToTheEnd(page);
      await expect(button(page, 'Copy result')).toBeVisible();
      const width = page.viewportSize().width;
      const box = await page.locator('#daily').boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `with today's result ${name}`);
      await button(page, 'Statistics').click();
      await expectNoSeriousViolations(page, `with the days in the statistics ${name}`);
    });
  });
}
