// Nothing a player needs is ever out of sight (issue #36): on each of the five screens the
// game promises to fit, in English and in Japanese, with two and four players, the coach on
// and off (every combination: 40 tables), the page is driven to a refusal, the coach's Hint, a storage-full warning, the
// safe last step (Confirm), a computer player's narration, and a lesson's wrong try and
// its Hint. At each, the whole status message is in view without scrolling (inside the
// viewport and every box around it, and on top where its middle is), and every button of
// the status bar and the action bar lies inside the viewport; in a lesson, the lesson's
// buttons are in view too and its box lies below the message, never under it
// (Layout::lesson_clear_of; a lesson's table is its own, whatever the game's players, so the
// lesson is driven once per size, language and coach setting). Every small tile of a player's panel lies inside it, and the
// hand's revealed Departments over no panel (Layout::panel_tiles). The board's rectangle is the
// same on the person's Day and the computer's Day of one Season (crates/ui/src/layout/chrome.rs).
// Screenshots: artifacts/in-view-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

const SIZES = [[320, 568], [390, 844], [844, 390], [1024, 768], [1440, 900]];
const SEATS = ['red', 'blue', 'black', 'yellow'];

/** Where the element (by id) is cut off: outside the viewport, clipped by a box around it, or covered. */
const outOfSight = (page, id) =>
  page.evaluate((id) => {
    const el = document.getElementById(id);
    if (!el) return `#${id} is missing`;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return `#${id} is not shown`;
    const [vw, vh] = [innerWidth, innerHeight];
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      return `#${id} ${JSON.stringify(r)} leaves the ${vw}×${vh} viewport`;
    }
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p);
      if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
      const b = p.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5 || r.right > b.right + 0.5) {
        return `#${id} ${JSON.stringify(r)} is cut by #${p.id || p.tagName} ${JSON.stringify(b)}`;
      }
    }
    // (The status lets taps through to the table under it: hit-tested here as it is seen.)
    const see = document.createElement('style');
    see.textContent = '#status, #status * { pointer-events: auto !important; }';
    document.head.append(see);
    try {
      // The middle of each piece of its text (each line, each word of a rule link): the
      // element's own box may lie under the bar's buttons, which its text flows around.
      const range = document.createRange();
      range.selectNodeContents(el);
      const parts = [...range.getClientRects()].filter((p) => p.width > 1 && p.height > 1);
      for (const [x, y] of parts.map((p) => [p.left + p.width / 2, p.top + p.height / 2])) {
        const top = document.elementFromPoint(x, y);
        if (top && top !== el && !el.contains(top) && !top.contains(el)) return `#${id} is covered by ${top.id || top.tagName}`;
      }
    } finally {
      see.remove();
    }
    return null;
  }, id);

/** The status bar's and the action bar's buttons that leave the viewport. */
const buttonsOut = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#bar button, #actions button')]
      .filter((b) => b.getClientRects().length)
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
      })
      .map((b) => `${b.id} ${JSON.stringify(b.getBoundingClientRect())}`));

const over = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/** Every small tile of a panel inside it and over no other panel; the shown hand's revealed
 *  Departments over no panel and off the board (Layout::panel_tiles, Layout's hand). */
async function tilesInPlace(page, where) {
  const r = await G.rects(page);
  r.panels.forEach((p, i) => {
    for (const t of p.tiles) {
      const inside = t.x >= p.x - 0.5 && t.y >= p.y - 0.5 && t.x + t.w <= p.x + p.w + 0.5 && t.y + t.h <= p.y + p.h + 0.5;
      assert.ok(inside, `${where}: a tile ${JSON.stringify(t)} leaves panel ${i} ${JSON.stringify(p)}`);
      r.panels.forEach((q, j) => assert.ok(j === i || !over(t, q), `${where}: a tile of panel ${i} covers panel ${j}`));
    }
  });
  for (const d of r.departments) {
    r.panels.forEach((p, i) => assert.ok(!over(d, p), `${where}: a revealed Department ${JSON.stringify(d)} covers panel ${i}`));
    assert.ok(!over(d, r.board), `${where}: a revealed Department covers the board`);
  }
}

/** A lesson's box lies below the status bar's message, never under it. */
async function lessonClear(page, where) {
  const [status, lesson] = await page.evaluate(() =>
    ['status', 'lesson-place'].map((id) => { const b = document.getElementById(id).getBoundingClientRect(); return { top: b.top, bottom: b.bottom }; }));
  assert.ok(lesson.top >= status.bottom - 0.5, `${where}: the message (to ${status.bottom}) covers the lesson's box (from ${lesson.top})`);
}

async function inSight(page, where, ids) {
  for (const id of ids) assert.equal(await outOfSight(page, id), null, where);
  assert.deepEqual(await buttonsOut(page), [], `${where}: buttons out of the viewport`);
  await tilesInPlace(page, where);
}

