// Your record over time (docs/history.md), as a person meets it: empty on a first visit;
// a game played to its end against a computer player is kept as it ends, given the
// person's figures once the rater has rated it, and shown on the statistics screen from the
// results (totals, by level, the rating and its charts, worked out in the rater's worker);
// it is still there after a reload;
// delete asks first, then empties it, after a reload too. Screenshots on a desktop and a
// phone, in English and Japanese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

const KEY = 'lauzait-cep/history/v1';
const text = (page, id) => page.evaluate((id) => document.getElementById(id)?.textContent ?? null, id);
const stored = (page) => page.evaluate((key) => localStorage.getItem(key), KEY);

/** Your record from the final results, or else from the menu. */
async function openStats(page) {
  if ((await G.state(page)).screen !== 'final') {
    await G.clickButton(page, 'btn-menu');
    await G.waitState(page, `s.screen === 'menu'`);
  }
  await G.clickButton(page, 'btn-stats');
  await G.waitState(page, `s.screen === 'stats'`);
  // The figures come from the rater's worker; an empty record needs none.
  await page.waitForSelector('#stats-totals, #stats-empty, #stats-failed', { timeout: 30_000 });
  assert.equal(await text(page, 'stats-failed'), null, 'the rater worked the figures out');
}

/** The rater has rated the game on the results (its progress line is gone). */
async function rated(page) {
  await page.waitForSelector('#rating', { timeout: 10_000 });
  await page.waitForFunction(() => !document.getElementById('rating-progress'), null, { timeout: 180_000 });
  assert.equal(await text(page, 'rating-failed'), null, 'the rating did not stop');
}

/** The by-level row of Easy: games, won, average, agreement, accuracy. */
const easyRow = (page) =>
  page.evaluate(() => [...document.querySelectorAll('#stats-level-easy td')].map((td) => td.textContent));

test('a finished game is kept, rated, shown, kept over a reload, and deleted (English, desktop and phone)', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=3&botseed=5`);
    assert.equal(await stored(page), null, 'nothing kept on a first visit');
    await G.finishAgainstEasy(page, { days: 3 });
    const kept = await stored(page);
    assert.match(kept, /^LZH1\n0 p,-?\d+,\d,\d e,-?\d+,\d,\d$/, 'kept as the game ends, before it is rated');
    await rated(page);
    assert.match(await stored(page), /^LZH1\n0 p,-?\d+,\d,\d e,-?\d+,\d,\d f,\d+,\d+,\d+$/, 'the figures follow');
    const figures = await text(page, 'rating-figures-0');

    await openStats(page);
    const totals = await page.evaluate(() => [...document.querySelectorAll('#stats-totals dd')].map((d) => d.textContent));
    assert.equal(totals[0], '1', 'one game');
    assert.match(totals[1], /^[01] of 1 \((0|100)%\)$/);
    const row = await easyRow(page);
    assert.equal(row[0], '1');
    // The same agreement and accuracy as the results said.
    const [, agreement, accuracy] = figures.match(/^Agreement (\d+)% · Costly choices \d+ · Accuracy (\d+)$/);
    assert.equal(row[3], `${agreement}%`);
    assert.equal(row[4], accuracy);
    assert.match(await text(page, 'stats-rating'), /^\d+ ± \d+$/);
    assert.ok(await page.$('#stats-rating-chart circle.rating-now'), 'the rating drawn');
    assert.equal(await page.$$eval('#stats-points-chart rect.bar', (r) => r.length), 1, 'one bar for one game');
    console.log(`MEASURED your record after one game: ${totals.join(' | ')}; rating ${await text(page, 'stats-rating')}; stored ${(await stored(page)).length} bytes`);
    await screenshot(page, 'en-stats-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'en-stats-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A reload: the record comes back from the browser's storage.
    await loadApp(page, `${app.server.url}`);
    await openStats(page);
    assert.equal((await easyRow(page))[0], '1', 'still there after a reload');

    // Delete asks first; cancelling keeps it.
    await G.clickButton(page, 'btn-stats-delete');
    assert.ok(await text(page, 'stats-delete-question'));
    await G.clickButton(page, 'btn-stats-delete-cancel');
    assert.equal((await easyRow(page))[0], '1');
    await G.clickButton(page, 'btn-stats-delete');
    await G.clickButton(page, 'btn-stats-delete-confirm');
    await page.waitForSelector('#stats-empty');
    assert.equal(await stored(page), null, 'the key is removed');
    await loadApp(page, `${app.server.url}`);
    await openStats(page);
    assert.ok(await page.$('#stats-empty'), 'empty after a reload');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('your record in Japanese, on a phone and a desktop', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 }, locale: 'ja-JP', deviceScaleFactor: 2 });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=3&botseed=5`);
    await G.finishAgainstEasy(page, { days: 3 });
    await rated(page);
    await openStats(page);
    assert.equal(await text(page, 'dlg-title'), 'あなたの戦績');
    assert.match(await text(page, 'stats-rating'), /^\d+ ± \d+$/);
    await screenshot(page, 'ja-stats-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'ja-stats-desktop');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});
