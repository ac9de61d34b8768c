// The built site as a whole (dist/: the game page and the text pages crates/site writes into
// dist/site/): every page loads without an error and from its own origin only, with nothing
// fetched once it has loaded and no font from anywhere; every link and every fragment resolves;
// each page says its language; and the results and solver pages show the numbers of the
// committed runs in www/results/ in each language, the solver's strengths (Standard, Strong and
// Max, and Strong's earlier, heuristic evaluation) side by side; the language switch of every
// page links exactly that page's versions.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { test, expect } = require('../support/game');

const { ORIGIN } = require('../support/origin');
// The build served: dist/, or the folder E2E_DIST names (as tests/serve.js serves it).
const DIST = path.resolve(process.env.E2E_DIST || path.join(__dirname, '..', '..', 'dist'));
// The committed runs, or (to check a run before it is committed, with the site regenerated from
// it) the folder E2E_RESULTS names.
const RESULTS = process.env.E2E_RESULTS || path.join(__dirname, '..', '..', 'www', 'results');

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
  for (const name of ['rules.html', 'rules.ko.html', 'rules.zh-Hant.html', 'strategy.html', 'strategy.ko.html', 'strategy.zh-Hant.html', 'solver.html', 'solver.ko.html', 'solver.zh-Hant.html', 'results.html', 'results.ko.html', 'results.zh-Hant.html']) {
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
  // The runs only: move-quality*.json are the measurements behind Hint's words and chance.json
  // the check of the chance of the next tile, not runs.
  .filter((name) => name.endsWith('.json') && !name.startsWith('move-quality') && name !== 'chance.json')
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
    const strategy = keyOf(run.summary.strategy);
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

/** The strategies in the order the pages list them; others follow, by name. */
const PREFERRED = ['max', 'strong', 'strong-heuristic', 'strong-deep', 'spec', 'minimax', 'greedy', 'corner', 'random'];
/** The solver's strengths (Strong's earlier, heuristic evaluation among them), which the solver page
 *  lists side by side. */
const STRENGTHS = ['max', 'strong', 'strong-heuristic', 'strong-deep', 'spec'];
/** A run's strategy without its setting: `strong` for `strong@6ms`, `max` for `max[beyond=4,…]`. */
const baseOf = (name) => name.split(/[@[]/)[0];
/** What the pages call a run: `max` for `max[beyond=4,…]`, `strong@6ms` as it is. */
const keyOf = (name) => name.split('[')[0];
const rank = (name) => {
  const base = baseOf(name);
  const i = PREFERRED.indexOf(base);
  return [i < 0 ? PREFERRED.length : i, base === name ? 0 : 1, name];
};
const byRank = (a, b) => {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
};

/** The run of that name, or else the only run of that base (`max` for `max[beyond=4,…]`), as the
 *  pages find one. */
function runNamed(name) {
  const ofBase = runs.filter((r) => baseOf(r.summary.strategy) === name);
  const named = runs.find((r) => r.summary.strategy === name || keyOf(r.summary.strategy) === name);
  return named ?? (ofBase.length === 1 ? ofBase[0] : undefined);
}

/** A think time as the page writes it (`9.52 ms`, `678 µs`, `90.2 ns`), in milliseconds. */
function milliseconds(text) {
  const [value, unit] = text.trim().split(/\s+/);
  return Number(value) / { ms: 1, 'µs': 1e3, ns: 1e6 }[unit];
}

/** A page's `data-result` numbers, by key. */
async function dataResults(page) {
  return page.locator('[data-result]').evaluateAll((all) => all.map((el) => [el.dataset.result, el.textContent]));
}

/** Checks that the text `shown` for `key` says what the JSON does. */
function expectResult(key, shown) {
  const [strategy, field, tile] = key.split('.');
  const run = runNamed(strategy);
  expect(run, `${key}: a run of ${strategy}`).toBeTruthy();
  const games = run.games.length;
  if (field === 'reached') {
    const share = ((100 * run.games.filter((g) => g.max_tile >= Number(tile)).length) / games).toFixed(1);
    expect(squeeze(shown), key).toBe(`${share}%`);
  } else if (field === 'games') {
    expect(shown, key).toBe(written(games));
  } else if (field === 'median_score') {
    expect(shown, key).toBe(written(median(run.games.map((g) => g.score))));
  } else if (field === 'median_moves') {
    expect(shown, key).toBe(written(median(run.games.map((g) => g.moves))));
  } else if (field.endsWith('_ms')) {
    // Three significant figures of the summary's per-move time.
    const json = run.summary[field];
    expect(Math.abs(milliseconds(shown) - json), `${key}: ${shown} vs ${json}`).toBeLessThanOrEqual(json * 0.005);
  } else {
    expect(shown, `${key}: a key this test knows`).toBe(null);
  }
}

/** The results page in each language: how a chart's label says a run's games, and the words of
 *  the note when Strong has no committed run. */
const RESULTS_PAGES = {
  '/site/results.html': { games: (n) => `(${n} games)`, missing: 'not committed yet' },
  '/site/results.ko.html': { games: (n) => `(${n}판)`, missing: '아직 커밋되지 않았습니다' },
  '/site/results.zh-Hant.html': { games: (n) => `（${n} 局）`, missing: '還沒有提交' },
};

for (const [url, words] of Object.entries(RESULTS_PAGES)) test(`${url} lists every run in order, each with its games, big tiles, think time and command`, async ({ page }) => {
  await page.goto(url);
  // Every figure quoted in the text is the committed runs'.
  const quoted = await dataResults(page);
  expect(quoted.length, 'numbers quoted').toBeGreaterThanOrEqual(10);
  for (const [key, shown] of quoted) expectResult(key, shown);
  const names = runs.map((r) => keyOf(r.summary.strategy));
  const rowsOf = (id) => page.locator(`#${id} tbody tr[data-strategy]`).evaluateAll((all) => all.map((tr) => tr.dataset.strategy));
  for (const id of ['reach-table', 'score-table', 'runs-table']) {
    expect(await rowsOf(id), `${id}: the strengths first, side by side`).toEqual([...names].sort(byRank));
  }

  // The columns: every tile the documents report, up to the first one no game reached.
  const columns = (await page.locator('#reach-table thead [data-v]').evaluateAll((all) => all.map((el) => Number(el.dataset.v))));
  const best = Math.max(...runs.flatMap((r) => r.games.map((g) => g.max_tile)));
  for (const tile of [4096, 8192, 16384, 32768]) {
    if (tile <= best) expect(columns, `a column for ${tile}, which a game reached`).toContain(tile);
  }
  expect(columns.filter((t) => t > best).length, 'one column past the largest tile reached, at most').toBeLessThanOrEqual(1);

  for (const run of runs) {
    const strategy = keyOf(run.summary.strategy);
    const games = run.games.length;
    const cellsOf = (id) =>
      page.locator(`#${id} tr[data-strategy="${strategy}"] [data-field]`).evaluateAll((all) =>
        Object.fromEntries(all.map((el) => [el.dataset.field, el.firstChild.textContent.trim()])),
      );
    const reach = await cellsOf('reach-table');
    const scores = await cellsOf('score-table');
    // Its own sample size on every row, since the runs differ.
    expect(reach.games, `${strategy}: games in the reach table`).toBe(written(games));
    expect(scores.games, `${strategy}: games in the score table`).toBe(written(games));
    for (const tile of columns) {
      const share = ((100 * run.games.filter((g) => g.max_tile >= tile).length) / games).toFixed(1);
      expect(squeeze(reach[`reached.${tile}`]), `${strategy}: share reaching ${tile}`).toBe(`${share}%`);
    }
    for (const field of ['mean_think_ms', 'p99_think_ms']) expectResult(`${strategy}.${field}`, scores[field]);

    // The tile chart labels each bar with its number of games.
    const label = await page.locator('#tile-chart svg text.label').evaluateAll((all) => all.map((t) => t.textContent));
    expect(label.some((t) => t.includes(words.games(written(games)))), `${strategy}: games on its bar`).toBe(true);

    // And the command that remakes its file: it names all its games, or, for the games a run
    // under way has finished (--finished-only), at least as many.
    if (!run.summary.strategy.includes('@')) {
      const command = (await page.locator(`ul.commands li[data-strategy="${strategy}"] code`).innerText()).replace(/\s+/g, ' ');
      const named = command.match(new RegExp(`--strategy ${baseOf(strategy)} --games (\\d+) --seed ${run.summary.seed} --json www/results/`));
      expect(named, `${strategy}: ${command}`).not.toBeNull();
      const finishedOnly = command.includes(' --finished-only');
      expect(Number(named[1]) === games || (finishedOnly && Number(named[1]) >= games), `${strategy}: ${command}`).toBe(true);
    }
  }

  // The sentence on Strong quotes its numbers, or says they are not in yet.
  const summary = page.locator('p.strong-summary');
  if (runNamed('strong')) {
    for (const [key, shown] of await summary.locator('[data-result]').evaluateAll((all) => all.map((el) => [el.dataset.result, el.textContent]))) {
      expectResult(key, shown);
    }
  } else {
    await expect(summary).toContainText(words.missing);
  }
});

// The language switch of every page links exactly the versions of that page the build wrote,
// the one being read marked as such, and no link of the navigation says a page is in English.
for (const url of SITE_PAGES) {
  test(`${url} switches between its versions and links every page in its own language`, async ({ page }) => {
    await page.goto(url);
    const stem = path.basename(url).split('.')[0];
    const versions = SITE_PAGES.filter((u) => path.basename(u).split('.')[0] === stem).map((u) => path.basename(u)).sort();
    const linked = await page.locator('.site-nav li.langs a').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect([...linked].sort()).toEqual(versions);
    await expect(page.locator('.site-nav li.langs a[aria-current]')).toHaveAttribute('href', path.basename(url));
    const lang = languageOf(url);
    const pages = await page.locator('.site-nav li:not(.langs) a').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    for (const href of pages.filter((h) => !h.startsWith('..'))) expect(languageOf(href), `${url}: ${href}`).toBe(lang);
    await expect(page.locator('.site-nav li:not(.langs) a[hreflang]')).toHaveCount(0);
  });
}

for (const url of ['/site/solver.html', '/site/solver.ko.html', '/site/solver.zh-Hant.html']) {
  test(`${url} quotes the committed runs, Spec and Strong side by side`, async ({ page }) => {
    await page.goto(url);
    const results = await dataResults(page);
    expect(results.length, 'numbers quoted').toBeGreaterThanOrEqual(5);
    for (const [key, shown] of results) expectResult(key, shown);

    const strengths = runs.map((r) => keyOf(r.summary.strategy)).filter((s) => STRENGTHS.includes(baseOf(s)));
    const rows = await page.locator('#strengths-table tbody tr').evaluateAll((all) => all.map((tr) => tr.dataset.strategy));
    expect(rows).toEqual([...strengths].sort(byRank));
    await expect(page.locator('h2#strong'), 'the section on Strong').toHaveCount(1);
    const note = page.locator('p.strengths-note');
    if (runNamed('strong')) await expect(note).toHaveCount(0);
    else await expect(note).toHaveCount(1);
    // The table links to the results page, where the intervals are.
    await expect(page.locator('a[href="results.html#reach"]')).toHaveCount(1);
  });
}

// Every page of the site passes axe with all its rules, colour contrast included, in the light
// and the dark colour scheme alike: no serious or critical violation, with the charts' tables
// open (wide tables scroll, so each must be reachable from the keyboard).
const AxeBuilder = require('@axe-core/playwright').default;
for (const colorScheme of ['light', 'dark']) {
  for (const url of SITE_PAGES) {
    test(`axe: no serious violation on ${url} (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(url);
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`));
      expect(serious).toEqual([]);
    });
  }
}

