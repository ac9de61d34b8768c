// A tiny static server for the release build in dist/, for the end-to-end tests only.
// Bound to 127.0.0.1; serves .wasm as application/wasm, which streaming compilation requires.
// Usage: node serve.js [port]   (default 4173, away from `make play`'s 8080)
// E2E_DIST=DIR serves another build folder instead of the repository's dist/ (a second build
// tested beside the first, say); Playwright's web server and the browser benchmark pass it on.
// SERVE_ISOLATED=1 makes the pages cross-origin isolated (COOP and COEP headers), for the browser
// benchmark: there Chromium's clock reads to 5 µs instead of 100 µs, in the page and its workers.

'use strict';
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(process.env.E2E_DIST || path.join(__dirname, '..', 'dist'));
const port = Number(process.argv[2] || process.env.PORT || 4173);
const isolation =
  process.env.SERVE_ISOLATED === '1'
    ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
    : {};
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
};

if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`no ${root}/index.html: build first with \`trunk build --release\` (make test does)`);
  process.exit(1);
}

http
  .createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    let file = path.join(root, urlPath);
    // Never serve anything outside dist/.
    if (!file.startsWith(root + path.sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    if (urlPath.endsWith('/')) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const type = types[path.extname(file)] || 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', ...isolation }).end(body);
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`serving ${root} on http://127.0.0.1:${port}/`));
