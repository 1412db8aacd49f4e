// Drives the game like a person: every action is a real mouse click at a rectangle that
// `window.lauzait.rects()` reports, or a real key press. `window.lauzait.state()` is only
// read, to know what the screen shows and which choices are offered.
import assert from 'node:assert/strict';
import path from 'node:path';
import { screenshot } from './helpers.mjs';

export const SQUARES = [1, 2, 3, 4, 5].flatMap((r) => ['a', 'b', 'c', 'd', 'e'].map((f) => `${f}${r}`));
/** Index of a square in `state().board` (a1 = 0, b1 = 1, … e5 = 24). */
export const sqIndex = (sq) => sq.charCodeAt(0) - 97 + (Number(sq[1]) - 1) * 5;

export const state = (page) => page.evaluate(() => window.lauzait.state());
export const rects = (page) => page.evaluate(() => window.lauzait.rects());

export async function clickRect(page, r) {
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
}

/** What the page shows, for a timeout's message: its screen, phase, message and dialog
 * buttons, and a screenshot (tests/browser/artifacts/timeout-<test file>-<n>.png: files run
 * in processes of their own, so the file's name keeps two files' screenshots apart). */
let timeouts = 0;
const TEST_FILE = path.basename(process.argv[1] ?? 'test', '.test.mjs');
async function explainTimeout(page, error, waitedFor) {
  const shown = await page.evaluate(() => {
    const s = window.lauzait?.state?.();
    return { screen: s?.screen, phase: s?.phase, message: s?.message, buttons: Object.keys(window.lauzait?.rects?.().buttons ?? {}) };
  }).catch((e) => `(unreadable: ${e.message})`);
  const file = await screenshot(page, `timeout-${TEST_FILE}-${++timeouts}`).catch(() => '(no screenshot)');
  error.message += `\n  waiting for: ${waitedFor}\n  the page showed: ${JSON.stringify(shown)}\n  screenshot: ${file}`;
  return error;
}

/** Waits until `pred(state)` holds (evaluated in the page), returns the state. */
export async function waitState(page, predSource, timeout = 10_000) {
  await page.waitForFunction(
    (src) => { const s = window.lauzait.state(); return new Function('s', `return (${src});`)(s); },
    predSource,
    { timeout, polling: 20 },
  ).catch(async (e) => { throw await explainTimeout(page, e, predSource); });
  return state(page);
}

/** Clicks the button (or input) with this id, waiting for it to appear (and scrolling a
 * dialog that is taller than the screen, as a person would, when it is out of sight). */
export async function clickButton(page, id, timeout = 10_000) {
  await page.waitForFunction((id) => !!window.lauzait.rects().buttons[id], id, { timeout, polling: 20 })
    .catch(async (e) => { throw await explainTimeout(page, e, `button ${id}`); });
  await page.evaluate((id) => document.getElementById(id)?.scrollIntoView({ block: 'nearest' }), id);
  const r = (await rects(page)).buttons[id];
  // What a finger at the button's middle would touch: a click elsewhere (something drawn over
  // it, or the page moving under it) is named in a later timeout.
  const touched = await page.evaluate(([id, x, y]) => {
    const at = document.elementFromPoint(x, y);
    return at && !document.getElementById(id)?.contains(at) ? `${at.tagName}#${at.id}.${at.className}` : null;
  }, [id, r.x + r.w / 2, r.y + r.h / 2]);
  if (touched) console.log(`# clickButton(${id}): its middle is covered by ${touched}`);
  await clickRect(page, r);
}

export async function hasButton(page, id) {
  return !!(await rects(page)).buttons[id];
}

export async function clickSquare(page, sq) {
  await clickRect(page, (await rects(page)).squares[sq]);
}

export async function clickHandPiece(page, code) {
  const r = (await rects(page)).hand.find((h) => h.piece === code);
  assert.ok(r, `no ${code} in the shown hand`);
  await clickRect(page, r);
}

const SEATS = ['red', 'blue', 'black', 'yellow'];

/**
 * Fills the new-game form through the UI: seat checkboxes, names (typed), who plays each
 * seat, luminous rule. `seats` are seat codes; `names` one per seat (optional); `kinds`
 * maps a seat code to 'person', 'easy', 'normal' or 'strong' (persons by default).
 */
