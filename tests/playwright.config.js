// Playwright runs the end-to-end tests against the release build (dist/) in the system's
// Chromium. It downloads nothing: no Playwright browser builds are ever installed.
'use strict';
const path = require('node:path');
const { defineConfig } = require('@playwright/test');

const { PORT: port } = require('./support/origin');

module.exports = defineConfig({
  testDir: 'e2e',
  outputDir: path.join(__dirname, '..', 'test-results'),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two at a time, one per core of the 2-core CI machine: the whole suite in about 1.5 min even
  // when the machine is busy (2 min and more one at a time). The tests wait on the page's hooks,
  // never on fixed times (bar short checks that nothing happens), so a slower test only waits longer.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // The game speaks the browser's language: tests run in English whatever the machine's locale
    // (tests/e2e/language.spec.js sets its own where it means to).
    locale: 'en-US',
    // A missing control fails its test in seconds rather than at the 30 s test timeout.
    actionTimeout: 10_000,
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start. The rest keep a
      // test run from reaching the network (updates, sync, QUIC probes).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: `node serve.js ${port}`,
    cwd: __dirname,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
