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
const { openReplayOnAGame, LAST_MOVE_OVER, waitForKept, putKept, badGame } = require('../support/history');

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

test('a complete review lists the moves after which the chance fell most, each opening its board', async ({ page }) => {
  await openGame(page);
  await putKept(page, [badGame()]);
  await page.reload();
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.locator('#review')).toHaveAttribute('data-accuracy', /^\d+$/, { timeout: 20_000 });
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
  await turns.first().click();
  await expect(page.locator('#replay-seek')).toHaveValue(String(said[0].index));
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

test("a game reviewed whole shows its accuracy in the statistics' table of games, also after a reload", async ({ page }) => {
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
