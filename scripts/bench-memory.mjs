// The browser benchmark's memory phase (`node scripts/bench-browser.mjs --phases memory`): how
// much memory the tab takes while the solver plays. Autoplay runs at the fastest speed at one
// strength (--memory-strength, default max) from a new game or --autoplay-from's board, with
// --helpers N helper workers for Max (what a device of N + 2 cores gets; default 3, a phone with
// five or more cores) and Max's endgame tables as on a device of --device-memory GB (what
// navigator.deviceMemory says: 8 a desktop or a large phone, 4 or less most phones; default the
// machine's own), on a 360x740 page, for --memory-seconds (default 600). Every
// --memory-every seconds (default 10) the tab's renderer process is read from /proc (dedicated
// workers are threads of the page's renderer, so its memory is the page's and all its
// workers'): its resident set (VmRSS) and its private memory (Private_Clean + Private_Dirty of
// smaps_rollup, what Chromium's task manager calls the memory footprint). Reports the peak, the
// figure at one minute, the last, and the slope after the first minute (MB a minute, a least
// squares line through the samples from 60 s on). A game that ends is started again from the
// same board in the same page (the board editor's "Open this board", then "Play from here"; a
// new game's with "New game"), so that the workers, and what they keep from game to game, live
// on for the whole run, as they do for a player.
import fs from 'node:fs';

const MB = 1024 * 1024;

/** Every process under `root` (its pid), from /proc's parent links. */
function descendants(root) {
  const children = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command's name is in brackets and may hold spaces: the parent follows the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // gone since the listing
    }
  }
  const out = [];
  const stack = [root];
  while (stack.length) {
    for (const child of children.get(stack.pop()) ?? []) {
      out.push(child);
      stack.push(child);
    }
  }
  return out;
}

/** The memory of process `pid` in bytes: resident and private; null if it is gone. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return { rss: kb(status, 'VmRSS'), private: kb(rollup, 'Private_Clean') + kb(rollup, 'Private_Dirty') };
  } catch {
    return null;
  }
}

/** The renderers of the browsers this program started: their pids. */
function renderers() {
  return descendants(process.pid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

/** The largest renderer's memory: the tab's (a spare renderer holds a few MB). */
function tabMemory() {
  const all = renderers().map(memoryOf).filter(Boolean);
  if (!all.length) throw new Error('no renderer process found under this program');
  return all.reduce((a, b) => (b.rss > a.rss ? b : a));
}

/** Least squares slope of `ys` over `xs`. */
function slope(xs, ys) {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : null;
}

/** Starts the game again in `page`, its workers kept: from `save`'s board, or a new game. */
async function again(page, save) {
  const button = (name) => page.getByRole('button', { name, exact: true });
  if (!save) {
    await button('New game').first().click();
  } else {
    // Settings may still be open from the last time: a click on its summary would close it.
    if (!(await page.locator('#settings').evaluate((details) => details.open))) await page.locator('#settings > summary').click();
    await button('Enter a board').click();
    await page.locator('#editor-text').fill(save.board.flat().join(','));
    await button('Open this board').click();
    await button('Play from here').click();
  }
  await page.locator('#autoplay').click();
}

/** Autoplay at `strength` with `helpers` helpers from `save` (null: a new game) for
 *  `seconds`, the tab's memory read every `every` seconds. `ready(page)` waits for the page to
 *  be playable, `fastest(page)` sets the fastest speed; `needsNetwork`: wait until the worker has read the network first. */
export async function benchMemory(browser, origin, { strength, helpers, deviceMemory, save, seconds, every, ready, fastest, needsNetwork }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  try {
    await context.addInitScript(({ strength, save, helpers, deviceMemory }) => {
      localStorage.clear();
      localStorage.setItem('2048.strength', strength);
      if (save) localStorage.setItem('2048.game', JSON.stringify(save));
      // The page's solver worker gets `?helpers=N`, as a device of N + 2 cores would, and
      // `&memory=GB` for a device of that memory.
      const Native = window.Worker;
      window.__networkReady = false;
      const query = `helpers=${helpers}${deviceMemory ? `&memory=${deviceMemory}` : ''}`;
      window.Worker = class extends Native {
        constructor(url, ...rest) {
          const address = String(url);
          super(address.includes('?') ? address : `${address}?${query}`, ...rest);
          this.addEventListener('message', (event) => {
            if (event.data && event.data.kind === 'network-ready') window.__networkReady = true;
          });
        }
      };
    }, { strength, save, helpers, deviceMemory });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${origin}/`);
    await ready(page);
    if (needsNetwork) await page.waitForFunction(() => window.__networkReady, null, { timeout: 120_000 });
    const idle = tabMemory();
    await fastest(page);
    // The game's move count, and whether it is over.
    const readGame = () =>
      page.evaluate(() => {
        const message = document.querySelector('#message');
        return {
          moves: Number(document.querySelector('#board').dataset.moves),
          over: Boolean(message && !message.hidden && message.dataset.status === 'over'),
        };
      });
    let last = (await readGame()).moves;
    await page.locator('#autoplay').click();
    const samples = [];
    const t0 = Date.now();
    let games = 1;
    let moves = 0;
    while ((Date.now() - t0) / 1000 < seconds) {
      await new Promise((resolve) => setTimeout(resolve, every * 1000));
      const memory = tabMemory();
      const state = await readGame();
      moves += Math.max(0, state.moves - last);
      last = state.moves;
      samples.push({ s: Math.round((Date.now() - t0) / 1000), rssMB: memory.rss / MB, privateMB: memory.private / MB, moves, games });
      if (process.stderr.isTTY) process.stderr.write(`\rmemory ${strength}: ${samples.at(-1).s} s, ${Math.round(memory.rss / MB)} MB, ${moves} moves, game ${games} `);
      if (state.over) {
        await again(page, save);
        games += 1;
        last = (await readGame()).moves;
      }
    }
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
    const late = samples.filter((x) => x.s >= 60);
    const atMinute = samples.find((x) => x.s >= 60) ?? null;
    const r = (x) => (x === null ? null : Math.round(x));
    return {
      strength,
      helpers: strength === 'max' ? helpers : 0,
      deviceMemory: deviceMemory ?? null,
      from: save ? 'a saved board' : 'a new game',
      seconds: samples.at(-1)?.s ?? 0,
      games,
      moves,
      idleRssMB: r(idle.rss / MB),
      peakRssMB: r(Math.max(...samples.map((x) => x.rssMB))),
      peakPrivateMB: r(Math.max(...samples.map((x) => x.privateMB))),
      rssAtMinuteMB: atMinute && r(atMinute.rssMB),
      lastRssMB: r(samples.at(-1)?.rssMB ?? null),
      slopeAfterMinuteMBPerMin: late.length >= 2 ? Math.round(slope(late.map((x) => x.s / 60), late.map((x) => x.rssMB)) * 10) / 10 : null,
      samples: samples.map((x) => ({ ...x, rssMB: r(x.rssMB), privateMB: r(x.privateMB) })),
    };
  } finally {
    await context.close();
  }
}
