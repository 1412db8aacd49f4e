// Offline play: after one visit, with the network switched off, the game reloads, a full
// Day can be played and a computer player (its Web Worker) plays too; the page is
// installable (manifest with icons). An update of the site mid-game: the new build is
// cached whole and takes over, the page reloads into it and the saved game continues, no
// file of the old build is used with the new one, the old cache is deleted; and the rules
// page with its embeds, opened once before the update, works offline after it. Table mode
// too: after one visit of table.html, the host's page and a phone's (a seat's pairing link)
// load offline; and with the site's server gone, a host and two phones of one browser pair
// (WebRTC, host candidates only) and play a whole Day. The rules page and table mode are
// cached when first opened, not with the game (static/sw.js); so is the rater, when a game
// is first rated: offline before then, the results say the rating needs a connection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApp, screenshot, loadApp, startServer, launchBrowser, SITE_DIR } from './helpers.mjs';
import * as G from './game.mjs';
import * as T from './table.mjs';


test('offline before a game was ever rated, the results say the rating needs a connection, not an error (English and Japanese)', async () => {
  for (const [locale, words] of [
    ['en-US', 'Rating needs a connection the first time; it then works offline.'],
    ['ja-JP', '評価は初回だけ通信が必要です。その後はオフラインでも使えます。'],
  ]) {
    const app = await openApp({ viewport: { width: 1024, height: 768 }, locale });
    try {
      const { page, context, errors } = app;
      await loadApp(page, `${app.server.url}?seed=3&botseed=5`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await page.waitForFunction(() => window.lauzait?.ready === true && !!navigator.serviceWorker.controller);
      await context.setOffline(true);
      await G.finishAgainstEasy(page, { days: 2 });
      await page.waitForSelector('#rating-failed', { timeout: 10_000 });
      const said = await page.evaluate(() => document.getElementById('rating-failed').textContent);
      assert.equal(said, words);
      assert.equal(await page.evaluate(() => document.getElementById('rating-progress')), null, 'nothing waits for the rater');
      await screenshot(page, `${locale.slice(0, 2)}-rating-offline`);
      // The browser's own note of a file it could not fetch is no error of the page's.
      assert.deepEqual(errors.filter((e) => !/Failed to load resource|net::ERR_/.test(e)), []);
    } finally {
      await app.close();
    }
  }
});

/** A Hiring by the first discard and mover, onto a square that is not Water when there is one. */
async function hireAwayFromWater(page, s) {
  await G.perform(page, s, { kind: 'discard', piece: s.legal.discards[0] });
  s = await G.waitState(page, `s.phase === 'discarded'`);
  await G.perform(page, s, { kind: 'move', from: s.legal.movers[0] });
  s = await G.waitState(page, `s.phase === 'moving'`);
  const to = s.legal.destinations.find((d) => !s.legal.water.includes(d)) ?? s.legal.destinations[0];
  await G.perform(page, s, { kind: 'capture', to });
}

test('after one visit the game loads and plays a full Day offline', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, context } = app;
    // Fixed deals and computer moves, as in every test that plays (docs/browser-tests.md).
    await loadApp(page, `${app.server.url}?seed=12105&botseed=4`);
    // The worker has cached the page and everything it links once it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => window.lauzait?.ready === true && !!navigator.serviceWorker.controller);

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel=manifest]');
      const m = await (await fetch(link.href)).json();
      return { name: m.name, icons: m.icons.map((i) => i.sizes), display: m.display };
    });
    assert.equal(manifest.name, 'Lauzait Cep!');
    assert.ok(manifest.icons.includes('192x192') && manifest.icons.includes('512x512'));
    assert.equal(manifest.display, 'standalone');
    // A visitor who never opened table mode nor the rules has not downloaded them (static/sw.js).
    const keys = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('lauzait-cep-'));
      return (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(keys.some((k) => k.endsWith('index.html')), `the game is cached: ${keys}`);
    assert.ok(!keys.some((k) => /table|phone/.test(k)), `table mode is not cached before it is opened: ${keys}`);
    assert.ok(!keys.some((k) => /rules\.html|embed\.js/.test(k)), `the rules page is not cached before it is opened: ${keys}`);
    assert.ok(!keys.some((k) => /lauzait-rater/.test(k)), `the rater is not cached before a game is rated: ${keys}`);

    await context.setOffline(true);
    await loadApp(page, undefined, { timeout: 20_000 });
    assert.equal(await page.evaluate(() => navigator.onLine), false);

    let s = await G.startGame(page, { seats: ['red', 'yellow'], names: ['Off', 'Line'] });
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    const day = s.day;
    // A plain Hiring: the first discard offered, the first mover, a destination on land.
    await hireAwayFromWater(page, s);
    s = await G.waitState(page, `!s.animating && (s.day !== ${day} || s.screen === 'hand-over')`, 15_000);
    await screenshot(page, 'en-offline-after-a-day');
    assert.ok(s.day > day || s.screen === 'hand-over', 'the Day was committed offline');

    // The computer players' worker was cached too: offline, a computer player plays its Day.
    await G.clickButton(page, 'btn-ready');
    await G.waitState(page, `s.screen === 'table' && !s.animating`);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-new-game');
    await G.clickButton(page, 'btn-confirm');
    s = await G.startGame(page, { seats: ['red', 'yellow'], kinds: { yellow: 'easy' } });
    // The person's Day, if theirs comes first, by the tests' policy (never a throw, never a
    // declaration, so that nothing waits for another choice), then the computer player's.
    if (!s.players[s.toMove].bot) await G.playDayToCapture(page, s, { waterLeft: 0, declare: false });
    // A worker that failed says so in botError at once: end the wait there, with its words.
    s = await G.waitState(page, `s.botError !== null || (s.botStats.easy.count > 0 && !s.players[s.toMove].bot && !s.animating)`, 30_000);
    assert.equal(s.botError, null);
  } finally {
    await app.close();
  }
});

