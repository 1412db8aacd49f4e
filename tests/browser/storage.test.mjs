// Save and resume: the game is saved (as its LZR2 record, format 3) after every action
// under one localStorage key and a reload resumes it, as it resumes a save of format 1;
// saved data that is corrupted, from an older format or edited by hand is refused with a
// clear message and an offer to start fresh, never a blank page — and nothing else stored
// in localStorage is touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

const KEY = 'lauzait-cep/save/v1';
// A format-1 save (the serde form of the whole engine game) written by the build before
// format 2: seed 7, red and black, two Days played and the third Day's discard made.
const FORMAT1 = new URL('../data/save-format1.json', import.meta.url);
// A record's actions: its tokens after `LZR2 <seats> lum=… :`, without the Seasons' deals
// (`deal` and its four tokens) and the throws (`*…`).
const actions = (record) => {
  const tokens = record.split(/\s+/).slice(4);
  const out = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === 'deal') i += 4;
    else if (!tokens[i].startsWith('*')) out.push(tokens[i]);
  }
  return out;
};
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
    assert.equal(saved.version, 3);
    assert.deepEqual(saved.names, ['Ann', 'Ben']);
    assert.match(saved.record, /^LZR2 red,black lum=on : deal /);
    assert.doesNotMatch(saved.record, /seed/, 'no seed: nothing that predicts a throw or deal');
    assert.equal(actions(saved.record).length, 1, 'the discard is already saved');
    assert.equal(saved.game, undefined, 'the record is the only game data');
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

    // 4. Edited by hand: an action changed or added, or the record cut mid-action; the
    // message says which token and why. (A record cut between actions, or given another
    // deal, may well be another game that replays: nothing else in the save could tell.)
    // The first action is token 10, after the header (4) and the first Season's deal (5).
    const edited = JSON.parse(good);
    const tokens = edited.record.split(' ');
    tokens[9] = 'X9';
    edited.record = tokens.join(' ');
    await reloadWith(page, JSON.stringify(edited));
    s = await G.state(page);
    assert.equal(s.screen, 'load-error');
    assert.match(s.loadError, /changed outside the game.*token 10 'X9'/);
    const twice = JSON.parse(good);
    twice.record += ` ${actions(twice.record)[0]}`;
    await reloadWith(page, JSON.stringify(twice));
    assert.match((await G.state(page)).loadError, /changed outside the game.*token 11 .*action 2 is refused/);
    const cut = JSON.parse(good);
    cut.record = cut.record.slice(0, -1);
    await reloadWith(page, JSON.stringify(cut));
    assert.match((await G.state(page)).loadError, /changed outside the game.*token 10/);
    // A format-1 save edited by hand is refused too, once the rules oracle's worker (which
    // converts format 1, off the page) has answered.
    const converted = `s.screen !== 'load-error' || !/converting/.test(s.loadError)`;
    const old1 = JSON.parse(await readFile(FORMAT1, 'utf8'));
    old1.game.scores[0] = 99;
    await reloadWith(page, JSON.stringify(old1));
    assert.match((await G.waitState(page, converted)).loadError, /changed outside the game.*does not match/);
    // Not even JSON of the right shape.
    await reloadWith(page, JSON.stringify({ format: 'lauzait-cep-save', version: 1, game: 'nope' }));
    s = await G.waitState(page, converted);
    assert.equal(s.screen, 'load-error');
    assert.match(s.loadError, /damaged/);
    await reloadWith(page, JSON.stringify({ ...JSON.parse(good), record: 42 }));
    assert.match((await G.state(page)).loadError, /damaged/);
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
    assert.equal(actions(JSON.parse(snap[KEY]).record).length, 0);

    // 6. The good save resumes exactly (mid-Day: after the discard).
    await reloadWith(page, good);
    s = await G.state(page);
    assert.equal(s.screen, 'hand-over');
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    assert.equal(s.phase, 'discarded');
    assert.equal(s.steps, 1);

    // 7. A format-1 save resumes too (mid-Day: the third Day's discard made) once converted
    // off the page, and is written at once as format 3.
    await reloadWith(page, await readFile(FORMAT1, 'utf8'));
    s = await G.waitState(page, converted);
    assert.equal(s.screen, 'hand-over');
    assert.equal(JSON.parse((await storageSnapshot(page))[KEY]).version, 3);
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    assert.equal(s.phase, 'discarded');
    assert.equal(s.day, 3);
    await G.clickSquare(page, s.legal.movers[0]);
    s = await G.waitState(page, `s.phase === 'moving'`);
    const resaved = JSON.parse((await storageSnapshot(page))[KEY]);
    assert.equal(resaved.version, 3);
    assert.equal(actions(resaved.record).length, 8);
    assert.deepEqual(errors, [], 'no page errors, even with broken saves');
  } finally {
    await app.close();
  }
});
