# 2048 in Rust + WebAssembly.
#   make play  installs the build tools where missing, builds the release and serves it on
#              http://127.0.0.1:8080
#   make test  installs the build and test tools where missing, then runs every test suite
# Both are idempotent: installed tools are skipped. Tool versions are pinned in tools.mk.

include tools.mk

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
# The test steps must run one after another, in order, even under `make -j`.
.NOTPARALLEL:

# Tools installed by `cargo install` land in ~/.cargo/bin, which a fresh shell may not list yet;
# npm's binaryen puts the wasm-opt that Trunk runs in tests/node_modules/.bin, ahead of any
# other wasm-opt (Debian's binaryen 108 breaks the wasm).
export PATH := $(CURDIR)/tests/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# Trunk must not look for a newer version of itself online (builds are offline).
export TRUNK_SKIP_VERSION_CHECK := true
export TRUNK_VERSION WASM_BINDGEN_VERSION WASM_TARGET BROWSER_PACKAGES FONT_PACKAGES

# Where `make test` collects each step's outcome and time for its closing summary.
STEP_LOG := $(CURDIR)/target/make-test-steps.tsv
export STEP_LOG

# `$(call step,NAME,COMMAND)` runs COMMAND under a banner and reports how long it took.
step = scripts/step.sh "$(1)" $(2)

.PHONY: play test tools test-deps check-pins fmt clippy test-native test-wasm build size e2e bench-browser clean

play: tools check-pins
	trunk serve --release

# Runs every step in order (make stops at the first failure), then a summary of the steps'
# times, closing on a 'suites: N passed, 0 failed' line.
test:
	@mkdir -p target && rm -f $(STEP_LOG)
	@$(MAKE) --no-print-directory tools test-deps check-pins fmt clippy test-native test-wasm build size e2e \
		|| { scripts/summary.sh $(STEP_LOG) || true; exit 1; }
	@scripts/summary.sh $(STEP_LOG)

tools:
	@scripts/install-tools.sh

test-deps:
	@scripts/install-test-deps.sh

check-pins:
	@scripts/check-pins.sh

fmt:
	@$(call step,cargo fmt --check,cargo fmt --all --check)

# Natively for the whole workspace, and for the wasm target for the browser crate, whose
# wasm-only code (its browser tests) the native pass does not see.
clippy:
	@$(call step,clippy (native),cargo clippy --workspace --all-targets -- -D warnings)
	@$(call step,clippy (wasm-ui for wasm),cargo clippy -p wasm-ui --target $(WASM_TARGET) --all-targets -- -D warnings)
	@$(call step,page-core free of browser crates,scripts/check-core-pure.sh)
	@$(call step,cargo doc (no warnings),env RUSTDOCFLAGS='-D warnings' cargo doc --workspace --no-deps --quiet)

# wasm-ui's native tests cover its pure parts (key mapping); its DOM tests run in test-wasm.
test-native:
	@$(call step,cargo test (native),cargo test --workspace)

# Runs in headless Chromium through wasm-bindgen-test-runner (the runner in .cargo/config.toml).
test-wasm:
	@$(call step,cargo test (wasm in Chromium),cargo test -p wasm-ui --target $(WASM_TARGET))

build:
	@$(call step,trunk build --release,trunk build --release)

# What the game page loads before the board can be played (HTML, CSS, boot.js and the first
# board's program), gzipped, against its budget (declared in scripts/first-load.mjs).
size:
	@$(call step,first-load size budget,node scripts/first-load.mjs --budget)

e2e:
	@$(call step,Playwright end-to-end,npm --prefix tests test)

# Not a test: hint latency (p50/p99) on 50 fixed boards, Strong and Spec in the worker against
# native on the same boards (decisions must match), and Autoplay's rate and dropped frames on a
# phone-sized page, in headless Chromium against the release build.
# Options: make bench-browser BENCH_ARGS='--json FILE --port N' (see scripts/bench-browser.mjs).
bench-browser: tools test-deps check-pins build
	node scripts/bench-browser.mjs $(BENCH_ARGS)

clean:
	cargo clean
	rm -rf dist test-results