export async function startGame(page, { seats, names = [], kinds = {}, luminous = true, openHands = false }) {
  await waitState(page, `s.screen === 'new-game'`);
  const want = new Set(seats);
  for (const seat of SEATS) {
    const checked = await page.evaluate((id) => document.getElementById(id).checked, `ng-seat-${seat}`);
    if (checked !== want.has(seat)) await clickButton(page, `ng-seat-${seat}`);
  }
  for (let i = 0; i < seats.length; i++) {
    if (!names[i]) continue;
    await clickButton(page, `ng-name-${seats[i]}`);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(names[i]);
  }
  for (const seat of seats) {
    const kind = kinds[seat] ?? 'person';
    const pressed = await page.evaluate((id) => document.getElementById(id).getAttribute('aria-pressed'), `ng-kind-${seat}-${kind}`);
    if (pressed !== 'true') await clickButton(page, `ng-kind-${seat}-${kind}`);
  }
  const lum = await page.evaluate(() => document.getElementById('ng-luminous').checked);
  if (lum !== luminous) await clickButton(page, 'ng-luminous');
  const open = await page.evaluate(() => document.getElementById('ng-open').checked);
  if (open !== openHands) await clickButton(page, 'ng-open');
  await clickButton(page, 'btn-start');
  return waitState(page, `s.status === 'playing'`);
}

/**
 * From the menu, a table in the middle of a Day: three players, the first legal discard made,
 * its movers lit — the table perf.test.mjs and `make profile-redraw` redraw. The state after it.
 */
export async function startDiscardedTable(page) {
  await startGame(page, { seats: ['red', 'blue', 'black'], luminous: true });
  await clickButton(page, 'btn-ready');
  const s = await waitState(page, `s.screen === 'table'`);
  await clickHandPiece(page, s.legal.discards[0]);
  return waitState(page, `s.phase === 'discarded'`);
}

/**
 * The choice the tests make (the same policy as the seed search in docs/browser-tests.md).
 * `declare: false` passes up Lauzait-Cep! (R11 lets a player wait), for a test on a fresh
 * deal that needs the Season to go on for some Days.
 */
export function choose(s, policy) {
  const l = s.legal;
  if (s.phase === 'beginning') {
    if (l.stalemate) return { kind: 'stalemate' };
    if (l.declare && policy.declare !== false) return { kind: 'declare' };
    if (l.forms.length) return { kind: 'form', option: 0, reading: 0 };
    if (l.discards.length) return { kind: 'discard', piece: l.discards[0] };
    return { kind: 'dissolve', department: l.dissolvable[0] };
  }
  if (s.phase === 'discarded') {
    const from = policy.preferMountain && l.movers.includes('c3') ? 'c3' : l.movers[0];
    return { kind: 'move', from };
  }
  const d = l.destinations;
  let to;
  if (policy.preferMountain && d.includes('c3')) to = 'c3';
  else if (policy.waterLeft > 0 && l.water.length) { policy.waterLeft -= 1; to = l.water[0]; }
  else to = d.find((x) => !l.water.includes(x)) ?? d[0];
  return { kind: 'capture', to };
}

/** Arrow presses from square `from` to square `to` (rank 1 at the bottom). */
async function arrowsTo(page, from, to) {
  const f = (sq) => [sq.charCodeAt(0) - 97, Number(sq[1]) - 1];
  const [f0, r0] = f(from);
  const [f1, r1] = f(to);
  for (let i = 0; i < Math.abs(f1 - f0); i++) await page.keyboard.press(f1 > f0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(r1 - r0); i++) await page.keyboard.press(r1 > r0 ? 'ArrowUp' : 'ArrowDown');
}

/**
 * The safe last step of a Day (on by default): once a destination is chosen the Day waits
 * with its preview, and Confirm (or Enter on the same square) ends it. Nothing to do when
 * the preference is off or the choice was refused (a lesson's wrong try says why instead).
 * `hooks.beforeConfirm(s)` sees the preview first.
 */
