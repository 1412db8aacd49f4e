#!/usr/bin/env bash
# make profile-redraw: where a full redraw of the table spends its time, by function (BENCHMARKS.md,
# "Redraw"). Run after `make wasm-build` (the Makefile does): it copies dist/ aside, puts in it the
# page's module bound and optimised as trunk does but with its names kept, and has headless
# Chromium profile window.lauzait.benchRedraw on the table of perf.test.mjs
# (tests/browser/profile-redraw.mjs). Not part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
wasm=target/wasm/wasm32-unknown-unknown/wasm-release/lauzait-web.wasm
[ -f "$wasm" ] && [ -f dist/index.html ] || { echo "profile-redraw: run make wasm-build first" >&2; exit 1; }
PATH="$PATH:${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/tools/web-build/node_modules/.bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -a dist "$tmp/dist"
wasm-bindgen --keep-debug --target web --out-dir "$tmp/bound" "$wasm"
source scripts/wasm-opt-features.sh
shipped_wasm=("$tmp"/dist/lauzait-web-*_bg.wasm)
shipped_js=("$tmp"/dist/lauzait-web-*.js)
wasm-opt -Oz -g "${WASM_OPT_FEATURES[@]}" "$tmp/bound/lauzait-web_bg.wasm" -o "${shipped_wasm[0]}"
cp "$tmp/bound/lauzait-web.js" "${shipped_js[0]}"
cd tests/browser && DIST="$tmp/dist" node profile-redraw.mjs
