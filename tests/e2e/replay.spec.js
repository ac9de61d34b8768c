// The replay of a kept game: reachable by the "Replay" button; every position of a finished game
// as it was, its last its final board and score exactly; play, pause and scrub; the solver's view
// of a position; a replay exported and imported again, and bad files refused with a message
// without touching the kept games or the game in progress.
'use strict';
const fs = require('node:fs');
const { test, expect, readBoard, openGame, slide, MID_GAME: midGame } = require('../support/game');
const { readKept, openReplayOnAGame } = require('../support/history');

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** The replay's board, read from its cells. */
async function replayBoard(page) {
  const values = await page.$$eval('#replay-board td', (cells) => cells.map((c) => Number(c.dataset.value || 0)));
  expect(values).toHaveLength(16);
  return [0, 1, 2, 3].map((r) => values.slice(4 * r, 4 * r + 4));
}

test('a replay goes through every position and ends on the final board and score exactly', async ({ page }) => {
  const final = await openReplayOnAGame(page, 12);
  const [entry] = await readKept(page);
  await expect(page.locator('#replay-seek')).toHaveAttribute('max', '12');
  expect(await replayBoard(page)).toEqual(midGame);
  await expect(page.locator('#replay-score')).toHaveText('60');
  // Each Next is the recorded move slid by the rules' reference, and the recorded tile.
  let board = midGame;
  for (const [direction, cell, value] of entry.record.steps.slice(0, 4)) {
    await button(page, 'Next').click();
    board = slide(board, direction).board;
    board[Math.floor(cell / 4)][cell % 4] = value;
    expect(await replayBoard(page)).toEqual(board);
  }
  await button(page, 'End').click();
  expect(await replayBoard(page)).toEqual(final.board);
  await expect(page.locator('#replay-score')).toHaveText(String(final.score));
  await button(page, 'Start').click();
  expect(await replayBoard(page)).toEqual(midGame);
  // The arrow keys step on and back.
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#replay-seek')).toHaveValue('1');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#replay-seek')).toHaveValue('0');
  // Scrubbing to 12 is the end too.
  await page.locator('#replay-seek').evaluate((el) => {
    el.value = '12';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(await replayBoard(page)).toEqual(final.board);
  // Play from the start moves on by itself; Pause stops it.
  await button(page, 'Play').click();
  await expect.poll(async () => Number(await page.locator('#replay-seek').inputValue())).toBeGreaterThan(1);
  await button(page, 'Pause').click();
  const at = await page.locator('#replay-seek').inputValue();
  await page.waitForTimeout(900);
  await expect(page.locator('#replay-seek')).toHaveValue(at);
  // The game underneath is the new one, untouched.
  await button(page, 'Close').click();
  expect((await readBoard(page)).flat().filter((v) => v !== 0)).toHaveLength(2);
});

test("the solver's view of the position shown ranks its four moves", async ({ page }) => {
  await openReplayOnAGame(page, 5);
  await button(page, 'Next').click();
  await button(page, "The solver's view").click();
  const analysis = page.locator('#replay-analysis');
  await expect(analysis).toBeVisible();
  await expect(analysis.locator('li[data-move]')).toHaveCount(4);
  await expect(analysis.locator('li[data-rank="1"]')).not.toHaveCount(0);
  await button(page, 'Next').click();
  await expect(analysis).toBeHidden();
});

test('a replay exported imports again as the same game; bad files are refused with a message', async ({ page }) => {
  const final = await openReplayOnAGame(page, 8);
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export replay').click()]);
  expect(download.suggestedFilename()).toMatch(/^2048-replay-\d+\.json$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const file = JSON.parse(text);
  expect(file.format).toBe('2048-replay');
  expect(file.version).toBe(1);
  expect(file.game.score).toBe(final.score);

  const board = await readBoard(page);
  const input = page.locator('#replay-import');
  const refusals = [
    ['{"not": "a replay"', 'not a 2048 replay'],
    [JSON.stringify({ ...file, version: 2 }), 'version 2'],
    [text.replace(/"steps":\[\["(up|down|left|right)"/, '"steps":[["sideways"'), 'move 1 cannot be played'],
    [JSON.stringify({ ...file, game: { ...file.game, score: file.game.score + 4 } }), 'could have been played'],
  ];
  for (const [contents, message] of refusals) {
    await input.setInputFiles({ name: 'replay.json', mimeType: 'application/json', buffer: Buffer.from(contents) });
    await expect(page.locator('#replay-message')).toContainText(message);
  }
  // A version that is no number (3 MB of words) is never repeated: the page says what is wrong.
  const forged = JSON.stringify({ ...file, version: 'WRITTEN BY THE FILE '.repeat(160_000) });
  await input.setInputFiles({ name: 'forged.json', mimeType: 'application/json', buffer: Buffer.from(forged) });
  await expect(page.locator('#replay-message')).toContainText('version is not one this page knows');
  const said = await page.locator('#replay-message').textContent();
  expect(said).not.toContain('WRITTEN');
  expect(said.length).toBeLessThan(300);
  // Over the size bound: refused before it is read.
  const huge = Buffer.alloc(4_300_000, 0x20);
  await input.setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: huge });
  await expect(page.locator('#replay-message')).toContainText('too large');
  // Nothing else changed: the kept game, the game in progress, the replay shown.
  expect(await readKept(page)).toHaveLength(1);
  expect(await readBoard(page)).toEqual(board);
  await expect(page.locator('#replay-seek')).toHaveAttribute('max', '8');

  // The exported file imports as the same game.
  await input.setInputFiles({ name: 'replay.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.locator('#replay-message')).toBeHidden();
  await expect(page.locator('#replay-pick')).toHaveValue('imported');
  await button(page, 'End').click();
  expect(await replayBoard(page)).toEqual(final.board);
  await expect(page.locator('#replay-score')).toHaveText(String(final.score));
  expect(await readKept(page)).toHaveLength(1);
});

test('with no kept game the replay says so', async ({ page }) => {
  await openGame(page);
  await button(page, 'Replay').click();
  await expect(page.locator('#replay')).toContainText('No finished games yet');
  await expect(page.locator('#replay-view')).toBeHidden();
});

for (const [name, options] of [
  ['at 320 px', { viewport: { width: 320, height: 568 } }],
  ['in the dark theme', { colorScheme: 'dark' }],
]) {
  test.describe(name, () => {
    test.use(options);
    test(`the replay and its review fit and axe finds nothing serious, ${name}`, async ({ page }) => {
      const { expectNoSeriousViolations } = require('../support/axe');
      await openReplayOnAGame(page, 4);
      await button(page, "The solver's view").click();
      await expect(page.locator('#replay-analysis')).toBeVisible();
      // The game's review is on screen too.
      await button(page, 'Review').click();
      await expect(page.locator('#review')).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
      // With its chart, and the chart's table open.
      await expect(page.locator('#review-chart')).toHaveAttribute('data-points', '4');
      await page.getByText('Show as a table', { exact: true }).click();
      await expect(page.locator('#review-chart-table tbody tr')).toHaveCount(4);
      const chart = await page.locator('#review-chart').boundingBox();
      expect(chart.width).toBeGreaterThan(200);
      const tableOverflow = await page.locator('#review-chart-table').evaluate((table) => table.parentElement.scrollWidth - table.parentElement.clientWidth);
      expect(tableOverflow, "no sideways scrolling in the chart's table").toBeLessThanOrEqual(0);
      const box = await page.locator('#replay').boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize().width);
      const overflow = await page.locator('#replay').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, 'no sideways scrolling in the dialog').toBeLessThanOrEqual(0);
      // The five steps on one row: none alone on a second.
      const tops = await page.locator('.replay-controls button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      expect(new Set(tops).size, `one row of steps: ${tops}`).toBe(1);
      await expectNoSeriousViolations(page, `with the replay open ${name}`);
    });
  });
}
