// Smoke test: the built site (dist/) loads, the wasm app starts and draws, and nothing
// leaves this machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { openApp, screenshot, isLocal } from './helpers.mjs';

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
