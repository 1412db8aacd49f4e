// Smoke test: the built site loads, the wasm app starts and draws, and nothing leaves this
// machine — the tests' site (with the test hooks) and the site as shipped (dist/, without).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { openApp, screenshot, isLocal, copySite, DIST_DIR } from './helpers.mjs';

test('the game loads, becomes ready and draws on the canvas, all from 127.0.0.1', async () => {
  const app = await openApp();
  try {
    const { page, requests, errors } = app;

    // The wasm module was actually fetched.
    assert.ok(requests.some((u) => u.endsWith('.wasm')), `no .wasm request among: ${requests.join(', ')}`);

    // The board canvas fills the page and is not blank.
    const canvas = await page.evaluate(() => {
      const c = document.getElementById('board');
      if (!c) return null;
      const ctx = c.getContext('2d');
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      const colors = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) colors.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
      return { width: c.width, height: c.height, colors: colors.size };
    });
    assert.ok(canvas, 'no <canvas id="board">');
    assert.ok(canvas.width >= 300 && canvas.height >= 300, `canvas too small: ${canvas.width}x${canvas.height}`);
    assert.ok(canvas.colors >= 3, `canvas looks blank (${canvas.colors} colours)`);

    const file = await screenshot(page, 'smoke');
    assert.ok((await stat(file)).size > 1000, 'screenshot is empty');

    // The wasm module answers the analyze protocol too (ANALYZE-PROTOCOL.md).
    const answer = await page.evaluate(() => window.lauzait.analyze('{"sets": ["G3", "J", "G5"]}'));
    assert.deepEqual(JSON.parse(answer), { readings: [{ kind: 'sequence', as: ['G3', 'G4', 'G5'], bonus: 1 }] });
    assert.ok('error' in JSON.parse(await page.evaluate(() => window.lauzait.analyze('not json'))));

    const outside = requests.filter((u) => !isLocal(u));
    assert.deepEqual(outside, [], 'requests left 127.0.0.1');
    assert.deepEqual(errors, [], 'the page logged errors');
  } finally {
    await app.close();
  }
});

test('the site as shipped (dist/) has no test hooks, and a game starts by its buttons', async () => {
  const app = await openApp({ site: DIST_DIR });
  try {
    const { page, requests, errors } = app;
    const hooks = await page.evaluate(() => Object.keys(window.lauzait).sort());
    assert.deepEqual(hooks, ['analyze', 'ready', 'readyAt', 'version'], 'only the public part of window.lauzait');
    const answer = await page.evaluate(() => window.lauzait.analyze('{"sets": ["G3", "J", "G5"]}'));
    assert.equal(JSON.parse(answer).readings[0].kind, 'sequence');

    // A person's clicks on the first screen's buttons: start, then take the first hand-over.
    const pixels = () =>
      page.evaluate(() => {
        const c = document.getElementById('board');
        const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        let sum = 0;
        for (let i = 0; i < data.length; i += 4 * 31) sum = (sum * 31 + data[i] + data[i + 1] * 3 + data[i + 2] * 7) % 1e9;
        return sum;
      });
    const form = await pixels();
    await page.click('#btn-start');
    await page.waitForSelector('#btn-ready', { state: 'visible' });
    await page.click('#btn-ready');
    await page.waitForFunction(() => !document.getElementById('btn-ready')?.checkVisibility?.());
    assert.notEqual(await pixels(), form, 'the table is drawn once the game starts');
    await screenshot(page, 'smoke-shipped-table');

    const outside = requests.filter((u) => !isLocal(u));
    assert.deepEqual(outside, [], 'requests left 127.0.0.1');
    assert.deepEqual(errors, [], 'the page logged errors');
  } finally {
    await app.close();
  }
});

test('analyze answers with an error line, not silence, when the rules oracle cannot load', async () => {
  // A copy of the shipped site without the oracle's wasm (ANALYZE-PROTOCOL.md: every request
  // line gets one response line; an error is {"error": …}).
  const copy = await copySite(DIST_DIR);
  await rm(path.join(copy.buildDir, 'lauzait-oracle_bg.wasm'));
  const app = await openApp({ site: copy.site, serviceWorkers: 'block' });
  try {
    const { page } = app;
    for (const attempt of [1, 2]) {
      const line = await page.evaluate(() => window.lauzait.analyze('{"sets": ["G3", "J", "G5"]}'));
      const answer = JSON.parse(line);
      assert.deepEqual(Object.keys(answer), ['error'], `attempt ${attempt}: ${line}`);
      assert.match(answer.error, /^the rules oracle could not be loaded: /, `attempt ${attempt}`);
    }
  } finally {
    await app.close();
    await copy.remove();
  }
});
