// The post-game review in the browser, as a person uses it: a game against a computer
// player finished (ended by agreement after a few Days, at instant speed), the review
// opened from the final results, one moment tried again and its explanation read; then the
// game's full record imported and reviewed from the replay viewer. The review's Days are
// judged in the computer players' worker, one request per Day: the time per Day and the
// page's answer to input meanwhile are measured (input within 100 ms is asserted, the time
// per Day only reported).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

const KEY = 'lauzait-cep/save/v1';

const frameRoundTrip = (page) =>
  page.evaluate(() => new Promise((resolve) => { const t0 = performance.now(); requestAnimationFrame(() => resolve(performance.now() - t0)); }));

const text = (page, id) => page.evaluate((id) => document.getElementById(id)?.textContent ?? null, id);

/** Waits for the review to finish judging, measuring input latency meanwhile; `t0` is when
 * the review was asked for, the number of Days judged is the dialog's `data-days`. */
async function judged(page, t0 = Date.now()) {
  const lat = [];
  for (;;) {
    const progress = await text(page, 'review-progress');
    if (progress === null) break;
    lat.push(await frameRoundTrip(page));
    assert.ok(Date.now() - t0 < 120_000, 'the review finished judging within two minutes');
  }
  const ms = Date.now() - t0;
  const days = Number(await page.evaluate(() => document.querySelector('[data-days]')?.dataset.days ?? 0));
  return { ms, days, worst: Math.max(0, ...lat), samples: lat.length };
}

test('a finished game against a computer player is reviewed, a moment tried again and explained; an imported record too', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=3&botseed=5`);
    await G.finishAgainstEasy(page);
    await screenshot(page, 'en-review-final');

    // The review: only the person's seat is offered.
    assert.ok(await G.hasButton(page, 'btn-review-0'));
    assert.ok(!(await G.hasButton(page, 'btn-review-1')), 'the computer player is not offered');
    const t0 = Date.now();
    await G.clickButton(page, 'btn-review-0');
    await G.waitState(page, `s.screen === 'review'`);
    const first = await judged(page, t0);
    console.log(`MEASURED review (judged in the worker): ${first.days} Days judged in ${first.ms} ms from the click (${(first.ms / Math.max(1, first.days)).toFixed(0)} ms per Day, 60 playouts), input (frame round trip) worst ${first.worst.toFixed(1)} ms over ${first.samples} samples`);
    assert.ok(first.worst < 100, `the page answers within 100 ms while the review judges (${first.worst} ms)`);
    const moment = await text(page, 'review-moment');
    if (moment !== null) {
      assert.match(await text(page, 'review-hand'), /Your hand:/);
      await screenshot(page, 'en-review-moment');
      // Try again by keyboard: the first choice has the focus.
      await G.clickButton(page, 'btn-review-try-0');
      await page.waitForSelector('#review-why', { timeout: 10_000 });
      const why = await text(page, 'review-why');
      assert.match(why, /^Better: .+ You played: .+ points in the Strong player's estimate\. For scale: .+\.$/);
      assert.match(await text(page, 'review-verdict'), /Well found|Not quite/);
      await screenshot(page, 'en-review-explained');
      await G.clickButton(page, 'btn-review-next');
    } else {
      assert.match(await text(page, 'review-end'), /No Day lost value/);
    }
    await G.clickButton(page, 'btn-review-close');
    await G.waitState(page, `s.screen === 'final'`);
    // The review's time per Day, measured over a few more openings of the same review.
    const runs = [first];
    for (let i = 0; i < 4; i++) {
      const t = Date.now();
      await G.clickButton(page, 'btn-review-0');
      await G.waitState(page, `s.screen === 'review'`);
      runs.push(await judged(page, t));
      await page.keyboard.press('Escape');
      await G.waitState(page, `s.screen === 'final'`);
    }
    const perDay = runs.map((r) => r.ms / Math.max(1, r.days)).sort((a, b) => a - b);
    console.log(`MEASURED review, ${runs.length} openings of ${first.days} Days: ms per Day (click → first moment) ${perDay.map((x) => x.toFixed(0)).join(', ')}; median ${perDay[2].toFixed(0)}; worst frame round trip ${Math.max(...runs.map((r) => r.worst)).toFixed(1)} ms over ${runs.reduce((a, r) => a + r.samples, 0)} samples`);
    for (const r of runs) assert.ok(r.worst < 100, `the page answers within 100 ms while the review judges (${r.worst} ms)`);

    // The same game's full record, imported: reviewed from the replay viewer.
    const record = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY)).record;
    assert.match(record, /^LZR2 /);
    await G.clickButton(page, 'btn-import');
    await G.waitState(page, `s.screen === 'records'`);
    await page.fill('#import-text', record);
    await G.clickButton(page, 'btn-import-apply');
    await G.waitState(page, `s.replay !== null && s.screen === 'table'`);
    assert.ok(await G.hasButton(page, 'btn-review-1'), 'every seat of a full record can be reviewed');
    await G.clickButton(page, 'btn-review-0');
    await G.waitState(page, `s.screen === 'review'`);
    await judged(page);
    if ((await text(page, 'review-moment')) !== null) {
      await G.clickButton(page, 'btn-review-show');
      await page.waitForSelector('#review-why', { timeout: 10_000 });
      assert.match(await text(page, 'review-why'), /^Better: /);
      await screenshot(page, 'en-review-imported');
    }
    await page.keyboard.press('Escape');
    await G.waitState(page, `s.screen === 'table' && s.replay !== null`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

/** Presses Tab until the element with this id has the focus (the keyboard alone). */
async function tabTo(page, id, max = 60) {
  for (let i = 0; i < max; i++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id}`);
}

