// Install and offline: the page installs its service worker at the site's root, after which the
// game, Hint (the solver's worker) and the site's pages work with the network off (and Strong,
// chosen before its network was ever downloaded, leaves Spec answering until it can be); a new build
// published while the game is open is fetched, offered on the page, and taken by the button or
// the next load, keeping the game in progress. A build's cache cleared or left partial while the
// service worker stays registered is refilled at the next online visit.
'use strict';
const {
  test,
  expect,
  readBoard,
  legalMoves,
  pressMove,
  reloadGame,
  openGame,
  storedItem,
  openSettings,
  closeSettings,
  KEYS_STORAGE,
} = require('../support/game');
const { watchSolver, solverRequests, networkRead } = require('../support/solver');
const { ORIGIN, PORT } = require('../support/origin');
const { ownSite } = require('../support/deploy');

/** Waits for the service worker to be active (every file of the build in its cache). */
const installed = (page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active.scriptURL };
  });

/** The build caches (www/sw.js names them `2048-VERSION`; `2048-clients` holds its notes). */
const cacheNames = (page) => page.evaluate(async () => (await caches.keys()).filter((name) => name !== '2048-clients'));
const updateOffer = (page) => page.getByRole('button', { name: 'Update now' });

test('the service worker installs at the root; offline, a reload plays, Hint answers and the site opens', async ({
  page,
  context,
}) => {
  await openGame(page);
  const worker = await installed(page);
  expect(worker.scope, 'the site root is its scope').toBe(`${ORIGIN}/`);
  expect(worker.script).toBe(`${ORIGIN}/sw.js`);
  const names = await cacheNames(page);
  expect(names, 'one cache, named for the build').toHaveLength(1);

  await context.setOffline(true);
  try {
    await reloadGame(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller), 'served by the service worker').toBe(true);
    const board = await readBoard(page);
    await pressMove(page, legalMoves(board)[0]);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await expect(page.locator('#board-wrap [data-hint]'), 'the arrow on the board').toHaveCount(1, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Rules' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/site/rules.html');
  } finally {
    await context.setOffline(false);
  }
});

test('offline, Strong chosen before its network was ever downloaded leaves Spec answering, says why, and loads once online', async ({
  page,
  context,
}) => {
  await watchSolver(page);
  await openGame(page);
  await installed(page);
  const radio = (name) => page.getByRole('radio', { name, exact: true });
  const status = page.locator('#strength-status');
  await context.setOffline(true);
  try {
    await reloadGame(page);
    await openSettings(page);
    await radio('Strong').check();
    await expect(status).toHaveText('Strong could not get what it needs (no connection). Standard answers instead; choose Strong again to retry.', {
      timeout: 15_000,
    });
    await closeSettings(page);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await expect(page.locator('#board-wrap [data-hint]'), 'Hint still answers').toHaveCount(1, { timeout: 15_000 });
    expect((await solverRequests(page)).map((r) => r.strength), 'asked of Spec').toEqual(['spec']);
    await expect(page.locator('#notice'), 'no notice over the game: the status says it').toBeHidden();
  } finally {
    await context.setOffline(false);
  }
  // Back online, choosing Strong again downloads it, and Strong answers.
  await openSettings(page);
  await radio('Standard').check();
  await radio('Strong').check();
  await networkRead(page);
  await expect(status).toBeHidden();
  await closeSettings(page);
  await pressMove(page, legalMoves(await readBoard(page))[0]);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await expect(page.locator('#board-wrap [data-hint]')).toHaveCount(1, { timeout: 15_000 });
  expect((await solverRequests(page)).at(-1).strength).toBe('strong');
});

/** Every address kept in the build caches, as paths. */
const cachedFiles = (page) =>
  page.evaluate(async () => {
    const builds = (await caches.keys()).filter((name) => name.startsWith('2048-') && name !== '2048-clients');
    const paths = [];
    for (const name of builds) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths.sort();
  });

