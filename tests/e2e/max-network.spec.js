// The download of the learned network Strong and Max search with (Trunk copies it into dist/
// under its own name): fetched only when Strong or Max is chosen, once a visit for both, and
// handed to the solver's worker; until the worker has read it, and when it cannot be had (not
// found, corrupt), Standard answers for the strength chosen, a status under the strength selector
// says so, and the page plays on. Once loaded, it is kept for offline use: an offline reload
// still plays Strong and Max, and a fresh copy that does not verify never replaces the kept one.
// The worker's messages are read through tests/support/solver.js.
'use strict';
const {
  watchSolver,
  solverRequests,
  solverReplies,
  solverNetworks,
  networkRead,
  holdNetwork,
  NETWORK_FILE,
} = require('../support/solver');
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
  readBoard,
  hintShown,
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

/** Clicks Hint; the arrow shows, and every request it made asked for `strength`. Then plays
 *  that move (the arrow goes with it), so that the next hint is a new question. */
async function hintAnswers(page, strength) {
  const before = (await solverRequests(page)).length;
  await expect(page.locator('#board-wrap [data-hint]'), 'no arrow before the click').toHaveCount(0);
  await hintButton(page).click();
  await expect(page.locator('#board-wrap [data-hint]'), 'the arrow on the board').toHaveCount(1, { timeout: 20_000 });
  const asked = (await solverRequests(page)).slice(before);
  expect(asked.length, 'Hint asked the worker').toBeGreaterThanOrEqual(1);
  expect(asked.map((r) => r.strength), 'what Hint asked').toEqual(asked.map(() => strength));
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

/** Offline, a reload plays Strong from the kept copy of the network (chosen and answering
 *  Hint, the status quiet), then runs `more` while still offline. */
async function offlineStrongAnswers(page, context, more = async () => {}) {
  await context.setOffline(true);
  try {
    await reloadGame(page);
    await networkRead(page);
    await openSettings(page);
    await expect(radio(page, 'Strong')).toBeChecked();
    await expect(status(page)).toBeHidden();
    await hintAnswers(page, 'strong');
    await more();
  } finally {
    await context.setOffline(false);
  }
}

async function start(page) {
  await watchSolver(page);
  await seedStorage(page, { '2048.game': savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
}

test('with Spec the network is never requested', async ({ page }) => {
  const fetches = countFetches(page);
  await start(page);
  await hintAnswers(page, 'spec');
  await openSettings(page);
  await radio(page, 'Standard').check();
  await hintAnswers(page, 'spec');
  await reloadGame(page);
  await openSettings(page);
  await expect(radio(page, 'Standard')).toBeChecked();
  await hintAnswers(page, 'spec');
  await expect(status(page)).toBeHidden();
  expect(fetches.count, `${NETWORK_FILE} requested`).toBe(0);
  expect(await solverNetworks(page)).toEqual([]);
});

test('choosing Strong downloads the network: Standard answers Hint until the worker has read it, then Strong, at once', async ({ page }) => {
  const fetches = countFetches(page);
  const download = await holdNetwork(page);
  await start(page);
  await openSettings(page);
  await radio(page, 'Strong').check();
  await download.requested;
  await expect(status(page)).toHaveText('Strong is downloading what it needs (up to 8 MB)… Standard answers until then.');
  // Where the player is, by the board, not only inside the settings.
  await closeSettings(page);
  const ready = page.locator('#getting-ready');
  await expect(ready).toBeVisible();
  await expect(ready).toContainText('Getting Strong ready');
  await expect(ready.getByRole('progressbar')).toBeVisible();
  const [boardBox, readyBox] = [await page.locator('#board-wrap').boundingBox(), await ready.boundingBox()];
  expect(readyBox.y - (boardBox.y + boardBox.height), 'right under the board').toBeLessThan(40);
  expect(readyBox.y, 'below it, over no tile').toBeGreaterThanOrEqual(boardBox.y + boardBox.height);
  // While it downloads, Hint answers, asked of Spec (the worker would refuse Strong).
  await hintAnswers(page, 'spec');
  // A hint shown from Spec's answer when the network is read is asked again of Strong, unasked.
  const board = await readBoard(page);
  const before = (await solverRequests(page)).length;
  await hintButton(page).click();
  await expect(page.locator('#board-wrap [data-hint]'), 'Spec’s arrow').toHaveCount(1, { timeout: 20_000 });
  download.release();
  await networkRead(page);
  await expect(status(page), 'ready: nothing to say').toBeHidden();
  await expect(ready, 'nor by the board').toBeHidden();
  await expect
    .poll(async () => (await solverRequests(page)).slice(before).map((r) => r.strength), { message: 'Spec, then Strong unasked' })
    .toEqual(['spec', 'strong']);
  const strong = (await solverRequests(page)).at(-1);
  expect(strong.board, 'about the board on screen').toEqual(board);
  await expect
    .poll(async () => (await solverReplies(page)).find((r) => r.kind === 'decision' && r.id === strong.id), { message: 'Strong answers' })
    .toBeTruthy();
  const reply = (await solverReplies(page)).find((r) => r.kind === 'decision' && r.id === strong.id);
  await expect.poll(() => hintShown(page), { message: 'the arrow is Strong’s' }).toBe(reply.best);
  await closeSettings(page);
  await pressMove(page, reply.best);
  await openSettings(page);
  // From now on Strong answers, asked once.
  await hintAnswers(page, 'strong');
  expect(fetches.count, `${NETWORK_FILE} requested once`).toBe(1);
  expect(await solverNetworks(page), 'handed to the worker once').toHaveLength(1);
  // Not one request was refused for want of the network.
  expect((await solverReplies(page)).filter((r) => r.kind === 'error')).toEqual([]);
});

test('choosing Max downloads the network once, the worker reads it, Hint shows Max’s arrow, and Strong shares it', async ({ page }) => {
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
  // Strong reads the same network: it answers at once, with nothing to download or say.
  await radio(page, 'Strong').check();
  await expect(status(page)).toBeHidden();
  await hintAnswers(page, 'strong');
  // Away and back: not downloaded again.
  await radio(page, 'Standard').check();
  await radio(page, 'Max').check();
  await expect(status(page)).toBeHidden();
  await hintAnswers(page, 'max');
  expect(fetches.count, `${NETWORK_FILE} requested once`).toBe(1);
  expect(await solverNetworks(page), 'handed to the worker once').toHaveLength(1);
});

for (const [what, fulfil, says] of [
  ['is not found (404)', { status: 404, contentType: 'text/plain', body: 'not found' }, '(the server answered 404)'],
  ['is corrupt', { status: 200, contentType: 'application/octet-stream', body: Buffer.from('2048NT04 but nothing a network needs') }, '(the download was damaged)'],
]) {
  for (const [name, code] of [
    ['Strong', 'strong'],
    ['Max', 'max'],
  ]) {
    test(`a network that ${what} leaves Spec answering for ${name}, the status says so, and choosing ${name} again retries`, async ({ page }) => {
      await page.route(`**/${NETWORK_FILE}`, (route) => route.fulfill(fulfil));
      await start(page);
      await openSettings(page);
      await radio(page, name).check();
      await expect(status(page)).toBeVisible({ timeout: 20_000 });
      await expect(status(page)).toHaveText(
        `${name} could not get what it needs ${says}. Standard answers instead; choose ${name} again to retry.`,
        { timeout: 20_000 },
      );
      await hintAnswers(page, 'spec');
      await expect(page.locator('#notice'), 'no notice over the game').toBeHidden();
      expect(await storedItem(page, KEYS_STORAGE.strength), `${name} stays chosen`).toBe(code);
      // Autoplay plays too, on Spec.
      const asked = (await solverRequests(page)).length;
      const autoplay = page.getByRole('button', { name: 'Autoplay', exact: true });
      await autoplay.click();
      await expect.poll(async () => Number(await page.locator('#board').getAttribute('data-moves')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      await autoplay.click();
      await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
      const played = (await solverRequests(page)).slice(asked);
      expect(new Set(played.map((r) => r.strength)), 'what Autoplay asked').toEqual(new Set(['spec']));
      // The file is right again: choosing the strength again downloads it, and it answers.
      await page.unroute(`**/${NETWORK_FILE}`);
      await radio(page, 'Standard').check();
      await expect(status(page), 'nothing to say while Spec is chosen').toBeHidden();
      await radio(page, name).check();
      await networkRead(page);
      await expect(status(page)).toBeHidden();
      await hintAnswers(page, code);
    });
  }
}

test('after Strong loaded once, an offline reload still plays Strong, and Max with it', async ({ page, context }) => {
  await start(page);
  await openSettings(page);
  await radio(page, 'Strong').check();
  await networkRead(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await offlineStrongAnswers(page, context, async () => {
    await radio(page, 'Max').check();
    await expect(status(page)).toBeHidden();
    await hintAnswers(page, 'max');
  });
});

test('one slide from a 32768’s last 256, Max’s Hint gives the exact chance, worked out without a search', async ({ page }) => {
  // The snake 16384 … 256 along the bottom rows, a 128 above the 128 at its end: down builds
  // the 256 that merges down the line into the 32768.
  const board = [
    [2, 4, 2, 4],
    [128, 2, 4, 2],
    [128, 256, 512, 1024],
    [16384, 8192, 4096, 2048],
  ];
  await watchSolver(page);
  await page.goto(`/#board=${board.flat().join(',')}`);
  await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
  await expect.poll(() => readBoard(page)).toEqual(board);
  await openSettings(page);
  await radio(page, 'Max').check();
  await networkRead(page);
  await closeSettings(page);
  await hintButton(page).click();
  await expect.poll(() => hintShown(page)).toBe('down');
  const reply = (await solverReplies(page)).findLast((r) => r.kind === 'decision');
  expect(reply, 'the endgame tables answered, with no position searched').toMatchObject({ best: 'down', solved: true, nodes: 0 });
  await expect(page.locator('#analysis-search')).toHaveText(
    'Max: worked out exactly, counting every tile that can come: the best move keeps a 100 % chance of building the last 256, which completes the 32768',
  );
  // The chance of the next tile is the tables' exact one: certain, of the 32768.
  await expect(page.locator('#chance')).toHaveAttribute('data-tile', '32768');
  await expect(page.locator('#chance')).toHaveAttribute('data-percent', '100');
  await expect(page.locator('#chance')).toHaveText('Chance of 32768 from here: 100%');
});

/** The copy of the network kept for offline use (cache `2048.downloads`, see
 *  crates/wasm-ui/src/shell/download.rs): its size, a SHA-256 of its bytes, and the mark this
 *  file's tests put on a copy they serve (header `x-e2e-copy`); null when none is kept. */
const keptCopy = (page) =>
  page.evaluate(async (file) => {
    const kept = await (await caches.open('2048.downloads')).match(`/${file}`);
    if (!kept) return null;
    const bytes = await kept.arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    return { size: bytes.byteLength, sha256, mark: kept.headers.get('x-e2e-copy') };
  }, NETWORK_FILE);

test('a fresh network that does not verify (a captive portal’s page, a cut or a damaged file) never replaces the kept copy: offline, Strong still plays', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // The page says in the console why it did not keep a fresh copy: the sign that the check
  // of a fresh copy is over when the kept one stays the same.
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await start(page);
  await openSettings(page);
  await radio(page, 'Strong').check();
  await networkRead(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => keptCopy(page), { message: 'kept for offline use' }).not.toBeNull();
  const kept = await keptCopy(page);
  const file = await (await page.request.get(`/${NETWORK_FILE}`)).body();
  expect(kept.size, 'the whole file is kept').toBe(file.length);
  const flipped = Buffer.from(file);
  flipped[flipped.length >> 1] ^= 0x5a;
  const served = (body, contentType = 'application/octet-stream') => ({ status: 200, contentType, body });
  const answers = [
    ['a captive portal’s sign-in page', served('<!doctype html><title>Wi-Fi</title><p>Sign in to use the Wi-Fi.</p>', 'text/html')],
    ['the file cut short', served(file.subarray(0, file.length >> 1))],
    ['the file with one byte changed', served(flipped)],
  ];
  // Each visit the page uses its kept copy and checks the server's in the background (through
  // the service worker: routed on the context).
  for (const [what, answer] of answers) {
    let asked = false;
    await context.route(`**/${NETWORK_FILE}`, (route) => {
      asked = true;
      return route.fulfill(answer);
    });
    const before = warnings.length;
    await reloadGame(page);
    await networkRead(page);
    const outcome = async () => {
      const now = await keptCopy(page);
      if (now?.sha256 !== kept.sha256) return 'replaced';
      return warnings.slice(before).some((w) => w.includes(NETWORK_FILE) && w.includes('not kept')) ? 'refused' : null;
    };
    await expect.poll(outcome, { message: `the page has dealt with ${what}`, timeout: 20_000 }).not.toBeNull();
    expect(asked, `${what} was served`).toBe(true);
    expect(await outcome(), `${what} is refused`).toBe('refused');
    expect(await keptCopy(page), 'the kept copy stays as it was').toEqual(kept);
    await context.unroute(`**/${NETWORK_FILE}`);
  }
  // A fresh copy that verifies replaces the kept one (here the same file, marked).
  await context.route(`**/${NETWORK_FILE}`, (route) =>
    route.fulfill({ ...served(file), headers: { 'x-e2e-copy': 'fresh' } }),
  );
  await reloadGame(page);
  await networkRead(page);
  await expect.poll(async () => (await keptCopy(page))?.mark, { message: 'a sound fresh copy is kept', timeout: 20_000 }).toBe('fresh');
  expect((await keptCopy(page)).sha256).toBe(kept.sha256);
  await context.unroute(`**/${NETWORK_FILE}`);

  await offlineStrongAnswers(page, context);
});
