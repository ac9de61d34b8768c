# The versions of every tool the build and the tests install, pinned here and only here.
# Read by the Makefile, which hands them to scripts/*.sh.

# Trunk 0.22 needs a newer rustc than the project's 1.95.
TRUNK_VERSION := 0.21.14

# wasm-bindgen-cli must be exactly the wasm-bindgen the crate links, which the `=` pin in the
# root Cargo.toml fixes. So it is read from Cargo.lock rather than written down a second time;
# scripts/check-pins.sh checks that Trunk.toml's [tools] wasm_bindgen says the same.
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"$$/\1/p;q;}' Cargo.lock)

# The Rust target of the browser build.
WASM_TARGET := wasm32-unknown-unknown

# Debian packages of the browser the tests drive (Playwright and wasm-bindgen-test-runner both
# use the system Chromium: nothing is downloaded outside the package registries).
BROWSER_PACKAGES := chromium chromium-driver
# Fonts with Korean and Chinese glyphs, so that the layout tests of those pages measure real
# text rather than the boxes a browser draws without them.
FONT_PACKAGES := fonts-noto-cjk

# The npm packages of the browser tests are pinned in tests/package.json and tests/package-lock.json.