for (const [what, clear] of [
  // What a browser's "clear site data" for caches alone, or a script, does.
  ['Cache Storage is cleared', () => caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name))))],
  [
    'files are missing from the build’s cache',
    async () => {
      const [build] = (await caches.keys()).filter((name) => name.startsWith('2048-') && name !== '2048-clients');
      const cache = await caches.open(build);
      const requests = await cache.keys();
      // The page itself, and every other file.
      await Promise.all(requests.filter((request, i) => i % 2 === 0 || new URL(request.url).pathname === '/').map((r) => cache.delete(r)));
    },
  ],
]) {
  test(`after ${what} (the service worker still registered), the next online visit refills it and offline works again`, async ({
    page,
    context,
  }) => {
    await openGame(page);
    await installed(page);
    await reloadGame(page);
    const files = await cachedFiles(page);
    expect(files, 'the build, the page among its files').toContain('/');
    await page.evaluate(clear);
    expect(await cachedFiles(page), 'gone').not.toEqual(files);
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())), 'still registered').toBe(true);
    // The next visit, online.
    await reloadGame(page);
    await expect.poll(() => cachedFiles(page), { message: 'every file of the build is kept again', timeout: 20_000 }).toEqual(files);
    await context.setOffline(true);
    try {
      await reloadGame(page);
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller), 'served by the service worker').toBe(true);
      await pressMove(page, legalMoves(await readBoard(page))[0]);
      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      await expect(page.locator('#board-wrap [data-hint]'), 'the solver’s files too').toHaveCount(1, { timeout: 15_000 });
      // A page the visit did not load is back too.
      await page.getByRole('link', { name: 'Rules' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
}

test('the app manifest is complete: the browser finds nothing that keeps the game from installing', async ({ page }) => {
  await openGame(page);
  await installed(page);
  const cdp = await page.context().newCDPSession(page);
  const { url, errors } = await cdp.send('Page.getAppManifest');
  expect(url).toBe(`${ORIGIN}/manifest.webmanifest`);
  expect(errors, 'the manifest parses').toEqual([]);
  // A test's browser profile is a private one, where nothing installs: every other reason counts.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  const manifest = await page.evaluate(async (href) => (await fetch(href)).json(), url);
  const resolve = (relative) => new URL(relative, url).href;
  expect(manifest.display).toBe('standalone');
  expect(resolve(manifest.start_url)).toBe(`${ORIGIN}/`);
  expect(resolve(manifest.scope)).toBe(`${ORIGIN}/`);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  /** An image's type as served, and its size in pixels as the browser decodes it. */
  const image = (href) =>
    page.evaluate(async (h) => {
      const response = await fetch(h);
      if (!response.ok) return { type: `HTTP ${response.status}` };
      const type = response.headers.get('content-type');
      const bitmap = await createImageBitmap(await response.blob()).catch(() => null);
      return { type, size: bitmap && `${bitmap.width}x${bitmap.height}` };
    }, href);
  for (const icon of manifest.icons) {
    const { type, size } = await image(resolve(icon.src));
    expect(type, icon.src).toBe(icon.type);
    if (icon.sizes !== 'any') expect(size, `${icon.src} is as large as it says`).toBe(icon.sizes);
  }
  expect(manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes), 'PNG icons for every browser').toEqual([
    '192x192',
    '512x512',
  ]);
  // iOS takes its home-screen icon from this link, and only as a PNG.
  const touch = await page.locator('link[rel="apple-touch-icon"]').evaluate((link) => link.href);
  expect(await image(touch)).toEqual({ type: 'image/png', size: '180x180' });
  // Light and dark: the browser's bar follows the page's colour scheme.
  const themes = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.media));
  expect(themes.sort()).toEqual(['(prefers-color-scheme: dark)', '(prefers-color-scheme: light)']);
});

