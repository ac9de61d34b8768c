#!/usr/bin/env node
// The game page's first load, in bytes: what the browser must fetch before the board can be
// played, read from the built page itself (dist/index.html and the files it names: the
// stylesheet, boot.js, and the wasm-bindgen JS and page wasm that boot.js starts, which Trunk
// names in its tag), each compressed with gzip at level 9 as a server would send it. The
// solver's worker, the service worker and the site's pages load later and are not counted.
//   node scripts/first-load.mjs [--dist DIR] [--budget]
// --budget fails (exit 1) when the total passes FIRST_LOAD_BUDGET_GZIP: `make test` runs it so.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The budget, declared here only: gzipped bytes of the first load. It is what the page
 *  needs today (183.9 KB, with the history, statistics and replay views in the page's wasm)
 *  with a little room, so that growth is seen; the aim is 120 KB (docs/browser-benchmark.md
 *  says where the bytes go). */
export const FIRST_LOAD_BUDGET_GZIP = 188 * 1024;

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

/** The files of the first load, relative to `dist`, read from its index.html. */
export function firstLoadFiles(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const local = (url) => url.replace(/^\.?\//, '');
  const files = ['index.html'];
  for (const link of tags(html, 'link')) if (link.rel === 'stylesheet') files.push(local(link.href));
  const boot = tags(html, 'script').find((script) => script['data-js'] && script['data-wasm']);
  if (!boot) throw new Error(`${dist}/index.html has no boot script tag with data-js and data-wasm`);
  files.push(local(boot.src), local(boot['data-js']), local(boot['data-wasm']));
  return files;
}

/** Each first-load file with its size and gzipped size. */
export function measure(dist) {
  return firstLoadFiles(dist).map((file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, budget: { type: 'boolean' } } });
  const dist = path.resolve(values.dist || process.env.E2E_DIST || path.join(root, 'dist'));
  const rows = measure(dist);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const { file, bytes, gzip } of rows) console.log(`  ${kb(gzip).padStart(9)} gzip  ${kb(bytes).padStart(9)}  ${file}`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`first load: ${kb(total)} gzipped (${total} bytes), budget ${kb(FIRST_LOAD_BUDGET_GZIP)}`);
  if (values.budget && total > FIRST_LOAD_BUDGET_GZIP) {
    console.error(`error: the first load is ${total - FIRST_LOAD_BUDGET_GZIP} bytes over its budget (scripts/first-load.mjs)`);
    process.exit(1);
  }
}
