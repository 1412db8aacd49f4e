#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): gives the site one build id and writes it where the
# page and the service worker read it, so that an update is never a mix of two builds.
#
# - First the page's wasm imports get short names (scripts/short-imports.mjs), the wasm
#   is split into the first screen's part and the rest by the list src/web/first-screen.txt
#   (scripts/split-page.mjs; no browser: `make split-profile` writes the list) and the
#   install's text files are minified (scripts/minify.mjs), so that the id covers the files
#   as served.
# - The id is a hash of every file trunk wrote (names and contents): a new build is a new
#   id with nothing to bump by hand.
# - The files whose names trunk cannot hash move into the folder build-<id>/: the
#   computer players' worker script, the rules oracle's worker and table mode's two modules.
#   index.html's <meta name="lauzait-build"> tells the page the id, so a page only ever
#   starts the workers of its own build (src/web/bots.rs, src/web/oracle.rs), even where an
#   HTTP cache still holds another build's; table.html too (its host's computer players,
#   crates/table-mode/src/host_screen/computer.rs, and its loader, static/table-loader.js,
#   which starts the host's or a phone's module from build-<id>/).
# - Each page's Content-Security-Policy gets the hashes of its inline scripts (scripts/csp.mjs).
# - sw.js gets the id (its cache's name) and the list of the build's files, which it caches
#   all at once when it installs (static/sw.js); files loaded only on request are left out.
set -euo pipefail
dir="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook (see Trunk.toml)}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
node "$here/short-imports.mjs" lauzait-phone.js
# The split opens the page in Chromium: its inline scripts must be allowed by then
# (scripts/csp.mjs; written again for the pages as served, below).
node "$here/csp.mjs" index.html
node "$here/split-page.mjs"
cd "$dir"

# The computer players' worker runs the page's own module (src/web/bot-worker.js): its
# script gets the names trunk gave the page's glue and wasm. Written before the id is
# computed, so that a change to the script alone is a new build too.
glue=(lauzait-web-*.js)
[ "${#glue[@]}" -eq 1 ] && [ -f "${glue[0]}" ] && [ -f "${glue[0]%.js}_bg.wasm" ] \
  || { echo "stamp-build: not one lauzait-web-<hash>.js beside its _bg.wasm in $dir" >&2; exit 1; }
grep -q '"\./lauzait-web\.js"' "$here/../src/web/bot-worker.js" && grep -q '"\./lauzait-web_bg\.wasm"' "$here/../src/web/bot-worker.js" \
  || { echo "stamp-build: src/web/bot-worker.js does not load ./lauzait-web.js and its wasm" >&2; exit 1; }
sed -e "s|\"\./lauzait-web\.js\"|\"../${glue[0]}\"|" -e "s|\"\./lauzait-web_bg\.wasm\"|\"../${glue[0]%.js}_bg.wasm\"|" \
  "$here/../src/web/bot-worker.js" > lauzait-bot-worker.js

# trunk's loader of the rules oracle's worker starts the module with a promise nobody awaits:
# a module that cannot load (offline: the oracle is not cached) would leave the page waiting
# for ever. Its rejection is thrown again outside the promise, so that it reaches the page
# as the worker's error event and every waiting request gets an error line (web/oracle.rs).
oracle_start='wasm_bindgen("./lauzait-oracle_bg.wasm");'
grep -qF "$oracle_start" lauzait-oracle_loader.js \
  || { echo "stamp-build: the oracle's loader does not start ./lauzait-oracle_bg.wasm as expected" >&2; exit 1; }
sed -i.orig 's|wasm_bindgen("\./lauzait-oracle_bg\.wasm");|wasm_bindgen("./lauzait-oracle_bg.wasm").catch((e) => setTimeout(() => { throw e; }));|' \
  lauzait-oracle_loader.js
rm -f lauzait-oracle_loader.js.orig

# What an offline install downloads, without comments and white space (scripts/minify.mjs);
# before the id, which covers the files as served. sw.js follows once it is stamped.
node "$here/minify.mjs" "${glue[0]}" lauzait-bot-worker.js index.html rules.html static/embed.js \
  table.html static/table-loader.js lauzait-table.js lauzait-phone.js

