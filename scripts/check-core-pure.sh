#!/usr/bin/env bash
# The page's core (crates/page-core) is pure by construction: no browser crate anywhere in its
# dependency tree, for any target. Fails, naming them, if web-sys, js-sys, wasm-bindgen or gloo
# has crept in.
set -euo pipefail
found=$(cargo tree -p page-core -e normal --target all --prefix none | grep -E '^(web-sys|js-sys|wasm-bindgen|gloo)' | sort -u || true)
if [ -n "$found" ]; then
  echo "page-core depends on browser crates:" >&2
  echo "$found" >&2
  exit 1
fi
echo "page-core: no browser crate in its dependency tree"
