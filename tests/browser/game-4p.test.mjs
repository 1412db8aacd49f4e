// A whole four-player game through the real UI, in Japanese on a phone in portrait
// (390×844): Season 1 is played until a player declares 国官集来 (Lauzait-Cep!), with a
// reload in the middle of a Day that must resume exactly; then the players end the game
// by agreement (R20). Seed 45 with the tests' policy declares on Day 17 after two Water
// throws, Mountain moves and Joker readings (found with the engine; see docs/browser-tests.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, isLocal, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

test('4 players in Japanese on a phone: reload mid-Day, a declared Season, end by agreement', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 } });
  try {
    const { page, requests, errors } = app;
    await loadApp(page, `${app.server.url}?seed=45`);
    await page.waitForLoadState('networkidle');
    const loaded = requests.length;
    await G.clickButton(page, 'btn-lang-ja');
    await G.clickButton(page, 'btn-players-4');
    let s = await G.waitState(page, `s.lang === 'ja'`);
    const title = await page.evaluate(() => document.getElementById('dlg-title').textContent);
    assert.match(title, /ラウツァイト・セプ/);
    await screenshot(page, 'ja-phone-new-game');

    s = await G.startGame(page, { seats: ['red', 'blue', 'black', 'yellow'], names: ['あおい', 'ぼたん', 'ちよ', 'でん'], luminous: true });
    assert.equal(s.players.length, 4);
    await screenshot(page, 'ja-phone-hand-over');

    const seen = new Set();
    const screens = G.keyScreens(page, 'ja-phone', seen, screenshot);
    const policy = { preferMountain: true, waterLeft: 2 };

    // Play three Days, then reload in the middle of the fourth, after its discard.
    let days = 0;
    for (;;) {
      s = await G.state(page);
      if (s.screen === 'hand-over') {
        await G.clickButton(page, 'btn-ready');
        s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
      }
      const c = G.choose(s, policy);
      await screens.onStep(s, c);
      await G.perform(page, s, c, { hooks: screens.hooks });
      if (c.kind === 'capture') {
        days += 1;
        await screens.hooks.afterCapture(s, c);
        await G.waitState(page, `!s.animating && s.day !== ${s.day}`);
      } else {
        await G.waitState(page, `s.steps !== ${s.steps} || s.screen !== 'table'`);
      }
      if (days >= 3 && c.kind === 'discard') break;
    }
    const before = await G.state(page);
    assert.equal(before.phase, 'discarded');
    await loadApp(page);
    s = await G.state(page);
    assert.equal(s.screen, 'hand-over', 'after a reload the hand is hidden until its owner is ready');
    assert.equal(s.lang, 'ja');
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    for (const key of ['season', 'day', 'toMove', 'phase', 'steps', 'board', 'hand', 'players', 'legal', 'pending', 'luminous', 'pool']) {
      assert.deepEqual(s[key], before[key], `${key} survives the reload`);
    }

    const res = await G.playSeason(page, policy, { ...screens });
    s = res.state;
    assert.equal(s.screen, 'scoring');
    assert.equal(s.results[0].end.kind, 'declared');
    for (const name of ['day-in-progress', 'mountain-move', 'water-throw', 'water-result', 'joker-choice', 'declare-preview']) {
      assert.ok(seen.has(name), `the game showed: ${name}`);
    }
    const table = await page.evaluate(() => document.getElementById('patterns').innerText);
    for (const name of ['国官集来', '専門家委員会', '大行列', '重なり橋', '筆兵無傾', '闇戦之集']) assert.ok(table.includes(name), name);
    await screenshot(page, 'ja-phone-scoring');

    await G.clickButton(page, 'btn-continue');
    await G.waitState(page, `s.screen === 'season'`);
    await screenshot(page, 'ja-phone-season-summary');
    await G.clickButton(page, 'btn-end-game');
    await G.clickButton(page, 'btn-confirm');
    s = await G.waitState(page, `s.screen === 'final'`);
    assert.deepEqual(s.status, 'game-over');
    assert.deepEqual(s.winners, [s.results[0].end.player]);
    await screenshot(page, 'ja-phone-final');

    assert.deepEqual(requests.slice(loaded).filter((u) => !isLocal(u)), []);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
