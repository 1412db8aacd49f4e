// How the table feels (issue "A first game that feels right on every screen"): the board
// turned toward the player whose Day it is (a menu switch), a tap on the turned board
// choosing the square drawn under the finger; a Hiring animated, and not under
// `prefers-reduced-motion: reduce`; the sound and vibration switches kept over a reload,
// and what they ask of WebAudio and navigator.vibrate. Screenshots: artifacts/motion-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

const TURN = { red: 0, yellow: 90, black: 180, blue: 270 };

async function toggle(page, pref, want) {
  await G.clickButton(page, 'btn-menu');
  await G.waitState(page, `s.screen === 'menu'`);
  const id = `btn-pref-${pref}`;
  const pressed = () => page.evaluate((id) => document.getElementById(id).getAttribute('aria-pressed'), id);
  if ((await pressed()) !== String(want)) await G.clickButton(page, id);
  assert.equal(await pressed(), String(want), `${pref} ${want}`);
  await G.clickButton(page, 'btn-close');
  await G.waitState(page, `s.screen !== 'menu'`);
}

/** These tests play fresh deals: a hand able to declare waits, so that the Season goes on. */
const GO_ON = { declare: false };

async function atTable(page) {
  let s = await G.state(page);
  if (s.screen === 'hand-over') {
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
  }
  return s;
}

/** Plays the Day on the table to its end by clicks. */
async function playDay(page, policy = GO_ON) {
  for (let guard = 0; guard < 8; guard++) {
    const s = await atTable(page);
    const c = G.choose(s, policy);
    await G.perform(page, s, c);
    if (c.kind === 'capture') {
      await G.waitState(page, `!s.animating && !s.moving && (s.screen !== 'table' || s.day !== ${s.day})`, 15_000);
      return;
    }
    await G.waitState(page, `s.screen !== 'table' || s.steps !== ${s.steps} || s.phase !== '${s.phase}'`);
  }
  assert.fail('the Day did not end');
}

/** Where a square is drawn on a board turned `deg` degrees clockwise, worked out here
 * from the board's rectangle alone (not from the page's own square rectangles). */
function expectedCentre(board, sq, deg) {
  const cell = board.w / 5;
  let col = sq.charCodeAt(0) - 97;
  let row = 5 - Number(sq[1]);
  for (let q = 0; q < deg / 90; q++) [col, row] = [4 - row, col];
  return { x: board.x + (col + 0.5) * cell, y: board.y + (row + 0.5) * cell };
}

test('the board turns toward each of four players and taps follow the turn', { timeout: 240_000 }, async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  const { page } = app;
  try {
    await G.startGame(page, { seats: ['red', 'blue', 'black', 'yellow'] });
    await atTable(page);
    assert.equal((await G.state(page)).turn, 0, 'off by default: upright');
    await toggle(page, 'turn-board', true);
    const seen = new Set();
    let tapped = 0;
    for (let day = 0; day < 6 && (seen.size < 4 || tapped < 2); day++) {
      let s = await atTable(page);
      const seat = s.players[s.toMove].seat;
      assert.equal(s.turn, TURN[seat], `${seat}'s Day: the board faces ${seat}`);
      const r = await G.rects(page);
      const exp = expectedCentre(r.board, 'a1', s.turn);
      assert.ok(Math.abs(r.squares.a1.x + r.squares.a1.w / 2 - exp.x) < 1 && Math.abs(r.squares.a1.y + r.squares.a1.h / 2 - exp.y) < 1,
        `a1 drawn where a ${s.turn}° turn puts it`);
      if (!seen.has(seat)) {
        seen.add(seat);
        await screenshot(page, `motion-turned-${seat}`);
      }
      if (seat !== 'red' && tapped < 2) {
        // To the discard, then tap the mover where the turn puts it, by coordinates alone.
        for (let guard = 0; guard < 4 && s.phase !== 'discarded'; guard++) {
          const c = G.choose(s, GO_ON);
          assert.ok(['discard', 'form'].includes(c.kind), c.kind);
          await G.perform(page, s, c);
          s = await G.waitState(page, `s.screen === 'table' && (s.phase !== '${s.phase}' || s.steps !== ${s.steps})`);
        }
        assert.equal(s.phase, 'discarded');
        const from = s.legal.movers[s.legal.movers.length - 1];
        const at = expectedCentre((await G.rects(page)).board, from, s.turn);
        await page.mouse.click(at.x, at.y);
        s = await G.waitState(page, `s.phase === 'moving'`);
        assert.equal(s.focus, from, `the tap at the turned ${from} chose ${from}`);
        tapped += 1;
        if (tapped === 1) await screenshot(page, `motion-turned-${seat}-chosen`);
      }
      await playDay(page);
    }
    assert.equal(seen.size, 4, `every seat's Day seen: ${[...seen]}`);
    assert.ok(tapped >= 2);
    await atTable(page);
    await toggle(page, 'turn-board', false);
    assert.equal((await G.state(page)).turn, 0);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

/** Ends the Day under way by a synthetic tap on a destination and reads, in the same task
 * (so before any frame can end it), whether a move is being shown. */
async function captureAndLook(page) {
  let s = await atTable(page);
  for (let guard = 0; guard < 6 && s.phase !== 'moving'; guard++) {
    const c = G.choose(s, GO_ON);
    await G.perform(page, s, c);
    s = await G.waitState(page, `s.phase !== '${s.phase}' || s.steps !== ${s.steps}`);
  }
  assert.equal(s.phase, 'moving');
  const to = s.legal.destinations.find((d) => !s.legal.water.includes(d)) ?? s.legal.destinations[0];
  const r = (await G.rects(page)).squares[to];
  return page.evaluate(({ x, y }) => {
    const canvas = document.getElementById('board');
    const tap = () => {
      for (const type of ['pointerdown', 'pointerup']) {
        canvas.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, isPrimary: true, bubbles: true, pointerId: 1 }));
      }
    };
    tap();
    // The safe last step: the second tap on the previewed destination ends the Day.
    if (window.lauzait.state().confirming) tap();
    const s = window.lauzait.state();
    return { moving: s.moving, animating: s.animating, day: s.day };
  }, { x: r.x + r.w / 2, y: r.y + r.h / 2 });
}

