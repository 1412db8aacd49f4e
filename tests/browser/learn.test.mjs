// The lessons as a new user meets them: "Learn to play" on the first screen, every lesson
// completed by clicks on the same table as the game (one by the keyboard alone), a wrong try
// explained with its rule id, progress kept after a reload under its own storage key (the
// saved game never touched) or, when it cannot be, said, and a screenshot of each lesson
// (English on a desktop, Japanese on a phone).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

// Each lesson's code and a move that reaches its goal (crates/learn/src/lessons.rs, `solution`).
const LESSONS = [
  ['board', 'G5 e4 >d5'],
  ['discard', 'G8 b1 >b2'],
  ['colour', 'W6 c5 >d4'],
  ['joker', 'J d5 >e5'],
  ['mountain', 'G4 c3 >c5'],
  ['water', 'G5 e4 >e3'],
  ['capture', 'G3 d1 >e1'],
  ['sets', 'form:White 4, White 5, White 6'],
  ['readings', 'form:as Green 6, Green 7, Green 8'],
  ['dissolve', 'dissolve:0'],
  ['declare', 'declare'],
  ['stalemate', 'stalemate'],
  ['luminous', 'declare'],
  ['whole-day', 'G5 e4 >d5'],
];

const live = (page) => page.evaluate(() => document.getElementById('live').textContent);

/** Plays one token of a lesson's move by clicks, as a person would. */
async function play(page, token) {
  if (token.startsWith('form:')) {
    await G.clickButton(page, 'btn-form');
    const label = token.slice(5);
    // A choice's name is its content: the tiles are images named by their pieces, a Joker's
    // reading is introduced by "read as" (screen-reader text).
    const wanted = label.replace(/^as /, 'read as ').replace(/,/g, '');
    const id = await page.evaluate((wanted) => {
      const name = (node) => node.nodeType === Node.TEXT_NODE ? node.textContent
        : node.getAttribute?.('aria-hidden') === 'true' ? ''
        : node.getAttribute?.('aria-label') ?? [...node.childNodes].map(name).join(' ');
      return [...document.querySelectorAll('button[id^="form-"]')]
        .find((b) => name(b).replace(/\s+/g, ' ').includes(wanted))?.id;
    }, wanted);
    assert.ok(id, `a Form choice ${label}`);
    await G.clickButton(page, id);
  } else if (token.startsWith('dissolve:')) {
    const d = Number(token.slice(9));
    await G.clickRect(page, (await G.rects(page)).departments.find((r) => r.index === d));
    await G.clickButton(page, `dissolve-${d}`);
  } else if (token === 'declare') {
    await G.clickButton(page, 'btn-declare');
    await G.clickButton(page, 'btn-declare-confirm');
  } else if (token === 'stalemate') {
    await G.clickButton(page, 'btn-stalemate');
  } else {
    for (const t of token.split(' ')) {
      const { phase } = await G.state(page);
      if (/^[GWJ]/.test(t)) await G.clickHandPiece(page, t);
      else await G.clickSquare(page, t.replace('>', ''));
      // A destination goes through the safe last step.
      if (phase === 'moving') await G.confirmHire(page);
    }
  }
}

async function startLesson(page, code) {
  await G.clickButton(page, `btn-lesson-${code}`);
  return G.waitState(page, `s.screen === 'table' && s.phase === 'beginning'`);
}

