# Lauzait Cep! — build, test and serve. See README.md.
#
#   make play    install what is missing, then serve the game at http://127.0.0.1:8080
#   make test    the lint gates, native tests (cargo test, release build with overflow checks), the wasm build, the split list's check, the browser tests
#   make dist    the static site in dist/
#   make bench   cargo bench
#   make fuzz    fuzz the notation, save and analyze readers (FUZZ_SECONDS, default 600; not in make test)
#   make bench-check BASE=<rev>   HEAD's speed against BASE's, side by side (scripts/bench-check.sh)
#   make lighthouse  Lighthouse (mobile) on index.html, rules.html and table.html of dist/ (not in make test)
#   make size [BIN=lauzait-web]   what a wasm module's bytes are, by part of the code (not in make test)
#   make split-profile  measure the first screen's functions into src/web/first-screen.txt (not in make test)
#   make profile-redraw  where a full redraw of the table spends its time, by function (not in make test)
#   make deal-timing  a deal by all the devices in headless Chromium, CPU at full speed and slowed 4x (not in make test)
#   make lint    cargo fmt --check, clippy natively and for wasm (part of make test)
#   make setup   only install what is missing (scripts/setup.sh)
#
# Native code uses the ordinary rustup toolchain. The wasm build uses Debian's rustc-web with
# a std built from source (build-std), so its variables are set for trunk only (WASM_ENV) and
# it has its own target dir (target/wasm): the two toolchains never share build output.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.NOTPARALLEL:
.DEFAULT_GOAL := help

CARGO_BIN := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin
# The rustup cargo, even when /usr/bin (Debian's cargo-web) comes first on PATH.
CARGO := $(if $(wildcard $(CARGO_BIN)/cargo),$(CARGO_BIN)/cargo,cargo)
TRUNK := $(CARGO_BIN)/trunk
# The build's node tools (wasm-opt, esbuild, html-minifier-terser): their own package, tools/web-build/.
NODE_BIN := $(CURDIR)/tools/web-build/node_modules/.bin
# The site the browser tests play: dist/ with the test hooks (tests/browser/helpers.mjs).
TEST_SITE := $(CURDIR)/target/wasm-test/site

# The wasm build environment of the shared toolchain notes (TOOLCHAIN.md), plus a separate target dir.
# For size (BENCHMARKS.md, "Download size"): std and our code built with panic=immediate-abort
# (a panic is a wasm trap, without the formatting of its message), std's optimize_for_size
# (one small sort instead of a dozen monomorphised fast ones), and no `{:?}` output nor panic
# locations (-Zfmt-debug=none -Zlocation-detail=none: a message names a piece, an action or a
# board through its Display, never through Debug, which prints nothing in the browser), and
# LLVM's inliner at threshold 0 (only a function called once is inlined: -1.1 KB on the install;
# the Strong player's decisions measured as fast side by side, BENCHMARKS.md).
#
# The same sources give the same bytes from any folder: the paths rustc could write into the
# code (the workspace, cargo's registry, the std sources build-std compiles) are remapped to
# fixed names (BENCHMARKS.md, "Same bytes from any folder"; the folders must not hold spaces).
WASM_STD_SRC := $(shell /usr/bin/rustc --print sysroot 2>/dev/null)/lib/rustlib/src/rust
WASM_REMAP := --remap-path-prefix=$(CURDIR)=/lauzait \
	--remap-path-prefix=$(or $(CARGO_HOME),$(HOME)/.cargo)/registry/src=/cargo-registry \
	--remap-path-prefix=$(WASM_STD_SRC)=/rust-src \
	$(if $(realpath $(WASM_STD_SRC)),--remap-path-prefix=$(realpath $(WASM_STD_SRC))=/rust-src)
WASM_ENV := PATH="/usr/bin:$$PATH:$(CARGO_BIN):$(NODE_BIN)" \
	RUSTC_BOOTSTRAP=1 \
	CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
	CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size \
	RUSTFLAGS='-C linker=wasm-ld --cfg getrandom_backend="wasm_js" -Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Zlocation-detail=none -Cllvm-args=-inline-threshold=0 $(strip $(WASM_REMAP))' \
	CARGO_TARGET_DIR="$(CURDIR)/target/wasm"

.PHONY: help setup play test dist bench fuzz bench-check lighthouse size profile-redraw deal-timing split-profile lint native-test wasm-build split-check browser-test clean

help:
	@sed -n '3,16p' Makefile | sed 's/^# *//'

setup:
	bash scripts/setup.sh

# Served from its own folder: trunk serve injects a live-reload script, which dist/ must not get.
play: setup
	$(WASM_ENV) $(TRUNK) serve --release --dist target/wasm/serve

