// The play-by-turns page as the browser tests drive it (remote.html, REMOTE-PROTOCOL.md):
// its state through the test build's hook (`window.__remote.state`), taps by id, a Day played
// by a seeded pick, and each device's entropy seeded so that every run plays the same game.
import assert from 'node:assert/strict';

export const state = async (page) => JSON.parse((await page.evaluate(() => window.__remote?.state)) || '{}');
export const text = (page, id) => page.evaluate((id) => document.getElementById(id)?.textContent ?? null, id);
export const value = (page, id) => page.evaluate((id) => document.getElementById(id)?.value ?? null, id);
/** A tap on a button by its id: it may be folded away (a set's readings), as a tap finds it. */
export const tap = (page, id) => page.evaluate((id) => {
  const b = document.getElementById(id);
  if (!b) throw new Error(`no #${id} on the page`);
  b.click();
}, id);

export async function until(page, pred, what, timeout = 30_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const s = await state(page);
    if (pred(s)) return s;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(s).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A seeded generator (mulberry32) for the picks, and, in each page, for its entropy. */
export function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each device's entropy (its deal's share, its keys) from [`generator`] with its own
 *  seed, in place of the browser's, as a script run before the page's own: a Season ends
 *  only with a declaration (R11, R18), and with the browsers' entropy some deals took the
 *  picks of [`playDay`] past a test's rounds. Seeded, every run plays the same game. */
export const seededEntropy = (seed) => `(() => {
  const next = (${generator.toString()})(${seed});
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
    return array;
  };
})();`;

/** The id of the choice to take: Lauzait-Cep! when offered, else a Department to form (so
 *  that Seasons end in a few dozen Days: a faster pick than the game's computer players),
 *  else any step but Undo and dissolving, at random. */
export async function pick(page, random) {
  const choices = await page.evaluate(() => [...document.querySelectorAll('#choices button[id^="act-"]')]
    .map((b) => ({ id: b.id, label: b.getAttribute('aria-label') || '', primary: b.classList.contains('primary'), quiet: b.classList.contains('quiet') })));
  const declare = choices.find((c) => c.primary);
  if (declare) return declare.id;
  const form = choices.filter((c) => c.label.startsWith('Form'));
  if (form.length) return form[0].id;
  const steps = choices.filter((c) => !c.quiet && !c.label.startsWith('Dissolve'));
  // Dissolving only when nothing else is offered (a hand with no discard left but its
  // Departments').
  const rest = steps.length ? steps : choices.filter((c) => !c.quiet);
  assert.ok(rest.length, `a step to take among ${JSON.stringify(choices)}`);
  return rest[Math.floor(random() * rest.length)].id;
}

/** Plays the seat's Day on `page` to its end. */
export async function playDay(page, turn, random) {
  for (let i = 0; i < 50; i++) {
    const s = await state(page);
    if (s.turn !== turn || s.choices === 0) return;
    await tap(page, await pick(page, random));
  }
  throw new Error('a Day of more than 50 steps');
}

