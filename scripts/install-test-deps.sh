#!/usr/bin/env bash
# Installs what the browser tests need, skipping what is already there: Chromium, chromedriver
# and CJK fonts from the system's packages, and the pinned npm packages of tests/.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
need_var BROWSER_PACKAGES
need_var FONT_PACKAGES
cd "$(dirname "$0")/.."

if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    echo "ok: $(chromium --version 2>/dev/null | head -n1)"
else
    # shellcheck disable=SC2086 # a list of package names
    apt_install "the browser the wasm and end-to-end tests drive" $BROWSER_PACKAGES
fi

# shellcheck disable=SC2086 # a list of package names
if dpkg-query -W -f='${Status}\n' $FONT_PACKAGES 2>/dev/null | grep -q 'install ok installed'; then
    echo "ok: $FONT_PACKAGES"
else
    # shellcheck disable=SC2086 # a list of package names
    apt_install "Korean and Chinese glyphs for the layout tests" $FONT_PACKAGES
fi

command -v npm >/dev/null || fail "Node.js and npm are not installed: the browser tests run on Node.js"
# A copy of the lock file that npm ci installed from marks the install as current.
stamp=tests/node_modules/.installed-package-lock.json
if cmp -s tests/package-lock.json "$stamp" 2>/dev/null; then
    echo "ok: npm packages of tests/"
else
    say "installing the npm packages of tests/ with npm ci (Playwright, the end-to-end test runner)"
    # Playwright drives the system Chromium: it must never download browsers of its own.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix tests --no-audit --no-fund
    cp tests/package-lock.json "$stamp"
fi
