// Measurements (printed, and written to artifacts/measured.json; README "Measured"):
//  - the gzip size of what a browser downloads: the wasm, the JS glue and index.html in dist/
//    (target ≤ 250 KB for the page itself; asserted). The computer players' Web Worker
//    (lauzait-bot-worker*) is fetched only once a computer player is seated (and by the
//    offline cache in the background): its size and the total are reported separately;
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

test('measured: download size, time to interactive, redraw time', async () => {
  // The worker's files are in bot-<build id>/ (scripts/stamp-build.sh).
  const top = await readdir(DIST_DIR);
  const botDir = top.find((f) => f.startsWith('bot-'));
  const listed = [...top, ...(botDir ? (await readdir(path.join(DIST_DIR, botDir))).map((f) => `${botDir}/${f}`) : [])];
  const files = listed.filter((f) => /\.(wasm|js|html)$/.test(f));
  let gzip = 0;
  let raw = 0;
  let workerGzip = 0;
  let workerRaw = 0;
  // Table mode's page and wasm load only when table mode is opened (table.html).
  let tableGzip = 0;
  const sizes = {};
  for (const f of files) {
    const body = await readFile(path.join(DIST_DIR, f));
    const z = gzipSync(body, { level: 9 }).length;
    sizes[f] = { raw: body.length, gzip: z };
    if (path.basename(f).startsWith('lauzait-table') || f === 'table.html') {
      tableGzip += z;
    } else if (path.basename(f).startsWith('lauzait-bot-worker')) {
      workerRaw += body.length;
      workerGzip += z;
    } else {
      raw += body.length;
      gzip += z;
    }
  }
  assert.ok(workerGzip > 0, 'the computer players\' worker is in dist/');
  assert.ok(files.some((f) => f.endsWith('.wasm')) && files.some((f) => f.endsWith('.js')));

  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page } = app;
    await loadApp(page, `${app.server.url}?seed=15`);
    // A table in the middle of a Day: three players, a discard made, movers lit.
    await G.startGame(page, { seats: ['red', 'blue', 'black'], luminous: true });
    await G.clickButton(page, 'btn-ready');
    let s = await G.waitState(page, `s.screen === 'table'`);
    await G.clickHandPiece(page, s.legal.discards[0]);
    await G.waitState(page, `s.phase === 'discarded'`);

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
      gzipKB: +(gzip / 1024).toFixed(1),
      rawKB: +(raw / 1024).toFixed(1),
      workerGzipKB: +(workerGzip / 1024).toFixed(1),
      workerRawKB: +(workerRaw / 1024).toFixed(1),
      totalGzipKB: +((gzip + workerGzip) / 1024).toFixed(1),
      tableModeGzipKB: +(tableGzip / 1024).toFixed(1),
      files: sizes,
      timeToInteractiveMs: +tti.toFixed(0),
      timeToInteractiveLoadsMs: loads.map((x) => +x.toFixed(0)),
      redrawMs: +redraw.toFixed(3),
      redrawPhoneMs: +redrawPhone.toFixed(3),
      userAgent,
    };
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await writeFile(path.join(ARTIFACTS_DIR, 'measured.json'), JSON.stringify(measured, null, 2) + '\n');
    console.log(`MEASURED gzip(wasm+js+html) = ${measured.gzipKB} KB (raw ${measured.rawKB} KB; target <= 250 KB)`);
    console.log(`MEASURED gzip of the computer players' worker = ${measured.workerGzipKB} KB (raw ${measured.workerRawKB} KB), loaded once a computer player is seated; page + worker = ${measured.totalGzipKB} KB`);
    console.log(`MEASURED gzip of table mode (table.html and its wasm, loaded only there) = ${measured.tableModeGzipKB} KB`);
    console.log(`MEASURED navigation -> interactive board = ${measured.timeToInteractiveMs} ms (median of ${measured.timeToInteractiveLoadsMs.join(', ')} ms; target < 1000 ms)`);
    console.log(`MEASURED one full redraw = ${measured.redrawMs} ms at 1280x800, ${measured.redrawPhoneMs} ms at 390x844 (target < 4 ms)`);
    assert.ok(gzip <= 250 * 1024, `gzip size ${gzip} B is over 250 KB`);
  } finally {
    await app.close();
  }
});
