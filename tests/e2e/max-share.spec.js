// Max shared among helper workers: the solver's worker, told to use three helpers (on a
// device with the cores to spare it starts them itself), makes exactly the decisions it makes
// alone, on the browser benchmark's fixed boards in order. Each worker is first handed Max's
// network as the page hands it (crates/wasm-ui/src/protocol.rs), and hands it on to its helpers.
'use strict';
const path = require('node:path');
const { test, expect, openGame } = require('../support/game');
const { NETWORK_FILE } = require('../support/solver');

const boards = require(path.join(__dirname, '..', 'fixtures', 'bench-boards.json')).boards.slice(0, 16).map((b) => b.save.board);

/** Max's replies to `boards`, in order, from a solver worker started at `url`. */
const maxReplies = (page, url) =>
  page.evaluate(
    async ({ url, boards, file }) => {
      const worker = new Worker(url);
      const next = () =>
        new Promise((resolve, reject) => {
          worker.onmessage = (event) => resolve(event.data);
          worker.onerror = () => reject(new Error(`${url} did not load`));
        });
      if ((await next()).kind !== 'ready') throw new Error('not ready');
      const network = await (await fetch(`./${file}`)).arrayBuffer();
      const read = next();
      worker.postMessage({ network });
      const said = await read;
      if (said.kind !== 'network-ready') throw new Error(`the network was not read: ${JSON.stringify(said)}`);
      const replies = [];
      for (const [i, board] of boards.entries()) {
        const reply = next();
        worker.postMessage({ id: i + 1, board, strength: 'max' });
        const { kind, id, best, values, nodes, depth } = await reply;
        replies.push({ kind, id, best, values, nodes, depth });
      }
      worker.terminate();
      return replies;
    },
    { url, boards, file: NETWORK_FILE },
  );

test('Max shared among three helpers decides exactly as Max alone', async ({ page }) => {
  test.setTimeout(60_000);
  await openGame(page);
  const started = [];
  page.on('worker', (worker) => started.push(new URL(worker.url()).search));
  const alone = await maxReplies(page, './worker-loader.js?helpers=0');
  const shared = await maxReplies(page, './worker-loader.js?helpers=3');
  expect(started.filter((search) => search === '?helper'), 'three helpers started').toHaveLength(3);
  expect(alone.every((r) => r.kind === 'decision')).toBe(true);
  expect(shared).toEqual(alone);
});
