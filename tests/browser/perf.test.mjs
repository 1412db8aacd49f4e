// Measurements (printed, and written to artifacts/measured.json; BENCHMARKS.md "In the browser"):
//  - the gzip -9 size of what a browser downloads (files in dist/, the site as shipped, without
//    the test hooks; the timings below are taken on the tests' site, which has them):
//      the page: what index.html makes the browser fetch before the first screen — index.html
//        (its CSS is inline), the JS glue and the first part of lauzait-web's wasm, the part
//        that runs a fresh visit's first screen (asserted: PAGE_BUDGET_KB);
//      the rest of the page's wasm (lauzait-web-*_rest.wasm, scripts/split-page.mjs): fetched
//        once the first screen is drawn, needed for a game;
//      the computer players' Web Worker: its script (build-<id>/lauzait-bot-worker.js), which
//        runs the page's own module (src/web/bot-worker.js), fetched once a computer player is
//        seated, and by the offline cache in the background;
//      the rules page: rules.html and static/embed.js (its boards are frames of the page);
//      the offline install: what every visitor's service worker caches at once, read from the
//        build's own precache list (the manifest on sw.js's first line, scripts/build-site.mjs)
//        — the page and its rest, the worker, the web app manifest — and sw.js itself, the
//        icons' images aside (asserted: INSTALL_BUDGET_KB); the rules page, and table mode's
//        page and both its modules, join the cache when each is first opened (reported with it);
//      the rules oracle's worker (lauzait-oracle*): only when window.lauzait.analyze is
//        first called, never cached (reported);
//      table mode: the host's download (table.html, static/table-loader.js and the host's
//        module lauzait-table; reported) and a phone's (table.html, the loader and the
//        phone's module lauzait-phone; asserted: PHONE_BUDGET_KB);
//  - time from navigation to an interactive board in headless Chromium
//    (window.lauzait.readyAt, performance.now() at the first drawn, interactive frame;
//    median of 5 loads; target < 1 s; reported);
//  - one full redraw of the table mid-game (window.lauzait.benchRedraw(n), the mean of n
//    redraws timed with performance.now() in the page; target < 4 ms; reported).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openApp, DIST_DIR, ARTIFACTS_DIR, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

// The page's budget, in KB of gzip -9: the target. Before the page's wasm was split
// (scripts/split-page.mjs) the whole page was the budget's, which went from 275 KB down to
// 232 KB (230.7 KB measured) as code left it (BENCHMARKS.md, "Download size").
const PAGE_BUDGET_KB = 120;
// A phone's download in table mode, in KB of gzip -9: table.html, its loader, the pages'
// style sheet and the phone's own module (lauzait-phone: its hand, its pairing answer, the
// record's check; never the host nor the computer players), the target, asserted
// (BENCHMARKS.md, "Download size").
const PHONE_BUDGET_KB = 150;
// The offline install's budget, in KB of gzip -9: the target.
const INSTALL_BUDGET_KB = 250;
// The install's target is missed today (272.9 KB: BENCHMARKS.md, "Download size"; 271.1
// before your own mistakes as puzzles; 270.7
// before a seat's view of another seat's Day under way rebuilt holding one more unseen
// piece when its stand-ins would strand the Day (SeatView::rebuild, in the worker's and a
// guest's rebuild: a fix, 0.3 KB); 263.1
// before the puzzle screen, whose page side — its model, the puzzle's table, the texts to
// and from the rater's worker, the progress kept, its frame's words — is 7.5 KB, its set,
// choice, judging and explanation being the rater's; 271.2
// before the embedded boards left the page's module for their own, embed.html; the
// feature models and the typed errors added 4.8 KB to the page's two parts, the rating's page
// side 4.4 KB, your record's keeping of the games and its screen's frame 7.2 KB — its
// figures are the rater's —, and the worker's and the embed's errors typed, with their words
// in both languages, 1.2 KB; 272.0 before the page kept a tap whose button was drawn again
// under the finger and a dialog drawn again where it was, 0.9 KB, less 0.2 KB for the input
// record only the tests read, now left out of the site as shipped; 272.9 before the site
// build ordered each module's functions for gzip, scripts/order-functions.mjs): until it is
// met again, the test fails past this ceiling (no
// further growth) and says by how much the target is missed. The build is reproducible; the
// ceiling is the measure rounded up to the next whole KB.
const INSTALL_CEILING_KB = 269;
/** The icons' images, left out of the install's figure (already compressed, and the same
 *  few hundred bytes in every build). */
