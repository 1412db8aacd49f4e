// The puzzle screen (docs/puzzles.md, "The puzzle screen") as a player meets it: offered
// beside the lessons and the drill; the set fetched by the rater's worker only when a puzzle
// is first asked for (not with the page); a puzzle solved by playing its solution's taps, the
// next one failed with another legal Day, each explained (the solution's steps, the coach's
// words, its themes only once it is over); the progress kept in the browser's storage over a
// reload. Screenshots on a desktop and a phone, in English and Japanese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApp, loadApp, screenshot, REPO_ROOT } from './helpers.mjs';
import * as G from './game.mjs';

const KEY = 'lauzait-cep/puzzles/v1';
/** The shipped set's puzzles, in order: puzzle n is `PUZZLES[n - 1]`. */
const PUZZLES = readFileSync(path.join(REPO_ROOT, 'crates/learn/data/puzzles.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('pz1;'));
/** Puzzle 16 is a plain Hiring (`hard;hiring;G3 d2 >e2`): its solution is three taps. */
const SOLVED_BEFORE = 15;
const numbers = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i).join(' ');

const text = (page, id) => page.evaluate((id) => document.getElementById(id)?.textContent ?? null, id);
const stored = (page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const isSet = (url) => /\/build-[0-9a-f]+\/lauzait-puzzles\.txt$/.test(url);

/** Waits until the page's rest (`*_rest.wasm`, fetched once the first screen is drawn) has
 *  been fetched, by the service worker when offline, and a moment for it to be compiled and
 *  linked: a test hook that calls into it earlier fetches it synchronously, which no service
 *  worker answers. */
async function restLinked(page) {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('_rest.wasm') && e.responseEnd > 0), null, { timeout: 30_000 });
  await page.waitForTimeout(500);
}

/** The puzzles' screen from the first screen. Where the button **Any** is drawn is noted at
 *  every change of the dialog, for [`anyStayedPut`]. */
async function openPuzzles(page) {
  await G.waitState(page, `s.screen === 'new-game'`);
  await page.evaluate(() => {
    window.anyDrawnAt = [];
    window.anyWatch?.disconnect();
    window.anyWatch = new MutationObserver(() => {
      const r = document.getElementById('btn-puzzles-any')?.getBoundingClientRect();
      if (r) window.anyDrawnAt.push(`${r.x},${r.y}`);
    });
    window.anyWatch.observe(document.getElementById('overlay'), { childList: true, subtree: true });
  });
  await G.clickButton(page, 'btn-puzzles');
  await G.waitState(page, `s.screen === 'puzzles'`);
}

/** The row of your own mistakes arrives from the rater's worker after the screen is drawn;
 *  the difficulties' buttons stay where a person aims meanwhile (a centred dialog moved them
 *  up, and a tap meant for Any landed on the new row's button). */
async function anyStayedPut(page) {
  await page.waitForSelector('#mistakes', { timeout: 30_000 });
  const drawnAt = await page.evaluate(() => window.anyDrawnAt.map((at) => at.split(',').map(Number)));
  // Within a pixel: the pinned card's margin is written to a hundredth of a pixel, and the
  // layout works in 64ths.
  const moved = drawnAt.filter(([x, y]) => Math.abs(x - drawnAt[0][0]) >= 1 || Math.abs(y - drawnAt[0][1]) >= 1);
  assert.deepEqual(moved, [], `Any moved as the dialog filled in, from ${drawnAt[0]}`);
}

/** Asks for a puzzle of any difficulty and waits for its table. */
async function askPuzzle(page) {
  await G.clickButton(page, 'btn-puzzles-any');
  return G.waitState(page, `s.screen === 'table' && s.phase === 'beginning'`, 60_000);
}