test('every lesson by clicks, a wrong try explained, progress kept after a reload', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 }, locale: 'en-US' });
  try {
    const { page, errors } = app;
    await G.waitState(page, `s.screen === 'new-game'`);
    await screenshot(page, 'learn-en-first-screen');
    await G.clickButton(page, 'btn-learn');
    await G.waitState(page, `s.screen === 'lessons'`);
    await screenshot(page, 'learn-en-lessons');

    // A wrong try: the hint with the rule id, the table back as the lesson began.
    await startLesson(page, 'colour');
    await play(page, 'G6 e3 >d4');
    let s = await G.waitState(page, `s.screen === 'table' && s.phase === 'beginning' && s.day === 1`);
    const message = await page.evaluate(() => document.getElementById('message')?.textContent ?? '');
    assert.match(message, /Not quite\..*White 6.*\(R12\.2\)/);
    assert.match(await live(page), /\(R12\.2\)/);
    await screenshot(page, 'learn-en-wrong-try');
    // The hint button says the same without a try.
    await G.clickButton(page, 'btn-lesson-hint');
    assert.match(await page.evaluate(() => document.getElementById('message').textContent), /White 6/);
    await G.clickButton(page, 'btn-lessons');
    await G.waitState(page, `s.screen === 'lessons'`);

    for (const [i, [code, move]] of LESSONS.entries()) {
      await startLesson(page, code);
      const heading = await page.evaluate(() => document.getElementById('lesson-heading').textContent);
      assert.match(heading, new RegExp(`^Lesson ${i + 1} of 14`));
      await screenshot(page, `learn-en-${String(i + 1).padStart(2, '0')}-${code}`);
      await play(page, move);
      s = await G.waitState(page, `s.screen === 'lesson-done'`, 60_000);
      assert.match(await live(page), /Well done/);
      if (i + 1 < LESSONS.length) {
        await G.clickButton(page, 'btn-lesson-done-lessons');
        await G.waitState(page, `s.screen === 'lessons'`);
      }
    }
    await screenshot(page, 'learn-en-all-done');
    const stored = await page.evaluate(() => ({
      progress: localStorage.getItem('lauzait-cep/learn/v1'),
      save: localStorage.getItem('lauzait-cep/save/v1'),
    }));
    assert.equal(stored.save, null, 'the lessons never write the saved game');
    assert.deepEqual(JSON.parse(stored.progress).done, LESSONS.map(([c]) => c));

    // After a reload: every lesson is marked done.
    await loadApp(page);
    await G.clickButton(page, 'btn-learn');
    await G.waitState(page, `s.screen === 'lessons'`);
    for (const [code] of LESSONS) {
      const text = await page.evaluate((id) => document.getElementById(id).textContent, `btn-lesson-${code}`);
      assert.match(text, /✓ done/, code);
    }
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('a lesson finished while the progress cannot be kept says so, and the lesson ends as usual', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 }, locale: 'en-US' });
  try {
    const { page, errors } = app;
    await G.waitState(page, `s.screen === 'new-game'`);
    // The lessons' progress refused, as a full storage or a private window refuses it.
    await page.evaluate(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'lauzait-cep/learn/v1') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    });
    await G.clickButton(page, 'btn-learn');
    await G.waitState(page, `s.screen === 'lessons'`);
    await startLesson(page, 'board');
    await play(page, 'G5 e4 >d5');
    const s = await G.waitState(page, `s.screen === 'lesson-done' && /could not be kept/.test(s.message?.text || '')`, 60_000);
    assert.ok(s.message.error);
    assert.match(s.message.text, /browser's storage is full/, 'with the reason');
    assert.match(await live(page), /could not be kept/);
    // Whole in the dialog, where the status bar has room for its first line only.
    const inDialog = await page.evaluate(() => document.getElementById('lesson-done-message')?.textContent ?? '');
    assert.match(inDialog, /could not be kept \(the browser's storage is full\): a lesson finished now will show as not done after a reload/);
    await screenshot(page, 'learn-en-progress-not-kept');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('a lesson by the keyboard alone', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 }, locale: 'en-US' });
  try {
    const { page, errors } = app;
    await G.waitState(page, `s.screen === 'new-game'`);
    const tabTo = async (id) => {
      for (let i = 0; i < 60; i++) {
        if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached #${id}`);
    };
    await tabTo('btn-learn');
    await page.keyboard.press('Enter');
    await G.waitState(page, `s.screen === 'lessons'`);
    await tabTo('btn-lesson-board');
    await page.keyboard.press('Enter');
    let s = await G.waitState(page, `s.screen === 'table'`);
    assert.match(await live(page), /Lesson 1 of 14 — The pieces and the board\. Your nine pieces/);
    await page.evaluate(() => document.getElementById('board').focus());
    // Walks the cursor to a target ("hand:i" or a square) with the arrows, then Enter.
    const goTo = async (want) => {
      for (let i = 0; i < 40; i++) {
        s = await G.state(page);
        if (s.focus === want) break;
        const f = s.focus;
        if (want.startsWith('hand:')) {
          if (!f?.startsWith('hand:')) { await page.keyboard.press('ArrowDown'); continue; }
          await page.keyboard.press(Number(f.slice(5)) < Number(want.slice(5)) ? 'ArrowRight' : 'ArrowLeft');
        } else {
          if (!f || f.startsWith('hand:')) { await page.keyboard.press('ArrowUp'); continue; }
          const [df, dr] = [want.charCodeAt(0) - f.charCodeAt(0), Number(want[1]) - Number(f[1])];
          await page.keyboard.press(df > 0 ? 'ArrowRight' : df < 0 ? 'ArrowLeft' : dr > 0 ? 'ArrowUp' : 'ArrowDown');
        }
      }
      assert.equal((await G.state(page)).focus, want);
      await page.keyboard.press('Enter');
    };
    await page.keyboard.press('Enter'); // the cursor appears on the first piece offered
    s = await G.state(page);
    if (s.phase === 'discarded') { await page.keyboard.press('u'); await G.waitState(page, `s.phase === 'beginning'`); }
    const g5 = (await G.rects(page)).hand.find((h) => h.piece === 'G5').index;
    await goTo(`hand:${g5}`);
    await G.waitState(page, `s.phase === 'discarded'`);
    await goTo('e4');
    await G.waitState(page, `s.phase === 'moving'`);
    await goTo('d5');
    await G.confirmHire(page, { keyboard: true });
    await G.waitState(page, `s.screen === 'lesson-done'`);
    assert.match(await live(page), /Well done/);
    // The dialog's buttons are real buttons: Enter on the focused "Next lesson".
    await page.keyboard.press('Enter');
    s = await G.waitState(page, `s.screen === 'table'`);
    assert.match(await page.evaluate(() => document.getElementById('lesson-heading').textContent), /^Lesson 2 of 14/);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('every lesson in Japanese on a phone', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'ja-JP' });
  try {
    const { page, errors } = app;
    await G.waitState(page, `s.screen === 'new-game' && s.lang === 'ja'`);
    await screenshot(page, 'learn-ja-phone-first-screen');
    await G.clickButton(page, 'btn-learn');
    await G.waitState(page, `s.screen === 'lessons'`);
    await screenshot(page, 'learn-ja-phone-lessons');
    for (const [i, [code]] of LESSONS.entries()) {
      await startLesson(page, code);
      const heading = await page.evaluate(() => document.getElementById('lesson-heading').textContent);
      assert.match(heading, new RegExp(`^レッスン${i + 1}／14`));
      await screenshot(page, `learn-ja-phone-${String(i + 1).padStart(2, '0')}-${code}`);
      await G.clickButton(page, 'btn-lessons');
      await G.waitState(page, `s.screen === 'lessons'`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
