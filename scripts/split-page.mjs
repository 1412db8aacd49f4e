// Run by stamp-build.sh (trunk's post_build hook) before it stamps the build: splits the page's wasm in
// two, so that a first visit downloads only what its first screen runs.
//
// - The first part keeps the page's file name (lauzait-web-<hash>_bg.wasm) and everything
//   the first screen of a fresh visit (the new-game form) calls. The second part,
//   lauzait-web-<hash>_rest.wasm, holds the rest: the game, the lessons, the review, the
//   embeds. index.html's loader fetches it once the first part has started and links it in
//   (its comments tell how); src/web/rest.rs makes a start that is not a fresh visit wait
//   for it.
// - What the first screen calls is measured, not listed: binaryen's wasm-split instruments
//   the module, headless Chromium opens the page as a first visitor would (English on a
//   desktop, Japanese on a phone), and the functions it ran stay in the first part. A
//   function the first screen did not run lands in the second part, which the loader can
//   also load at once should it be called early: a stale split is slower, never broken.
// - wasm-split is Debian's binaryen 108 (scripts/setup.sh unpacks it into target/tools/).
//   It writes the export of the module's second table (wasm-bindgen's `externref` table)
//   as an export of the first; `fixTableExports` puts each table export back as the input
//   had it. wasm-opt (the npm binaryen that trunk uses) then shrinks each part.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setPreloadIntegrity } from './integrity.mjs';
import { startServer, launchChromium } from '../tests/browser/helpers.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const WASM_SPLIT = path.join(ROOT, 'target/tools/binaryen/usr/bin/wasm-split');
const BINARYEN = path.join(ROOT, 'tools/web-build/node_modules/binaryen/bin');
// The features rustc enables, as the shell scripts read them (scripts/wasm-opt-features.sh).
const FEATURES = readFileSync(path.join(ROOT, 'scripts/wasm-opt-features.sh'), 'utf8').match(/--enable-[a-z-]+/g);
// How each part is optimised once split: binaryen's relooper rebuilds every function's
// control flow from its flattened form, then -Oz twice (1.3 KB gzip less than -Oz alone over
// both parts; the Strong player's decisions measured as fast, BENCHMARKS.md); and with
// `--low-memory-unused`, a constant added to an address goes into the load or store's offset
// (-1.0 KB). That assumes no access below address 1024: Rust puts its 1 MB stack first, from
// address 0 up to where the data begins, so only a stack within 1 KB of overflowing reaches
// there.
const PART_PASSES = ['--low-memory-unused', '--flatten', '--rereloop', '-Oz', '-Oz'];
// The first visits measured: each browser's first screen, its language and its layout.
const FIRST_VISITS = [
  { locale: 'en-US', viewport: { width: 1280, height: 800 } },
  { locale: 'ja-JP', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];

function run(tool, args) {
  execFileSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

const tableExports = (wat) => [...wat.matchAll(/\(export "([^"]+)" \(table (\$\w+)\)\)/g)];

/** Rewrites `wasm` (in place, through its text form) so that every table export of
 *  `original` names the table it named there, and optimises it with `passes`. */
function fixTableExports(original, wasm, tmp, passes) {
  const text = path.join(tmp, 'module.wat');
  const disassemble = (file) => {
    run(path.join(BINARYEN, 'wasm-dis'), [file, '-o', text]);
    return readFileSync(text, 'utf8');
  };
  const want = new Map(tableExports(disassemble(original)).map((m) => [m[1], m[2]]));
  let wat = disassemble(wasm);
  // Exports wasm-split adds (the function table, as "table") are written right.
  for (const [whole, name] of tableExports(wat)) {
    if (want.has(name)) wat = wat.replace(whole, `(export "${name}" (table ${want.get(name)}))`);
  }
  writeFileSync(text, wat);
  if (passes.length === 0) run(path.join(BINARYEN, 'wasm-as'), [...FEATURES, text, '-o', wasm]);
  else run(path.join(BINARYEN, 'wasm-opt'), [...FEATURES, ...passes, text, '-o', wasm]);
}

/** The page's functions that the first screens ran, as a wasm-split profile. */
async function profileFirstScreens(staging, pageWasm, instrumented, tmp) {
  const site = path.join(tmp, 'site');
  cpSync(staging, site, { recursive: true });
  cpSync(instrumented, path.join(site, pageWasm));
  // The instrumented module is another file than the one index.html's integrity names.
  const index = path.join(site, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace(/ integrity="[^"]*"/g, ''));
  const server = await startServer(site);
  const browser = await launchChromium();
  const profiles = [];
  try {
    for (const [i, visit] of FIRST_VISITS.entries()) {
      const context = await browser.newContext({ ...visit, serviceWorkers: 'block' });
      const page = await context.newPage();
      // Keeps the instance's exports where this script can reach them; the page's own
      // loader (index.html) wraps this wrapper, so both see the instance.
      await page.addInitScript(() => {
        const instantiate = WebAssembly.instantiateStreaming;
        WebAssembly.instantiateStreaming = async (...args) => {
          const result = await instantiate(...args);
          window.splitProfileExports = result.instance.exports;
          return result;
        };
      });
      await page.goto(server.url);
      await page.waitForFunction(() => window.lauzait?.ready === true, null, { timeout: 60_000 });
      // What the browser may send before any click: the window resized (a phone turned, its
      // address bar hiding) and back. Offline, the rest cannot be fetched synchronously (the
      // service worker does not answer a synchronous request), so these stay in the first part.
      const { width, height } = visit.viewport;
      await page.setViewportSize({ width: height, height: width });
      await page.waitForTimeout(200);
      await page.setViewportSize(visit.viewport);
      await page.waitForTimeout(200);
      const bytes = await page.evaluate(() => {
        const exports = window.splitProfileExports;
        const at = exports.memory.grow(4) * 65536;
        const length = exports.__write_profile(at, 4 * 65536);
        return Array.from(new Uint8Array(exports.memory.buffer, at, length));
      });
      const file = path.join(tmp, `first-screen-${i}.prof`);
      writeFileSync(file, Buffer.from(bytes));
      profiles.push(file);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const merged = path.join(tmp, 'first-screens.prof');
  run(WASM_SPLIT, ['--merge-profiles', ...profiles, '-o', merged]);
  return merged;
}

const gzipKB = (file) => (execFileSync('gzip', ['-9c', file]).length / 1024).toFixed(1);

async function main() {
  const staging = process.env.TRUNK_STAGING_DIR;
  if (!staging) throw new Error('split-page: run by scripts/stamp-build.sh in trunk\'s post_build hook (see Trunk.toml)');
  const pages = readdirSync(staging).filter((f) => /^lauzait-web-[0-9a-f]+_bg\.wasm$/.test(f));
  if (pages.length !== 1) throw new Error(`split-page: expected one lauzait-web-*_bg.wasm in ${staging}, found ${pages.length}`);
  if (!existsSync(WASM_SPLIT)) throw new Error(`split-page: no ${WASM_SPLIT}: run make setup (scripts/setup.sh unpacks it)`);
  const pageWasm = pages[0];
  const restWasm = pageWasm.replace(/_bg\.wasm$/, '_rest.wasm');
  const tmp = mkdtempSync(path.join(tmpdir(), 'split-page-'));
  try {
    const whole = path.join(tmp, 'whole.wasm');
    cpSync(path.join(staging, pageWasm), whole);
    const instrumented = path.join(tmp, 'instrumented.wasm');
    run(WASM_SPLIT, ['--instrument', ...FEATURES, whole, '-o', instrumented]);
    fixTableExports(whole, instrumented, tmp, []);
    const profile = await profileFirstScreens(staging, pageWasm, instrumented, tmp);

    const first = path.join(tmp, 'first.wasm');
    const rest = path.join(tmp, 'rest.wasm');
    run(WASM_SPLIT, [...FEATURES, whole, `--profile=${profile}`, '-o1', first, '-o2', rest]);
    fixTableExports(whole, first, tmp, PART_PASSES);
    run(path.join(BINARYEN, 'wasm-opt'), [...FEATURES, ...PART_PASSES, rest, '-o', rest]);
    cpSync(first, path.join(staging, pageWasm));
    cpSync(rest, path.join(staging, restWasm));

    // index.html preloads the first part with its hash: it is a new file now.
    setPreloadIntegrity(staging, pageWasm, readFileSync(first), 'split-page');
    console.log(`split-page: ${pageWasm} ${gzipKB(whole)} KB → first screen ${gzipKB(first)} KB + rest ${gzipKB(rest)} KB (gzip -9)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e.message || e);
  process.exit(1);
});
