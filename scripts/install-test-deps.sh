#!/usr/bin/env bash
# Installs what the browser tests need, skipping what is already there: Chromium, chromedriver
# and CJK fonts from the system's packages, and the pinned npm packages of tests/
# (scripts/install-npm.sh).
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

"$(dirname "$0")/install-npm.sh"
