// A game's review in the replay view: Review has the solver judge every move of the kept game in
// order; the review shows its progress, then its accuracy and each move's word, one element per
// move in the order played, each one opening the board its move was played on.
'use strict';
const {
  test,
  expect,
  readBoard,
  KEYS_STORAGE,
  seedStorage,
  savedGame,
  openGame,
  pressMove,
  minimumScore,
} = require('../support/game');
const { openReplayOnAGame, LAST_MOVE_OVER, waitForKept, putKept, badGame, keptGameFrom } = require('../support/history');

const { expectNoSeriousViolations } = require('../support/axe');

const WORDS = ['best', 'about-as-good', 'worse', 'much-worse'];

test('Review judges every move of a kept game: progress, then accuracy and one word a move', async ({ page }) => {
  await openReplayOnAGame(page, 12);
  const review = page.locator('#review');
  await expect(review).toBeHidden();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(review).toBeVisible();
  await expect(review).toHaveAttribute('data-total', '12');
  await expect(review).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
  await expect(review).toHaveAttribute('data-progress', '12');
  const moves = review.locator('[data-move-index]');
  await expect(moves).toHaveCount(12);
  // The chart has a point for each.
  await expect(page.locator('#review-chart')).toHaveAttribute('data-points', '12');
  const judged = await moves.evaluateAll((buttons) =>
    buttons.map((b) => ({ index: Number(b.dataset.moveIndex), word: b.dataset.word, label: b.getAttribute('aria-label') })),
  );
  expect(judged.map((m) => m.index)).toEqual([...Array(12).keys()]);
  for (const move of judged) {
    expect(WORDS).toContain(move.word);
    expect(move.label).toMatch(new RegExp(`^Move ${move.index + 1}: (up|down|left|right), `));
  }
  // The accuracy is the share of best and about-as-good moves, as the summary says it.
  const good = judged.filter((m) => m.word === 'best' || m.word === 'about-as-good').length;
  const accuracy = Math.round((100 * good) / 12);
  await expect(review).toHaveAttribute('data-accuracy', String(accuracy));
  await expect(page.locator('#review-summary')).toContainText(`Accuracy ${accuracy}%`);
  // A move's square shows the board it was played on.
  await moves.nth(5).click();
  await expect(page.locator('#replay-seek')).toHaveValue('5');
  // With the solver's view of it: its four moves ranked, the one the review named best first.
  await expect(page.locator('#replay-analysis')).toBeVisible();
  await expect(page.locator('#replay-analysis-moves li').first()).toBeVisible();
  // Another look at the same game asks nothing again: the review is there at once.
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(moves).toHaveCount(12);
  expect(await readBoard(page)).toBeTruthy();
});

/** A kept game of 10 moves whose first makes a 2048 (left joins the two 1024s): the chance
 *  before it is of 2048, the chances after it of 4096. */
function goalMadeGame() {
  const board = [
    [1024, 1024, 8, 4],
    [256, 128, 64, 32],
    [2, 4, 8, 16],
    [0, 0, 0, 2],
  ];
  return keptGameFrom(board, { id: 1_764_600_000_000, moves: 10, order: ['left', 'down', 'right', 'up'] });
}

/** Opens the replay on kept game `entry` alone and has it reviewed whole. */
async function reviewKept(page, entry) {
  await openGame(page);
  await putKept(page, [entry]);
  await page.reload();
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.locator('#review')).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
}

test('a complete review lists the moves after which the chance fell most, each opening its board', async ({ page }) => {
  await reviewKept(page, badGame());
  const turns = page.locator('#review-turns [data-turn]');
  const count = await turns.count();
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(3);
  const said = await turns.evaluateAll((b) => b.map((x) => ({ index: Number(x.dataset.turn), text: x.textContent })));
  // In the order played, each a fall of the chance of 2048 of a point at least.
  expect(said.map((t) => t.index)).toEqual([...said.map((t) => t.index)].sort((a, b) => a - b));
  for (const { index, text } of said) {
    const match = text.match(/^Move (\d+) \((up|down|left|right)\): the chance of 2048 from (\d+)% to (\d+)%$/);
    expect(match, text).not.toBeNull();
    expect(Number(match[1])).toBe(index + 1);
    expect(Number(match[3])).toBeGreaterThan(Number(match[4]));
  }
  // Each is ringed on the chart.
  const rings = await page.locator('#review-chart [data-turn-mark]').evaluateAll((r) => r.map((x) => Number(x.dataset.turnMark)));
  expect(rings).toEqual(said.map((t) => t.index));
  await expect(page.locator('#review-chart-legend')).toBeVisible();
  await turns.first().click();
  await expect(page.locator('#replay-seek')).toHaveValue(String(said[0].index));
  await expect(page.locator('#replay-analysis')).toBeVisible();
});

