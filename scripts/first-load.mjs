#!/usr/bin/env node
// The game page's first load, in bytes: what the browser must fetch before the board can be
// played, read from the built page itself (dist/index.html and the files it names: the
// stylesheet, boot.js, and the first board's program, board.js and board_bg.wasm, which the
// page preloads and boot.js starts first; see crates/wasm-ui/src/first_board), each
// compressed with gzip at level 9 as a server would send it. The page's own program (its
// wasm-bindgen JS and wasm, named in boot.js's tag) loads once the board plays and is listed
// apart; the solver's worker, the service worker and the site's pages load later still.
//   node scripts/first-load.mjs [--dist DIR] [--budget]
// --budget fails (exit 1) when the first load passes FIRST_LOAD_BUDGET_GZIP: `make test` runs
// it so.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The budget, declared here only: gzipped bytes of the first load, the target. */
export const FIRST_LOAD_BUDGET_GZIP = 120 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The attributes of each `<name ...>` tag of `html`, quoted or not (Trunk minifies the page). */
function tags(html, name) {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map(([, body]) => {
    const attributes = {};
    for (const [, key, , , a, b, c] of body.matchAll(/([\w-]+)(\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes[key.toLowerCase()] = a ?? b ?? c ?? '';
    }
    return attributes;
  });
}

/** The files of the first load, relative to `dist`, read from its index.html (`first`), and
 *  the page's own program, which follows (`then`). */
export function firstLoadFiles(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const local = (url) => url.replace(/^\.?\//, '');
  const first = ['index.html'];
  for (const link of tags(html, 'link')) if (link.rel === 'stylesheet') first.push(local(link.href));
  const boot = tags(html, 'script').find((script) => script['data-js'] && script['data-wasm']);
  if (!boot) throw new Error(`${dist}/index.html has no boot script tag with data-js and data-wasm`);
  first.push(local(boot.src));
  // The first board's two files, which Trunk.toml's pattern_preload names.
  const preloads = tags(html, 'link').filter((link) => link.rel === 'preload').map((link) => local(link.href));
  for (const name of ['board.js', 'board_bg.wasm']) {
    if (!preloads.includes(name)) throw new Error(`${dist}/index.html does not preload ${name}`);
    first.push(name);
  }
  return { first, then: [local(boot['data-js']), local(boot['data-wasm'])] };
}

/** Each first-load file (and each of the page's program) with its size and gzipped size. */
export function measure(dist) {
  const sized = (file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  };
  const { first, then } = firstLoadFiles(dist);
  return { first: first.map(sized), then: then.map(sized) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, budget: { type: 'boolean' } } });
  const dist = path.resolve(values.dist || process.env.E2E_DIST || path.join(root, 'dist'));
  const { first, then } = measure(dist);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const sum = (rows) => rows.reduce((total, row) => total + row.gzip, 0);
  const list = (rows) => {
    for (const { file, bytes, gzip } of rows) console.log(`  ${kb(gzip).padStart(9)} gzip  ${kb(bytes).padStart(9)}  ${file}`);
  };
  list(first);
  const total = sum(first);
  console.log(`first load: ${kb(total)} gzipped (${total} bytes), budget ${kb(FIRST_LOAD_BUDGET_GZIP)}`);
  list(then);
  console.log(`then the page's own program: ${kb(sum(then))} gzipped, fetched once the board plays`);
  if (values.budget && total > FIRST_LOAD_BUDGET_GZIP) {
    console.error(`error: the first load is ${total - FIRST_LOAD_BUDGET_GZIP} bytes over its budget (scripts/first-load.mjs)`);
    process.exit(1);
  }
}
