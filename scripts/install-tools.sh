#!/usr/bin/env bash
# Installs what the browser build needs, skipping what is already there:
# the wasm32 Rust target, Trunk, and the wasm-bindgen CLI matching the crate (which also brings
# wasm-bindgen-test-runner for the wasm tests), and binaryen's wasm-opt from npm (with the other
# npm packages of tests/, scripts/install-npm.sh). Versions come from tools.mk through make, and
# for npm from tests/package.json and its lock.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
need_var TRUNK_VERSION
need_var WASM_BINDGEN_VERSION
need_var WASM_TARGET

command -v rustup >/dev/null || fail "rustup is not installed: see https://rustup.rs"
command -v cargo >/dev/null || fail "cargo is not on PATH (add ~/.cargo/bin to PATH)"

# Built tools go to ~/.cargo/bin: make sure this shell finds them.
case ":$PATH:" in *":$HOME/.cargo/bin:"*) ;; *) export PATH="$HOME/.cargo/bin:$PATH" ;; esac

# Release builds of the tools without LTO and with parallel codegen: Trunk installs in about
# 8 minutes on 2 cores instead of far longer, and the tools run just as well.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16

if rustup target list --installed | grep -qx "$WASM_TARGET"; then
    echo "ok: Rust target $WASM_TARGET"
else
    say "installing the Rust target $WASM_TARGET (the game is compiled to WebAssembly)"
    rustup target add "$WASM_TARGET"
fi

installed_trunk=$(trunk --version 2>/dev/null | awk '{print $2}' || true)
if [ "$installed_trunk" = "$TRUNK_VERSION" ]; then
    echo "ok: trunk $TRUNK_VERSION"
else
    say "installing trunk $TRUNK_VERSION (builds and serves the web app; found: ${installed_trunk:-none}, takes 5-8 min)"
    cargo install --locked "trunk@$TRUNK_VERSION"
fi

installed_bindgen=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$installed_bindgen" = "$WASM_BINDGEN_VERSION" ] && command -v wasm-bindgen-test-runner >/dev/null; then
    echo "ok: wasm-bindgen-cli $WASM_BINDGEN_VERSION"
else
    say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (must match the wasm-bindgen crate exactly; found: ${installed_bindgen:-none}, takes ~5 min)"
    # Not --locked: the lock file published with wasm-bindgen-cli names a dependency version
    # that the registry no longer serves.
    cargo install --force "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
fi

# wasm-opt: npm's binaryen, pinned in tests/package.json (Debian's binaryen 108 emits a wasm that
# crashes in the browser). The Makefile puts tests/node_modules/.bin first on PATH for Trunk.
"$(dirname "$0")/install-npm.sh"
