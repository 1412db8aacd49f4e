// What every screen is checked for (screens.test.mjs, a11y.test.mjs; issue "A first game
// that feels right on every screen", done means 1): axe-core finds no violation, and every
// offered control and the hand's tiles lie inside the viewport and are at least 44×44.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { screenshot } from './helpers.mjs';
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
  for (const id of ids) {
    await page.evaluate((id) => document.getElementById(id)?.scrollIntoView({ block: 'nearest', inline: 'nearest' }), id);
    const r = await targetRect(page, id);
    if (!r) continue;
    const inside = r.x >= -0.5 && r.y >= -0.5 && r.x + r.w <= vp.width + 0.5 && r.y + r.h <= vp.height + 0.5;
    assert.ok(inside, `${where}: #${id} at ${JSON.stringify(r)} is outside the ${vp.width}×${vp.height} viewport`);
    assert.ok(r.w >= 44 && r.h >= 44, `${where}: #${id} is ${r.w.toFixed(1)}×${r.h.toFixed(1)}`);
  }
  const rs = await G.rects(page);
  for (const h of [...rs.hand, ...rs.departments]) {
    const inside = h.x >= 0 && h.y >= 0 && h.x + h.w <= vp.width + 0.5 && h.y + h.h <= vp.height + 0.5;
    assert.ok(inside, `${where}: a hand tile at ${JSON.stringify(h)} is outside the viewport`);
    assert.ok(h.w >= 44 && h.h >= 44, `${where}: a hand tile is ${h.w}×${h.h}`);
  }
  if (await page.evaluate(() => window.lauzait.state().screen === 'table')) {
    for (const [sq, r] of Object.entries(rs.squares)) {
      assert.ok(r.w >= 44 && r.h >= 44, `${where}: square ${sq} is ${r.w}×${r.h}`);
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
