// Records in the browser (NOTATION.md): a whole game exported as an LZR2 file, imported
// into the replay viewer (which reproduces the final scores, steps Day by Day and step by
// step with the sticks of a Water throw, and never writes the save), the same game opened
// from a "copy link" address, and malformed notation shown with where and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

const SAVE_KEY = 'lauzait-cep/save/v1';
const save = (page) => page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);

test('export a finished game, import it, replay it: same final scores; links; errors', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=15`);
    await G.clickButton(page, 'btn-players-3');
    await G.startGame(page, { seats: ['red', 'blue', 'black'], names: ['Alice', 'Bob', 'Chiyo'] });
    const res = await G.playSeason(page, { preferMountain: true, waterLeft: 2 });
    assert.equal(res.throws, 2);
    await G.clickButton(page, 'btn-continue');
    await G.waitState(page, `s.screen === 'season'`);
    // End the game by agreement: the final screen offers the records.
    await G.clickButton(page, 'btn-end-game');
    await G.waitState(page, `s.screen === 'confirm'`);
    await page.keyboard.press('Enter');
    const final = await G.waitState(page, `s.screen === 'final'`);
    const scores = final.players.map((p) => p.score);
    assert.ok(scores.some((x) => x !== 0), 'somebody scored');
    const saved = await save(page);

    // Export: a downloaded LZR2 file, the full record now that the game is over.
    const [download] = await Promise.all([page.waitForEvent('download'), G.clickButton(page, 'btn-export')]);
    const file = await download.path();
    const text = await readFile(file, 'utf8');
    assert.match(text, /^LZR2 red,blue,black lum=on : deal \S+ \S+ lum=\S+ ([GW0-9J]+,){2}[GW0-9J]+ /);
    assert.doesNotMatch(text, /seed/);
    assert.match(download.suggestedFilename(), /^lauzait-game\.lzr\.txt$/);
    assert.equal(JSON.parse(saved).record, text.trim(), 'the save holds the same record');

    // Import the file: the viewer opens at the end with the same scores.
    await G.clickButton(page, 'btn-import');
    await G.waitState(page, `s.screen === 'records'`);
    await page.setInputFiles('#import-file', file);
    let s = await G.waitState(page, `s.replay !== null && s.screen === 'table'`);
    assert.equal(s.replay.record, text.trim());
    assert.equal(s.replay.at, s.replay.length);
    assert.deepEqual(s.players.map((p) => p.score), scores, 'the replay reproduces the final scores');
    assert.equal(s.status, 'game-over');
    assert.equal(s.handRevealed, true, 'a finished game is replayed with the hand to move face up');

    // Backwards Day by Day (button) and step by step (keys) until a Water throw shows its sticks.
    await G.clickButton(page, 'rp-start');
    s = await G.waitState(page, `s.replay.at === 0`);
    assert.deepEqual(s.players.map((p) => p.score), [0, 0, 0]);
    await G.clickButton(page, 'rp-next-day');
    s = await G.waitState(page, `s.replay.at > 0`);
    assert.equal(s.day, 2, 'one Day forwards is the start of Day 2');
    await page.focus('#board');
    let sticks = false;
    for (let i = 0; i < 80 && !sticks; i++) {
      await page.keyboard.press('ArrowRight');
      sticks = await page.evaluate(() => !!document.getElementById('rp-sticks'));
    }
    assert.ok(sticks, 'a Water throw shows the five sticks');
    assert.equal(await page.locator('#rp-sticks .stick').count(), 5);
    s = await G.state(page);
    assert.match(s.message.text, /Sticks: \d dark face/);
    await screenshot(page, 'en-replay-viewer');
    const at = s.replay.at;
    await page.keyboard.press('ArrowLeft');
    await G.waitState(page, `s.replay.at === ${at - 1}`);
    await page.keyboard.press('ArrowUp');
    s = await G.waitState(page, `s.replay.at < ${at - 1}`);
    assert.equal(await save(page), saved, 'the replay never writes the save');

    // Close: the player's own game is back.
    await G.clickButton(page, 'rp-close');
    s = await G.waitState(page, `s.replay === null && s.screen === 'final'`);
    assert.deepEqual(s.players.map((p) => p.name), ['Alice', 'Bob', 'Chiyo']);

    // Copy link: the address opens the same game.
    await G.clickButton(page, 'btn-links');
    await G.waitState(page, `s.screen === 'records'`);
    const link = await page.inputValue('#link-record');
    assert.ok(link.includes('#record=LZR2%20red%2Cblue%2Cblack'), link);
    await page.goto('about:blank');
    await loadApp(page, link);
    s = await G.state(page);
    assert.equal(s.replay?.at, s.replay?.length);
    assert.deepEqual(s.players.map((p) => p.score), scores);
    assert.equal(await save(page), saved, 'opening a link does not write the save');

    // Malformed notation in a link: the message says where and why.
    await page.goto('about:blank');
    await loadApp(page, `${app.server.url}#record=${encodeURIComponent('LZR1 red,green lum=on seed=1 :')}`);
    s = await G.waitState(page, `s.screen === 'records'`);
    const msg = await page.textContent('#import-error');
    assert.match(msg, /token 2 'red,green': 'green' is not a seat/);
    await screenshot(page, 'en-record-error');
    // A pasted record with a refused action.
    await page.fill('#import-text', 'LZR1 red,blue lum=on seed=1 : G3 zz');
    await G.clickButton(page, 'btn-import-apply');
    await page.waitForFunction(() => /token 7 'zz': not an action/.test(document.getElementById('import-error')?.textContent));
    await page.fill('#import-text', 'LZR1 red,blue lum=on seed=1 : !');
    await G.clickButton(page, 'btn-import-apply');
    await page.waitForFunction(() => /token 6 '!': action 1 is refused/.test(document.getElementById('import-error')?.textContent));
    assert.equal(await save(page), saved);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('replaying the game under way leaves it, and its save, exactly as they were', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=45`);
    await G.startGame(page, { seats: ['red', 'black'] });
    // Two Days through the UI with the tests' policy.
    for (let day = 0; day < 2; day++) {
      let s = await G.state(page);
      if (s.screen === 'hand-over') {
        await G.clickButton(page, 'btn-ready');
        s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
      }
      await G.playDayToCapture(page, s, { waterLeft: 0 });
      await G.waitState(page, `!s.animating && s.day === ${day + 2}`, 15_000);
    }
    let s = await G.state(page);
    if (s.screen === 'hand-over') {
      await G.clickButton(page, 'btn-ready');
      s = await G.waitState(page, `s.screen === 'table'`);
    }
    const before = { day: s.day, toMove: s.toMove, board: s.board, scores: s.players.map((p) => p.score) };
    const saved = await save(page);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-replay-own');
    s = await G.waitState(page, `s.replay !== null`);
    assert.equal(s.replay.at, s.replay.length);
    assert.deepEqual(s.board, before.board, 'the replay ends where the game is');
    assert.equal(await G.hasButton(page, 'btn-undo'), false, 'no game actions in the viewer');
    assert.equal(s.handRevealed, false, 'a game under way is replayed with its hands face down (R40)');
    await page.focus('#board');
    await page.keyboard.press('Home');
    s = await G.waitState(page, `s.replay.at === 0`);
    assert.equal(s.day, 1);
    await page.keyboard.press('ArrowDown');
    s = await G.waitState(page, `s.replay.at > 0`);
    assert.equal(s.day, 2);
    // A tap on the board does nothing in the viewer.
    await G.clickSquare(page, 'c3');
    assert.equal((await G.state(page)).replay.at, s.replay.at);
    assert.equal(await save(page), saved);
    await page.keyboard.press('Escape');
    s = await G.waitState(page, `s.replay === null`);
    assert.equal(s.screen, 'hand-over', 'back to the game, behind the hand-over screen');
    assert.deepEqual({ day: s.day, toMove: s.toMove, board: s.board, scores: s.players.map((p) => p.score) }, before);
    assert.equal(await save(page), saved);
    await loadApp(page);
    assert.equal((await G.state(page)).day, before.day);

    // "Copy link" for the position: the address shows the same table (hands hidden).
    await G.clickButton(page, 'btn-ready');
    await G.waitState(page, `s.screen === 'table'`);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-links');
    await G.waitState(page, `s.screen === 'records'`);
    const link = await page.inputValue('#link-position');
    assert.ok(link.includes('#position=LZP1%20'), link);
    await page.goto('about:blank');
    await loadApp(page, link);
    const e = await page.evaluate(() => window.lauzait.embed());
    assert.equal(e.error, null);
    const ranks = e.position.split(' ')[1].split('/');
    const shown = [];
    for (let r = 4; r >= 0; r--) {
      const row = ranks[4 - r].match(/J|[GW]\d|-/g).map((x) => (x === '-' ? null : x));
      shown[r] = row;
    }
    assert.deepEqual(shown.flat(), before.board, 'the link shows the same board');
    assert.match(e.position, new RegExp(` s1d${before.day} `));
    assert.equal(await save(page), saved, 'opening the link leaves the save alone');
    await screenshot(page, 'en-position-from-game');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