test('the review by the keyboard alone, in Japanese on a phone: the board drawn, a moment retried and explained, the hands at the end', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 }, locale: 'ja-JP', deviceScaleFactor: 2 });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=3&botseed=5`);
    await G.finishAgainstEasy(page);
    // From here on, keys only.
    await tabTo(page, 'btn-review-0');
    await page.keyboard.press('Enter');
    await G.waitState(page, `s.screen === 'review'`);
    await page.waitForFunction(() => !document.getElementById('review-progress'), null, { timeout: 120_000 });
    let moments = 0;
    while ((await text(page, 'review-moment')) !== null) {
      // The board as the person saw it, drawn by the board renderer (pixels painted).
      const painted = await page.evaluate(() => {
        const c = document.getElementById('review-board');
        if (!c || c.width === 0) return 0;
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < d.length; i += 4 * 97) n += d[i] > 0 ? 1 : 0;
        return n;
      });
      assert.ok(painted > 100, 'the moment\'s board is painted');
      assert.match(await text(page, 'review-hand'), /あなたの手/);
      if (moments === 0) await screenshot(page, 'ja-phone-review-moment');
      // The first choice has the focus: Enter tries it again.
      assert.match(await page.evaluate(() => document.activeElement.id), /^btn-review-try-0$/);
      await page.keyboard.press('Enter');
      await page.waitForSelector('#review-legend');
      assert.match(await text(page, 'review-legend'), /緑の実線：よりよい手/);
      if ((await text(page, 'review-why')) !== null) assert.match(await text(page, 'review-why'), /^よりよい手：/);
      assert.equal(await page.evaluate(() => document.getElementById('review-finals')), null, 'no other hand before the end');
      if (moments === 0) await screenshot(page, 'ja-phone-review-explained');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'btn-review-next');
      await page.keyboard.press('Enter');
      moments += 1;
      await page.waitForFunction((n) => !document.getElementById('review-moment')?.textContent.startsWith(`場面 ${n}/`), moments);
    }
    // The end: every hand as the game ended.
    await page.waitForSelector('#review-end');
    const finals = await page.evaluate(() => [...document.querySelectorAll('#review-finals li')].map((li) => li.querySelectorAll('canvas.tile').length));
    assert.equal(finals.length, 2, 'both hands at the end');
    for (const n of finals) assert.ok(n >= 1);
    await screenshot(page, 'ja-phone-review-end');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'btn-review-close');
    await page.keyboard.press('Enter');
    await G.waitState(page, `s.screen === 'final'`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('a worker that cannot start is said in the review, which is judged once asked again', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=3&botseed=5`);
    // Two persons: no computer player, so nothing needs the worker before the game is over.
    let s = await G.startGame(page, { seats: ['red', 'black'] });
    for (let day = 0; day < 2; day++) {
      s = await G.state(page);
      if (s.screen === 'hand-over') {
        await G.clickButton(page, 'btn-ready');
        s = await G.waitState(page, `s.screen === 'table' && s.handRevealed && !s.animating`);
      }
      await G.playDayToCapture(page, s, { waterLeft: 0 });
      await G.waitState(page, `!s.animating && (s.screen !== 'table' || s.day !== ${s.day})`, 15_000);
    }
    s = await G.state(page);
    if (s.screen === 'hand-over') {
      await G.clickButton(page, 'btn-ready');
      await G.waitState(page, `s.screen === 'table' && s.handRevealed && !s.animating`);
    }
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-end-game');
    await G.waitState(page, `s.screen === 'confirm'`);
    // The browser refuses to start the worker, from the end of the game on (the results
    // ask it to rate the game first: that fails too).
    await page.evaluate(() => { window.__Worker = window.Worker; window.Worker = function () { throw new Error('no worker for this test'); }; });
    await page.keyboard.press('Enter');
    await G.waitState(page, `s.screen === 'final'`);
    await G.clickButton(page, 'btn-review-0');
    await page.waitForSelector('#review-failed', { timeout: 10_000 });
    assert.match(await text(page, 'review-failed'), /^The Strong player could not go through your Days \(.*no worker for this test.*\)\. Try again, or close the review\.$/);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'btn-review-retry');
    await screenshot(page, 'en-review-failed');
    // Allowed again: Try again judges the Days.
    await page.evaluate(() => { window.Worker = window.__Worker; });
    await page.keyboard.press('Enter');
    await judged(page);
    assert.ok((await text(page, 'review-moment')) !== null || (await text(page, 'review-end')) !== null, 'judged to the end');
    await page.keyboard.press('Escape');
    await G.waitState(page, `s.screen === 'final'`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