test('the chart draws the chance before each judged move, a line a goal, and a point or a table row opens its move', async ({ page }) => {
  const entry = goalMadeGame();
  expect(entry.moves).toBe(10);
  await reviewKept(page, entry);
  // One point a judged move, in two lines never joined: 2048's before the first move, 4096's after.
  const chart = page.getByRole('img', { name: 'Your chance of the next tile, move by move', exact: true });
  await expect(chart).toHaveAttribute('id', 'review-chart');
  await expect(chart).toHaveAttribute('data-points', '10');
  const lines = await chart.locator('polyline').evaluateAll((p) =>
    p.map((l) => ({ tile: l.dataset.tile, first: Number(l.dataset.first), last: Number(l.dataset.last) })),
  );
  expect(lines).toEqual([
    { tile: '2048', first: 0, last: 0 },
    { tile: '4096', first: 1, last: 9 },
  ]);
  // Rings at the turning points, if any, and their legend only then.
  const rings = await chart.locator('[data-turn-mark]').count();
  await expect(page.locator('#review-chart-legend')).toBeVisible({ visible: rings > 0 });
  // Each line named by its tile on the chart, and the whole said in words.
  expect(await chart.locator('text.goal').allTextContents()).toEqual(['2048', '4096']);
  await expect(chart).toHaveAccessibleDescription(
    /^Before each of the 10 moves judged, the chance of making the next tile: 2048 at \d+%, then 4096 (from \d+% to|at) \d+%\./,
  );
  // A point of the chart opens its move: the point of move 6, where the page draws it.
  await chart.scrollIntoViewIfNeeded();
  const at = await chart.locator('polyline[data-tile="4096"]').evaluate((line) => {
    const point = line.points.getItem(5).matrixTransform(line.getScreenCTM());
    return { x: point.x, y: point.y };
  });
  await page.mouse.click(at.x, at.y);
  await expect(page.locator('#replay-seek')).toHaveValue('6');
  await expect(page.locator('#replay-analysis')).toBeVisible();
  // The table: a row a move, each saying its move, its chance and its word; its move opens it.
  const table = page.locator('#review-chart-table');
  await expect(table).toBeHidden();
  await page.getByText('Show as a table', { exact: true }).click();
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  const words = await page.locator('#review-moves [data-move-index]').evaluateAll((b) => b.map((x) => x.dataset.word));
  const said = { best: 'Best', 'about-as-good': 'About as good', worse: 'Worse', 'much-worse': 'Much worse' };
  const cells = await rows.evaluateAll((r) => r.map((row) => [...row.cells].map((c) => c.textContent)));
  cells.forEach(([number, played, chance, word], index) => {
    expect(number).toBe(String(index + 1));
    expect(played).toMatch(/^(Up|Down|Left|Right)$/);
    expect(chance).toMatch(index === 0 ? /^2048: \d+%$/ : /^4096: \d+%$/);
    expect(word).toBe(said[words[index]]);
  });
  await rows.nth(3).getByRole('button').click();
  await expect(page.locator('#replay-seek')).toHaveValue('3');
  await expect(page.locator('#replay-analysis')).toBeVisible();
});

test('a review is kept with its game: shown at once on the next visit', async ({ page }) => {
  await openReplayOnAGame(page, 8);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
  const words = await review.locator('[data-move-index]').evaluateAll((b) => b.map((x) => x.dataset.word));
  const accuracy = await review.getAttribute('data-accuracy');
  await page.reload();
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  // No Review pressed: the kept review is there, whole.
  await expect(review).toHaveAttribute('data-accuracy', accuracy);
  await expect(review).toHaveAttribute('data-progress', '8');
  expect(await review.locator('[data-move-index]').evaluateAll((b) => b.map((x) => x.dataset.word))).toEqual(words);
});

test("a game reviewed whole shows its accuracy in the statistics' table of games and chart of accuracy, also after a reload", async ({ page }) => {
  await openReplayOnAGame(page, 10);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
  const accuracy = await review.getAttribute('data-accuracy');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  const row = page.locator('#stats tr[data-accuracy]');
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await page.getByRole('button', { name: 'Statistics', exact: true }).click();
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-accuracy', accuracy);
    await expect(row.locator('td').last()).toHaveText(`${accuracy}%`);
    // The chart of accuracy over time: one mark, named and described in words.
    const chart = page.locator('#stats-accuracy');
    await expect(chart.locator('[data-accuracy]')).toHaveCount(1);
    await expect(chart.locator('[data-accuracy]')).toHaveAttribute('data-accuracy', accuracy);
    await expect(chart).toHaveAccessibleName('Accuracy over time');
    await expect(chart).toHaveAccessibleDescription(`The accuracy of your one game reviewed whole: ${accuracy}%. The table below lists it.`);
    if (!reload) await expectNoSeriousViolations(page, 'in the statistics with the chart of accuracy');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
  }
});

test('after game over, Review opens the game just ended in the replay and reviews it', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(LAST_MOVE_OVER, minimumScore(LAST_MOVE_OVER)) });
  await openGame(page, { seeded: LAST_MOVE_OVER });
  const banner = page.locator('#message');
  await expect(banner.getByRole('button', { name: 'Review', exact: true })).toBeHidden();
  await pressMove(page, 'right');
  await expect(banner).toHaveAttribute('data-status', 'over');
  await waitForKept(page, 1, expect);
  await banner.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.locator('#replay-view')).toBeVisible();
  await expect(page.locator('#replay-seek')).toHaveAttribute('max', '1');
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
  await expect(review).toHaveAttribute('data-total', '1');
  await expect(review.locator('[data-move-index="0"]')).toHaveAttribute('aria-label', /^Move 1: right, /);
  // One move: one point on the chart, no turning point, so no legend for its rings.
  await expect(page.locator('#review-chart')).toHaveAttribute('data-points', '1');
  await expect(page.locator('#review-chart [data-turn-mark]')).toHaveCount(0);
  await expect(page.locator('#review-chart-legend')).toBeHidden();
});

test('the review speaks Korean on the Korean page', async ({ page }) => {
  await openReplayOnAGame(page, 6);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.locator('#settings > summary').click();
  await page.locator('#language').selectOption('ko');
  await page.getByRole('button', { name: '다시 보기', exact: true }).click();
  await page.getByRole('button', { name: '복기', exact: true }).click();
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
  await expect(page.locator('#review-summary')).toContainText('정확도');
  await expect(review.locator('[data-move-index]').first()).toHaveAttribute('aria-label', /^1수째: /);
});
