// A site of a test's own, for tests that deploy a new build while a page is open: tests/serve.js
// on a port of its own, serving a folder through a symbolic link that `deploy` points at
// another build. The first build is a copy of dist/; `nextBuild` makes a second one from it the
// way the build does (index.html changed, then crates/precache run on the copy, which gives its
// service worker a new version and file list).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

const REPO = path.join(__dirname, '..', '..');
const DIST = path.resolve(process.env.E2E_DIST || path.join(REPO, 'dist'));

/** Starts a site on `port` serving a copy of dist/; `close()` stops it and removes its files. */
async function ownSite(port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-deploy-'));
  const first = path.join(dir, 'build-1');
  fs.cpSync(DIST, first, { recursive: true });
  const current = path.join(dir, 'current');
  fs.symlinkSync(first, current);
  const server = spawn(process.execPath, [path.join(__dirname, '..', 'serve.js'), String(port)], {
    env: { ...process.env, E2E_DIST: current },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`serve.js exited with ${code}`)));
    server.stdout.once('data', resolve);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Makes the next build and serves it from now on. */
    deploy() {
      const next = path.join(dir, 'build-2');
      fs.cpSync(first, next, { recursive: true });
      const index = path.join(next, 'index.html');
      fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('</head>', '<meta name="e2e-build" content="2" /></head>'));
      // The solver's loader differs too, so a test can tell which build a worker came from.
      fs.appendFileSync(path.join(next, 'worker-loader.js'), '\n// build 2\n');
      execFileSync('cargo', ['run', '--quiet', '-p', 'precache', '--', '--dist', next], { cwd: REPO, stdio: 'inherit' });
      const link = path.join(dir, 'link-2');
      fs.symlinkSync(next, link);
      fs.renameSync(link, current);
    },
    close() {
      server.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { ownSite };