const ICON = /\.(png|svg)$/;

/** The build's manifest, as the site build writes it on sw.js's first line. */
async function buildManifest() {
  const [first] = (await readFile(path.join(DIST_DIR, 'sw.js'), 'utf8')).split('\n', 1);
  const prefix = 'const BUILD_MANIFEST = ';
  assert.ok(first.startsWith(prefix) && first.endsWith(';'), `sw.js starts with the build's manifest: ${first.slice(0, 80)}`);
  return JSON.parse(first.slice(prefix.length, -1));
}

/** Which download a file of dist/ belongs to. */
function part(file) {
  const f = file.replace(/^build-[^/]*\//, '');
  if (f.startsWith('lauzait-bot-worker')) return 'worker';
  // table.html and its loader start both of table mode's modules: counted in each download.
  if (f === 'table.html' || f === 'static/table-loader.js') return 'tablePage';
  // The look table mode's page and play by turns' share: counted in each of their downloads.
  if (f === 'static/table-pages.css') return 'pagesCss';
  if (f.startsWith('lauzait-table')) return 'table';
  if (f.startsWith('lauzait-phone')) return 'phone';
  // A relayed table's module (the tablet's page and a seat's phone page), started by table.html.
  if (f.startsWith('lauzait-relayed')) return 'relayed';
  if (f.startsWith('lauzait-oracle')) return 'oracle';
  // Play by turns: its page, its loader and its module, loaded only when remote.html is opened.
  if (f === 'remote.html' || f === 'static/remote-loader.js' || f.startsWith('lauzait-remote')) return 'remote';
  if (f === 'rules.html' || f === 'static/embed.js') return 'rules';
  // The embedded boards: their page, its loader and their module, loaded only by an embed.
  if (f === 'embed.html' || f === 'static/embed-loader.js' || f.startsWith('lauzait-embed')) return 'embed';
  if (f === 'sw.js') return 'sw';
  if (/^lauzait-web-.*_rest\.wasm$/.test(f)) return 'rest';
  if (f === 'index.html' || /^lauzait-web-.*\.(js|wasm)$/.test(f)) return 'page';
  return null;
}

test('measured: download size, time to interactive, redraw time', async () => {
  // The workers' files are in build-<build id>/ (scripts/build-site.mjs).
  const top = await readdir(DIST_DIR);
  const botDir = top.find((f) => f.startsWith('build-'));
  const listed = [...top, ...(botDir ? (await readdir(path.join(DIST_DIR, botDir))).map((f) => `${botDir}/${f}`) : [])];
  const files = [...listed, 'static/embed.js', 'static/embed-loader.js', 'static/table-loader.js', 'static/remote-loader.js', 'static/table-pages.css']
    .filter((f) => part(f));
  const parts = { page: 0, rest: 0, worker: 0, rules: 0, sw: 0, oracle: 0, table: 0, phone: 0, tablePage: 0, relayed: 0, remote: 0, pagesCss: 0, embed: 0 };
  const rawParts = { ...parts };
  const sizes = {};
  for (const f of files) {
    const body = await readFile(path.join(DIST_DIR, f));
    const z = gzipSync(body, { level: 9 }).length;
    sizes[f] = { raw: body.length, gzip: z };
    parts[part(f)] += z;
    rawParts[part(f)] += body.length;
  }
  const gzip = parts.page;
  const kb = (b) => +(b / 1024).toFixed(1);
  // What the service worker precaches, as it lists it, and sw.js itself.
  const manifest = await buildManifest();
  const precached = [...manifest.files.filter((f) => !ICON.test(f)), 'sw.js'];
  let install = 0;
  for (const f of precached) install += gzipSync(await readFile(path.join(DIST_DIR, f)), { level: 9 }).length;
  // The precache holds what the install's figure is made of (the page, its rest, the worker).
  for (const f of files.filter((f) => ['page', 'rest', 'worker', 'sw'].includes(part(f)))) {
    assert.ok(precached.includes(f), `${f} is precached (sw.js's manifest): ${precached}`);
  }
  // What the service worker caches once rules.html and table.html have been opened
  // (static/sw.js, the manifest's `pages`), icons aside.
  const cached = install + parts.rules + parts.embed + parts.tablePage + parts.pagesCss + parts.table + parts.phone + parts.relayed;
  assert.ok(parts.worker > 0, 'the computer players\' worker is in dist/');
  assert.ok(parts.rules > 0 && parts.oracle > 0, 'the rules page and the oracle\'s worker are in dist/');
  assert.ok(files.some((f) => /^lauzait-web-.*_bg\.wasm$/.test(f)) && files.some((f) => /^lauzait-web-.*\.js$/.test(f)));
  assert.ok(parts.rest > 0, 'the rest of the page\'s wasm is in dist/ (the page is split)');
  assert.ok(parts.phone > 0 && parts.table > 0 && parts.tablePage > 0 && parts.relayed > 0, 'table mode\'s page, loader and modules are in dist/');
  const tableMode = parts.tablePage + parts.pagesCss + parts.table;
  const phone = parts.tablePage + parts.pagesCss + parts.phone;

  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page } = app;
    await loadApp(page, `${app.server.url}?seed=15`);
    // A table in the middle of a Day: three players, a discard made, movers lit.
    let s = await G.startDiscardedTable(page);

    // Navigation → interactive board, resuming that saved game (load, verify, draw).
    const loads = [];
    for (let i = 0; i < 5; i++) {
      await loadApp(page);
      loads.push(await page.evaluate(() => window.lauzait.readyAt));
    }
    loads.sort((a, b) => a - b);
    const tti = loads[2];
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table' && s.phase === 'discarded'`);

    await page.evaluate(() => window.lauzait.benchRedraw(20)); // warm-up
    const redraw = await page.evaluate(() => window.lauzait.benchRedraw(300));
    // The same table on a phone-sized canvas.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    const redrawPhone = await page.evaluate(() => window.lauzait.benchRedraw(300));
    const userAgent = await page.evaluate(() => navigator.userAgent);

    const measured = {
      command: 'make test (tests/browser/perf.test.mjs)',
      gzipBytes: gzip,
      gzipKB: kb(gzip),
      rawKB: kb(rawParts.page),
      restGzipKB: kb(parts.rest),
      restRawKB: kb(rawParts.rest),
      workerGzipKB: kb(parts.worker),
      workerRawKB: kb(rawParts.worker),
      rulesGzipKB: kb(parts.rules),
      serviceWorkerGzipKB: kb(parts.sw),
      installGzipKB: kb(install),
      cachedGzipKB: kb(cached),
      oracleGzipKB: kb(parts.oracle),
      tableModeGzipKB: kb(tableMode),
      phoneGzipKB: kb(phone),
      phoneRawKB: kb(rawParts.tablePage + rawParts.phone),
      remoteGzipKB: kb(parts.remote + parts.pagesCss),
      relayedGzipKB: kb(parts.tablePage + parts.pagesCss + parts.relayed),
      embedGzipKB: kb(parts.embed),
      files: sizes,
      timeToInteractiveMs: +tti.toFixed(0),
      timeToInteractiveLoadsMs: loads.map((x) => +x.toFixed(0)),
      redrawMs: +redraw.toFixed(3),
      redrawPhoneMs: +redrawPhone.toFixed(3),
      userAgent,
    };
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await writeFile(path.join(ARTIFACTS_DIR, 'measured.json'), JSON.stringify(measured, null, 2) + '\n');
    console.log(`MEASURED the page, gzip -9 (index.html + JS glue + the first screen's wasm) = ${measured.gzipKB} KB (raw ${measured.rawKB} KB; asserted <= ${PAGE_BUDGET_KB} KB, the target); the rest of its wasm = ${measured.restGzipKB} KB (raw ${measured.restRawKB} KB)`);
    console.log(`MEASURED the computer players' worker script (it runs the page's module) = ${measured.workerGzipKB} KB (raw ${measured.workerRawKB} KB); the rules page (rules.html + embed.js) = ${measured.rulesGzipKB} KB; sw.js = ${measured.serviceWorkerGzipKB} KB`);
    console.log(`MEASURED the offline install (sw.js's precache list, the icons' images aside, and sw.js: ${precached.join(' ')}) = ${measured.installGzipKB} KB gzip (target ${INSTALL_BUDGET_KB} KB, asserted <= ${INSTALL_CEILING_KB} KB); the rules oracle's worker, fetched only by window.lauzait.analyze = ${measured.oracleGzipKB} KB`);
    console.log(`MEASURED the offline cache once the rules page and table mode have been opened (the install, the rules page and its embeds, table mode's page and modules), icons aside = ${measured.cachedGzipKB} KB gzip`);
    console.log(`MEASURED table mode's host (table.html, its loader and the host's module, loaded only when table mode is opened) = ${measured.tableModeGzipKB} KB gzip`);
    console.log(`MEASURED table mode's phone (table.html, its loader and the phone's module) = ${measured.phoneGzipKB} KB gzip (raw ${measured.phoneRawKB} KB; asserted <= ${PHONE_BUDGET_KB} KB, the target)`);
    console.log(`MEASURED play by turns (remote.html, its loader, the pages' style sheet and its module, loaded only when remote play is used) = ${measured.remoteGzipKB} KB gzip`);
    console.log(`MEASURED a table dealt on the phones (table.html, its loader, the pages' style sheet and the relayed table's module: the tablet's page and a seat's phone page) = ${measured.relayedGzipKB} KB gzip`);
    console.log(`MEASURED an embedded board (embed.html, its loader and its module, loaded only by an embed or a position link) = ${measured.embedGzipKB} KB gzip`);
    console.log(`MEASURED navigation -> interactive board = ${measured.timeToInteractiveMs} ms (median of ${measured.timeToInteractiveLoadsMs.join(', ')} ms; target < 1000 ms)`);
    console.log(`MEASURED one full redraw = ${measured.redrawMs} ms at 1280x800, ${measured.redrawPhoneMs} ms at 390x844 (target < 4 ms)`);
    assert.ok(gzip <= PAGE_BUDGET_KB * 1024, `the page's gzip size ${gzip} B is over ${PAGE_BUDGET_KB} KB`);
    assert.ok(phone <= PHONE_BUDGET_KB * 1024, `the phone's gzip size ${phone} B is over ${PHONE_BUDGET_KB} KB`);
    if (install > INSTALL_BUDGET_KB * 1024) {
      console.log(`MISSED the offline install's target: ${kb(install)} KB gzip, over ${INSTALL_BUDGET_KB} KB by ${kb(install - INSTALL_BUDGET_KB * 1024)} KB`);
    }
    assert.ok(install <= INSTALL_CEILING_KB * 1024, `the offline install's gzip size ${install} B is over its ceiling ${INSTALL_CEILING_KB} KB (target ${INSTALL_BUDGET_KB} KB)`);
  } finally {
    await app.close();
  }
});
