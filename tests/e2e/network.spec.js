// Nothing leaves the machine: the page loads only its own files, playing (moves, Hint, Autoplay)
// makes no request beyond worker or wasm files of its own, choosing Strong fetches only the
// network it searches with, from the page's own origin, and the Content-Security-Policy refuses
// connections anywhere else. No console error, uncaught exception or CSP violation.
'use strict';
const {
  test,
  expect,
  legalMoves,
  readBoard,
  movesPlayed,
  openGame,
  openSettings,
  closeSettings,
  pressMove,
  setSpeed,
  watchErrors,
} = require('../support/game');
const { watchSolver, networkRead, NETWORK_FILE } = require('../support/solver');

const { ORIGIN } = require('../support/origin');
/** Schemes that are not network requests. */
const local = (url) => url.startsWith('data:') || url.startsWith('blob:');

/** Records every request of the context and every CSP violation the page reports. */
async function recordTraffic(page) {
  const requests = [];
  page.context().on('request', (request) => requests.push(request.url()));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return requests;
}

test('only the page’s own files are loaded, and playing loads nothing new', async ({ page }) => {
  const requests = await recordTraffic(page);
  const errors = watchErrors(page);

  await openGame(page);
  await page.waitForLoadState('networkidle');
  const atLoad = requests.length;
  expect(atLoad, 'the page, its script and its wasm').toBeGreaterThanOrEqual(3);
  for (const url of requests) {
    expect(local(url) || url.startsWith(`${ORIGIN}/`), `request to ${url}`).toBe(true);
  }

  // Moves, a hint, then a few Autoplay moves.
  for (let i = 0; i < 3; i++) await pressMove(page, legalMoves(await readBoard(page))[0]);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await expect(page.locator('[data-hint]')).toHaveCount(1, { timeout: 15_000 });
  await setSpeed(page, 'max');
  const before = await movesPlayed(page);
  const autoplay = page.getByRole('button', { name: 'Autoplay', exact: true });
  await autoplay.click();
  await expect.poll(() => movesPlayed(page)).toBeGreaterThanOrEqual(before + 4);
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
  await page.waitForLoadState('networkidle');

  const later = requests.slice(atLoad);
  for (const url of later) {
    const ownLazyCode = url.startsWith(`${ORIGIN}/`) && /\.(m?js|wasm)(\?.*)?$/.test(url);
    expect(local(url) || ownLazyCode, `request while playing: ${url}`).toBe(true);
  }
  expect(requests.filter((url) => !local(url) && !url.startsWith(`${ORIGIN}/`)), 'other origins').toEqual([]);
  expect(errors, 'console errors and uncaught exceptions').toEqual([]);
  expect(await page.evaluate(() => window.__cspViolations), 'CSP violations').toEqual([]);
});

test('choosing Strong fetches its network from the page’s own origin, and nothing else', async ({ page }) => {
  const requests = await recordTraffic(page);
  const errors = watchErrors(page);
  await watchSolver(page);
  await openGame(page);
  await page.waitForLoadState('networkidle');
  const atLoad = requests.length;
  expect(requests.some((url) => url.endsWith(NETWORK_FILE)), 'not at load with Spec').toBe(false);

  await openSettings(page);
  await page.getByRole('radio', { name: 'Strong', exact: true }).check();
  await networkRead(page);
  await closeSettings(page);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await expect(page.locator('[data-hint]')).toHaveCount(1, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');

  const later = requests.slice(atLoad).filter((url) => !local(url));
  expect(later, 'the network').toContain(`${ORIGIN}/${NETWORK_FILE}`);
  for (const url of later) {
    const ownLazyCode = url.startsWith(`${ORIGIN}/`) && /\.(m?js|wasm)(\?.*)?$/.test(url);
    expect(ownLazyCode || url === `${ORIGIN}/${NETWORK_FILE}`, `request after choosing Strong: ${url}`).toBe(true);
  }
  expect(errors, 'console errors and uncaught exceptions').toEqual([]);
  expect(await page.evaluate(() => window.__cspViolations), 'CSP violations').toEqual([]);
});

test('the Content-Security-Policy refuses connections to other origins', async ({ page }) => {
  const requests = await recordTraffic(page);
  // What the policy lets through reaches this route (and is stopped here: a test never goes out).
  const escaped = [];
  await page.context().route((url) => !url.href.startsWith(`${ORIGIN}/`), (route) => {
    escaped.push(route.request().url());
    return route.abort();
  });
  const blocked = [];
  page.context().on('requestfailed', (request) => {
    if (request.failure()?.errorText === 'csp') blocked.push(request.url());
  });
  await openGame(page);
  const outcome = await page.evaluate(async () => {
    const fetched = await fetch('http://192.0.2.1/x.json').then(
      () => 'loaded',
      () => 'refused',
    );
    const image = await new Promise((resolve) => {
      const img = new Image();
      img.onload = () => resolve('loaded');
      img.onerror = () => resolve('refused');
      img.src = 'https://192.0.2.1/y.png';
    });
    // Violation events are dispatched asynchronously: let them arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { fetched, image, violations: window.__cspViolations };
  });
  expect(outcome.fetched).toBe('refused');
  expect(outcome.image).toBe('refused');
  expect(outcome.violations.some((v) => v.startsWith('connect-src')), JSON.stringify(outcome.violations)).toBe(true);
  expect(outcome.violations.some((v) => v.startsWith('img-src')), JSON.stringify(outcome.violations)).toBe(true);
  expect(escaped, 'requests that got past the policy').toEqual([]);
  // Chromium reports a blocked image as a request that failed for 'csp'; nothing else may be there.
  const attempted = requests.filter((url) => url.includes('192.0.2.1'));
  expect(attempted.filter((url) => !blocked.includes(url)), 'requests not blocked by the policy').toEqual([]);
});
