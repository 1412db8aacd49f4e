// The Season log (issue "A first game that feels right on every screen", done means 2):
// a couple of Days played by taps, one with a throw into the Water; the log beside the
// board (from 1600 px) or opened over it (390×844, 1024×768, 1440×900) has one line per Day, the throw's with its
// sticks; key G reads it aloud through the live region; the board does not move while the
// log grows. Screenshots: artifacts/season-log-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

const logLines = (page) => page.evaluate(() => [...document.querySelectorAll('#log li')].map((li) => ({
  text: li.textContent, throw: li.classList.contains('throw'), sticks: li.querySelectorAll('.stick').length,
})));

// Deals (`?seed=`) in which the tests' policy throws into the Water within three Days and
// nobody may declare before: a fresh deal could end the Season first (seed search as in
// docs/browser-tests.md).
for (const [w, h, seed] of [[390, 844, 1], [1024, 768, 2], [1440, 900, 3]]) {
  test(`the Season log at ${w}×${h}`, { timeout: 180_000 }, async () => {
    const app = await openApp({ viewport: { width: w, height: h } });
    const { page } = app;
    try {
      await loadApp(page, `${app.server.url}?seed=${seed}`);
      await G.startGame(page, { seats: ['red', 'black'] });
      const policy = { waterLeft: 6 };
      const phone = w < 1600; // below 1600 px the log opens over the table (index.html)
      let board = null;
      let days = 0;
      let throws = 0;
      for (let guard = 0; guard < 80 && (days < 3 || throws === 0) && days < 12; guard++) {
        let s = await G.state(page);
        if (s.screen === 'hand-over') {
          await G.clickButton(page, 'btn-ready');
          s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
        }
        assert.equal(s.screen, 'table', `unexpected screen ${s.screen}`);
        const a1 = (await G.rects(page)).squares.a1;
        if (board) assert.deepEqual(a1, board, `the board moved as the log grew (Day ${s.day})`);
        board = a1;
        const c = G.choose(s, policy);
        await G.perform(page, s, c);
        if (c.kind === 'capture') {
          days += 1;
          if (s.legal.water.includes(c.to)) throws += 1;
          await G.waitState(page, `!s.animating && (s.screen !== 'table' || s.day !== ${s.day})`, 15_000);
        } else {
          await G.waitState(page, `s.screen !== 'table' || s.steps !== ${s.steps}`);
        }
      }
      assert.ok(throws > 0, `a throw in ${days} Days`);
      let s = await G.state(page);
      if (s.screen === 'hand-over') {
        await G.clickButton(page, 'btn-ready');
        s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
      }
      const before = (await G.rects(page)).squares.a1;
      if (phone) {
        assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('log')).display), 'none',
          'on a phone the log waits to be asked for');
        await G.clickButton(page, 'btn-log');
        assert.equal(await page.evaluate(() => document.getElementById('btn-log').getAttribute('aria-expanded')), 'true');
      } else {
        assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('btn-log')).display), 'none');
      }
      assert.deepEqual((await G.rects(page)).squares.a1, before, 'showing the log does not move the board');
      const box = await page.evaluate(() => { const b = document.getElementById('log').getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width, h: b.height }; });
      assert.ok(box.w > 100 && box.h > 100 && box.x + box.w <= w + 0.5 && box.y + box.h <= h + 0.5, `the log lies in sight: ${JSON.stringify(box)}`);
      if (!phone) assert.ok(box.x >= before.x + 5 * before.w - 0.5, `the log is beside the board: ${JSON.stringify(box)}`);
      const lines = await logLines(page);
      assert.equal(lines.length, days, JSON.stringify(lines));
      lines.forEach((l, i) => assert.match(l.text, new RegExp(`^Day ${i + 1} — (Red|Black) (dissolves .+\\. \\1 )?(forms .+\\. \\1 )?discarded .+ and moved .+ from .+ to `)));
      const thrown = lines.filter((l) => l.throw);
      assert.equal(thrown.length, throws);
      for (const l of thrown) {
        assert.match(l.text, /Sticks: \d dark faces? \((3–5|0–2)\)/);
        assert.equal(l.sticks, 5, 'the five sticks are drawn beside a throw');
      }
      // The latest line is in sight (the log keeps its end in view).
      const latest = await page.evaluate(() => {
        const items = document.querySelectorAll('#log li');
        const li = items[items.length - 1].getBoundingClientRect();
        const sc = document.querySelector('#log .scroll').getBoundingClientRect();
        return li.top >= sc.top - 1 && li.bottom <= sc.bottom + 1;
      });
      assert.ok(latest, 'the latest line is visible');
      await screenshot(page, `season-log-${w}x${h}`);
      // Read aloud on request: G, from the board.
      await page.focus('#board');
      await page.keyboard.press('g');
      const live = await page.evaluate(() => document.getElementById('live').textContent);
      assert.ok(live.includes('Season 1/2.'), live);
      for (const l of lines) assert.ok(live.includes(l.text.trim()), `the live region reads "${l.text}": ${live}`);
      if (phone) {
        await G.clickButton(page, 'btn-log');
        assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('log')).display), 'none');
      }
      assert.deepEqual(app.errors, []);
    } finally {
      await app.close();
    }
  });
}
