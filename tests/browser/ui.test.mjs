// The rest of the interface: the language follows navigator.language, a game set up and
// played with the keyboard alone, the open-hands option (no hand-over screen), the ARIA
// live region and the board's accessible name, a crisp canvas on a high-DPI screen, dialogs
// closed with Escape, the language switched mid-game, and the layout following a rotation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

async function tabTo(page, id, max = 40) {
  for (let i = 0; i < max; i++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

const live = (page) => page.evaluate(() => document.getElementById('live').textContent);

test('keyboard only, open hands, language, live region, high DPI, rotation', async () => {
  const app = await openApp({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, locale: 'ja-JP' });
  try {
    const { page, errors } = app;
    let s = await G.state(page);
    assert.equal(s.lang, 'ja', 'the language follows navigator.language');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');

    // Crisp on high-DPI screens: the bitmap is CSS size × devicePixelRatio.
    const px = await page.evaluate(() => { const c = document.getElementById('board'); return [c.width, c.height, c.clientWidth, c.clientHeight, devicePixelRatio]; });
    assert.equal(px[4], 2);
    assert.equal(px[0], px[2] * 2);
    assert.equal(px[1], px[3] * 2);

    // Set up a game with the keyboard: English, open hands, start.
    await tabTo(page, 'btn-lang-en');
    await page.keyboard.press('Enter');
    s = await G.waitState(page, `s.lang === 'en'`);
    await tabTo(page, 'ng-open');
    await page.keyboard.press('Space');
    await tabTo(page, 'btn-start');
    await page.keyboard.press('Enter');
    s = await G.waitState(page, `s.status === 'playing'`);
    assert.equal(s.screen, 'table', 'open hands: no hand-over screen');
    assert.equal(s.openHands, true);
    assert.ok(s.hand.length === 9);
    assert.match(await live(page), /A new game: 2 players/);
    assert.match(await page.evaluate(() => document.getElementById('board').getAttribute('aria-label')), /Hiring: discard/);

    // A Day with the keyboard alone: Enter shows the cursor on the first piece offered,
    // Enter picks it; U undoes; then discard, move and capture.
    await page.keyboard.press('Enter');
    s = await G.state(page);
    assert.match(s.focus, /^hand:/);
    assert.match(await live(page), /can be chosen/);
    const first = s.focus;
    // The cursor leaves the hand upwards onto the board's bottom rank, and comes back.
    await page.keyboard.press('ArrowUp');
    assert.match((await G.state(page)).focus, /^[a-e]1$/);
    assert.match(await live(page), /^[a-e]1/);
    await page.keyboard.press('ArrowDown');
    assert.match((await G.state(page)).focus, /^hand:/);
    for (let i = 0; i < 20 && (await G.state(page)).focus !== first; i++) {
      const at = Number((await G.state(page)).focus.split(':')[1]);
      await page.keyboard.press(at > Number(first.split(':')[1]) ? 'ArrowLeft' : 'ArrowRight');
    }
    assert.equal((await G.state(page)).focus, first);
    await page.keyboard.press('Enter');
    s = await G.waitState(page, `s.phase === 'discarded'`);
    assert.match(await live(page), /discards .* onto [a-e][1-5]/);
    await page.keyboard.press('u');
    s = await G.waitState(page, `s.phase === 'beginning'`);
    assert.match(await live(page), /Undone/);
    const day = s.day;
    const mover = s.toMove;
    await page.keyboard.press('Enter'); // the cursor is back on the first piece offered
    s = await G.waitState(page, `s.phase === 'discarded'`);
    assert.equal(s.focus, s.legal.movers[0], 'the cursor moves on to the first piece that may move');
    await page.keyboard.press('Enter');
    s = await G.waitState(page, `s.phase === 'moving'`);
    assert.match(await live(page), /destinations/);
    // Walk the cursor with the arrows to a destination, then Enter.
    const target = s.legal.destinations.find((d) => !s.legal.water.includes(d)) ?? s.legal.destinations[0];
    const [f0, r0] = [s.focus.charCodeAt(0), Number(s.focus[1])];
    const [f1, r1] = [target.charCodeAt(0), Number(target[1])];
    for (let i = 0; i < Math.abs(f1 - f0); i++) await page.keyboard.press(f1 > f0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(r1 - r0); i++) await page.keyboard.press(r1 > r0 ? 'ArrowUp' : 'ArrowDown');
    assert.equal((await G.state(page)).focus, target);
    await screenshot(page, 'en-tablet-keyboard-cursor');
    await page.keyboard.press('Enter');
    await G.confirmHire(page, { keyboard: true });
    s = await G.waitState(page, `!s.animating && s.day === ${day + 1}`);
    assert.notEqual(s.toMove, mover);
    assert.equal(s.screen, 'table', 'open hands: straight on to the next Day');
    assert.match(await live(page), /discarded .* and moved .* from [a-e][1-5]/);

    // Dialogs close with Escape; the language can be switched in the menu.
    await G.clickButton(page, 'btn-menu');
    await G.waitState(page, `s.screen === 'menu'`);
    await page.keyboard.press('Escape');
    await G.waitState(page, `s.screen === 'table'`);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-lang-ja');
    s = await G.waitState(page, `s.lang === 'ja'`);
    assert.match(s.prompt, /の手番/);
    await page.keyboard.press('Escape');
    s = await G.waitState(page, `s.screen === 'table'`);
    assert.match(s.prompt, /^(赤|黒)の手番 — \S/, 'seat-named players are named in the new language, and the Day goes on');
    assert.ok(s.legal.discards.length > 0);

    // Rotation: portrait puts the hand under the board, landscape beside it.
    let r = await G.rects(page);
    assert.ok(r.hand[0].y > r.board.y + r.board.h, 'portrait: hand below the board');
    await page.setViewportSize({ width: 1180, height: 820 });
    await page.waitForFunction(() => window.lauzait.rects().hand[0].x > window.lauzait.rects().board.x + window.lauzait.rects().board.w);
    r = await G.rects(page);
    const c = await page.evaluate(() => { const c = document.getElementById('board'); return [c.width, c.clientWidth]; });
    assert.equal(c[0], c[1] * 2, 'the bitmap follows the new size');
    await screenshot(page, 'ja-tablet-landscape-open-hands');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

// A repaint replaces a region's markup (a worker's answer, a timer), so a button can become
// a new element between a finger's press and its release. Chromium then sends no click; the
// page must keep the tap (src/web/activation.rs). Here the repaint is the test's own: the
// pressed button's markup written again between the press and the release.
test('a tap on a button repainted under the finger still counts, once', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 } });
  try {
    const { page, errors } = app;
    await G.waitState(page, `s.screen === 'new-game'`);
    const pressRepaintRelease = async (id) => {
      await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'nearest' }), id);
      const box = await page.locator(`#${id}`).boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.evaluate((id) => {
        const old = document.getElementById(id);
        old.outerHTML = old.outerHTML;
      }, id);
      await page.mouse.up();
    };
    // A seat's other kind (Easy), then the start.
    const easy = await page.evaluate(() => document.querySelector('[id^="ng-kind-"][id$="-easy"][aria-pressed="false"]')?.id);
    assert.ok(easy, 'a seat offers the Easy computer player');
    await pressRepaintRelease(easy);
    await page.waitForFunction((id) => document.getElementById(id).getAttribute('aria-pressed') === 'true', easy);
    await pressRepaintRelease('btn-start');
    await G.waitState(page, `s.status === 'playing'`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

// A dialog's markup is replaced whole when it changes; the same dialog repainted while a
// person reads it on a small screen (the final results as the rating's figures arrive, a
// button pressed in it) keeps its scroll (src/web/dialog_place.rs): a new card would open
// at its top, or jump to the focused button, and the next tap would land elsewhere.
test('a dialog repainted while scrolled stays where the person was, and is centred again when the phone turns', async () => {
  const app = await openApp({ viewport: { width: 320, height: 568 } });
  try {
    const { page, errors } = app;
    await G.waitState(page, `s.screen === 'new-game'`);
    const scrolled = () => page.evaluate(() => document.querySelector('#overlay .card').scrollTop);
    // Down to the last seat's kinds, then one of them chosen by a tap where it is drawn.
    const kind = await page.evaluate(() => {
      const card = document.querySelector('#overlay .card');
      const kinds = [...card.querySelectorAll('[id^="ng-kind-"][aria-pressed="false"]')];
      const last = kinds[kinds.length - 1];
      card.scrollTop += last.getBoundingClientRect().top - card.getBoundingClientRect().top - card.clientHeight / 2;
      return last.id;
    });
    const before = await scrolled();
    assert.ok(before > 100, `the new-game dialog is taller than a 320×568 screen (scrolled ${before})`);
    const box = await page.locator(`#${kind}`).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction((id) => document.getElementById(id).getAttribute('aria-pressed') === 'true', kind);
    assert.equal(await scrolled(), before, 'the dialog kept its scroll over the repaint');
    // Turned (a new window size): pinned no more, centred in the new window, its scroll kept.
    const pinned = () => page.evaluate(() => document.getElementById('overlay').hasAttribute('data-pinned'));
    assert.ok(await pinned(), 'the repainted dialog is pinned where it was');
    await page.setViewportSize({ width: 568, height: 320 });
    await page.waitForFunction(() => !document.getElementById('overlay').hasAttribute('data-pinned'));
    const margin = await page.evaluate(() => document.querySelector('#overlay .card').style.marginTop);
    assert.equal(margin, '', 'the pinned margin is gone');
    assert.ok((await scrolled()) > 0, 'the dialog kept a scroll when turned');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