test('a Hiring is animated, and not under prefers-reduced-motion', { timeout: 180_000 }, async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  const { page } = app;
  try {
    await G.startGame(page, { seats: ['red', 'black'] });
    const shown = await captureAndLook(page);
    assert.equal(shown.moving, true, 'the moved piece slides');
    await G.waitState(page, `!s.moving && !s.animating`, 10_000);
    // The browser asks for reduced motion: the page reads it as it opens.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await loadApp(page);
    const still = await captureAndLook(page);
    assert.deepEqual([still.moving, still.animating], [false, false], 'nothing moves');
    await screenshot(page, 'motion-reduced');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('sound and vibration: off by default, kept over a reload, played when on', { timeout: 120_000 }, async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 } });
  const { page } = app;
  try {
    // Count what the page asks of WebAudio and of the vibration motor.
    await page.addInitScript(() => {
      window.__oscillators = 0;
      window.__pulses = [];
      const make = BaseAudioContext.prototype.createOscillator;
      BaseAudioContext.prototype.createOscillator = function () { window.__oscillators += 1; return make.call(this); };
      Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true, value(p) { window.__pulses.push(p); return true; } });
    });
    await loadApp(page);
    await G.startGame(page, { seats: ['red', 'black'] });
    const s = await atTable(page);
    await G.perform(page, s, G.choose(s, GO_ON));
    await G.waitState(page, `s.steps !== ${s.steps}`);
    assert.deepEqual(await page.evaluate(() => [window.__oscillators, window.__pulses.length]), [0, 0], 'silent and still by default');
    await toggle(page, 'sound', true);
    await toggle(page, 'vibrate', true);
    await loadApp(page);
    await atTable(page);
    await G.clickButton(page, 'btn-menu');
    await G.waitState(page, `s.screen === 'menu'`);
    for (const pref of ['sound', 'vibrate']) {
      assert.equal(await page.evaluate((id) => document.getElementById(id).getAttribute('aria-pressed'), `btn-pref-${pref}`), 'true', `${pref} kept`);
    }
    for (const pref of ['turn-board', 'motion']) {
      const want = pref === 'motion' ? 'true' : 'false';
      assert.equal(await page.evaluate((id) => document.getElementById(id).getAttribute('aria-pressed'), `btn-pref-${pref}`), want, `${pref} untouched`);
    }
    await screenshot(page, 'motion-menu');
    await G.clickButton(page, 'btn-close');
    await G.waitState(page, `s.screen === 'table'`);
    await playDay(page);
    const [oscillators, pulses] = await page.evaluate(() => [window.__oscillators, window.__pulses]);
    assert.ok(oscillators >= 2, `tones were synthesized: ${oscillators}`);
    assert.ok(pulses.length >= 2 && pulses.every((p) => p.every((ms) => ms > 0 && ms <= 100)), `short pulses: ${JSON.stringify(pulses)}`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});
