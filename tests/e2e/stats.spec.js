// The statistics of the kept games: reachable by the "Statistics" button, with the right numbers
// for all games, those played alone and those with help, a chart with one mark per game and a
// table of every game; laid out at 320 px and in the dark theme with no serious axe violation.
'use strict';
const { test, expect, KEYS_STORAGE, openGame, pressMove, scoreShown, seedStorage, savedGame, minimumScore } =
  require('../support/game');
const { expectNoSeriousViolations } = require('../support/axe');
const { LAST_MOVE_OVER, putKept, keptEntry, waitForKept } = require('../support/history');

const button = (page, name) => page.getByRole('button', { name, exact: true });
const cell = (page, row, part) => page.locator(`#stats tr[data-row="${row}"] td[data-part="${part}"]`);

/** A board whose largest tile is `tile`, with room to move. */
const boardWith = (tile) => [
  [tile, 4, 8, 16],
  [0, 0, 4, 2],
  [0, 0, 0, 2],
  [0, 0, 0, 0],
];

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const SEEDED = [
  keptEntry({ id: T0, board: boardWith(2048) }),
  keptEntry({ id: T0 + DAY, board: boardWith(256) }),
  keptEntry({ id: T0 + 2 * DAY, board: boardWith(4096), help: { hint: true } }),
  keptEntry({ id: T0 + 3 * DAY, board: boardWith(8192), help: { autoplay: true } }),
  keptEntry({ id: T0 + 4 * DAY, board: boardWith(128), help: { entered: true } }),
];

async function seedKept(page, entries) {
  await openGame(page);
  await putKept(page, entries);
  await page.reload();
  await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
}

test('a finished game shows in the statistics with its numbers', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(LAST_MOVE_OVER, minimumScore(LAST_MOVE_OVER)) });
  await openGame(page, { seeded: LAST_MOVE_OVER });
  await button(page, 'Statistics').click();
  await expect(page.locator('#stats')).toContainText('No finished games yet');
  await button(page, 'Close').click();
  await expect(page.locator('#stats')).toBeHidden();
  await pressMove(page, 'right');
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'over');
  const score = await scoreShown(page);
  await waitForKept(page, 1, expect);
  await button(page, 'Statistics').click();
  await expect(cell(page, 'played', 'all')).toHaveAttribute('data-value', '1');
  await expect(cell(page, 'played', 'alone')).toHaveAttribute('data-value', '1');
  await expect(cell(page, 'played', 'helped')).toHaveAttribute('data-value', '0');
  await expect(cell(page, 'best-score', 'all')).toHaveText(score.toLocaleString('en-US'));
  await expect(cell(page, 'best-tile', 'all')).toHaveText('64');
  await expect(cell(page, 'reached-2048', 'all')).toHaveText('0 games (0%)');
  await expect(page.locator('#stats-chart [data-score]')).toHaveCount(1);
  await expect(page.locator('#stats-chart [data-score]')).toHaveAttribute('data-score', String(score));
  // Escape closes it, and the game is as it was.
  await page.keyboard.press('Escape');
  await expect(page.locator('#stats')).toBeHidden();
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'over');
});

test('shares of 2048, 4096 and 8192, alone and with help, and every game in a table', async ({ page }) => {
  await seedKept(page, SEEDED);
  await button(page, 'Statistics').click();
  const expected = {
    played: ['5', '2', '3'],
    'best-tile': ['8192', '2048', '8192'],
    'reached-2048': ['3 games (60%)', '1 game (50%)', '2 games (67%)'],
    'reached-4096': ['2 games (40%)', '0 games (0%)', '2 games (67%)'],
    'reached-8192': ['1 game (20%)', '0 games (0%)', '1 game (33%)'],
  };
  for (const [row, values] of Object.entries(expected)) {
    for (const [i, part] of ['all', 'alone', 'helped'].entries()) {
      await expect(cell(page, row, part), `${row} ${part}`).toHaveText(values[i]);
    }
  }
  const best = Math.max(...SEEDED.map((e) => e.score));
  await expect(cell(page, 'best-score', 'all'), 'grouped in threes').toHaveText(best.toLocaleString('en-US'));
  const chart = page.getByRole('img', { name: 'Scores over time' });
  await expect(chart).toBeVisible();
  await expect(page.locator('#stats-chart .mark.alone')).toHaveCount(2);
  await expect(page.locator('#stats-chart .mark.helped')).toHaveCount(3);
  // The days under the axis: each said once (games of one day name it once).
  const days = await page.locator('#stats-chart .day').allTextContents();
  expect(days.length).toBeGreaterThan(0);
  expect(new Set(days).size, `days ${days}`).toBe(days.length);
  await page.getByText('Every game as a table').click();
  const rows = page.locator('#stats .stats-games tbody tr');
  await expect(rows).toHaveCount(5);
  // Newest first: the entered board's game, then Autoplay's.
  await expect(rows.nth(0)).toContainText('Entered board');
  await expect(rows.nth(1)).toContainText('Autoplay');
  await expect(rows.nth(4)).toContainText('Alone');
});

test('a kept game dated past the last day a date holds is set aside, never shown as an invalid date', async ({
  page,
}) => {
  // A JS Date holds 8.64e15 ms after 1970 at most; one millisecond more is "Invalid Date".
  const LAST_DATE_MS = 8.64e15;
  const late = { ...keptEntry({ id: T0 + 5 * DAY, board: boardWith(512) }), ended: LAST_DATE_MS + 1 };
  await seedKept(page, [SEEDED[0], late]);
  await button(page, 'Statistics').click();
  await page.getByText('Every game as a table').click();
  await expect(page.locator('#stats .stats-games tbody tr')).not.toHaveCount(0);
  await expect(page.locator('#stats')).not.toContainText('Invalid');
  await expect(page.locator('#stats .stats-games tbody tr')).toHaveCount(1);
  await expect(cell(page, 'played', 'all')).toHaveAttribute('data-value', '1');
  await button(page, 'Close').click();
  await button(page, 'Replay').click();
  await expect(page.locator('#replay-pick option')).toHaveCount(1);
  await expect(page.locator('#replay-pick option')).not.toContainText('Invalid');
  await expect(page.locator('#notice')).toContainText('One of your kept games could not be read');
});

test('the statistics in Korean and Traditional Chinese', async ({ page }) => {
  await seedStorage(page, { '2048.language': 'ko' });
  await seedKept(page, SEEDED);
  await page.getByRole('button', { name: '통계', exact: true }).click();
  await expect(page.locator('#stats')).toContainText('2048 달성');
  await expect(cell(page, 'reached-2048', 'all')).toHaveText('3판 (60%)');
  await page.getByRole('button', { name: '닫기', exact: true }).click();
  await page.locator('#settings > summary').click();
  await page.locator('#language').selectOption('zh-Hant');
  await page.getByRole('button', { name: '統計', exact: true }).click();
  await expect(cell(page, 'reached-2048', 'all')).toHaveText('3 局（60%）');
});

for (const [name, options] of [
  ['at 320 px', { viewport: { width: 320, height: 568 } }],
  ['in the dark theme', { colorScheme: 'dark' }],
]) {
  test.describe(name, () => {
    test.use(options);
    test(`the statistics fit and axe finds nothing serious, ${name}`, async ({ page }) => {
      await seedKept(page, SEEDED);
      await button(page, 'Statistics').click();
      await page.getByText('Every game as a table').click();
      const box = await page.locator('#stats').boundingBox();
      const width = page.viewportSize().width;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const overflow = await page.locator('#stats').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, 'no sideways scrolling in the dialog').toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `with the statistics open ${name}`);
    });
  });
}