test: setup
	$(MAKE) --no-print-directory lint native-test wasm-build split-check browser-test

dist: setup
	$(MAKE) --no-print-directory wasm-build

bench:
	$(CARGO) bench

# Installs cargo-fuzz and the seed corpus when missing; see scripts/fuzz.sh and docs/fuzzing.md.
fuzz:
	bash scripts/fuzz.sh

# Not part of make test: it builds BASE too and takes minutes. BASE defaults to where HEAD left main.
BASE ?=
bench-check:
	CARGO=$(CARGO) bash scripts/bench-check.sh $(BASE)

# Not part of make test (throttled scores vary from run to run): builds the site, installs the
# pinned Lighthouse into tests/lighthouse/node_modules when missing or older than its lock, and
# runs its mobile preset on index.html, rules.html and table.html (tests/lighthouse/run.mjs; docs/lighthouse.md).
LIGHTHOUSE_DIR := tests/lighthouse
lighthouse: setup
	$(MAKE) --no-print-directory wasm-build
	if [ ! -d $(LIGHTHOUSE_DIR)/node_modules/lighthouse ] || [ $(LIGHTHOUSE_DIR)/package-lock.json -nt $(LIGHTHOUSE_DIR)/node_modules/.package-lock.json ]; then \
		cd $(LIGHTHOUSE_DIR) && npm ci --no-audit --no-fund --loglevel=error; fi
	cd $(LIGHTHOUSE_DIR) && node run.mjs

# Not part of make test: a CPU profile of the table's full redraw in headless Chromium, by
# function, with the page's module built with its names kept (BENCHMARKS.md, "Redraw").
profile-redraw: setup
	$(MAKE) --no-print-directory wasm-build
	bash scripts/profile-redraw.sh

# Not part of make test: each device's time for a Season's deal by all the devices, simulated in
# the test build of play by turns' page (tests/browser/deal-timing.mjs; DEAL-PROTOCOL.md, "Measured").
deal-timing: setup
	$(MAKE) --no-print-directory wasm-build
	cd tests/browser && node deal-timing.mjs

# Not part of make test: twiggy (installed when missing) on the module built with its names
# kept, grouped by part of the code (scripts/size-report.sh; BENCHMARKS.md, "Download size").
BIN ?= lauzait-web
size: setup
	$(MAKE) --no-print-directory wasm-build
	CARGO=$(CARGO) bash scripts/size-report.sh $(BIN)

# Not part of make test nor of the build: measures in headless Chromium which of the page's
# functions a first visit's first screen runs, in both sites, and writes their names to
# src/web/first-screen.txt, which the build's split reads (scripts/split-profile.mjs). Commit the
# list; the next build splits by it.
split-profile: setup
	$(MAKE) --no-print-directory wasm-build
	node scripts/split-profile.mjs dist $(TEST_SITE)

# Formatting and clippy warnings fail the build, for the native code (engine, bots, UI core,
# tools, tests) and for the wasm code (the web shell, only compiled for wasm32), which is
# linted with Debian's clippy of the wasm compiler in its own target dir.
lint: setup
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --release --all-targets -- -D warnings
	for features in "" "--features=lauzait-cep/test-hooks"; do \
		$(WASM_ENV) CARGO_TARGET_DIR="$(CURDIR)/target/wasm-clippy" /usr/bin/cargo clippy --release \
			--target wasm32-unknown-unknown $$features \
			--workspace --exclude lauzait-tools --lib --bins -- -D warnings; \
	done

# --- steps without the setup check (used by the targets above) ----------------------------
native-test:
	$(CARGO) test --workspace --profile test-release

# Two builds of the site: dist/, as shipped, and the browser tests' build with the test hooks
# (feature test-hooks of the root package: window.lauzait.state() and the rest,
# docs/automation-hook.md) in $(TEST_SITE). They share one target dir: the feature is the
# web shell's alone, so std and every other crate are compiled once, and only the shell's
# crate and the final link differ (each kept under its own hash, so neither build undoes
# the other's).
wasm-build:
	$(WASM_ENV) $(TRUNK) build --release
	$(WASM_ENV) $(TRUNK) build --release --features test-hooks --dist $(TEST_SITE)

# Every name of src/web/first-screen.txt is a function of a built page (scripts/split-check.mjs):
# a name renamed or moved since make split-profile says so here, before the browser tests.
split-check:
	node scripts/split-check.mjs dist $(TEST_SITE)

browser-test:
	cd tests/browser && node --test --test-concurrency=1

clean:
	rm -rf dist target/wasm target/wasm-test tests/browser/artifacts
