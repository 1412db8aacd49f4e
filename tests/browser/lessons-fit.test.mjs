// Every lesson on every size the game promises to fit (issue "A first game that feels
// right on every screen", done means 1), in English and Japanese: the lesson's text lies
// in its place beside the board (Layout::lesson), inside the viewport and over neither the
// board nor the hand; its heading and task are read without scrolling on every screen but
// the smallest phone (320×568) and a phone on its side (844×390), where they scroll (the
// coach follows them and scrolls everywhere) and the box takes the keyboard's focus: there
// the lesson's buttons come first and stay at the box's top, so that the actions a step
// offers are always in sight (in-view.test.mjs), and the text gives way; the hand and every
// offered button are inside the viewport and at least 44×44; axe-core finds nothing.
// Screenshots: artifacts/lessons-<w>x<h>-<lang>-<nn>-<lesson>.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import { axe, checkTargets } from './a11y.mjs';
import * as G from './game.mjs';

const SIZES = [[320, 568], [390, 844], [844, 390], [1024, 768], [1440, 900]];
const LESSONS = ['board', 'discard', 'colour', 'joker', 'mountain', 'water', 'capture', 'sets', 'readings',
  'dissolve', 'declare', 'stalemate', 'luminous', 'whole-day'];

/** The lesson box, the board and the hand's tiles (in viewport pixels), and the box's scroll. */
function measure(page) {
  return page.evaluate(() => {
    const box = document.getElementById('lesson');
    const b = box.getBoundingClientRect();
    const r = window.lauzait.rects();
    return {
      box: { x: b.left, y: b.top, w: b.width, h: b.height },
      // How far down the box the task ends, read at the top of the box (the coach follows it).
      taskEnd: (box.scrollTop = 0, document.getElementById('lesson-task').getBoundingClientRect().bottom - b.top),
      client: box.clientHeight,
      focusable: box.tabIndex === 0,
      board: r.board,
      hand: r.hand,
    };
  });
}

const overlap = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

for (const lang of ['en', 'ja']) {
  test(`every lesson fits every screen (${lang})`, async () => {
    for (const [w, h] of SIZES) {
      const app = await openApp({ viewport: { width: w, height: h }, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
      try {
        const { page, errors } = app;
        await G.waitState(page, `s.screen === 'new-game' && s.lang === '${lang}'`);
        for (const [i, code] of LESSONS.entries()) {
          const where = `${w}×${h} (${lang}), lesson ${code}`;
          if (i === 0) {
            await G.clickButton(page, 'btn-learn');
          } else {
            await G.clickButton(page, 'btn-lessons');
          }
          await G.waitState(page, `s.screen === 'lessons'`);
          await G.clickButton(page, `btn-lesson-${code}`);
          await G.waitState(page, `s.screen === 'table' && s.phase === 'beginning' && !s.animating`);
          const name = `lessons-${w}x${h}-${lang}-${String(i + 1).padStart(2, '0')}-${code}`;
          await screenshot(page, name);
          const m = await measure(page);
          const inside = m.box.x >= -0.5 && m.box.y >= -0.5 && m.box.x + m.box.w <= w + 0.5 && m.box.y + m.box.h <= h + 0.5;
          assert.ok(inside, `${where}: the lesson's text ${JSON.stringify(m.box)} leaves the viewport`);
          assert.ok(!overlap(m.box, m.board), `${where}: the lesson's text covers the board`);
          for (const t of m.hand) assert.ok(!overlap(m.box, t), `${where}: the lesson's text covers the hand`);
          assert.ok(m.focusable, `${where}: the lesson's text cannot be focused to scroll it`);
          // The text may scroll only on the smallest phone and a phone on its side.
          const scrolls = w <= 320 || h <= 500;
          if (!scrolls) {
            assert.ok(m.taskEnd <= m.client + 1, `${where}: the lesson's task needs ${m.taskEnd} px and has ${m.client}`);
          } else {
            assert.ok(m.client >= 50, `${where}: the lesson's text has only ${m.client} px`);
          }
          await checkTargets(page, where);
          if (i === 0 || code === 'declare') {
            assert.deepEqual(await axe(page), [], `${where}: axe-core found violations`);
          }
        }
        assert.deepEqual(errors, []);
      } finally {
        await app.close();
      }
    }
  });
}
