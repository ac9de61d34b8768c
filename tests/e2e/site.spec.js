// The built site as a whole (dist/: the game page and the text pages crates/site writes into
// dist/site/): every page loads without an error and from its own origin only, with nothing
// fetched once it has loaded and no font from anywhere; every link and every fragment resolves;
// each page says its language; and the results page shows the numbers of the committed runs in
// www/results/.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { test, expect } = require('../support/game');

const { ORIGIN } = require('../support/origin');
const DIST = path.join(__dirname, '..', '..', 'dist');
const RESULTS = path.join(__dirname, '..', '..', 'www', 'results');

/** The site's pages, as the build wrote them. */
const SITE_PAGES = fs
  .readdirSync(path.join(DIST, 'site'))
  .filter((name) => name.endsWith('.html'))
  .sort()
  .map((name) => `/site/${name}`);
const PAGES = ['/index.html', ...SITE_PAGES];
const GAME = '/index.html';

/** Schemes that are not network requests. */
const local = (url) => url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:');

/** The language a page must declare: from its name (rules.ko.html is Korean), else English. */
function languageOf(url) {
  const match = /\.([a-zA-Z-]+)\.html$/.exec(url);
  return match ? match[1] : 'en';
}

/** Opens `url` and waits until it has loaded (for the game, until the board is up). */
async function open(page, url) {
  await page.goto(url);
  if (url === GAME) await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
}

test('the build wrote every page of the site', () => {
  for (const name of ['rules.html', 'rules.ko.html', 'rules.zh-Hant.html', 'strategy.html', 'solver.html', 'solver.ko.html', 'results.html']) {
    expect(SITE_PAGES, `dist/site/${name}`).toContain(`/site/${name}`);
  }
});

for (const url of PAGES) {
  test(`${url} loads its own files only, without errors, and nothing after`, async ({ page }) => {
    const requests = [];
    const problems = [];
    page.context().on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    page.context().on('requestfailed', (request) => problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`));
    page.context().on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
    });
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });

    await open(page, url);
    await page.waitForLoadState('networkidle');
    const loaded = requests.length;
    expect(loaded, 'at least the page itself').toBeGreaterThanOrEqual(1);
    // Left alone, a loaded page fetches nothing more.
    await page.waitForTimeout(1000);
    expect(requests.slice(loaded).map((r) => r.url), 'requests after load').toEqual([]);

    for (const { url: requested, type } of requests) {
      expect(local(requested) || requested.startsWith(`${ORIGIN}/`), `a request to ${requested}`).toBe(true);
      expect(type, `${requested}: no web fonts, the system's fonts serve`).not.toBe('font');
    }
    expect(problems, 'errors').toEqual([]);
    expect(await page.evaluate(() => window.__cspViolations), 'CSP violations').toEqual([]);
    await expect(page.locator('html'), 'the page says its language').toHaveAttribute('lang', languageOf(url));
  });
}

