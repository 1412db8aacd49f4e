// A game with the coach on, as a person plays it against the Easy computer player: the
// coach is off by default and switched on in the menu; at each of the person's Days its
// "sets away" and the unseen counts agree with what the screen shows (worked out here
// independently, from the board, the hand and the revealed Departments: R40), its discards
// are the engine's, and the Strong player's hint is always a legal choice. The time the
// hint takes and the page's input latency meanwhile are measured and written to
// artifacts/coach-timing.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openApp, loadApp, screenshot, ARTIFACTS_DIR } from './helpers.mjs';
import * as G from './game.mjs';

const KINDS = [...Array.from({ length: 9 }, (_, i) => `G${i + 1}`), ...Array.from({ length: 9 }, (_, i) => `W${i + 1}`), 'J'];
const copies = (k) => (k === 'J' ? 2 : Number(k[1]) <= 3 ? 4 : Number(k[1]) <= 7 ? 3 : 2); // two players (R1, R3)

/** What this seat cannot see (R40): every piece less the board, its hand, the Departments. */
function unseen(s) {
  const n = Object.fromEntries(KINDS.map((k) => [k, copies(k)]));
  const seen = [...s.board.filter(Boolean), ...s.hand, ...s.players.flatMap((p) => p.departments.flat())];
  if (s.luminous) seen.push(s.luminous);
  for (const p of seen) n[p] -= 1;
  return n;
}

/** Every set of two players' game (R14): triples and runs of one colour, 1–9. */
const SETS = ['G', 'W'].flatMap((c) => [
  ...Array.from({ length: 9 }, (_, i) => [`${c}${i + 1}`, `${c}${i + 1}`, `${c}${i + 1}`]),
  ...Array.from({ length: 7 }, (_, i) => [`${c}${i + 1}`, `${c}${i + 2}`, `${c}${i + 3}`]),
]);

/** The sets still missing and the pieces still to exchange, by trying every choice of sets. */
function distance(hand, revealed) {
  const need = 3 - revealed;
  let best = 99;
  let most = 0;
  const count = {};
  for (const p of hand) count[p] = (count[p] ?? 0) + 1;
  const walk = (from, depth, missing, complete, c) => {
    if (complete) most = Math.max(most, depth);
    if (depth === need) { best = Math.min(best, missing); return; }
    for (let i = from; i < SETS.length; i++) {
      const left = { ...c };
      let miss = 0;
      for (const k of SETS[i]) {
        if (left[k] > 0) left[k] -= 1;
        else if (left.J > 0) left.J -= 1;
        else miss += 1;
      }
      walk(i, depth + 1, missing + miss, complete && miss === 0, left);
    }
  };
  walk(0, 0, 0, true, count);
  return { setsAway: need - most, piecesAway: Math.min(best, 3 * need) };
}

const coach = (page) => page.evaluate(() => {
  const d = document.getElementById('coach-distance');
  if (!d) return null;
  return {
    setsAway: Number(d.dataset.setsAway),
    piecesAway: Number(d.dataset.piecesAway),
    helpers: (document.getElementById('coach-helpful').dataset.helpers || '').split(' ').filter(Boolean)
      .map((h) => h.split(':')).map(([p, u, b]) => ({ piece: p, unseen: Number(u), board: Number(b) })),
    discards: [...document.querySelectorAll('#coach-discards li')].map((li) => li.dataset.piece),
  };
});

function legalToken(s, token) {
  const l = s.legal;
  if (token === '!') return l.declare;
  if (token === '#') return l.stalemate;
  if (token.startsWith('f')) return l.forms.length > 0;
  if (token.startsWith('x')) return l.dissolvable.includes(Number(token.slice(1)));
  return l.discards.includes(token);
}

