// Steps a relayed table's browser tests share (relayed-table.test.mjs, table-nat.test.mjs):
// a phone's simple player, and Days played on the phones against the tablet's computer seat.
import assert from 'node:assert/strict';
import { until, state } from './table.mjs';

/** A simple player's pick: declare or Form when it can, else a Hiring's step, never Undo. */
export function pick(choices, turn) {
  for (const type of ['declare', 'declare-stalemate', 'form']) {
    const i = choices.findIndex((a) => a.type === type);
    if (i >= 0) return i;
  }
  const hiring = choices.flatMap((a, i) => (['discard', 'move', 'capture'].includes(a.type) ? [i] : []));
  if (hiring.length > 0) return hiring[turn % hiring.length];
  return choices.findIndex((a) => a.type !== 'undo');
}

/** The mover's phone takes its `i`-th choice by a tap (a reading folded under its set opened
 *  first, as a person would), and the test waits for the phone to take it. The state `s` was
 *  read a moment before: if the phone has moved on since (the table ended the Season by
 *  agreement, say, and the next one was dealt), its button is gone and nothing is tapped; the
 *  caller reads the phones again. */
export async function tap(phone, s, i) {
  const moved = (n) => JSON.stringify(n.choices) !== JSON.stringify(s.choices) || n.day !== s.day || n.season !== s.season;
  const t0 = Date.now();
  while (!(await phone.locator(`#act-${i}`).count())) {
    const now = await state(phone);
    if (moved(now)) return;
    if (Date.now() - t0 > 30_000) throw new Error(`no button #act-${i} for the choices the phone holds: ${JSON.stringify(now).slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 60));
  }
  try {
    if (await phone.locator(`details.set:not([open]) #act-${i}`).count()) {
      await phone.click(`details.set:has(#act-${i}) > summary`, { timeout: 5000 });
    }
    await phone.locator(`#act-${i}`).click({ timeout: 5000 });
  } catch (e) {
    // The page was repainted between the look and the tap: fine if the phone moved on.
    if (moved(await state(phone))) return;
    throw e;
  }
  await until(phone, moved, 'the phone to take the step');
}

/**
 * Plays Days by taps on the mover's phone (`phones[seat]` for each person's seat) while the
 * tablet plays its computer seat `computer` by itself, until the computer has played `days`
 * Days or the game is over; after every step no phone opens a position beyond its seat.
 * Returns { taps, computerDays }.
 */
export async function playAgainstComputer(tablet, phones, { computer, days, guard = 1500 }) {
  let taps = 0;
  let computerDays = 0;
  let lastMover = -1;
  for (let n = 0; n < guard && computerDays < days; n++) {
    const shown = (await state(tablet)).shown;
    if (shown && shown.toMove !== lastMover) {
      if (lastMover === computer) computerDays += 1;
      lastMover = shown.toMove;
    }
    const states = await Promise.all(phones.map(state));
    for (const [seat, s] of states.entries()) assert.deepEqual(s.beyond, [], `seat ${seat} opens positions beyond its seat`);
    // (A Season the computer ends by declaring is followed by the next, dealt at once.)
    if (states.some((s) => s.phase === 'over')) break;
    assert.ok(states.every((s) => s.phase !== 'stopped'), `a phone stopped: ${JSON.stringify(states.map((s) => s.problem))}`);
    const mover = states.findIndex((s, seat) => s.phase === 'playing' && s.toMove === seat && s.choices.length > 0);
    if (mover < 0) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    await tap(phones[mover], states[mover], pick(states[mover].choices, taps++));
  }
  return { taps, computerDays };
}