test('every link of the built site resolves, fragments included, and reaches every page', async ({ page, request }) => {
  /** The ids of each page crawled, by path. */
  const ids = new Map();
  /** Every link found: the page it is on, what it says and where it goes. */
  const links = [];
  const queue = [...PAGES];
  const seen = new Set(queue);
  const reached = new Set([GAME]);
  while (queue.length > 0) {
    const url = queue.shift();
    await open(page, url);
    const found = await page.evaluate(() => ({
      ids: [...document.querySelectorAll('[id]')].map((el) => el.id),
      links: [...document.querySelectorAll('a[href], link[href]')].map((el) => ({
        written: el.getAttribute('href'),
        href: el.href,
        tag: el.tagName.toLowerCase(),
      })),
    }));
    ids.set(url, new Set(found.ids));
    for (const link of found.links) {
      links.push({ ...link, from: url });
      if (local(link.href) || !link.href.startsWith(`${ORIGIN}/`)) continue;
      const target = new URL(link.href).pathname;
      if (link.tag === 'a') reached.add(target);
      // Follow links to pages not crawled yet (the game page as `../index.html` or `/`, say).
      if (target.endsWith('.html') && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  expect(links.length, 'links found').toBeGreaterThan(50);

  const status = new Map();
  const broken = [];
  for (const { from, written, href } of links) {
    if (local(href)) continue;
    // The site has no links elsewhere; one added later is not fetched (the tests stay offline).
    if (!href.startsWith(`${ORIGIN}/`)) continue;
    const url = new URL(href);
    const target = url.pathname;
    if (!status.has(target)) status.set(target, (await request.get(`${ORIGIN}${target}`)).status());
    if (status.get(target) !== 200) broken.push(`${from}: ${written} -> ${status.get(target)}`);
    if (url.hash) {
      const id = decodeURIComponent(url.hash.slice(1));
      const known = ids.get(target === '/' ? GAME : target);
      if (!known) broken.push(`${from}: ${written}: a fragment on a page that is not HTML`);
      else if (!known.has(id)) broken.push(`${from}: ${written}: no id "${id}" on ${target}`);
    }
  }
  expect(broken, 'broken links').toEqual([]);
  // Every page of the site can be reached by following links from the game.
  for (const url of SITE_PAGES) expect(reached.has(url), `a link to ${url}`).toBe(true);
});

// ---------------------------------------------------------------------------------------------
// The results page against the committed runs
// ---------------------------------------------------------------------------------------------

/** The median of numbers: the middle one, or halfway between the middle two. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A number as the page writes it: thousands separated by commas, at most one decimal. */
const written = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
/** Text compared without its spaces (the page may use no-break or thin spaces before a %). */
const squeeze = (text) => text.replace(/[\s\u00a0\u202f\u2009]+/g, '');
/** The first line of a cell: its number, without the interval under it. */
const firstLine = (text) => text.split('\n')[0].trim();

const runs = fs
  .readdirSync(RESULTS)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(fs.readFileSync(path.join(RESULTS, name), 'utf8')));

test('the results page shows the committed runs’ games, 2048 shares and median scores', async ({ page }) => {
  expect(runs.length, 'committed runs in www/results/').toBeGreaterThanOrEqual(2);
  await page.goto('/site/results.html');
  const tables = await page.locator('table').evaluateAll((all) =>
    all.map((table) => ({
      head: [...table.querySelectorAll('thead th')].map((th) => th.innerText.trim()),
      rows: [...table.querySelectorAll('tbody tr')].map((tr) => ({
        strategy: tr.querySelector('th code')?.textContent.trim() ?? null,
        cells: [...tr.children].map((cell) => cell.innerText.trim()),
      })),
    })),
  );
  const reach = tables.find((t) => t.head.includes('2048') && t.head.includes('Games'));
  const scores = tables.find((t) => t.head.includes('Median score'));
  expect(reach, 'a table of the tiles reached').toBeTruthy();
  expect(scores, 'a table of the scores').toBeTruthy();
  const cell = (table, strategy, column) => {
    const rows = table.rows.filter((r) => r.strategy === strategy);
    expect(rows, `one row for ${strategy}`).toHaveLength(1);
    return firstLine(rows[0].cells[table.head.indexOf(column)]);
  };

  for (const run of runs) {
    const { strategy } = run.summary;
    const games = run.games.length;
    expect(games, `${strategy}: the games listed`).toBe(run.summary.games);
    const share = ((100 * run.games.filter((g) => g.max_tile >= 2048).length) / games).toFixed(1);
    const middle = median(run.games.map((g) => g.score));

    expect(cell(reach, strategy, 'Games'), `${strategy}: games`).toBe(written(games));
    expect(squeeze(cell(reach, strategy, '2048')), `${strategy}: share reaching 2048`).toBe(`${share}%`);
    expect(cell(scores, strategy, 'Median score'), `${strategy}: median score`).toBe(written(middle));

    if (strategy === 'spec') {
      // The summary at the top says the solver's numbers too.
      const lede = squeeze(await page.locator('main p').filter({ hasText: 'In short' }).innerText());
      expect(lede).toContain(squeeze(`reached 2048 in ${share} % of its ${written(games)} games`));
      expect(lede).toContain(squeeze(`median score of ${written(middle)}`));
    }
  }
});
