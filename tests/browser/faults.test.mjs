// Faults a player meets while the game is saved: two tabs open on the same saved game
// (neither silently overwrites the other's progress: this tab says so and lets the player
// choose), and a storage that refuses to write (said at once, play goes on, the record can
// be exported, and the game is saved again once storage works).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

const KEY = 'lauzait-cep/save/v1';
const savedActions = (page) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k)).record.split(/\s+/).slice(5).length, KEY);

/** Plays the Day on screen (after its hand-over) with the tests' policy, by clicks. */
async function playDay(page) {
  let s = await G.state(page);
  if (s.screen === 'hand-over') {
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
  }
  const day = s.day;
  for (let i = 0; i < 6 && s.day === day && s.status === 'playing' && s.legal.discards !== undefined; i++) {
    await G.perform(page, s, G.choose(s, {}));
    s = await G.waitState(page, `!s.animating && (s.day !== ${day} || s.screen !== 'table' || s.steps > 0)`, 10_000);
    if (s.screen !== 'table') break;
  }
}

test('two tabs on one saved game: the other tab is told, nothing is overwritten, the player chooses', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, context, server } = app;
    // A known deal, so that each Day is the policy's plain three steps.
    await loadApp(page, `${server.url}?seed=12105`);
    await G.startGame(page, { seats: ['red', 'black'] });
    await playDay(page);
    const afterA = await savedActions(page);
    assert.ok(afterA >= 3, 'tab A saved its Day');
    // Tab B opens the same saved game and plays the next Day.
    const b = await context.newPage();
    await loadApp(b, server.url);
    await playDay(b);
    const afterB = await savedActions(b);
    assert.ok(afterB >= afterA + 3, "tab B saved its Day");
    // Tab A is told at once; its own autosave stops, so B's Day stays saved.
    const s = await G.waitState(page, `s.saveTrouble === 'other-tab'`);
    assert.match(s.message.text, /another tab/);
    assert.ok(await G.hasButton(page, 'btn-load-other-game'));
    assert.ok(await G.hasButton(page, 'btn-keep-this-game'));
    // The dialog up (the hand-over) says why it asks, beside the two buttons.
    const why = await page.$eval('#overlay #other-tab-why', (e) => e.textContent);
    assert.match(why, /another tab/);
    await screenshot(page, 'en-two-tabs');
    await playDay(page).catch(() => {});
    assert.equal(await savedActions(page), afterB, "A has not overwritten B's Day");
    // A takes up B's game: the page reloads on it.
    const reloaded = page.waitForEvent('load');
    await G.clickButton(page, 'btn-load-other-game');
    await reloaded;
    await page.waitForFunction(() => window.lauzait?.ready === true);
    const after = await G.state(page);
    assert.equal(after.day, 3, "A now shows B's game");
    assert.deepEqual(app.errors, []);
    await b.close();
  } finally {
    await app.close();
  }
});

test('a storage that refuses to write: said at once, play goes on, saved again afterwards', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, server } = app;
    await loadApp(page, `${server.url}?seed=12105`);
    await G.startGame(page, { seats: ['red', 'black'] });
    // The quota is forced: every write of the save throws, as a full storage does.
    await page.evaluate(() => {
      const set = Storage.prototype.setItem;
      window.__storageFull = true;
      Storage.prototype.setItem = function (k, v) {
        if (window.__storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    });
    const before = await savedActions(page);
    await playDay(page);
    let s = await G.state(page);
    assert.equal(s.saveTrouble, 'failed', 'said at once, and it stays said');
    const said = await page.evaluate(() => document.getElementById('save-trouble')?.textContent ?? '');
    assert.match(said, /Not saved \(the browser's storage is full\): export the record from the menu/, 'and why, in the page\'s words');
    await screenshot(page, 'en-storage-full');
    await playDay(page);
    s = await G.state(page);
    assert.equal(s.day, 3, 'play went on');
    assert.equal(s.saveTrouble, 'failed');
    await G.clickButton(page, 'btn-ready');
    await G.clickButton(page, 'btn-menu');
    await G.waitState(page, `s.screen === 'menu'`);
    assert.ok(await G.hasButton(page, 'btn-export'), 'the record can be exported meanwhile');
    await G.clickButton(page, 'btn-close');
    // Storage works again: the next action saves everything, and says so.
    await page.evaluate(() => { window.__storageFull = false; });
    await playDay(page);
    s = await G.waitState(page, `s.saveTrouble === null`);
    const now = await savedActions(page);
    assert.ok(now >= before + 9, `nothing was lost: ${before} then ${now} actions saved`);
  } finally {
    await app.close();
  }
});

test('a browser that keeps no data for the page (site data off): the game runs and says why it is not saved, in Japanese', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 }, locale: 'ja-JP' });
  try {
    const { page, server, errors } = app;
    // As with site data turned off: even reaching localStorage throws.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
      });
    });
    await loadApp(page, `${server.url}?seed=12105`);
    await G.startGame(page, { seats: ['red', 'black'] });
    await playDay(page);
    const s = await G.state(page);
    assert.equal(s.saveTrouble, 'failed');
    const said = await page.evaluate(() => document.getElementById('save-trouble')?.textContent ?? '');
    assert.match(said, /^⚠ 保存できません（プライベートウィンドウか、サイトデータがオフです）。記録はメニューから保存できます。$/);
    assert.doesNotMatch(said, /[A-Za-z]/, 'no English in the Japanese sentence');
    await screenshot(page, 'ja-storage-blocked');
    assert.deepEqual(errors.filter((e) => !/insecure|SecurityError/.test(e)), []);
  } finally {
    await app.close();
  }
});

test("the full game refuses to run inside another site's frame; embeds still work there", async () => {
  const { startServer, launchBrowser } = await import('./helpers.mjs');
  const game = await startServer();
  const other = await startServer(); // another port: another origin
  const browser = await launchBrowser({ viewport: { width: 1000, height: 700 } });
  try {
    const { page } = browser;
    await page.goto(`${other.url}sw.js`);
    await page.setContent(`<!doctype html>
      <iframe id="full" src="${game.url}" style="width:480px;height:600px"></iframe>
      <iframe id="embed" src="${game.url}#embed=&seed=3" style="width:480px;height:600px"></iframe>`);
    const frame = async (id) => (await page.$(`#${id}`)).contentFrame();
    const full = await frame('full');
    await full.waitForSelector('#framed', { timeout: 30_000 });
    assert.match(await full.textContent('#framed'), /own tab/);
    assert.equal(await full.evaluate(() => localStorage.length), 0, 'nothing saved from the frame');
    assert.equal(await full.evaluate(() => window.lauzait.ready), false, 'the game did not start');
    const embed = await frame('embed');
    await embed.waitForFunction(() => window.lauzait?.ready === true, null, { timeout: 30_000 });
    assert.ok(await embed.evaluate(() => window.lauzait.embed() !== null), 'the embed runs');
    await screenshot(page, 'en-framed-by-another-site');
  } finally {
    await browser.close();
    await game.close();
    await other.close();
  }
});
