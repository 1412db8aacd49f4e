// A step of the site build (scripts/build-site.mjs), before the build is stamped: splits the
// page's wasm in two, so that a first visit downloads only what its first screen runs.
//
// - The first part keeps the page's file name (lauzait-web-<hash>_bg.wasm) and everything
//   the first screen of a fresh visit (the new-game form) calls. The second part,
//   lauzait-web-<hash>_rest.wasm, holds the rest: the game, the lessons, the review, the
//   embeds. index.html's loader fetches it once the first part has started and links it in
//   (its comments tell how); src/web/rest.rs makes a start that is not a fresh visit wait
//   for it.
// - What the first screen calls is declared, not measured here: src/web/first-screen.txt lists
//   its functions by name (their crate disambiguators left out, scripts/wasm-names.mjs), and the
//   page's functions of those names stay in the first part. The list is written by
//   `make split-profile` (scripts/split-profile.mjs), which measures a first visit in headless
//   Chromium; the build never starts a browser, and the same sources split the same way.
//   A function the list does not name lands in the second part, which the loader can also
//   load at once should it be called early: a stale list is slower, never broken.
// - trunk's wasm-opt keeps the page's names (`-g`, index.html) and short-imports.mjs keeps
//   them too, so that the names can be matched; the two parts are written without them.
// - The first part imports its stand-ins from the module "p" and the rest imports the first
//   part's memory, tables and functions from the module "m" (wasm-split's "placeholder" and
//   "primary" by default: one-letter names, written once for each of several hundred
//   imports, are 0.45 KB gzip less); index.html's loader and src/web/bot-worker.js link by them.
// - wasm-split is Debian's binaryen 108 (scripts/setup.sh unpacks it into target/tools/).
//   It writes the export of the module's second table (wasm-bindgen's `externref` table)
//   as an export of the first; `fixTableExports` puts each table export back as the input
//   had it, in the binary export section (wasm-sections.mjs). wasm-opt (the npm binaryen
//   that trunk uses) then shrinks each part.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binaryenNames, functionNames, stableName } from './wasm-names.mjs';
import { exportsOf, rewriteImportsAndExports } from './wasm-sections.mjs';
// The features rustc enables, and how each part is optimised once split.
import { FEATURES, shrinkWasm } from './shrink-wasm.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const WASM_SPLIT = path.join(ROOT, 'target/tools/binaryen/usr/bin/wasm-split');
// The first screen's functions, written by `make split-profile`.
export const FIRST_SCREEN_LIST = path.join(ROOT, 'src/web/first-screen.txt');
// Where the build keeps each page module before its split, with its names, for
// `make split-profile` to measure (the name is the dist's glue's, with _bg.wasm).
/** The module names the parts import from: the stand-ins', and the first part's. */
export const PLACEHOLDER_NAMESPACE = 'p';
export const PRIMARY_NAMESPACE = 'm';
export const WHOLE_DIR = path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target/wasm'), 'split-page');

