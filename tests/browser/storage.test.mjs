// Save and resume: the game is saved after every action under one localStorage key and a
// reload resumes it; saved data that is corrupted, from an older format or edited by hand
// is refused with a clear message and an offer to start fresh, never a blank page — and
// nothing else stored in localStorage is touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

const KEY = 'lauzait-cep/save/v1';
const OTHERS = { 'other-app/settings': '{"theme":"dark"}', 'lauzait-cep/notes': 'keep me', plain: 'x' };

async function storageSnapshot(page) {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
}

function others(snapshot) {
  return Object.fromEntries(Object.entries(snapshot).filter(([k]) => k !== KEY));
}

async function reloadWith(page, value) {
  await page.evaluate(([key, value, extra]) => {
    for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v);
    localStorage.setItem(key, value);
  }, [KEY, value, OTHERS]);
  await loadApp(page);
}

test('a save that is corrupted, old or edited is refused with a message; other keys stay', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 } });
  try {
    const { page, errors } = app;

    // 1. A game in progress is saved after each action, in one key.
    await loadApp(page, `${app.server.url}?seed=7`);
    await page.evaluate((extra) => { for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v); }, OTHERS);
    let s = await G.startGame(page, { seats: ['red', 'black'], names: ['Ann', 'Ben'] });
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    await G.clickHandPiece(page, s.legal.discards[0]);
    s = await G.waitState(page, `s.phase === 'discarded'`);
    await screenshot(page, 'en-phone-day-in-progress');
    let snap = await storageSnapshot(page);
    assert.deepEqual(others(snap), OTHERS);
    const saved = JSON.parse(snap[KEY]);
    assert.equal(saved.format, 'lauzait-cep-save');
    assert.equal(saved.version, 1);
    assert.deepEqual(saved.names, ['Ann', 'Ben']);
    assert.equal(saved.game.log.length, 1, 'the discard is already saved');
    const good = snap[KEY];

    // 2. Corrupted data.
    await reloadWith(page, good.slice(0, good.length / 2));
    s = await G.state(page);
    assert.equal(s.screen, 'load-error');
    assert.match(s.loadError, /corrupted/);
    const shown = await page.evaluate(() => document.getElementById('load-error').textContent);
    assert.match(shown, /corrupted/);
    assert.ok(await G.hasButton(page, 'btn-fresh'), 'an offer to start fresh');
    await screenshot(page, 'en-phone-corrupted-save');
    assert.deepEqual(others(await storageSnapshot(page)), OTHERS);
    assert.equal((await storageSnapshot(page))[KEY], good.slice(0, good.length / 2), 'the bad save is left alone until the player decides');

    // 3. An older format.
    const old = JSON.parse(good);
    old.version = 0;
    await reloadWith(page, JSON.stringify(old));
    s = await G.state(page);
    assert.equal(s.screen, 'load-error');
    assert.match(s.loadError, /older version/);

    // 4. Edited by hand: a score changed, or the log shortened.
    const edited = JSON.parse(good);
    edited.game.scores[0] = 99;
    await reloadWith(page, JSON.stringify(edited));
    s = await G.state(page);
    assert.equal(s.screen, 'load-error');
    assert.match(s.loadError, /changed outside the game/);
    const cut = JSON.parse(good);
    cut.game.log = [];
    await reloadWith(page, JSON.stringify(cut));
    assert.match((await G.state(page)).loadError, /changed outside the game|does not match/);
    // Not even JSON of the right shape.
    await reloadWith(page, JSON.stringify({ format: 'lauzait-cep-save', version: 1, game: 'nope' }));
    assert.equal((await G.state(page)).screen, 'load-error');
    await reloadWith(page, '"just a string"');
    assert.equal((await G.state(page)).screen, 'load-error');
    assert.deepEqual(others(await storageSnapshot(page)), OTHERS);

    // 5. Start fresh: only our key goes; a new game is saved under it.
    await G.clickButton(page, 'btn-fresh');
    s = await G.waitState(page, `s.screen === 'new-game'`);
    snap = await storageSnapshot(page);
    assert.deepEqual(others(snap), OTHERS);
    s = await G.startGame(page, { seats: ['red', 'black'] });
    snap = await storageSnapshot(page);
    assert.deepEqual(others(snap), OTHERS);
    assert.equal(JSON.parse(snap[KEY]).game.log.length, 0);

    // 6. The good save resumes exactly (mid-Day: after the discard).
    await reloadWith(page, good);
    s = await G.state(page);
    assert.equal(s.screen, 'hand-over');
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    assert.equal(s.phase, 'discarded');
    assert.equal(s.steps, 1);
    assert.deepEqual(errors, [], 'no page errors, even with broken saves');
  } finally {
    await app.close();
  }
});