test.describe('a new build', () => {
  // Each test deploys on a site of its own (a port of its own for each test and each parallel
  // worker): the shared server never changes.
  const port = (n) => PORT + 101 + test.info().parallelIndex * 4 + n;
  test.describe.configure({ mode: 'serial', timeout: 60_000 });
  let site;
  test.afterEach(() => site?.close());

  /** Opens the game on `site` under its service worker (then `more`, if given), plays two
   *  moves, deploys a new build and waits for the page to offer it; returns the game as it
   *  stood. */
  async function offered(page, more) {
    await page.goto(`${site.origin}/`);
    await installed(page);
    await reloadGame(page);
    if (more) await more();
    for (let i = 0; i < 2; i++) await pressMove(page, legalMoves(await readBoard(page))[0]);
    const game = { board: await readBoard(page), saved: await storedItem(page, KEYS_STORAGE.game) };
    await expect(updateOffer(page), 'nothing to offer before a deploy').toBeHidden();
    site.deploy();
    // What the browser does at each load and the page every hour: ask for the worker script.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await expect(updateOffer(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#update')).toContainText('A new version of the game is ready.');
    expect(await readBoard(page), 'the offer leaves the game alone').toEqual(game.board);
    expect(await page.locator('meta[name="e2e-build"]').count(), 'still the first build').toBe(0);
    return game;
  }

  /** `offered`, with a second tab of the game (`other`) opened under the service worker
   *  before the deploy. */
  async function offeredInTwoTabs(page, context) {
    const other = await context.newPage();
    const game = await offered(page, async () => {
      await other.goto(`${site.origin}/`);
      await other.locator('#board[data-ready]').waitFor({ state: 'attached' });
    });
    return { other, game };
  }

  /** The page runs the new build (and only its cache is left) with the same game. */
  async function tookIt(page, game, { caches = 1 } = {}) {
    // The switch waits for the old worker's fetches (the solver's files among them): on a
    // busy machine, seconds.
    await page.locator('meta[name="e2e-build"]').waitFor({ state: 'attached', timeout: 25_000 });
    await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
    expect(await readBoard(page), 'the game in progress survives the update').toEqual(game.board);
    expect(await storedItem(page, KEYS_STORAGE.game)).toBe(game.saved);
    await expect(updateOffer(page)).toBeHidden();
    // The old build's cache goes with its last page (another tab may still run it).
    await expect.poll(() => cacheNames(page), { message: 'the old build is removed', timeout: 25_000 }).toHaveLength(caches);
    // And it still plays.
    await pressMove(page, legalMoves(await readBoard(page))[0]);
  }

  test('is offered and taken by the button, keeping the game', async ({ page }) => {
    site = await ownSite(port(0));
    const game = await offered(page);
    await updateOffer(page).click();
    await tookIt(page, game);
  });

  test('waits while another tab of the game is open: a reload there keeps the old version', async ({ page, context }) => {
    site = await ownSite(port(2));
    const { other, game } = await offeredInTwoTabs(page, context);
    await expect(updateOffer(other), 'the other tab is told too').toBeVisible({ timeout: 15_000 });
    await reloadGame(page);
    await expect(updateOffer(page), 'still offered').toBeVisible({ timeout: 15_000 });
    expect(await page.locator('meta[name="e2e-build"]').count(), 'the old version still').toBe(0);
    expect(await readBoard(page)).toEqual(game.board);
    await other.close();
  });

  test('taken in one tab, leaves another tab on its own build until it reloads', async ({ page, context }) => {
    site = await ownSite(port(3));
    const { other, game } = await offeredInTwoTabs(page, context);
    await expect(updateOffer(other)).toBeVisible({ timeout: 15_000 });
    await updateOffer(page).click();
    await tookIt(page, game, { caches: 2 });
    // The other tab is now under the new build's service worker, yet what it fetches (a new
    // solver worker's files among them) comes from the build it runs.
    const fetched = (tab, file) => tab.evaluate(async (f) => (await fetch(f)).text(), file);
    expect(await fetched(other, './index.html'), 'its own build still').not.toContain('e2e-build');
    expect(await fetched(other, './worker-loader.js')).not.toContain('build 2');
    expect(await fetched(page, './worker-loader.js')).toContain('build 2');
    await other.evaluate(() => new Promise((resolve, reject) => {
      const worker = new Worker('./worker-loader.js');
      worker.onmessage = (event) => (event.data.kind === 'ready' ? resolve() : reject(new Error(JSON.stringify(event.data))));
      worker.onerror = () => reject(new Error('the worker did not load'));
    }));
    await expect(updateOffer(other), 'and it is offered the new one').toBeVisible();
    await reloadGame(other);
    await other.locator('meta[name="e2e-build"]').waitFor({ state: 'attached' });
    await expect.poll(() => cacheNames(page), { message: 'the old build goes with its last page', timeout: 25_000 }).toHaveLength(1);
    await other.close();
  });

  test('is taken at the next load when no other tab is open, keeping the game', async ({ page }) => {
    site = await ownSite(port(1));
    const game = await offered(page);
    await page.reload();
    await tookIt(page, game);
  });
});
