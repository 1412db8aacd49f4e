#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): gives the site one build id and writes it where the
# page and the service worker read it, so that an update is never a mix of two builds.
#
# - The id is a hash of every file trunk wrote (names and contents): a new build is a new
#   id with nothing to bump by hand.
# - The workers' files (trunk cannot hash their names) move into the folder workers-<id>/:
#   the computer players' worker and the rules oracle's. index.html's
#   <meta name="lauzait-build"> tells the page the id, so a page only ever starts the
#   workers of its own build (src/web/bots.rs, src/web/oracle.rs), even where an HTTP cache
#   still holds another build's; table.html too (its host's computer players,
#   src/web/table/computer.rs).
# - sw.js gets the id (its cache's name) and the list of the build's files, which it caches
#   all at once when it installs (static/sw.js); files loaded only on request are left out.
set -euo pipefail
dir="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook (see Trunk.toml)}"
cd "$dir"

if command -v sha256sum >/dev/null; then sha256=(sha256sum); else sha256=(shasum -a 256); fi

# static/ is copied whole; the service worker is the copy beside index.html.
rm -f static/sw.js
[ -f sw.js ] && [ -f index.html ] || { echo "stamp-build: sw.js or index.html missing in $dir" >&2; exit 1; }

build=$(find . -type f ! -name sw.js ! -path '*/.*' -print0 | LC_ALL=C sort -z | xargs -0 "${sha256[@]}" | "${sha256[@]}" | cut -c1-16)

mkdir "workers-$build"
mv lauzait-bot-worker_loader.js lauzait-bot-worker.js lauzait-bot-worker_bg.wasm "workers-$build/"
mv lauzait-oracle_loader.js lauzait-oracle.js lauzait-oracle_bg.wasm "workers-$build/"

# index.html and table.html (whose host runs its computer players in the same worker):
# <meta name="lauzait-build" content="dev" /> → this build.
for page in index.html table.html; do
  grep -q '<meta name="lauzait-build" content="dev"' "$page" || { echo "stamp-build: no build meta in $page" >&2; exit 1; }
  sed -i.orig "s|<meta name=\"lauzait-build\" content=\"dev\"|<meta name=\"lauzait-build\" content=\"$build\"|" "$page"
  rm -f "$page.orig"
done

# sw.js: const BUILD = "dev"; const FILES = []; → this build and its files.
# Precached: every file but those loaded only on request — the rules oracle's worker
# (window.lauzait.analyze, for tools and tests) and table mode (table.html and its wasm,
# which needs the site's address anyway: the phones open it from there). They come from the
# network when asked, so an offline install downloads only what a game needs.
files=$(find . -type f ! -name sw.js ! -path '*/.*' ! -name 'lauzait-oracle*' ! -name 'lauzait-table*' ! -name table.html \
  | sed 's|^\./||' | LC_ALL=C sort | sed 's|.*|  "&",|')
BUILD="$build" FILES="$files" awk '
  /^const BUILD = "dev";$/ { print "const BUILD = \"" ENVIRON["BUILD"] "\";"; next }
  /^const FILES = \[\];$/ { print "const FILES = ["; print ENVIRON["FILES"]; print "];"; next }
  { print }
' sw.js > sw.js.new
grep -q "^const BUILD = \"$build\";" sw.js.new || { echo "stamp-build: sw.js has no BUILD line" >&2; exit 1; }
mv sw.js.new sw.js
echo "stamp-build: build $build, $(printf '%s\n' "$files" | wc -l) files"
