// A whole three-player game through the real UI, in English on a desktop-sized window:
// Season 1 is played Day by Day (mouse, and every third Day the keyboard: arrows + Enter,
// F for the Form chooser) until a player declares Lauzait-Cep!; Seasons 2 and 3 end by
// agreement, after which the game is over (R20: as many Seasons as players). Seed 15 with
// the tests' policy declares on Day 8 after two Water throws, a Mountain move and a Form
// with a Joker read three ways (found with the engine; see docs/browser-tests.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, isLocal, loadApp, notTheRater } from './helpers.mjs';
import * as G from './game.mjs';

test('3 players: a declared Season with Water, Mountain and Joker, two Seasons ended by agreement, results', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, requests, errors } = app;
    await loadApp(page, `${app.server.url}?seed=15`);
    await page.waitForLoadState('networkidle');
    let loaded = requests.length;
    await G.clickButton(page, 'btn-players-3');
    await screenshot(page, 'en-new-game');

    let s = await G.startGame(page, { seats: ['red', 'blue', 'black'], names: ['Alice', 'Bob', 'Chiyo'], luminous: true });
    assert.deepEqual(s.players.map((p) => p.seat), ['red', 'blue', 'black']);
    assert.deepEqual(s.players.map((p) => p.name), ['Alice', 'Bob', 'Chiyo']);
    assert.ok(s.luminous, 'the luminous piece is shown');
    await screenshot(page, 'en-hand-over');

    const seen = new Set();
    const screens = G.keyScreens(page, 'en', seen, screenshot);
    const res = await G.playSeason(page, { preferMountain: true, waterLeft: 2 }, { keyboardEvery: 3, ...screens });
    assert.equal(res.throws, 2);
    for (const name of ['day-in-progress', 'mountain-move', 'water-throw', 'water-result', 'joker-choice', 'declare-preview']) {
      assert.ok(seen.has(name), `the game showed: ${name}`);
    }
    s = res.state;
    assert.equal(s.screen, 'scoring');
    assert.equal(s.results[0].end.kind, 'declared');
    const total = Number(await page.evaluate(() => document.getElementById('patterns-total').textContent));
    assert.equal(total, Object.values(s.results[0].end.patterns).reduce((a, b) => a + b, 0));
    await screenshot(page, 'en-scoring');
    // A reload on the scoring screen comes back to it.
    await loadApp(page);
    assert.equal((await G.state(page)).screen, 'scoring');
    await page.waitForLoadState('networkidle');
    loaded = requests.length; // the reload fetched the page's own files again
    await G.clickButton(page, 'btn-continue');
    s = await G.waitState(page, `s.screen === 'season'`);
    await screenshot(page, 'en-season-summary');

    // Seasons 2 and 3: started, then ended by agreement from the menu (with the keyboard
    // for the confirmation).
    for (const season of [2, 3]) {
      await G.clickButton(page, 'btn-next-season');
      s = await G.waitState(page, `s.status === 'playing' && s.season === ${season}`);
      await G.clickButton(page, 'btn-ready');
      await G.waitState(page, `s.screen === 'table'`);
      await G.clickButton(page, 'btn-menu');
      await G.clickButton(page, 'btn-end-season');
      await G.waitState(page, `s.screen === 'confirm'`);
      await page.keyboard.press('Enter'); // the focused button is "Yes"
      s = await G.waitState(page, `s.screen === 'season' || s.screen === 'final'`);
      if (season === 2) assert.equal(s.screen, 'season');
    }
    assert.equal(s.screen, 'final');
    assert.equal(s.status, 'game-over');
    assert.equal(s.results.length, 3);
    assert.deepEqual(s.results.slice(1).map((r) => r.end.kind), ['by-agreement', 'by-agreement']);
    const declarer = s.results[0].end.player;
    assert.deepEqual(s.winners, [declarer]);
    const winners = await page.evaluate(() => document.getElementById('winners').textContent);
    assert.match(winners, new RegExp(s.players[declarer].name));
    await screenshot(page, 'en-final');

    assert.deepEqual(requests.slice(loaded).filter((u) => !isLocal(u)), []);
    // Persons alone: no worker until the final results, where the rater's rates the game.
    assert.deepEqual(requests.slice(loaded).filter(notTheRater), [], 'no request after the page loaded but the rater\'s worker, which rates the game');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