/** The screen after the Day, once the rater has judged it. */
async function verdict(page) {
  await G.waitState(page, `s.screen === 'puzzle-done'`, 30_000);
  await page.waitForSelector('#puzzle-verdict, #puzzle-failed', { timeout: 30_000 });
  assert.equal(await text(page, 'puzzle-failed'), null, 'the rater judged the Day');
  return page.evaluate(() => ({
    number: Number(document.getElementById('puzzle-verdict').dataset.number),
    solved: document.getElementById('puzzle-verdict').dataset.solved === 'true',
    solution: document.getElementById('puzzle-solution')?.textContent,
    played: document.getElementById('puzzle-played')?.textContent ?? null,
    coach: document.getElementById('puzzle-coach')?.textContent,
    themes: document.getElementById('puzzle-themes')?.dataset.themes,
    live: document.getElementById('live').textContent,
  }));
}

test('a puzzle solved by its taps, the next failed, both explained, the progress kept over a reload', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const { page, errors, requests } = app;
    assert.ok(!requests.some(isSet), 'the set is not fetched with the page');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, `LZQ1\nsolved ${numbers(1, SOLVED_BEFORE)}\nfailed`]);
    await loadApp(page, app.server.url);
    await openPuzzles(page);
    await anyStayedPut(page);
    assert.equal(await text(page, 'puzzles-progress'), `Solved: ${SOLVED_BEFORE}. Tried without success: 0.`);
    await screenshot(page, 'en-puzzles-desktop');
    assert.ok(!requests.some(isSet), 'nor when the screen opens');

    const number = SOLVED_BEFORE + 1;
    const [, difficulty, , themes, solution] = PUZZLES[number - 1].split(';');
    assert.equal(themes, 'hiring');
    let s = await askPuzzle(page);
    assert.ok(requests.some(isSet), 'the set is fetched when a puzzle is first asked for');
    assert.match(await text(page, 'puzzle-task'), new RegExp(`^Puzzle ${number} \\(${difficulty}\\): find the best whole Day for `));
    assert.equal(await page.$('#puzzle-themes'), null, 'no theme before the Day: it would give the answer away');
    await screenshot(page, 'en-puzzle-table-desktop');

    // The solution's taps: the discard, the mover, the destination (and the safe last step).
    const [discard, from, to] = solution.split(' ');
    await G.clickHandPiece(page, discard);
    await G.waitState(page, `s.phase === 'discarded'`);
    await G.clickSquare(page, from);
    s = await G.waitState(page, `s.phase === 'moving'`);
    await G.clickSquare(page, to.slice(1));
    await G.confirmHire(page, { s });
    let v = await verdict(page);
    assert.deepEqual([v.number, v.solved], [number, true]);
    assert.match(v.solution, /^The solution: Discard .+, move the piece on d2 to e2\.$/);
    assert.equal(v.played, null);
    assert.match(v.coach, /^The coach: .*The Strong player puts it 9\.6 points above every other Day\.$/);
    assert.equal(v.themes, 'hiring');
    assert.match(await text(page, 'puzzle-themes'), /which piece to let go and which to take \(R12\)/);
    assert.match(v.live, /^Solved! Discard /, 'the verdict is read out');
    assert.equal(await stored(page), `LZQ1\nsolved ${numbers(1, number)}\nfailed`);
    await screenshot(page, 'en-puzzle-solved-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'en-puzzle-solved-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The next puzzle, failed with another legal Day (the tests' usual policy, R12).
    await G.clickButton(page, 'btn-puzzle-next');
    s = await G.waitState(page, `s.screen === 'table' && s.phase === 'beginning'`, 30_000);
    await G.playDayToCapture(page, s, { waterLeft: 0, declare: false });
    v = await verdict(page);
    assert.deepEqual([v.number, v.solved], [number + 1, false]);
    assert.match(v.played, /^Your Day: /);
    assert.match(v.solution, /^The solution: /);
    assert.ok(v.themes.length > 0);
    assert.match(v.live, /^Not this time\. The solution: /);
    assert.equal(await stored(page), `LZQ1\nsolved ${numbers(1, number)}\nfailed ${number + 1}`);
    await screenshot(page, 'en-puzzle-failed-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'en-puzzle-failed-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Try again: the same puzzle on the table; back to the menu.
    await G.clickButton(page, 'btn-puzzle-retry');
    s = await G.waitState(page, `s.screen === 'table' && s.phase === 'beginning'`);
    assert.match(await text(page, 'puzzle-task'), new RegExp(`^Puzzle ${number + 1} `));
    await G.clickButton(page, 'btn-menu');
    await G.waitState(page, `s.screen === 'menu'`);
    await G.clickButton(page, 'btn-puzzle-leave');
    await G.waitState(page, `s.screen === 'menu' || s.screen === 'new-game'`);

    // A reload: the progress comes back from the browser's storage.
    await loadApp(page, app.server.url);
    await openPuzzles(page);
    await anyStayedPut(page);
    assert.equal(await text(page, 'puzzles-progress'), `Solved: ${number}. Tried without success: 1.`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('the puzzle screen in Japanese, on a phone and a desktop', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 }, locale: 'ja-JP', deviceScaleFactor: 2 });
  try {
    const { page, errors } = app;
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, `LZQ1\nsolved ${numbers(1, SOLVED_BEFORE)}\nfailed`]);
    await loadApp(page, app.server.url);
    await openPuzzles(page);
    await anyStayedPut(page);
    assert.equal(await text(page, 'dlg-title'), '詰め手');
    await screenshot(page, 'ja-puzzles-phone');
    const s = await askPuzzle(page);
    assert.match(await text(page, 'puzzle-task'), /^詰め手16（難しい）/);
    await screenshot(page, 'ja-puzzle-table-phone');
    await G.playDayToCapture(page, s, { waterLeft: 0, declare: false });
    const v = await verdict(page);
    assert.equal(v.number, SOLVED_BEFORE + 1);
    assert.match(v.solution, /^正解：/);
    await screenshot(page, 'ja-puzzle-done-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'ja-puzzle-done-desktop');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('offline: before the puzzles were ever fetched the screen says so; once fetched they work offline', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 }, locale: 'en-US' });
  try {
    const { page, context, errors } = app;
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => window.lauzait?.ready === true && !!navigator.serviceWorker.controller);
    const cached = () => page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('lauzait-cep-'));
      return (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(!(await cached()).some((k) => /lauzait-puzzles|lauzait-rater/.test(k)), 'neither the set nor the rater is in the install');

    // The rest of the page's code linked while online: a call into it before it is linked
    // fetches it synchronously, which the service worker does not answer (BENCHMARKS.md).
    await restLinked(page);
    // Offline before the rater and the set were ever fetched: said in words a person can act on.
    await context.setOffline(true);
    await openPuzzles(page);
    await G.clickButton(page, 'btn-puzzles-any');
    await page.waitForSelector('#puzzles-failed', { timeout: 30_000 });
    assert.match(await text(page, 'puzzles-failed'), /Connect to the internet once and try again\.$/);
    await screenshot(page, 'en-puzzles-offline-never-fetched');

    // Online: asked again, the rater and the set are fetched, and the service worker keeps them.
    await context.setOffline(false);
    await askPuzzle(page);
    await page.waitForFunction(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('lauzait-cep-'));
      const keys = (await (await caches.open(names[0])).keys()).map((r) => r.url);
      // Every file the set and the rater's worker need (the worker's three are stored
      // together, but not necessarily in the order they were fetched).
      return [/lauzait-puzzles\.txt$/, /lauzait-rater_loader\.js$/, /lauzait-rater\.js$/, /lauzait-rater_bg\.wasm$/]
        .every((file) => keys.some((k) => file.test(k)));
    }, null, { timeout: 30_000, polling: 250 });

    // Offline again, after a reload: a puzzle is offered and played as before.
    await context.setOffline(true);
    await loadApp(page, undefined, { timeout: 20_000 });
    await restLinked(page);
    await openPuzzles(page);
    await anyStayedPut(page);
    const s = await askPuzzle(page);
    assert.match(await text(page, 'puzzle-task'), /^Puzzle 1 \(/);
    await G.playDayToCapture(page, s, { waterLeft: 0, declare: false });
    const v = await verdict(page);
    assert.equal(v.number, 1);
    assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
  } finally {
    await app.close();
  }
});
