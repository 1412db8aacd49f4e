// Offline play: after one visit, with the network switched off, the game reloads, a full
// Day can be played and a computer player (its Web Worker) plays too; the page is
// installable (manifest with icons).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

test('after one visit the game loads and plays a full Day offline', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, context } = app;
    // The worker has cached the page and everything it links once it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => window.lauzait?.ready === true && !!navigator.serviceWorker.controller);

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel=manifest]');
      const m = await (await fetch(link.href)).json();
      return { name: m.name, icons: m.icons.map((i) => i.sizes), display: m.display };
    });
    assert.equal(manifest.name, 'Lauzait Cep!');
    assert.ok(manifest.icons.includes('192x192') && manifest.icons.includes('512x512'));
    assert.equal(manifest.display, 'standalone');

    await context.setOffline(true);
    await loadApp(page, undefined, { timeout: 20_000 });
    assert.equal(await page.evaluate(() => navigator.onLine), false);

    let s = await G.startGame(page, { seats: ['red', 'yellow'], names: ['Off', 'Line'] });
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    const day = s.day;
    // A plain Hiring: the first discard offered, the first mover, a destination on land.
    await G.perform(page, s, { kind: 'discard', piece: s.legal.discards[0] });
    s = await G.waitState(page, `s.phase === 'discarded'`);
    await G.perform(page, s, { kind: 'move', from: s.legal.movers[0] });
    s = await G.waitState(page, `s.phase === 'moving'`);
    const to = s.legal.destinations.find((d) => !s.legal.water.includes(d)) ?? s.legal.destinations[0];
    await G.perform(page, s, { kind: 'capture', to });
    s = await G.waitState(page, `!s.animating && (s.day !== ${day} || s.screen === 'hand-over')`, 15_000);
    await screenshot(page, 'en-offline-after-a-day');
    assert.ok(s.day > day || s.screen === 'hand-over', 'the Day was committed offline');

    // The computer players' worker was cached too: offline, a computer player plays its Day.
    await G.clickButton(page, 'btn-ready');
    await G.waitState(page, `s.screen === 'table' && !s.animating`);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-new-game');
    await G.clickButton(page, 'btn-confirm');
    s = await G.startGame(page, { seats: ['red', 'yellow'], kinds: { yellow: 'easy' } });
    if (!s.players[s.toMove].bot) {
      await G.perform(page, s, { kind: 'discard', piece: s.legal.discards[0] });
      s = await G.waitState(page, `s.phase === 'discarded'`);
      await G.perform(page, s, { kind: 'move', from: s.legal.movers[0] });
      s = await G.waitState(page, `s.phase === 'moving'`);
      const dest = s.legal.destinations.find((d) => !s.legal.water.includes(d)) ?? s.legal.destinations[0];
      await G.perform(page, s, { kind: 'capture', to: dest });
    }
    s = await G.waitState(page, `s.botStats.easy.count > 0 && !s.players[s.toMove].bot && !s.animating`, 30_000);
    assert.equal(s.botError, null);
  } finally {
    await app.close();
  }
});