const buildOf = (page) => page.evaluate(() => document.querySelector('meta[name=lauzait-build]')?.content);
const cacheNames = (page) => page.evaluate(() => caches.keys());

/** A second build of the site in `dir`: the tests' site with another build id (as a new build gets:
 *  scripts/build-site.mjs) and a mark in its page, so the test can tell the two apart. */
async function secondBuild(dir, v1, v2) {
  await cp(SITE_DIR, dir, { recursive: true });
  await rename(path.join(dir, `build-${v1}`), path.join(dir, `build-${v2}`));
  for (const name of ['index.html', 'rules.html', 'table.html', 'remote.html', 'embed.html', 'sw.js']) {
    const file = path.join(dir, name);
    let text = (await readFile(file, 'utf8')).replaceAll(v1, v2);
    if (name === 'index.html') text = text.replace('<head>', '<head><meta name="second-build" content="yes">');
    await writeFile(file, text);
  }
}

test('an update of the site mid-game: one build at a time, the saved game continues, the old cache goes; rules offline', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'lauzait-site-'));
  const site = path.join(root, 'site');
  await cp(SITE_DIR, site, { recursive: true });
  const server = await startServer(site);
  const browser = await launchBrowser({ viewport: { width: 1024, height: 768 } });
  const { page, context } = browser;
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  try {
    await loadApp(page, `${server.url}?seed=12105`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const v1 = await buildOf(page);
    assert.match(v1, /^[0-9a-f]{16}$/, 'the build is stamped');
    assert.deepEqual(await cacheNames(page), [`lauzait-cep-${v1}`]);
    // The rules page, opened once: its files join the build's cache in the background.
    await page.goto(`${server.url}rules.html`, { waitUntil: 'load' });
    const cachedFiles = (v) => page.evaluate(async (v) => (await (await caches.open(`lauzait-cep-${v}`)).keys()).map((r) => new URL(r.url).pathname), v);
    let cached = [];
    for (let i = 0; i < 100 && !(cached.includes('/static/embed.js') && cached.includes('/embed.html')); i++) {
      if (i) await page.waitForTimeout(100);
      cached = await cachedFiles(v1);
    }
    // Its live boards are embed.html's, with their module: cached with it.
    for (const f of ['/index.html', '/rules.html', '/static/embed.js', '/embed.html', '/static/embed-loader.js', `/build-${v1}/lauzait-embed_bg.wasm`, `/build-${v1}/lauzait-bot-worker.js`, `/build-${v1}/lauzait-bot-worker.json`]) {
      assert.ok(cached.includes(f), `${f} is cached with the build`);
    }
    await loadApp(page, `${server.url}?seed=12105`);

    // A game with a computer player, a few Days in.
    let s = await G.startGame(page, { seats: ['red', 'yellow'], kinds: { yellow: 'easy' } });
    if (!s.players[s.toMove].bot) {
      await hireAwayFromWater(page, s);
    }
    s = await G.waitState(page, `s.botStats.easy.count > 0 && !s.players[s.toMove].bot && !s.animating`, 30_000);
    assert.ok(workers.some((u) => u.includes(`/build-${v1}/`)), `the worker of build 1: ${workers}`);
    const before = { day: s.day, season: s.season, scores: s.players.map((p) => p.score) };
    const saved = await page.evaluate(() => localStorage.getItem('lauzait-cep/save/v1'));

    // The site is updated on the server, all at once.
    const mark = server.requests.length;
    const v2 = [...v1].reverse().join('');
    await secondBuild(path.join(root, 'next'), v1, v2);
    await rename(site, path.join(root, 'old'));
    await rename(path.join(root, 'next'), site);

    // The player reloads: the browser finds the new service worker, which caches build 2
    // whole and takes over; the page reloads itself into build 2.
    await page.reload();
    await page.waitForFunction((v) => document.querySelector('meta[name=lauzait-build]')?.content === v && window.lauzait?.ready === true, v2, { timeout: 30_000 });
    assert.ok(await page.evaluate(() => !!document.querySelector('meta[name=second-build]')), 'the page is build 2');
    assert.deepEqual(await cacheNames(page), [`lauzait-cep-${v2}`], 'the old build\'s cache is deleted');
    // The rules page, opened with build 1, came along into build 2's cache.
    const carried = await cachedFiles(v2);
    assert.ok(carried.includes('/rules.html') && carried.includes('/static/embed.js'), `the rules page is cached with build 2: ${carried}`);
    assert.equal(await page.evaluate(() => localStorage.getItem('lauzait-cep/save/v1')), saved, 'the save is untouched');
    s = await G.state(page);
    assert.deepEqual({ day: s.day, season: s.season, scores: s.players.map((p) => p.score) }, before, 'the saved game continues');

    // Play on: the computer player thinks in build 2's worker, never build 1's.
    if (s.screen === 'hand-over') await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table' && !s.animating`);
    await hireAwayFromWater(page, s);
    s = await G.waitState(page, `s.botStats.easy.count > 0 && !s.players[s.toMove].bot && !s.animating`, 30_000);
    assert.equal(s.botError, null);
    const live = page.workers().map((w) => w.url());
    assert.ok(live.length > 0 && live.every((u) => u.includes(`/build-${v2}/`)), `only build 2's worker: ${live}`);
    assert.deepEqual(server.requests.slice(mark).filter((r) => r.includes(`build-${v1}`)), [], 'nothing of build 1 asked for after the update');
    await screenshot(page, 'en-after-update');

    // Offline, the Rules link opens the rules (with live embeds), not the game.
    await context.setOffline(true);
    await page.goto(`${server.url}rules.html`, { waitUntil: 'load', timeout: 20_000 });
    assert.equal(await page.evaluate(() => typeof window.LauzaitEmbed), 'object', 'embed.js ran offline');
    assert.ok(!(await page.evaluate(() => !!document.getElementById('board'))), 'the rules page, not the game');
    await page.waitForFunction(() => {
      const f = document.querySelector('iframe.lauzait-embed');
      return f && f.contentWindow.lauzait?.ready === true;
    }, null, { timeout: 20_000 });
    await screenshot(page, 'en-rules-offline');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('after one visit table mode loads offline: the host sets a table, a phone shows its answer', async () => {
  const server = await startServer();
  const browser = await launchBrowser({ viewport: { width: 1024, height: 800 } });
  const { page, context } = browser;
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const tableState = async (p) => JSON.parse((await p.evaluate(() => window.__table?.state)) || '{}');
  try {
    // One visit: table.html registers the service worker, which caches the build's files and
    // table mode's.
    await page.goto(`${server.url}table.html?lang=en`);
    await page.locator('#create').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const v = await buildOf(page);
    // Table mode's files join the build's cache, all together, once table.html is opened
    // (static/sw.js): in the background, so the test waits for them.
    const tableFiles = ['/table.html', '/static/table-loader.js', `/build-${v}/lauzait-table_bg.wasm`, `/build-${v}/lauzait-phone_bg.wasm`];
    let cached = [];
    for (let i = 0; i < 100 && !tableFiles.every((f) => cached.includes(f)); i++) {
      if (i) await page.waitForTimeout(100);
      cached = await page.evaluate(async (v) => (await (await caches.open(`lauzait-cep-${v}`)).keys()).map((r) => new URL(r.url).pathname), v);
    }
    for (const f of tableFiles) {
      assert.ok(cached.includes(f), `${f} is cached with the build`);
    }

    await context.setOffline(true);
    await page.reload();
    await page.locator('#create').click();
    let host;
    for (let i = 0; i < 300 && !(host?.links?.[0]?.state === 'Waiting' && host.links[0].link); i++) {
      await page.waitForTimeout(100);
      host = await tableState(page);
    }
    assert.ok(host?.links?.[0]?.link, `offline, the host shows seat 0's code: ${JSON.stringify(host).slice(0, 300)}`);
    await screenshot(page, 'en-table-offline-host');

    // A phone of the same browser opens the seat's link, offline: the phone's own module.
    const phone = await context.newPage();
    phone.on('pageerror', (e) => errors.push(`phone pageerror: ${e.message}`));
    await phone.goto(host.links[0].link);
    await phone.locator('#answer-qr svg').waitFor({ timeout: 30_000 });
    assert.ok(await phone.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/lauzait-phone_bg.wasm'))),
      'the phone loaded the phone\'s module');
    await screenshot(phone, 'en-table-offline-phone');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

// "Offline" here is the site's server gone, as in a room with no Internet where the devices
// still share a network: Chromium's network emulation (`context.setOffline(true)`) also stops
// WebRTC — with it the phone's connection fails after about 15 s and the host reports no
// path, while the same test with the network on pairs at once.
test('with the site\'s server gone after one visit, a host and two phones of one browser pair and play a whole Day', async () => {
  const server = await startServer();
  // Table mode's browser: host candidates as plain addresses, the fake camera unused (the
  // answers are read from pictures).
  const browser = await T.launch();
  // One context for the board and both phones: the service worker's cache is the context's,
  // and each phone's save has a key of its own seat.
  const context = await browser.newContext({ viewport: T.TABLET, bypassCSP: true });
  const errors = [];
  const watch = (who, page) => page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
  try {
    const host = await context.newPage();
    watch('host', host);
    await host.goto(`${server.url}table.html?lang=en`);
    await host.locator('#create').waitFor();
    await host.evaluate(() => navigator.serviceWorker.ready);
    await host.reload();
    await host.waitForFunction(() => !!navigator.serviceWorker.controller);
    const v = await buildOf(host);
    const tableFiles = ['/table.html', '/static/table-loader.js', `/build-${v}/lauzait-table_bg.wasm`, `/build-${v}/lauzait-phone_bg.wasm`];
    let cached = [];
    for (let i = 0; i < 100 && !tableFiles.every((f) => cached.includes(f)); i++) {
      if (i) await host.waitForTimeout(100);
      cached = await host.evaluate(async (v) => (await (await caches.open(`lauzait-cep-${v}`)).keys()).map((r) => new URL(r.url).pathname), v);
    }
    for (const f of tableFiles) assert.ok(cached.includes(f), `${f} is cached with the build`);

    await server.close();
    // Every file now comes from the service worker's cache: nothing answers at the address.
    await host.reload();
    await host.locator('#create').waitFor();
    await host.click('#count-2');
    await host.click('#create');
    const phones = [];
    for (let seat = 0; seat < 2; seat++) {
      const phone = await context.newPage();
      watch(`phone ${seat}`, phone);
      phones.push(phone);
      await T.pair(host, phone, seat, { picture: 600 });
    }
    let s = await T.untilDealt(host, phones);
    for (const p of phones) await T.until(p, (ps) => ps.stage === 'Playing', 'the phone\'s hand');
    const day = s.game.day;
    const latencies = [];
    for (let n = 0; n < 40 && s.game.day === day && s.game.status === 'Playing'; n++) {
      await T.step(host, phones, latencies);
      s = await T.state(host);
    }
    assert.ok(s.game.day > day || s.game.status !== 'Playing', `a whole Day was played offline: ${T.compact(s)}`);
    assert.deepEqual(s.refusals, []);
    await T.shot(host, 'table-offline-after-a-day');
    assert.ok(!(await host.evaluate(() => fetch('/no-such-file').then(() => true, () => false))), 'no server answers');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
