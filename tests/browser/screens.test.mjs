// Every screen on every size the game promises to fit (issue "A first game that feels
// right on every screen", done means 1): 320×568, 390×844, 844×390, 1024×768 and
// 1440×900, with 2, 3 and 4 players. On each screen: the hand and every offered button
// lie inside the viewport and are at least 44×44 CSS px, the board does not move between
// two states of one Day, and axe-core finds no violation. Screenshots of each go to
// artifacts/screens-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import { axe, screen } from './a11y.mjs';
import * as G from './game.mjs';

const SIZES = [[320, 568], [390, 844], [844, 390], [1024, 768], [1440, 900]];
const SEATS = ['red', 'blue', 'black', 'yellow'];

test('every screen fits and passes axe-core on phones, tablets and desktops with 2–4 players', async () => {
  for (const [w, h] of SIZES) {
    const app = await openApp({ viewport: { width: w, height: h } });
    try {
      const { page, errors } = app;
      for (const players of [2, 3, 4]) {
        const tag = `${w}x${h}-${players}p`;
        const where = `${w}×${h}, ${players} players`;
        await page.evaluate(() => localStorage.clear());
        await loadApp(page);
        await G.waitState(page, `s.screen === 'new-game'`);
        // The new-game dialog opens at its title.
        const top = await page.evaluate(() => document.querySelector('#overlay .card').scrollTop);
        assert.equal(top, 0, `${where}: the new-game dialog opens scrolled`);
        if (players === 2) await screen(page, `${where}, new game`, `${tag}-new-game`);
        await G.startGame(page, { seats: SEATS.slice(0, players) });
        let s = await G.waitState(page, `s.screen === 'hand-over'`);
        await screen(page, `${where}, hand-over`, `${tag}-hand-over`);
        await G.clickButton(page, 'btn-ready');
        s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
        const board0 = (await G.rects(page)).board;
        await screen(page, `${where}, table (start of a Day)`, `${tag}-table-start`);
        // The Form chooser, when a set may be formed.
        if (s.legal.forms.length) {
          await G.clickButton(page, 'btn-form');
          await G.waitState(page, `s.screen === 'form'`);
          await screen(page, `${where}, form chooser`, `${tag}-form`);
          await G.clickButton(page, 'btn-cancel');
          await G.waitState(page, `s.screen === 'table'`);
        }
        // Two more states of the same Day: after the discard and after choosing a mover.
        s = await G.state(page);
        await G.perform(page, s, { kind: 'discard', piece: s.legal.discards[0] });
        s = await G.waitState(page, `s.phase === 'discarded'`);
        assert.deepEqual((await G.rects(page)).board, board0, `${where}: the board moved after the discard`);
        await screen(page, `${where}, table (discarded)`, `${tag}-table-discarded`);
        await G.perform(page, s, { kind: 'move', from: s.legal.movers[0] });
        s = await G.waitState(page, `s.phase === 'moving'`);
        assert.deepEqual((await G.rects(page)).board, board0, `${where}: the board moved after choosing a mover`);
        await screen(page, `${where}, table (moving)`, `${tag}-table-moving`);
        if (players === 4) {
          await G.clickButton(page, 'btn-menu');
          await G.waitState(page, `s.screen === 'menu'`);
          await screen(page, `${where}, menu`, `${tag}-menu`);
          await page.keyboard.press('Escape');
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await app.close();
    }
  }
});

test('a mis-tapped destination is previewed, taken back, then confirmed; the rules page passes axe-core', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 } });
  try {
    const { page, errors } = app;
    const live = () => page.evaluate(() => document.getElementById('live').textContent);
    await G.startGame(page, { seats: ['red', 'black'] });
    await G.clickButton(page, 'btn-ready');
    // The confirmation is on by default (a mouse too); the menu shows it pressed.
    await G.clickButton(page, 'btn-menu');
    await G.waitState(page, `s.screen === 'menu'`);
    assert.equal(await page.evaluate(() => document.getElementById('btn-confirm-pref').getAttribute('aria-pressed')), 'true');
    await G.clickButton(page, 'btn-close');
    let s = await G.waitState(page, `s.screen === 'table'`);
    await G.perform(page, s, { kind: 'discard', piece: s.legal.discards[0] });
    s = await G.waitState(page, `s.phase === 'discarded'`);
    await G.perform(page, s, { kind: 'move', from: s.legal.movers[0] });
    s = await G.waitState(page, `s.phase === 'moving'`);
    const board0 = (await G.rects(page)).board;
    const to = s.legal.destinations.find((d) => !s.legal.water.includes(d)) ?? s.legal.destinations[0];
    await G.clickSquare(page, to);
    await page.waitForFunction(() => !!document.getElementById('btn-confirm-hire'));
    assert.match(await live(page), /comes into your hand/);
    assert.match(await page.evaluate(() => document.getElementById('status').textContent), /comes into your hand/);
    await screen(page, '390×844, confirm', '390x844-confirm');
    // Taken back: the Day is still at its destination choice.
    await G.clickButton(page, 'btn-cancel-hire');
    await page.waitForFunction(() => !document.getElementById('btn-confirm-hire'));
    s = await G.state(page);
    assert.equal(s.phase, 'moving');
    assert.deepEqual((await G.rects(page)).board, board0, 'the board did not move');
    // Chosen again and confirmed: the Day ends.
    await G.clickSquare(page, to);
    await G.clickButton(page, 'btn-confirm-hire');
    await G.waitState(page, `s.screen === 'hand-over' || s.day !== ${s.day}`);
    // The rules page, its live boards included.
    await page.goto(app.server.url + 'rules.html', { waitUntil: 'load' });
    await page.waitForTimeout(500);
    const v = await axe(page);
    await screenshot(page, 'screens-rules-390x844');
    assert.deepEqual(v, [], 'rules page: axe-core found violations');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