export function run(tool, args) {
  execFileSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

const TABLE = 1;

/** Rewrites `wasm` (in place) so that every table export of `original` names the table it
 *  named there (by index: imported tables first, as the binary format counts them). */
export function fixTableExports(original, wasm) {
  const want = new Map(exportsOf(readFileSync(original)).filter((e) => e.kind === TABLE).map((e) => [e.name, e.index]));
  // Exports wasm-split adds (the function table, as "table") are written right.
  const fixed = rewriteImportsAndExports(readFileSync(wasm), (i) => i, (e) =>
    e.kind === TABLE && want.has(e.name) ? { ...e, index: want.get(e.name) } : e);
  writeFileSync(wasm, fixed);
}

/** The names in `list` (one a line; `#` starts a comment), read as stable names. */
export function readList(list) {
  if (!existsSync(list)) throw new Error(`split-page: no ${list}: make split-profile writes it`);
  return new Set(
    readFileSync(list, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/** Writes to `file` the names of `wasm`'s defined functions that `list` names, one a line,
 *  as wasm-split's --keep-funcs reads them; returns how many there are and how many of the
 *  list's names the module lacks (a list gone stale: a new `make split-profile` is due). */
function keepList(wasm, list, file) {
  const wanted = readList(list);
  const { names, imported } = functionNames(wasm);
  const called = binaryenNames(names);
  const keep = [];
  const found = new Set();
  for (const [index, name] of names) {
    // A function without a name of its own (binaryen writes its index; wasm-bindgen's few
    // generated ones) cannot be listed, so it stays.
    const unnamed = /^\d+$/.test(name);
    if (index < imported || !(unnamed || wanted.has(stableName(name)))) continue;
    keep.push(called.get(index));
    if (!unnamed) found.add(stableName(name));
  }
  writeFileSync(file, keep.join('\n') + '\n');
  return { kept: keep.length, missing: wanted.size - found.size };
}

/** How many whole modules WHOLE_DIR keeps: the shipped site's and the test site's, with room
 *  for one more build of each (every build names its module anew, so without pruning the
 *  folder grows by about 1 MB a build). */
const WHOLE_KEPT = 4;

/** Removes all but the WHOLE_KEPT newest modules of WHOLE_DIR. */
function pruneWholeDir() {
  const modules = readdirSync(WHOLE_DIR)
    .filter((f) => f.endsWith('_bg.wasm'))
    .map((f) => ({ f, at: statSync(path.join(WHOLE_DIR, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of modules.slice(WHOLE_KEPT)) rmSync(path.join(WHOLE_DIR, f), { force: true });
}

const gzipKB = (file) => (execFileSync('gzip', ['-9c', file]).length / 1024).toFixed(1);

/** Splits the page's wasm in `staging` into its first part (its own name, rewritten) and
 *  the rest (`_rest.wasm` beside it); returns the rest's name. */
export function splitPage(staging) {
  const pages = readdirSync(staging).filter((f) => /^lauzait-web-[0-9a-f]+_bg\.wasm$/.test(f));
  if (pages.length !== 1) throw new Error(`split-page: expected one lauzait-web-*_bg.wasm in ${staging}, found ${pages.length}`);
  if (!existsSync(WASM_SPLIT)) throw new Error(`split-page: no ${WASM_SPLIT}: run make setup (scripts/setup.sh unpacks it)`);
  const pageWasm = pages[0];
  const restWasm = pageWasm.replace(/_bg\.wasm$/, '_rest.wasm');
  const tmp = mkdtempSync(path.join(tmpdir(), 'split-page-'));
  try {
    const whole = path.join(tmp, 'whole.wasm');
    cpSync(path.join(staging, pageWasm), whole);
    mkdirSync(WHOLE_DIR, { recursive: true });
    cpSync(whole, path.join(WHOLE_DIR, pageWasm));
    pruneWholeDir();
    const keep = path.join(tmp, 'keep.txt');
    const { kept, missing } = keepList(whole, FIRST_SCREEN_LIST, keep);

    const first = path.join(tmp, 'first.wasm');
    const rest = path.join(tmp, 'rest.wasm');
    run(WASM_SPLIT, [...FEATURES, whole, `--keep-funcs=@${keep}`, `--placeholder-namespace=${PLACEHOLDER_NAMESPACE}`,
      `--import-namespace=${PRIMARY_NAMESPACE}`, '-o1', first, '-o2', rest]);
    fixTableExports(whole, first);
    shrinkWasm(first);
    shrinkWasm(rest);
    cpSync(first, path.join(staging, pageWasm));
    cpSync(rest, path.join(staging, restWasm));
    console.log(`split-page: ${pageWasm} ${gzipKB(whole)} KB with its names → first screen ${gzipKB(first)} KB + rest ${gzipKB(rest)} KB (gzip -9), ${kept} functions kept`);
    // The list holds the test build's hooks too, which the shipped build lacks; many more
    // missing than those means the code moved on: `make split-profile` measures it again.
    if (missing > 0) console.log(`split-page: ${missing} names of ${path.relative(ROOT, FIRST_SCREEN_LIST)} not in this module (the test build's hooks, or a list due for make split-profile)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return restWasm;
}
