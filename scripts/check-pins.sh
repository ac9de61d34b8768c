#!/usr/bin/env bash
# Checks that Trunk.toml pins the same wasm-bindgen as Cargo.lock: Trunk runs the CLI of that
# version, and a CLI that differs from the crate by even a patch version breaks the build.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
need_var WASM_BINDGEN_VERSION
cd "$(dirname "$0")/.."
trunk_pin=$(sed -n 's/^wasm_bindgen *= *"\(.*\)"/\1/p' Trunk.toml)
[ "$trunk_pin" = "$WASM_BINDGEN_VERSION" ] ||
    fail "Trunk.toml pins wasm-bindgen ${trunk_pin:-nothing} but Cargo.lock has $WASM_BINDGEN_VERSION: make them equal"
echo "ok: Trunk.toml and Cargo.lock agree on wasm-bindgen $WASM_BINDGEN_VERSION"