# A phone's module gets the passes each part of the page's gets (scripts/split-page.mjs), on
# top of trunk's -Oz: about 3 KB gzip less of the phone's download (BENCHMARKS.md).
node "$here/shrink-wasm.mjs" lauzait-phone_bg.wasm

if command -v sha256sum >/dev/null; then sha256=(sha256sum); else sha256=(shasum -a 256); fi

# static/ is copied whole; the service worker is the copy beside index.html.
rm -f static/sw.js
[ -f sw.js ] && [ -f index.html ] || { echo "stamp-build: sw.js or index.html missing in $dir" >&2; exit 1; }

build=$(find . -type f ! -name sw.js ! -path '*/.*' -print0 | LC_ALL=C sort -z | xargs -0 "${sha256[@]}" | "${sha256[@]}" | cut -c1-16)

mkdir "build-$build"
mv lauzait-bot-worker.js "build-$build/"
mv lauzait-oracle_loader.js lauzait-oracle.js lauzait-oracle_bg.wasm "build-$build/"
mv lauzait-table.js lauzait-table_bg.wasm lauzait-phone.js lauzait-phone_bg.wasm "build-$build/"

# index.html and table.html (whose host runs its computer players in the same worker):
# <meta name="lauzait-build" content="dev" /> → this build.
for page in index.html table.html; do
  grep -q '<meta name="lauzait-build" content="dev"' "$page" || { echo "stamp-build: no build meta in $page" >&2; exit 1; }
  sed -i.orig "s|<meta name=\"lauzait-build\" content=\"dev\"|<meta name=\"lauzait-build\" content=\"$build\"|" "$page"
  rm -f "$page.orig"
done
# table.html's loader (static/table-loader.js) starts its module from build-<id>/, named by
# that meta: nothing in it is rewritten.

# Each page's Content-Security-Policy allows its inline scripts, as served, by their hashes
# (scripts/csp.mjs): the last change to the pages.
node "$here/csp.mjs" index.html rules.html table.html

# sw.js: const BUILD = "dev"; const FILES = []; const TABLE_FILES = []; → this build and its files.
# FILES, precached when the worker installs: the game's files, what every visitor gets offline.
# TABLE_FILES, table mode's (table.html, its loader and its two modules), cached all together
# the first time table.html is opened: a table set up offline (a hotspot with no Internet, a
# reload mid-game) still loads, on the tablet and on a phone that visited once, and a visitor
# who never opens table mode does not download it. Left out of both: the rules oracle's
# worker (window.lauzait.analyze, for tools and tests), which comes from the network when asked.
list() { sed 's|^\./||' | LC_ALL=C sort | sed 's|.*|  "&",|'; }
table_files=$(find . -type f \( -name table.html -o -name table-loader.js -o -name 'lauzait-table*' -o -name 'lauzait-phone*' \) | list)
files=$(find . -type f ! -name sw.js ! -path '*/.*' ! -name 'lauzait-oracle*' \
  ! -name table.html ! -name table-loader.js ! -name 'lauzait-table*' ! -name 'lauzait-phone*' | list)
BUILD="$build" FILES="$files" TABLE_FILES="$table_files" awk '
  /^const BUILD = "dev";$/ { print "const BUILD = \"" ENVIRON["BUILD"] "\";"; next }
  /^const FILES = \[\];$/ { print "const FILES = ["; print ENVIRON["FILES"]; print "];"; next }
  /^const TABLE_FILES = \[\];$/ { print "const TABLE_FILES = ["; print ENVIRON["TABLE_FILES"]; print "];"; next }
  { print }
' sw.js > sw.js.new
grep -q "^const BUILD = \"$build\";" sw.js.new || { echo "stamp-build: sw.js has no BUILD line" >&2; exit 1; }
mv sw.js.new sw.js
node "$here/minify.mjs" sw.js
echo "stamp-build: build $build, $(printf '%s\n' "$files" | wc -l) files precached, $(printf '%s\n' "$table_files" | wc -l) of table mode's on its first visit"