export async function confirmHire(page, { keyboard = false, hooks = {}, s } = {}) {
  const after = await waitState(page, `!!s.confirming || !!s.message || s.phase !== 'moving' || s.animating || s.screen !== 'table'`);
  if (!after.confirming) return;
  await hooks.beforeConfirm?.(s ?? after);
  if (keyboard) await page.keyboard.press('Enter');
  else await clickButton(page, 'btn-confirm-hire');
}

/**
 * Performs one choice through the UI (a capture through the safe last step when it is on). With `keyboard`, Hiring steps use the arrow keys
 * and Enter instead of the mouse.
 */
export async function perform(page, s, c, { keyboard = false, hooks = {} } = {}) {
  switch (c.kind) {
    case 'stalemate':
      await hooks.beforeStalemate?.(s);
      await clickButton(page, 'btn-stalemate');
      return;
    case 'declare':
      await clickButton(page, 'btn-declare');
      await waitState(page, `s.screen === 'declare'`);
      await hooks.declarePreview?.(s);
      await clickButton(page, 'btn-declare-confirm');
      return;
    case 'form':
      if (keyboard) await page.keyboard.press('f');
      else await clickButton(page, 'btn-form');
      await waitState(page, `s.screen === 'form'`);
      await hooks.formChooser?.(s);
      await clickButton(page, `form-${c.option}-${c.reading}`);
      await waitState(page, `s.screen === 'table'`);
      return;
    case 'dissolve':
      if (keyboard) await page.keyboard.press('d');
      else await clickButton(page, 'btn-dissolve');
      await waitState(page, `s.screen === 'dissolve'`);
      await hooks.dissolveChooser?.(s);
      await clickButton(page, `dissolve-${c.department}`);
      return;
    case 'discard':
      if (keyboard) {
        // The first arrow/Enter puts the cursor on the first piece offered: the policy's.
        await page.keyboard.press('Enter');
        const f = await state(page);
        assert.match(f.focus ?? '', /^hand:/);
        await page.keyboard.press('Enter');
      } else {
        await clickHandPiece(page, c.piece);
      }
      return;
    case 'move':
    case 'capture': {
      const target = c.kind === 'move' ? c.from : c.to;
      if (keyboard) {
        const f = await state(page);
        const at = /^[a-e][1-5]$/.test(f.focus ?? '') ? f.focus : 'c3';
        if (!f.focus) await page.keyboard.press('ArrowUp'); // shows the cursor
        const now = (await state(page)).focus;
        await arrowsTo(page, /^[a-e][1-5]$/.test(now ?? '') ? now : at, target);
        assert.equal((await state(page)).focus, target);
        await page.keyboard.press('Enter');
      } else {
        await clickSquare(page, target);
      }
      if (c.kind === 'capture') await confirmHire(page, { keyboard, hooks, s });
      return;
    }
    default:
      throw new Error(`unknown choice ${JSON.stringify(c)}`);
  }
}

/**
 * Plays Days until the Season ends (scoring or summary screen). Returns the number of
 * Days and what happened. `onStep(s, choice)` may take screenshots; `keyboardEvery` makes
 * every n-th Day use the keyboard.
 */
export async function playSeason(page, policy, { maxDays = 200, onStep, keyboardEvery = 0, hooks } = {}) {
  let days = 0;
  let throws = 0;
  for (let guard = 0; guard < maxDays * 12; guard++) {
    let s = await state(page);
    if (s.screen === 'hand-over') {
      await clickButton(page, 'btn-ready');
      s = await waitState(page, `s.screen === 'table' && s.handRevealed`);
    }
    if (s.screen === 'scoring' || s.screen === 'season' || s.screen === 'final') return { days, throws, state: s };
    assert.equal(s.screen, 'table', `unexpected screen ${s.screen}`);
    const c = choose(s, policy);
    await onStep?.(s, c);
    const keyboard = keyboardEvery > 0 && days % keyboardEvery === keyboardEvery - 1;
    const before = s.day;
    await perform(page, s, c, { keyboard, hooks });
    if (c.kind === 'capture') {
      days += 1;
      if (s.legal.water.includes(c.to)) throws += 1;
      await hooks?.afterCapture?.(s, c);
      await waitState(page, `!s.animating && (s.screen !== 'table' || s.day !== ${before} || s.status !== 'playing')`, 15_000);
    } else if (c.kind === 'declare' || c.kind === 'stalemate') {
      await waitState(page, `s.screen === 'scoring'`);
    } else {
      await waitState(page, `s.screen !== 'table' || s.steps !== ${s.steps}`);
    }
    assert.ok(days <= maxDays, `the Season did not end within ${maxDays} Days`);
  }
  throw new Error('playSeason: too many steps');
}