test('a game with the coach on: its numbers agree with the table, the hint is legal', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 900 }, locale: 'en-US' });
  const timing = { hintMs: [], inputLatencyMs: [], adviceMs: [] };
  try {
    const { page, errors, server } = app;
    await loadApp(page, `${server.url}?seed=4242&botseed=7`);
    await G.startGame(page, { seats: ['red', 'black'], kinds: { black: 'easy' }, luminous: false });
    assert.equal(await coach(page), null, 'the coach is off by default');
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-coach');
    await page.keyboard.press('Escape');
    let days = 0;
    for (let guard = 0; guard < 400 && days < 6; guard++) {
      let s = await G.state(page);
      if (s.screen !== 'table' || s.status !== 'playing') break;
      if (s.players[s.toMove].bot || s.animating) { await page.waitForTimeout(50); continue; }
      if (s.phase === 'beginning' && s.steps === 0) {
        const c = await coach(page);
        assert.ok(c, 'the coach beside the person\'s hand');
        const me = s.players[s.toMove];
        const d = distance(s.hand, me.departments.length);
        assert.deepEqual({ setsAway: c.setsAway, piecesAway: c.piecesAway }, d, `Day ${s.day}: ${s.hand}`);
        const u = unseen(s);
        const board = {};
        for (const p of s.board.filter(Boolean)) board[p] = (board[p] ?? 0) + 1;
        for (const h of c.helpers) {
          assert.equal(h.unseen, u[h.piece], `unseen ${h.piece}`);
          assert.equal(h.board, board[h.piece] ?? 0, `on the board ${h.piece}`);
          const more = distance([...s.hand, h.piece], me.departments.length);
          assert.ok(more.piecesAway < d.piecesAway, `${h.piece} helps`);
        }
        assert.deepEqual([...c.discards].sort(), [...new Set(s.legal.discards)].sort());
        if (days === 0) await screenshot(page, 'coach-en-day');
        timing.adviceMs.push(await page.evaluate(() => window.lauzait.benchCoach(5)));
        // The hint from the worker; meanwhile the page answers input at once.
        const t0 = Date.now();
        await G.clickButton(page, 'btn-coach-hint');
        await page.keyboard.press('ArrowUp');
        const input = (await G.state(page)).input;
        if (input) timing.inputLatencyMs.push(input.latencyMs);
        await page.waitForFunction(() => document.getElementById('coach-hint')?.dataset.action, null, { timeout: 60_000 });
        timing.hintMs.push(Date.now() - t0);
        s = await G.state(page);
        const token = await page.evaluate(() => document.getElementById('coach-hint').dataset.action);
        assert.ok(legalToken(s, token), `the hint ${token} is legal`);
        assert.match(await page.evaluate(() => document.getElementById('coach-hint').textContent), /^Hint: .+\. .+/);
        if (days === 0) await screenshot(page, 'coach-en-hint');
        days += 1;
      }
      s = await G.state(page);
      const c = G.choose(s, {});
      const before = s.day;
      await G.perform(page, s, c);
      if (c.kind === 'capture') {
        await G.waitState(page, `!s.animating && (s.screen !== 'table' || s.day !== ${before} || s.status !== 'playing')`, 15_000);
      } else if (c.kind === 'declare' || c.kind === 'stalemate') {
        break;
      } else {
        await G.waitState(page, `s.screen !== 'table' || s.steps !== ${s.steps}`);
      }
    }
    assert.ok(days >= 3, `the coach was seen on ${days} Days`);
    await writeFile(path.join(ARTIFACTS_DIR, 'coach-timing.json'), JSON.stringify(timing, null, 2));
    console.log('coach timing', JSON.stringify(timing));
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

const SAVE_KEY = 'lauzait-cep/save/v1';
const ORDER = (p) => (p === 'J' ? 100 : (p[0] === 'G' ? 0 : 50) + Number(p.slice(1)));

/** The coach panel as the person reads it, without the hint line (asked separately). */
const coachText = (page) => page.evaluate(() => {
  const c = document.getElementById('coach');
  if (!c) return null;
  const copy = c.cloneNode(true);
  copy.querySelector('#coach-hint')?.remove();
  return copy.innerHTML;
});

async function askHint(page) {
  await G.clickButton(page, 'btn-coach-hint');
  await page.waitForFunction(() => document.getElementById('coach-hint')?.dataset.action, null, { timeout: 60_000 });
  return page.evaluate(() => ({ action: document.getElementById('coach-hint').dataset.action, text: document.getElementById('coach-hint').textContent }));
}

/** The person's Day at its start, on the table. */
const personsDayStart = `s.screen === 'table' && s.status === 'playing' && !s.players[s.toMove].bot && s.handRevealed && !s.animating && s.phase === 'beginning' && s.steps === 0`;

test('R40: the coach\'s advice and hint are the same for two games that differ only in the pieces this seat cannot see', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 900 }, locale: 'en-US' });
  try {
    const { page, errors, server } = app;
    await loadApp(page, `${server.url}?seed=4242&botseed=7`);
    await G.startGame(page, { seats: ['red', 'black'], kinds: { black: 'easy' }, luminous: false });
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-coach');
    await page.keyboard.press('Escape');
    let s = await G.waitState(page, personsDayStart, 30_000);
    const first = { s, panel: await coachText(page), hint: await askHint(page) };
    assert.ok(first.panel, 'the coach is shown');

    // The same game with one piece of Black's dealt hand swapped for one nobody has seen:
    // not on the board, not in Red's hand, not in Black's hand, never named by an action.
    const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY));
    const record = saved.record;
    const tokens = record.split(' ');
    const dealAt = tokens.indexOf('deal');
    const board = tokens[dealAt + 1];
    const hands = tokens[dealAt + 4].split(',');
    const split = (h) => h.match(/J|[GW]\d/g);
    const red = split(hands[0]);
    const black = split(hands[1]);
    const actions = tokens.slice(dealAt + 5).join(' ');
    const named = new Set(actions.match(/J|[GW]\d/g) ?? []);
    const seen = (p) => split(board.replace(/[-/]/g, '')).filter((q) => q === p).length + red.filter((q) => q === p).length + black.filter((q) => q === p).length;
    const out = black.find((p) => !named.has(p) && !red.includes(p));
    const into = KINDS.find((k) => k !== out && !named.has(k) && !black.includes(k) && !red.includes(k) && seen(k) < copies(k));
    assert.ok(out && into, `a hidden piece to swap (${out} → ${into})`);
    const other = [...black];
    other[other.indexOf(out)] = into;
    other.sort((a, b) => ORDER(a) - ORDER(b));
    hands[1] = other.join('');
    tokens[dealAt + 4] = hands.join(',');
    saved.record = tokens.join(' ');
    assert.notEqual(saved.record, record);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [SAVE_KEY, JSON.stringify(saved)]);
    await loadApp(page, server.url);
    s = await G.waitState(page, `s.screen !== 'new-game' && s.screen !== 'load-error' ? (${personsDayStart}) : true`, 30_000);
    assert.equal(s.screen, 'table', 'the other game loads');
    // The seat sees the same table...
    assert.deepEqual({ board: s.board, hand: s.hand, day: s.day, legal: s.legal }, { board: first.s.board, hand: first.s.hand, day: first.s.day, legal: first.s.legal });
    // ...and the coach says the same.
    assert.equal(await coachText(page), first.panel);
    assert.deepEqual(await askHint(page), first.hint);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
