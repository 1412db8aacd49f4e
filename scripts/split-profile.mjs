// make split-profile: writes src/web/first-screen.txt, the list of the page's functions that a
// first visit's first screen runs, which the build's split reads (scripts/split-page.mjs).
// Not part of the build nor of make test: it measures in headless Chromium, and the build
// never starts a browser. Run it after `make wasm-build` when the first screen's code has
// changed (the build says how many of the list's names its module lacks).
//
//   node scripts/split-profile.mjs SITE...   (dist/ and the browser tests' site)
//
// Each site's page module, as the build kept it before its split (with its names), is
// instrumented by binaryen's wasm-split and put in the site in place of the first part (the
// rest left out, as the whole module holds it). Chromium opens the page as a first visitor
// would (English on a desktop, Japanese on a phone) and turns the window; the functions that
// ran, over every site and visit, are the list, by their stable names (scripts/wasm-names.mjs),
// so that it holds for the shipped build and for the test build alike.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_LIST, WASM_SPLIT, WHOLE_DIR, fixTableExports, run } from './split-page.mjs';
import { FEATURES } from './shrink-wasm.mjs';
import { functionNames, stableName } from './wasm-names.mjs';
import { launchChromium, startServer } from '../tests/browser/helpers.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// The first visits measured: each browser's first screen, its language and its layout.
const FIRST_VISITS = [
  { locale: 'en-US', viewport: { width: 1280, height: 800 } },
  { locale: 'ja-JP', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];

/** The profiles (wasm-split's format: the module's hash, then one timestamp per defined
 *  function, 0 for one never run) of each first visit of `site`, with `instrumented` as its
 *  page module. */
async function profileFirstScreens(browser, site) {
  const server = await startServer(site);
  const profiles = [];
  try {
    for (const visit of FIRST_VISITS) {
      // The page's policy would refuse Playwright's waits (they compile in the page).
      const context = await browser.newContext({ ...visit, serviceWorkers: 'block', bypassCSP: true });
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
      profiles.push(Buffer.from(bytes));
      await context.close();
    }
  } finally {
    await server.close();
  }
  return profiles;
}

/** The stable names of the functions `site`'s first screens ran. */
async function firstScreenNames(browser, site, tmp) {
  const glues = readdirSync(site).filter((f) => /^lauzait-web-[0-9a-f]+\.js$/.test(f));
  if (glues.length !== 1) throw new Error(`split-profile: expected one lauzait-web-*.js in ${site}, found ${glues.length}`);
  const pageWasm = glues[0].replace(/\.js$/, '_bg.wasm');
  const whole = path.join(WHOLE_DIR, pageWasm);
  if (!existsSync(whole)) throw new Error(`split-profile: no ${whole}: build ${site} first (make wasm-build)`);

  const copy = path.join(tmp, 'site');
  rmSync(copy, { recursive: true, force: true });
  cpSync(site, copy, { recursive: true });
  const instrumented = path.join(copy, pageWasm);
  run(WASM_SPLIT, ['--instrument', ...FEATURES, whole, '-o', instrumented]);
  fixTableExports(whole, instrumented);
  rmSync(path.join(copy, pageWasm.replace(/_bg\.wasm$/, '_rest.wasm')));

  const { names, imported, defined } = functionNames(whole);
  const ran = new Set();
  for (const profile of await profileFirstScreens(browser, copy)) {
    if (profile.length !== 8 + 4 * defined) {
      throw new Error(`split-profile: a profile of ${profile.length} bytes for ${defined} functions`);
    }
    for (let i = 0; i < defined; i++) {
      const name = names.get(imported + i);
      // A function without a name of its own (binaryen writes its index) cannot be listed.
      if (profile.readUInt32LE(8 + 4 * i) !== 0 && name !== undefined && !/^\d+$/.test(name)) ran.add(stableName(name));
    }
  }
  console.log(`split-profile: ${site}: ${ran.size} of ${defined} functions ran`);
  return ran;
}

async function main() {
  const sites = process.argv.slice(2);
  if (sites.length === 0) throw new Error('split-profile: name the built sites to measure');
  const tmp = mkdtempSync(path.join(tmpdir(), 'split-profile-'));
  const browser = await launchChromium();
  const ran = new Set();
  try {
    for (const site of sites) for (const name of await firstScreenNames(browser, site, tmp)) ran.add(name);
  } finally {
    await browser.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  const header = [
    '# The page\'s functions that a first visit\'s first screen runs, by name: they stay in the',
    '# first part of the page\'s wasm, the rest is fetched after the first screen is drawn',
    '# (scripts/split-page.mjs). Written by `make split-profile` (scripts/split-profile.mjs).',
  ];
  writeFileSync(FIRST_SCREEN_LIST, [...header, ...[...ran].sort()].join('\n') + '\n');
  console.log(`split-profile: ${ran.size} functions in ${path.relative(ROOT, FIRST_SCREEN_LIST)}`);
}

main().catch((e) => {
  console.error(e.message || e);
  process.exit(1);
});
