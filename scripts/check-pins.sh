#!/usr/bin/env bash
# Checks that Trunk.toml pins the same wasm-bindgen as Cargo.lock: Trunk runs the CLI of that
# version, and a CLI that differs from the crate by even a patch version breaks the build. And
# that the wasm-opt on PATH is the one Trunk.toml asks for (npm's binaryen of tests/package.json).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
need_var WASM_BINDGEN_VERSION
cd "$(dirname "$0")/.."
trunk_pin=$(sed -n 's/^wasm_bindgen *= *"\(.*\)"/\1/p' Trunk.toml)
[ "$trunk_pin" = "$WASM_BINDGEN_VERSION" ] ||
    fail "Trunk.toml pins wasm-bindgen ${trunk_pin:-nothing} but Cargo.lock has $WASM_BINDGEN_VERSION: make them equal"
echo "ok: Trunk.toml and Cargo.lock agree on wasm-bindgen $WASM_BINDGEN_VERSION"

opt_pin=$(sed -n 's/^wasm_opt *= *"\(.*\)"/\1/p' Trunk.toml)
opt_found=$(wasm-opt --version 2>/dev/null | sed -n 's/.*(\(version_[0-9]*\)).*/\1/p' || true)
npm_pin=$(sed -n 's/.*"binaryen": *"\([0-9]*\)\..*/version_\1/p' tests/package.json)
[ "$opt_pin" = "$npm_pin" ] ||
    fail "Trunk.toml asks for wasm-opt ${opt_pin:-nothing} but tests/package.json pins binaryen ${npm_pin:-nothing}: make them equal"
[ "$opt_found" = "$opt_pin" ] ||
    fail "the wasm-opt on PATH ($(command -v wasm-opt || echo none): ${opt_found:-no version}) is not $opt_pin: run make tools (it installs tests/package.json's binaryen) and put tests/node_modules/.bin first on PATH"
echo "ok: wasm-opt $opt_pin (npm binaryen, tests/package.json)"
