// A whole two-player game through the real UI: Season 1 ends in a Stalemate (R19) played
// through the UI; Season 2 ends the game by agreement (R20). Along the way: undo by key
// and by button, and taps on choices the engine does not offer, which must be explained
// with the rule id. Seed 12105 with the tests' policy reaches the Stalemate on Day 23
// (found with the engine; see docs/browser-tests.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, isLocal, loadApp, notTheRater } from './helpers.mjs';
import * as G from './game.mjs';

test('2 players: Undo, explained refusals, a Stalemate, end by agreement, final results', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, requests, errors } = app;
    await loadApp(page, `${app.server.url}?seed=12105`);
    await page.waitForLoadState('networkidle');
    const loaded = requests.length;

    let s = await G.startGame(page, { seats: ['red', 'blue'], names: ['Ann', 'Ben'], luminous: true });
    assert.equal(s.players.length, 2);
    assert.equal(s.screen, 'hand-over');
    assert.equal(s.hand, undefined, 'no concealed hand is reported before the hand-over');
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);

    // A tap on the board before discarding: refused, with the engine's reason and rule id.
    const notMover = G.SQUARES.find((sq) => s.board[G.sqIndex(sq)]);
    await G.clickSquare(page, notMover);
    s = await G.waitState(page, `s.message && s.message.error`);
    assert.match(s.message.text, /discard first/);
    assert.match(s.message.text, /\(A Day, R9–R12\)/);

    // A hand piece that may not be discarded, if there is one, is explained too (R12.3).
    const refused = s.hand.find((p) => !s.legal.discards.includes(p));
    if (refused) {
      await G.clickHandPiece(page, refused);
      s = await G.waitState(page, `s.message && /R12\\.3/.test(s.message.text)`);
    }

    // Discard, undo with the U key; discard again, pick a mover, undo with the button.
    const discard = s.legal.discards[0];
    await G.clickHandPiece(page, discard);
    s = await G.waitState(page, `s.phase === 'discarded'`);
    assert.ok(s.legal.undo);
    // A square whose piece may not move: the engine's R12.2 explanation.
    const still = G.SQUARES.find((sq) => s.board[G.sqIndex(sq)] && !s.legal.movers.includes(sq));
    if (still) {
      await G.clickSquare(page, still);
      s = await G.waitState(page, `s.message && /R12\\.2/.test(s.message.text)`);
    }
    await page.keyboard.press('u');
    s = await G.waitState(page, `s.phase === 'beginning' && s.steps === 0`);
    await G.clickHandPiece(page, discard);
    s = await G.waitState(page, `s.phase === 'discarded'`);
    await G.clickSquare(page, s.legal.movers[0]);
    s = await G.waitState(page, `s.phase === 'moving'`);
    await G.clickButton(page, 'btn-undo');
    s = await G.waitState(page, `s.phase === 'discarded'`);
    await G.clickButton(page, 'btn-undo');
    s = await G.waitState(page, `s.phase === 'beginning' && s.steps === 0`);

    // Season 1, played by the policy until the Stalemate.
    let sawStalemate = false;
    let sawDissolve = false;
    const res = await G.playSeason(page, { preferMountain: true, waterLeft: 0 }, {
      maxDays: 40,
      hooks: {
        dissolveChooser: async (st) => {
          if (sawDissolve) return;
          sawDissolve = true;
          const text = await page.evaluate(() => document.getElementById('overlay').innerText);
          assert.match(text, /pay back exactly \d+ pts?\b/, 'the chooser shows the exact refund (R9)');
          await screenshot(page, 'en-dissolve-chooser');
        },
        beforeStalemate: async (st) => {
          sawStalemate = true;
          assert.match(st.prompt, /ends with a Stalemate/);
          assert.equal(await page.evaluate(() => document.querySelector('#status a.rule')?.textContent), 'R19', 'the rule as a small link');
          assert.deepEqual(st.legal.discards, []);
          const r = await G.rects(page);
          assert.ok(r.buttons['btn-stalemate'], 'the Stalemate button is shown');
          assert.ok(!r.buttons['btn-form'] && !r.buttons['btn-declare']);
          await screenshot(page, 'en-stalemate-offered');
        },
      },
    });
    assert.ok(sawStalemate, 'the Season ended through the Stalemate button');
    assert.ok(sawDissolve, 'a Department was dissolved on the way');
    s = res.state;
    assert.equal(s.screen, 'scoring');
    assert.equal(s.results.length, 1);
    assert.equal(s.results[0].end.kind, 'stalemate');
    const stalemateScore = await page.evaluate(() => document.getElementById('patterns-total').textContent);
    assert.ok(Number(stalemateScore) >= 18, `a Stalemate scores 3 + 15 (+ luminous), got ${stalemateScore}`);
    await screenshot(page, 'en-stalemate-scoring');

    // Season summary → Season 2 → end the game by agreement from the menu.
    await G.clickButton(page, 'btn-continue');
    s = await G.waitState(page, `s.screen === 'season'`);
    await G.clickButton(page, 'btn-next-season');
    s = await G.waitState(page, `s.status === 'playing' && s.season === 2`);
    assert.equal(s.screen, 'hand-over');
    await G.clickButton(page, 'btn-ready');
    await G.waitState(page, `s.screen === 'table'`);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-end-game');
    // Until the game is over nothing is fetched; the results then start the computer
    // players' worker (the page's own files) to rate the game (docs/rating.md).
    const played = requests.length;
    await G.clickButton(page, 'btn-confirm');
    s = await G.waitState(page, `s.screen === 'final'`);
    assert.equal(s.status, 'game-over');
    const top = Math.max(...s.players.map((p) => p.score));
    assert.deepEqual(s.winners, s.players.map((p, i) => [p, i]).filter(([p]) => p.score === top).map(([, i]) => i));
    const history = await page.evaluate(() => document.getElementById('history').innerText);
    assert.match(history, /Season 1\/2/);
    assert.match(history, /Season 2\/2\s*ended by agreement/, 'the Season cut short by the agreement is listed');
    assert.equal(s.handRevealed, false, 'no hand is shown after a game ended by agreement mid-Season');
    await screenshot(page, 'en-final-2p');

    assert.deepEqual(requests.slice(loaded).filter((u) => !isLocal(u)), [], 'no request left the machine');
    assert.deepEqual(requests.slice(loaded, played), [], 'no request at all after the page loaded, while the game was played');
    assert.deepEqual(requests.slice(played).filter(notTheRater), [], 'at the results, only the rater\'s worker, which rates the game');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