const personDay = `s.screen === 'table' && s.handRevealed && s.legal.discards && s.legal.discards.length > 0`;
const computerDay = `s.status === 'playing' && (typeof s.toMove === 'number' ? s.players[s.toMove] : s.players.find((p) => p.seat === s.toMove))?.bot`;

async function toggleInMenu(page, id) {
  await G.clickButton(page, 'btn-menu');
  await G.waitState(page, `s.screen === 'menu'`);
  await G.clickButton(page, id);
  await G.clickButton(page, 'btn-close');
  await G.waitState(page, `s.screen !== 'menu'`);
}

/** A table's name in messages and screenshots. */
const tagOf = ({ w, h, lang, players, coach }) => `${w}x${h}-${lang}-${players}p-coach-${coach ? 'on' : 'off'}`;

/** One table: a size, a language, two or four players, the coach on or off. */
async function checkTable({ i, j, w, h, lang, players, coach }) {
  const tag = tagOf({ w, h, lang, players, coach });
  // Screenshots of a share of the tables, each size and language with its own mix.
  const shown = players === ((i + j) % 2 === 0 ? 4 : 2) && coach === ((i + 2 * j) % 3 !== 1);
  const shot = shown && (i === 0 || (i === 2 && j === 1) || (i === 1 && j === 0));
  const app = await openApp({ viewport: { width: w, height: h }, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
  try {
    const { page, errors } = app;
    const seats = SEATS.slice(0, players === 2 ? 1 : 4).concat(players === 2 ? ['black'] : []);
    const kinds = Object.fromEntries(seats.slice(1).map((s) => [s, 'easy']));
    await G.startGame(page, { seats, kinds });
    if (await G.hasButton(page, 'btn-ready')) await G.clickButton(page, 'btn-ready');
    // The computer players at their fast pace: their Days still go step by step.
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-speed-fast');
    await G.waitState(page, `s.speed === 'fast'`);
    await G.clickButton(page, 'btn-close');
    // (The safe last step is on by default.)
    await G.clickButton(page, 'btn-menu');
    await G.waitState(page, `s.screen === 'menu'`);
    assert.equal(await page.evaluate(() => document.getElementById('btn-confirm-pref').getAttribute('aria-pressed')), 'true', tag);
    await G.clickButton(page, 'btn-close');
    if (coach) await toggleInMenu(page, 'btn-coach');
    // The person's Day (past a hand-over, or a Season a computer player ended first, its
    // scores and the next Season's start, should one be up: the deal is fresh each run).
    let s;
    for (let k = 0; k < 120 && !s; k++) {
      for (const id of ['btn-continue', 'btn-next-season', 'btn-ready']) {
        if (await G.hasButton(page, id)) await G.clickButton(page, id);
      }
      s = await G.waitState(page, personDay, 500).catch(() => null);
    }
    assert.ok(s, `${tag}: no Day of the person's came (${JSON.stringify((await G.state(page)).screen)})`);
    const board = (await G.rects(page)).board;
    await inSight(page, `${tag}: a person's Day`, ['status']);

    // A refusal: a piece of the board tapped before the discard.
    const sq = G.SQUARES.find((q, k) => s.board[k]);
    await G.clickSquare(page, sq);
    await page.waitForFunction(() => !!document.getElementById('message'));
    await inSight(page, `${tag}: a refusal`, ['status', 'message']);
    if (shot) await screenshot(page, `in-view-${tag}-refusal`);

    // The coach's Hint (where the coach is folded into the Season log, the log opened first).
    if (coach) {
      // (From 1600 px wide the log, and so a folded coach, is always beside the board.)
      const closed = await page.evaluate(() => !document.getElementById('coach-dock') && !document.getElementById('log').classList.contains('open'));
      if (closed) await G.clickButton(page, 'btn-log');
      await G.clickButton(page, 'btn-coach-hint');
      await page.waitForFunction(() => document.getElementById('coach-hint')?.dataset.action, null, { timeout: 30_000 }).catch(() => {});
      await inSight(page, `${tag}: the coach's Hint`, ['status', 'coach-hint']);
      if (shot) await screenshot(page, `in-view-${tag}-coach-hint`);
      if (await page.evaluate(() => document.getElementById('log').classList.contains('open'))) await G.clickButton(page, 'btn-log');
    }

    // A storage-full warning: every write of the save refused from now on.
    await page.evaluate(() => {
      const set = Storage.prototype.setItem;
      window.restoreStorage = () => { Storage.prototype.setItem = set; };
      Storage.prototype.setItem = function (k, v) {
        if (k === 'lauzait-cep/save/v1') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    });
    s = await G.state(page);
    await G.perform(page, s, { kind: 'discard', piece: s.legal.discards[0] });
    s = await G.waitState(page, `s.phase === 'discarded'`);
    await page.waitForFunction(() => !!document.getElementById('save-trouble') || !!document.querySelector('#message.err'), null, { timeout: 5_000 }).catch(() => {});
    const warning = (await page.evaluate(() => !!document.getElementById('save-trouble'))) ? 'save-trouble' : 'status';
    await inSight(page, `${tag}: the storage-full warning`, ['status', warning]);
    if (shot) await screenshot(page, `in-view-${tag}-storage-full`);
    // The storage has room again: the Day's end saves and the warning goes.
    await page.evaluate(() => window.restoreStorage());

    // The safe last step.
    await G.perform(page, s, { kind: 'move', from: s.legal.movers[0] });
    s = await G.waitState(page, `s.phase === 'moving'`);
    await G.clickSquare(page, s.legal.destinations[0]);
    await page.waitForFunction(() => !!document.getElementById('btn-confirm-hire'));
    await inSight(page, `${tag}: Confirm`, ['status', 'btn-confirm-hire', 'btn-cancel-hire']);
    if (shot) await screenshot(page, `in-view-${tag}-confirm`);
    assert.deepEqual((await G.rects(page)).board, board, `${tag}: the board moved within the Day`);
    await G.clickButton(page, 'btn-confirm-hire');

    // A computer player's Day, narrated; the board where it was.
    await G.waitState(page, computerDay, 30_000);
    await inSight(page, `${tag}: a computer's Day`, ['status']);
    assert.deepEqual((await G.rects(page)).board, board, `${tag}: the board moved on a computer's Day`);
    if (shot) await screenshot(page, `in-view-${tag}-computer`);

    // A lesson: a wrong try, then its Hint (from the menu, once the table's dialogs, a
    // hand-over or a Season's scores, are out of the way). Its table is the lesson's own:
    // once per size, language and coach setting.
    if (players === 2) {
      for (let k = 0; k < 40 && !(await G.hasButton(page, 'btn-learn')); k++) {
        const screen = (await G.state(page)).screen;
        // (A Season's scores and the game's results, which the computer players' Days
        // can bring and Escape does not close, are gone through by their own buttons.)
        const through = { scoring: 'btn-continue', season: 'btn-next-season', final: 'btn-new-game' }[screen];
        if (screen === 'table') await G.clickButton(page, 'btn-menu');
        else if (through && (await G.hasButton(page, through))) await G.clickButton(page, through);
        else if (await G.hasButton(page, 'btn-ready')) await G.clickButton(page, 'btn-ready');
        else if (screen !== 'menu') await page.keyboard.press('Escape');
        await page.waitForTimeout(250);
      }
      await G.clickButton(page, 'btn-learn');
      await G.waitState(page, `s.screen === 'lessons'`);
      await G.clickButton(page, 'btn-lesson-colour');
      await G.waitState(page, `s.screen === 'table' && s.phase === 'beginning'`);
      for (const t of ['G6', 'e3', 'd4']) {
        if (/^[GWJ]/.test(t)) await G.clickHandPiece(page, t);
        else await G.clickSquare(page, t);
      }
      // (The safe last step is on: the try is confirmed.)
      await page.waitForFunction(() => !!document.getElementById('btn-confirm-hire') || !!window.lauzait.state().message, null, { timeout: 5_000 });
      if (await G.hasButton(page, 'btn-confirm-hire')) await G.clickButton(page, 'btn-confirm-hire');
      await G.waitState(page, `s.screen === 'table' && s.phase === 'beginning' && !!s.message`);
      // The message, the prompt and the lesson's buttons in view; the lesson's text gives way.
      const lessonIds = ['status', 'message', 'btn-lesson-hint', 'btn-lesson-restart', 'btn-lessons'];
      await inSight(page, `${tag}: a lesson's wrong try`, lessonIds);
      await lessonClear(page, `${tag}: a lesson's wrong try`);
      if (shot || w === 320) await screenshot(page, `in-view-${tag}-wrong-try`);
      await G.clickButton(page, 'btn-lesson-hint');
      await page.waitForFunction(() => !!document.getElementById('message'));
      await inSight(page, `${tag}: a lesson's Hint`, lessonIds);
      await lessonClear(page, `${tag}: a lesson's Hint`);
      if (shot || w === 320) await screenshot(page, `in-view-${tag}-lesson-hint`);
    }
    assert.deepEqual(errors.filter((e) => !/quota/i.test(e)), [], tag);
  } finally {
    await app.close();
  }
}

// The tables, two at a time: each mostly waits for its page (the computer players' paced
// Days), so two share the machine's cores without slowing each other much.
test('the message and every offered button stay in sight; the board stays put between Days', { concurrency: 2 }, async (t) => {
  const tables = [];
  for (const [i, [w, h]] of SIZES.entries()) {
    for (const [j, lang] of ['en', 'ja'].entries()) for (const players of [2, 4]) for (const coach of [true, false]) {
      tables.push({ i, j, w, h, lang, players, coach });
    }
  }
  await Promise.all(tables.map((table) => t.test(tagOf(table), () => checkTable(table))));
});
