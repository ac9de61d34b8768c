#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml): the site's pages, then the service worker that keeps
# every built file (the pages included) offline. One after the other: the worker's list is
# read from the folder the pages are written to. Both read $TRUNK_STAGING_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --quiet -p site --
cargo run --quiet -p precache --