/** Plays the Day on the table to its Hiring's capture with `choose(s, policy)` (a policy
 *  that never declares, such as `{ waterLeft: 0 }`), step by step. */
export async function playDayToCapture(page, s, policy) {
  for (;;) {
    const c = choose(s, policy);
    await perform(page, s, c);
    if (c.kind === 'capture') return;
    s = await waitState(page, `s.steps !== ${s.steps}`);
  }
}

/**
 * Callbacks for playSeason that save the key screens once each, named `${prefix}-…`:
 * a Day in progress, a Mountain move (12 destinations), a Water throw and its result, a
 * Joker reading choice, the declaration preview. `seen` collects the names taken.
 */
export function keyScreens(page, prefix, seen, screenshot) {
  const once = async (name, fn) => {
    if (seen.has(name)) return;
    seen.add(name);
    await fn?.();
    await screenshot(page, `${prefix}-${name}`);
  };
  return {
    onStep: async (s, c) => {
      if (c.kind === 'move' && s.day >= 2) await once('day-in-progress');
      if (c.kind === 'capture' && s.legal.destinations.length === 12) await once('mountain-move');
    },
    hooks: {
      formChooser: async (s) => {
        if (s.legal.forms.some((f) => f.readings.length > 1)) await once('joker-choice');
      },
      declarePreview: async () => once('declare-preview'),
      afterCapture: async (s, c) => {
        if (!s.legal.water.includes(c.to)) return;
        if (!seen.has('water-throw')) {
          await page.waitForFunction(() => window.lauzait.state().animating, null, { timeout: 5000 }).catch(() => {});
          await page.waitForTimeout(1000); // the sticks have landed; the result is spelt out
          await once('water-throw');
          await waitState(page, `!s.animating`, 10_000);
          await once('water-result');
        }
      },
    },
  };
}

const isPersonsTurn = (s) =>
  s.screen === 'table' && s.status === 'playing' && !s.players[s.toMove].bot && s.handRevealed && !s.animating && !!s.phase;

/** A game against an Easy computer player at instant speed: `days` of the person's Days (four
 * unless asked), then ended by agreement; returns at the final results (the review's and the
 * rating's tests). */
export async function finishAgainstEasy(page, { days = 4 } = {}) {
  let s = await startGame(page, { seats: ['red', 'black'], kinds: { black: 'easy' } });
  await clickButton(page, 'btn-menu');
  await clickButton(page, 'btn-speed-instant');
  await clickButton(page, 'btn-close');
  // The person's Days, the computer player's in between.
  let mine = 0;
  while (mine < days) {
    s = await waitState(page, `(s.screen === 'table' && s.status === 'playing' && !s.players[s.toMove].bot && s.handRevealed && !s.animating && !!s.phase) || s.screen !== 'table'`, 30_000);
    if (!isPersonsTurn(s)) break;
    const c = choose(s, {});
    await perform(page, s, c);
    await waitState(page, `s.screen !== 'table' || s.steps !== ${s.steps} || s.phase !== '${s.phase}' || s.day !== ${s.day}`, 15_000);
    if (c.kind === 'capture' || c.kind === 'declare' || c.kind === 'stalemate') mine += 1;
  }
  await waitState(page, `!s.animating && (s.screen !== 'table' || !s.players[s.toMove].bot)`, 30_000);
  s = await state(page);
  if (s.screen === 'table') {
    await clickButton(page, 'btn-menu');
    await waitState(page, `s.screen === 'menu'`);
  }
  await clickButton(page, 'btn-end-game');
  await waitState(page, `s.screen === 'confirm'`);
  await page.keyboard.press('Enter');
  await waitState(page, `s.screen === 'final'`);
}