// On a phone every page fits its width (wide tables and commands scroll or wrap inside
// themselves, never the page), and axe finds nothing serious there either.
test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const url of SITE_PAGES) {
    test(`${url} fits the screen and passes axe`, async ({ page }) => {
      await page.goto(url);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'no sideways scrolling of the page').toBeLessThanOrEqual(390);
      // The charts' words are on the screen and the axis labels do not run into each other.
      const charts = await page.evaluate(() => {
        const shown = [...document.querySelectorAll('svg text')]
          .map((t) => ({ t, r: t.getBoundingClientRect() }))
          .filter(({ t, r }) => getComputedStyle(t).display !== 'none' && r.width > 0);
        const outside = shown.filter(({ r }) => r.left < -1 || r.right > innerWidth + 1).map(({ t }) => t.textContent);
        const ticks = shown.filter(({ t }) => t.classList.contains('tick'));
        const clashes = [];
        for (let i = 0; i < ticks.length; i++) {
          for (let j = i + 1; j < ticks.length; j++) {
            const [a, b] = [ticks[i].r, ticks[j].r];
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
              clashes.push(`${ticks[i].t.textContent} / ${ticks[j].t.textContent}`);
            }
          }
        }
        return { outside, clashes };
      });
      expect(charts.outside, 'chart words off the screen').toEqual([]);
      expect(charts.clashes, 'axis labels on top of each other').toEqual([]);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
      expect(serious).toEqual([]);
    });
  }
});
