#!/usr/bin/env bash
# Installs the pinned npm packages of tests/ (tests/package.json and its lock), skipping the
# install when it is current: binaryen, whose wasm-opt the web build runs (Trunk.toml), and
# Playwright with axe for the browser tests. Run by both `make play` (the build needs wasm-opt)
# and `make test`.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."

command -v npm >/dev/null || fail "Node.js and npm are not installed: the build's wasm-opt and the browser tests run on Node.js"
# A copy of the lock file that npm ci installed from marks the install as current.
stamp=tests/node_modules/.installed-package-lock.json
if cmp -s tests/package-lock.json "$stamp" 2>/dev/null; then
    echo "ok: npm packages of tests/ (binaryen, Playwright)"
else
    say "installing the npm packages of tests/ with npm ci (binaryen's wasm-opt, Playwright)"
    # Playwright drives the system Chromium: it must never download browsers of its own.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix tests --no-audit --no-fund
    cp tests/package-lock.json "$stamp"
fi
