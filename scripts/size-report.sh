#!/usr/bin/env bash
# make size [BIN=lauzait-web]: what the bytes of one of the site's wasm modules are, by part
# of the code (scripts/size-report.mjs). Run after `make wasm-build` (the Makefile does): it
# takes cargo's output for BIN (names kept), binds it and runs wasm-opt as trunk does, with
# the names kept, and asks twiggy (installed with cargo when missing) for every item's size.
# Also prints the shipped file's gzip -9 size for scale. Not part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-lauzait-web}"
# (The computer players' worker runs lauzait-web's module: src/web/bot-worker.js.)
case "$bin" in
  lauzait-web | lauzait-table | lauzait-phone | lauzait-relayed | lauzait-remote | lauzait-oracle | lauzait-rater | lauzait-embed) profile=wasm-release; opt=-Oz ;;
  *) echo "size-report: BIN is one of lauzait-web, lauzait-table, lauzait-phone, lauzait-relayed, lauzait-remote, lauzait-oracle, lauzait-rater, lauzait-embed" >&2; exit 2 ;;
esac
wasm="target/wasm/wasm32-unknown-unknown/$profile/$bin.wasm"
[ -f "$wasm" ] || { echo "size-report: $wasm is missing; run make wasm-build first" >&2; exit 1; }
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
if ! command -v twiggy >/dev/null && [ ! -x "$cargo_bin/twiggy" ]; then
  echo "size-report: installing twiggy (cargo install twiggy --locked)"
  "${CARGO:-cargo}" install twiggy --locked
fi
PATH="$PATH:$cargo_bin:$PWD/tools/web-build/node_modules/.bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wasm-bindgen --keep-debug --target no-modules --out-dir "$tmp" "$wasm"
source scripts/wasm-opt-features.sh
wasm-opt "$opt" -g "${WASM_OPT_FEATURES[@]}" "$tmp/${bin}_bg.wasm" -o "$tmp/named.wasm"
wasm-opt --strip-debug --strip-producers "${WASM_OPT_FEATURES[@]}" "$tmp/named.wasm" -o "$tmp/shipped.wasm"
echo "$bin: $(stat -c %s "$tmp/shipped.wasm") bytes as shipped, $(gzip -9c "$tmp/shipped.wasm" | wc -c) gzip -9"
twiggy top --format csv -n 1000000 "$tmp/named.wasm" | node scripts/size-report.mjs
