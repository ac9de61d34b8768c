// The faults found when the page was tried as a hostile or unlucky user would: a score that
// could wrap, storage that reads nothing but writes, two tabs on one game, a solver that does
// not load or never answers, Autoplay under the New game dialog, full storage, and a worker
// that fails after starting. Each keeps the game and says what happened.
'use strict';
const {
  test,
  expect,
  KEYS_STORAGE,
  legalMoves,
  readBoard,
  movesPlayed,
  openGame,
  reloadGame,
  pressMove,
  seedStorage,
  storedItem,
  savedGame,
  setSpeed,
  MID_GAME: midGame,
} = require('../support/game');

const button = (page, name) => page.getByRole('button', { name, exact: true });

// Some of these tests change what the server answers (page.route), which the service worker's
// copy of the build would answer in its place: it is kept out here (offline.spec.js tests it).
test.use({ serviceWorkers: 'block' });

test('a save whose score could wrap is refused on load, and the new game keeps its score', async ({ page }) => {
  const forged = { version: 1, board: [[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], score: 4294967295, won: false, keep_going: false };
  await seedStorage(page, { [KEYS_STORAGE.game]: forged });
  await openGame(page);
  await expect(page.locator('#notice')).toContainText('saved game could not be read');
  const [direction] = legalMoves(await readBoard(page));
  await pressMove(page, direction);
  const shown = Number(await page.locator('#score').textContent());
  expect(shown).toBeLessThan(100);
  await reloadGame(page);
  await expect(page.locator('#score')).toHaveText(String(shown));
  await expect(page.locator('#notice')).toBeHidden();
});

test('storage that cannot be read but can be written is never written over', async ({ page }) => {
  const saved = JSON.stringify(savedGame(midGame, 60));
  await seedStorage(page, { [KEYS_STORAGE.game]: saved, [KEYS_STORAGE.best]: 900 });
  await page.addInitScript(() => {
    const getItem = Storage.prototype.getItem;
    window.__read = (key) => getItem.call(window.localStorage, key);
    Storage.prototype.getItem = function (key) {
      if (String(key).startsWith('2048.')) throw new DOMException('refused', 'SecurityError');
      return getItem.call(this, key);
    };
  });
  await openGame(page);
  await expect(page.locator('#notice')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    const [direction] = legalMoves(await readBoard(page));
    await pressMove(page, direction);
  }
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect(await page.evaluate(() => window.__read('2048.game'))).toBe(saved);
  expect(await page.evaluate(() => window.__read('2048.best'))).toBe('900');
});

test('two tabs on one game: the one that did not move takes the other’s game up', async ({ page, context }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  const other = await context.newPage();
  await openGame(other, { seeded: midGame });

  await pressMove(page, legalMoves(midGame)[0]);
  const first = await readBoard(page);
  await expect.poll(() => readBoard(other), { message: 'the other tab shows the newer game' }).toEqual(first);
  await expect(other.locator('#notice')).toContainText('another tab');
  expect(JSON.parse(await storedItem(page, KEYS_STORAGE.game)).board).toEqual(first);

  // Playing on in the other tab is the player's choice there: saved, and taken up here.
  await pressMove(other, legalMoves(first)[0]);
  const second = await readBoard(other);
  expect(JSON.parse(await storedItem(other, KEYS_STORAGE.game)).board).toEqual(second);
  await expect.poll(() => readBoard(page)).toEqual(second);
  await other.close();
});

for (const [what, fulfil] of [
  ['404s', { status: 404, body: 'not found' }],
  ['is garbage', { status: 200, contentType: 'application/wasm', body: 'not a wasm module' }],
]) {
  test(`a solver whose wasm ${what} is reported at once`, async ({ page }) => {
    await page.route(/worker_bg[^/]*\.wasm$/, (route) => route.fulfill(fulfil));
    await openGame(page);
    const started = Date.now();
    await expect(page.locator('#notice')).toContainText('solver could not start', { timeout: 5_000 });
    expect(Date.now() - started, 'well before the 20 s start-up limit').toBeLessThan(5_000);
    await button(page, 'Hint').click();
    await expect(page.locator('[data-hint]')).toHaveCount(0);
  });
}

test('a worker that says ready and never answers: Autoplay stops, the page says so, a fresh worker starts', async ({ page }) => {
  let starts = 0;
  await page.route(/worker-loader\.js$/, (route) => {
    starts += 1;
    route.fulfill({ contentType: 'text/javascript', body: "postMessage({ kind: 'ready' }); onmessage = () => {};" });
  });
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await button(page, 'Autoplay').click();
  await expect(button(page, 'Autoplay')).toHaveAttribute('aria-pressed', 'true');
  await expect(button(page, 'Autoplay')).toHaveAttribute('aria-pressed', 'false', { timeout: 10_000 });
  await expect(page.locator('#notice')).toContainText('took too long');
  expect(await readBoard(page)).toEqual(midGame);
  await expect.poll(() => starts, { message: 'a fresh worker is loaded' }).toBe(2);
});

test('Autoplay pauses while the New game dialog is open, and goes on after Cancel', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await setSpeed(page, 'max');
  await button(page, 'Autoplay').click();
  await expect.poll(() => movesPlayed(page)).toBeGreaterThan(3);
  await button(page, 'New game').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForTimeout(100);
  const paused = await movesPlayed(page);
  await page.waitForTimeout(700);
  expect(await movesPlayed(page), 'no move under the dialog').toBe(paused);
  await expect(button(page, 'Autoplay')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => movesPlayed(page)).toBeGreaterThan(paused);
});

test('full storage that holds the game says nothing on load', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (this.getItem(key) === null && String(key).startsWith('2048.')) {
        throw new DOMException('quota exceeded', 'QuotaExceededError');
      }
      return setItem.call(this, key, value);
    };
  });
  await openGame(page, { seeded: midGame });
  await reloadGame(page);
  await page.waitForTimeout(300);
  await expect(page.locator('#notice')).toBeHidden();
  await pressMove(page, legalMoves(midGame)[0]);
  expect(JSON.parse(await storedItem(page, KEYS_STORAGE.game)).board).toEqual(await readBoard(page));
});

test('a worker that fails after starting leaves no arrow and is replaced', async ({ page }) => {
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.__workers = [];
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        window.__workers.push(this);
      }
    };
  });
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await button(page, 'Hint').click();
  await expect(page.locator('[data-hint]')).toHaveCount(1);
  await page.evaluate(() => window.__workers.at(-1).dispatchEvent(new ErrorEvent('error', { message: 'forged' })));
  await expect(page.locator('[data-hint]')).toHaveCount(0);
  await expect(page.locator('#notice')).toContainText('stopped working');
  await expect(page.locator('#notice')).not.toContainText('could not start');
  await expect.poll(() => page.evaluate(() => window.__workers.length)).toBe(2);
  await button(page, 'Hint').click();
  await expect(page.locator('[data-hint]')).toHaveCount(1);
});
