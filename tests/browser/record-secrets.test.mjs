// A record or link made while a game is under way reveals nothing hidden and predicts no
// throw (issue: "Any player can see every concealed hand and preview the sticks"), tried
// exactly as a player would: mid-game Menu → Copy link / Export, then Menu → Import with
// ` ~ end` appended (the viewer must not treat the game as finished and show the hands),
// and with a planned Water move appended (the viewer must not show its throw before it is
// made). The game is dealt from the page's fresh entropy (no `?seed=`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

/** The record of the menu's Copy link, decoded. */
async function copiedRecord(page) {
  await G.clickButton(page, 'btn-menu');
  await G.clickButton(page, 'btn-links');
  await G.waitState(page, `s.screen === 'records'`);
  const link = await page.inputValue('#link-record');
  await page.keyboard.press('Escape');
  await G.waitState(page, `s.screen !== 'records'`);
  return decodeURIComponent(link.split('#record=')[1]);
}

/** The record the menu's Export downloads. */
async function exportedRecord(page) {
  await G.clickButton(page, 'btn-menu');
  const [download] = await Promise.all([page.waitForEvent('download'), G.clickButton(page, 'btn-export')]);
  const text = (await readFile(await download.path(), 'utf8')).trim();
  await page.keyboard.press('Escape');
  await G.waitState(page, `s.screen !== 'menu'`);
  return { text, name: download.suggestedFilename() };
}

/** Menu → Import, the text pasted. */
async function importText(page, text) {
  await G.clickButton(page, 'btn-menu');
  await G.clickButton(page, 'btn-import');
  await G.waitState(page, `s.screen === 'records'`);
  await page.fill('#import-text', text);
  await G.clickButton(page, 'btn-import-apply');
}

/** Nothing in a record of a game under way names a dealt hand or a seed. */
function assertPublic(text) {
  assert.match(text, /^LZR2 red,black lum=on : deal \S+ \S+ lum=\S+ hidden /, text);
  assert.doesNotMatch(text, /seed/i);
  for (const token of text.split(' ')) {
    assert.ok(!/^([GW]\d|J)+,([GW]\d|J)+$/.test(token), `a dealt hand in the record: ${token}`);
  }
}

/** Gets past the hand-over, to the table with the hand of the player to move. */
async function toTable(page) {
  let s = await G.state(page);
  if (s.screen === 'hand-over') {
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
  }
  return s;
}

test('a mid-game link or export, doctored, reveals no hand and predicts no throw', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = app;
    await loadApp(page, app.server.url);
    await G.startGame(page, { seats: ['red', 'black'] });
    // Two Days without Water.
    for (let day = 0; day < 2; day++) {
      const s = await toTable(page);
      await G.playDayToCapture(page, s, { waterLeft: 0, declare: false });
      await G.waitState(page, `!s.animating && s.day === ${day + 2}`, 15_000);
    }
    const s0 = await toTable(page);
    const hand = s0.hand;
    assert.ok(hand.length > 0);

    // Copy link and Export, mid-game: what everyone saw, no seed, no dealt hand.
    const linked = await copiedRecord(page);
    assertPublic(linked);
    const exported = await exportedRecord(page);
    assertPublic(exported.text);
    assert.equal(exported.name, 'lauzait-under-way.lzr.txt');
    assert.equal(exported.text, linked);

    // Import with ` ~ end` appended: the viewer replays to the end of the game by agreement,
    // but a record of a game under way is never finished: every hand stays face down.
    await importText(page, `${linked} ~ end`);
    let s = await G.waitState(page, `s.replay !== null && s.screen === 'table'`);
    assert.equal(s.replay.at, s.replay.length);
    assert.equal(s.status, 'game-over', 'the appended ending replays');
    assert.equal(s.handRevealed, false, 'no hand is shown');
    assert.equal(s.hand, undefined);
    assert.deepEqual(s.players.map((p) => p.concealed + 3 * p.departments.length), [9, 9], 'hands as counts only');
    await screenshot(page, 'en-doctored-record-hands-hidden');
    // (Not with open hands either: tests/ui/records.rs.)
    await G.clickButton(page, 'rp-close');
    s = await G.waitState(page, `s.replay === null`);
    s = await toTable(page);
    assert.deepEqual(s.hand, hand, 'the game is back as it was');

    // Play Days until a Hiring into the Water is offered; plan it, and before making it,
    // import the record with the planned move appended.
    let planned = null;
    for (let day = 0; day < 40 && !planned; day++) {
      s = await toTable(page);
      const d = s.day;
      for (;;) {
        const c = G.choose(s, { waterLeft: 0, declare: false });
        if (c.kind === 'capture' && s.legal.water.length) {
          planned = s.legal.water[0];
          break;
        }
        await G.perform(page, s, c);
        if (c.kind === 'capture') break;
        s = await G.waitState(page, `s.steps !== ${s.steps}`);
      }
      if (!planned) {
        s = await G.waitState(page, `!s.animating && (s.day === ${d + 1} || s.status !== 'playing')`, 15_000);
        assert.equal(s.status, 'playing', 'the Season went on until a Hiring into the Water came up');
      }
    }
    assert.ok(planned, 'a Hiring into the Water came up');
    const before = await copiedRecord(page);
    assertPublic(before);
    await importText(page, `${before} >${planned}`);
    await page.waitForFunction(() => /no throw of the sticks/.test(document.getElementById('import-error')?.textContent));
    s = await G.state(page);
    assert.equal(s.replay, null, 'the viewer does not open on a throw nobody made');
    assert.equal(await page.evaluate(() => !!document.getElementById('rp-sticks')), false, 'no sticks shown');
    await screenshot(page, 'en-planned-water-move-refused');
    await page.keyboard.press('Escape');
    s = await toTable(page);
    assert.equal(s.phase, 'moving');

    // The throw happens only now, from fresh entropy, and only now is it in the record.
    await G.perform(page, s, { kind: 'capture', to: planned });
    s = await G.waitState(page, `s.lastHire !== null && s.lastHire.to === '${planned}' && !s.animating`, 15_000);
    assert.equal(s.lastHire.sticks.length, 5);
    await toTable(page);
    const after = await copiedRecord(page);
    const faces = s.lastHire.sticks.map((d) => (d ? '1' : '0')).join('');
    assert.ok(after.startsWith(`${before} >${planned} *${faces}`), `${after}`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
