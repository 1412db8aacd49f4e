// What every screen is checked for (screens.test.mjs, a11y.test.mjs; issue "A first game
// that feels right on every screen", done means 1): axe-core finds no violation, and every
// offered control and the hand's tiles lie inside the viewport and are at least 44×44.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadApp, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page (or one of its frames) as it is now, as readable lines. */
export async function axe(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The rectangle a person taps for the control with this id (a check box's is its label). */
function targetRect(page, id) {
  return page.evaluate((id) => {
    const el = document.getElementById(id);
    if (!el) return null;
    const t = (el.type === 'checkbox' || el.type === 'radio') && el.closest('label') ? el.closest('label') : el;
    const b = t.getBoundingClientRect();
    return b.width > 0 ? { x: b.left, y: b.top, w: b.width, h: b.height } : null;
  }, id);
}

/** Every offered control (the buttons, inputs and links with an id that the page shows) and
 * the hand's tiles: inside the viewport (a dialog's are scrolled into view first, as a
 * person would) and at least 44×44. Links inside a sentence (a rule id, a word's
 * explanation) are exempt, as WCAG's target size exempts inline links. */
export async function checkTargets(page, where) {
  const vp = page.viewportSize();
  const links = await page.evaluate(() => [...document.querySelectorAll('a[id]')]
    .filter((a) => a.getBoundingClientRect().width > 0).map((a) => a.id));
  const ids = [...Object.keys((await G.rects(page)).buttons), ...links];
  const scrolledTo = async (id) => {
    await page.evaluate((id) => document.getElementById(id)?.scrollIntoView({ block: 'nearest', inline: 'nearest' }), id);
    return targetRect(page, id);
  };
  const within = (r) => r.x >= -0.5 && r.y >= -0.5 && r.x + r.w <= vp.width + 0.5 && r.y + r.h <= vp.height + 0.5;
  for (const id of ids) {
    let r = await scrolledTo(id);
    if (!r) continue;
    // A dialog drawn again between the scroll and the measure (the final results when the
    // rating arrives) is back at its top: scrolled to again, as a person would.
    if (!within(r)) {
      await page.waitForTimeout(300);
      r = (await scrolledTo(id)) ?? r;
    }
    const inside = within(r);
    assert.ok(inside, `${where}: #${id} at ${JSON.stringify(r)} is outside the ${vp.width}×${vp.height} viewport`);
    assert.ok(r.w >= 44 && r.h >= 44, `${where}: #${id} is ${r.w.toFixed(1)}×${r.h.toFixed(1)}`);
  }
  const rs = await G.rects(page);
  for (const h of [...rs.hand, ...rs.departments]) {
    const inside = h.x >= 0 && h.y >= 0 && h.x + h.w <= vp.width + 0.5 && h.y + h.h <= vp.height + 0.5;
    assert.ok(inside, `${where}: a hand tile at ${JSON.stringify(h)} is outside the viewport`);
    assert.ok(h.w >= 44 && h.h >= 44, `${where}: a hand tile is ${h.w}×${h.h}`);
  }
  // The squares are targets where the board takes taps: the table, not the replay viewer.
  if (await page.evaluate(() => {
    const s = window.lauzait.state();
    return s.screen === 'table' && s.replay === null;
  })) {
    // A phone 320 px wide held upright keeps two rows of buttons under the board (issue #36:
    // every offered button in sight comes first, crates/ui/src/layout/chrome.rs) and its
    // squares are a little smaller there (tests/ui/layout.rs); 44 px everywhere else.
    const least = vp.width < 390 && vp.height < 700 ? 33 : 44;
    for (const [sq, r] of Object.entries(rs.squares)) {
      assert.ok(r.w >= least && r.h >= least, `${where}: square ${sq} is ${r.w}×${r.h}`);
    }
  }
}

/** A screenshot (artifacts/screens-<name>.png), axe-core and the targets. */
export async function screen(page, where, name) {
  await screenshot(page, `screens-${name}`);
  const v = await axe(page);
  await checkTargets(page, where);
  assert.deepEqual(v, [], `${where}: axe-core found violations`);
}

/** The Season log's box, and the hand's tiles it covers (none may be). */
async function logOverHand(page) {
  return page.evaluate(() => {
    const log = document.getElementById('log').getBoundingClientRect();
    const hand = window.lauzait.rects().hand;
    const over = hand.filter((h) => h.x < log.right && h.x + h.w > log.left && h.y < log.bottom && h.y + h.h > log.top);
    return { log: { x: log.left, y: log.top, w: log.width, h: log.height }, covered: over.map((h) => h.piece) };
  });
}

const SEATS = ['red', 'blue', 'black', 'yellow'];

/**
 * A new game of `players` persons dealt from `seed`, played by the tests' policy to its
 * declaration, through every dialog whose content depends on the table: the Dissolve and
 * Form choosers, the Season log (which must leave the hand in sight), the declaration
 * preview, scoring, the Season's end, the confirmation, the final results and the replay
 * viewer, each checked with `screen` and saved as `screens-<tag>-<screen>.png`. The seed
 * must reach a declaration after a Form with a Dissolve offered on the way. `onStep(s,
 * once)` runs before each step (for checks of one table only); it returns at the final
 * results.
 */
export async function gameDialogs(page, url, { players, seed, tag, where, onStep }) {
  await page.evaluate(() => localStorage.clear());
  await loadApp(page, `${url}?seed=${seed}`);
  await G.clickButton(page, `btn-players-${players}`);
  await G.startGame(page, { seats: SEATS.slice(0, players) });
  const seen = new Set();
  const once = async (name, fn) => {
    if (seen.has(name)) return;
    seen.add(name);
    await fn();
  };
  const res = await G.playSeason(page, { preferMountain: true, waterLeft: 2 }, {
    onStep: async (s) => {
      await onStep?.(s, once);
      // The Season log, opened on a screen too narrow to keep it beside the board: the
      // hand stays in sight, and the log reads as a list.
      if (s.day >= 3 && (await G.hasButton(page, 'btn-log'))) {
        await once('log', async () => {
          await G.clickButton(page, 'btn-log');
          await page.waitForFunction(() => document.getElementById('log').getBoundingClientRect().height > 0);
          const { log, covered } = await logOverHand(page);
          assert.deepEqual(covered, [], `${where('Season log')}: the log at ${JSON.stringify(log)} covers the hand`);
          assert.ok(await page.evaluate(() => document.querySelectorAll('#log li').length >= 2), 'the log lists the Days');
          await screen(page, where('Season log'), `${tag}-log`);
          await G.clickButton(page, 'btn-log');
        });
      }
      if (s.phase === 'beginning' && s.legal.dissolvable.length) {
        await once('dissolve', async () => {
          await G.clickButton(page, 'btn-dissolve');
          await G.waitState(page, `s.screen === 'dissolve'`);
          await screen(page, where('Dissolve chooser'), `${tag}-dissolve`);
          await G.clickButton(page, 'btn-cancel');
          await G.waitState(page, `s.screen === 'table'`);
        });
      }
    },
    hooks: {
      formChooser: () => once('form', () => screen(page, where('Form chooser'), `${tag}-form`)),
      declarePreview: () => once('declare', () => screen(page, where('declaration preview'), `${tag}-declare`)),
    },
  });
  assert.equal(res.state.results[0].end.kind, 'declared', `${where('seed')} ${seed} ends Season 1 by a declaration`);
  for (const name of ['form', 'declare', 'dissolve']) assert.ok(seen.has(name), `${where(name)} was shown`);
  if (page.viewportSize().width < 1600) assert.ok(seen.has('log'), `${where('the Season log')} was opened`);

  await G.waitState(page, `s.screen === 'scoring'`);
  await screen(page, where('scoring'), `${tag}-scoring`);
  await G.clickButton(page, 'btn-continue');
  await G.waitState(page, `s.screen === 'season'`);
  await screen(page, where('Season end'), `${tag}-season`);
  await G.clickButton(page, 'btn-end-game');
  await G.waitState(page, `s.screen === 'confirm'`);
  await screen(page, where('confirmation'), `${tag}-confirm`);
  await G.clickButton(page, 'btn-confirm');
  await G.waitState(page, `s.screen === 'final'`);
  await screen(page, where('final results'), `${tag}-final`);
  // The replay viewer, a Day in, and back to the final results.
  await G.clickButton(page, 'btn-replay-own');
  await G.waitState(page, `s.replay !== null && s.screen === 'table'`);
  await G.clickButton(page, 'rp-start');
  await G.waitState(page, `s.replay.at === 0`);
  await G.clickButton(page, 'rp-next-day');
  await G.waitState(page, `s.replay.at > 0`);
  await screen(page, where('replay viewer'), `${tag}-replay`);
  await G.clickButton(page, 'rp-close');
  await G.waitState(page, `s.screen === 'final'`);
}
