// Max's download: the network Max searches with (Trunk copies it into dist/ under its own name)
// is fetched only when Max is chosen, once a visit, and handed to the solver's worker; until the
// worker has read it, and when it cannot be had (not found, corrupt), Strong answers for Max and
// a status under the strength selector says so, and the page plays on. Once loaded, it is kept
// for offline use: an offline reload still plays Max. The worker's messages are read through
// tests/support/solver.js.
'use strict';
const { watchSolver, solverRequests, solverReplies, solverNetworks, networkRead, NETWORK_FILE } = require('../support/solver');
const {
  test,
  expect,
  MID_GAME: midGame,
  openGame,
  reloadGame,
  seedStorage,
  savedGame,
  openSettings,
  closeSettings,
  storedItem,
  pressMove,
  KEYS_STORAGE,
} = require('../support/game');

const radio = (page, name) => page.getByRole('radiogroup', { name: 'Solver strength', exact: true }).getByRole('radio', { name, exact: true });
const hintButton = (page) => page.getByRole('button', { name: 'Hint', exact: true });
const status = (page) => page.locator('#strength-status');
const isNetwork = (url) => new URL(url).pathname === `/${NETWORK_FILE}`;

/** Counts the page's own requests for the network (not the service worker's passing them on). */
function countFetches(page) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (isNetwork(request.url())) seen.count += 1;
  });
  return seen;
}

/** Clicks Hint; the arrow shows, and the request it answered asked for `strength`. Then plays
 *  that move (the arrow goes with it), so that the next hint is a new question. */
async function hintAnswers(page, strength) {
  const before = (await solverRequests(page)).length;
  await expect(page.locator('#board-wrap [data-hint]'), 'no arrow before the click').toHaveCount(0);
  await hintButton(page).click();
  await expect(page.locator('#board-wrap [data-hint]'), 'the arrow on the board').toHaveCount(1, { timeout: 20_000 });
  const asked = (await solverRequests(page)).slice(before);
  expect(asked.map((r) => r.strength), 'what Hint asked').toContain(strength);
  const last = asked.at(-1);
  const reply = (await solverReplies(page)).find((r) => r.kind === 'decision' && r.id === last.id);
  const shown = await page.locator('#board-wrap [data-hint]').getAttribute('data-hint');
  expect(reply.best).toBe(shown);
  // The settings' panel lies over the board's top: closed for the key, opened again after.
  const open = await page.locator('#settings').evaluate((el) => el.open);
  await closeSettings(page);
  await pressMove(page, shown);
  if (open) await openSettings(page);
  return last;
}

async function start(page) {
  await watchSolver(page);
  await seedStorage(page, { '2048.game': savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
}

test('with Spec or Strong the network is never requested', async ({ page }) => {
  const fetches = countFetches(page);
  await start(page);
  await hintAnswers(page, 'spec');
  await openSettings(page);
  await radio(page, 'Strong').check();
  await hintAnswers(page, 'strong');
  await reloadGame(page);
  await openSettings(page);
  await expect(radio(page, 'Strong')).toBeChecked();
  await hintAnswers(page, 'strong');
  await expect(status(page)).toBeHidden();
  expect(fetches.count, `${NETWORK_FILE} requested`).toBe(0);
  expect(await solverNetworks(page)).toEqual([]);
});

test('choosing Max downloads the network once, the worker reads it, and Hint shows Max’s arrow', async ({ page }) => {
  const fetches = countFetches(page);
  await start(page);
  await openSettings(page);
  await radio(page, 'Max').check();
  await networkRead(page);
  await expect(status(page), 'ready: nothing to say').toBeHidden();
  const request = await hintAnswers(page, 'max');
  expect(request.strength).toBe('max');
  const [size] = await solverNetworks(page);
  expect(size, 'the whole file, at most 8 MB').toBeGreaterThan(1_000_000);
  expect(size).toBeLessThanOrEqual(8_000_000);
  // Away and back: not downloaded again.
  await radio(page, 'Spec').check();
  await radio(page, 'Max').check();
  await page.waitForTimeout(300);
  expect(fetches.count, `${NETWORK_FILE} requested once`).toBe(1);
  expect(await solverNetworks(page), 'handed to the worker once').toHaveLength(1);
});

for (const [what, fulfil, says] of [
  ['is not found (404)', { status: 404, contentType: 'text/plain', body: 'not found' }, /server answered 404/],
  ['is corrupt', { status: 200, contentType: 'application/octet-stream', body: Buffer.from('2048NT04 but nothing a network needs') }, /damaged/],
]) {
  test(`a network that ${what} leaves Strong answering for Max, and the status says so`, async ({ page }) => {
    await page.route(`**/${NETWORK_FILE}`, (route) => route.fulfill(fulfil));
    await start(page);
    await openSettings(page);
    await radio(page, 'Max').check();
    await expect(status(page)).toBeVisible({ timeout: 20_000 });
    await expect(status(page)).toHaveText(says, { timeout: 20_000 });
    await expect(status(page)).toContainText('Strong answers instead');
    await hintAnswers(page, 'strong');
    await expect(page.locator('#notice'), 'no notice over the game').toBeHidden();
    expect(await storedItem(page, KEYS_STORAGE.strength), 'Max stays chosen').toBe('max');
    // Autoplay plays too.
    const autoplay = page.getByRole('button', { name: 'Autoplay', exact: true });
    await autoplay.click();
    await expect.poll(async () => Number(await page.locator('#board').getAttribute('data-moves')), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await autoplay.click();
  });
}

test('after Max loaded once, an offline reload still plays Max', async ({ page, context }) => {
  await start(page);
  await openSettings(page);
  await radio(page, 'Max').check();
  await networkRead(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  try {
    await reloadGame(page);
    await networkRead(page);
    await openSettings(page);
    await expect(radio(page, 'Max')).toBeChecked();
    await expect(status(page)).toBeHidden();
    await hintAnswers(page, 'max');
  } finally {
    await context.setOffline(false);
  }
});
