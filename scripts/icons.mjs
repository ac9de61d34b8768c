#!/usr/bin/env node
// The app's PNG icons, drawn from www/icon.svg by the test suite's Chromium: www/icon-180.png
// (the home-screen icon iOS takes from `apple-touch-icon`, which must be a PNG) and
// www/icon-192.png and www/icon-512.png (the manifest's, for browsers that do not take an SVG
// icon). They are committed, so a build needs no browser; run this again after changing
// icon.svg:
//   node scripts/icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromTests = createRequire(path.join(root, 'tests', 'package.json'));
const { chromium } = requireFromTests('@playwright/test');
const config = requireFromTests('./playwright.config.js');

/** The sizes drawn, each to www/icon-SIZE.png. */
const ICON_SIZES = [180, 192, 512];

const svg = fs.readFileSync(path.join(root, 'www', 'icon.svg'), 'utf8');
const browser = await chromium.launch(config.use.launchOptions);
try {
  for (const size of ICON_SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`);
    await page.locator('img').evaluate((img) => img.decode());
    const file = path.join(root, 'www', `icon-${size}.png`);
    await page.screenshot({ path: file, omitBackground: true });
    console.log(`${path.relative(root, file)}: ${size}x${size}, ${fs.statSync(file).size} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
