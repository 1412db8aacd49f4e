// The page's wasm in two parts (scripts/split-page.mjs, index.html's loader, src/web/rest.rs):
// a first visit's first screen runs on the first part alone, a click faster than the rest's
// download still works, and a start that needs more than the first screen waits for it.
// The rest's responses are held back by routing, so the order is the test's, not the network's.
// Service workers are blocked: their fetches would pass the routing by.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchChromium, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

/** A fresh browser on dist/ whose requests for the rest are held back: `release()` lets the
 *  held ones and all later ones go on, `hold()` holds again; `asked` counts them all. */
async function withHeldRest(run) {
  const server = await startServer();
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block', bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const held = [];
  let holding = true;
  const rest = {
    asked: 0,
    release: () => {
      holding = false;
      held.splice(0).forEach((r) => r.continue());
    },
    hold: () => (holding = true),
  };
  await page.route(/_rest\.wasm$/, (route) => {
    rest.asked += 1;
    if (holding) held.push(route);
    else route.continue();
  });
  try {
    await run({ page, server, rest, errors });
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Polls `done()` (on this side: the page may be blocked) for up to 10 s. */
async function until(done) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
}

/** The page ready. When the first screen calls into the rest, held back here, it never is:
 *  the list of the first screen's functions no longer matches the code. */
const ready = (page) => page.waitForFunction(() => window.lauzait?.ready === true, null, { timeout: 30_000 })
  .catch((e) => {
    throw new Error(`${e.message}: the page is not ready without the rest of its code. If the first screen's code `
      + 'changed, src/web/first-screen.txt is due for `make split-profile` (the build\'s split-page line counts '
      + 'the names it lacks)');
  });

test('a first visit: the new-game form runs before the rest of the code arrives, and a click faster than it still starts a game', async () => {
  await withHeldRest(async ({ page, server, rest, errors }) => {
    await page.goto(server.url);
    await ready(page);
    // The loader asks for the rest after the first screen's first frame.
    await until(() => rest.asked > 0);
    assert.equal(rest.asked, 1, 'the rest was asked for once, after the first screen was drawn');
    // Read from the page itself: window.lauzait.state() is code of the rest.
    assert.ok(await page.evaluate(() => !!document.getElementById('btn-start')), 'the new-game form is up while the rest is held back');
    await screenshot(page, 'split-first-screen-alone');

    // Starting a game needs the rest: the loader asks for it again, synchronously, and links
    // it. The page is blocked meanwhile, so only the routing is polled.
    const clicked = page.click('#btn-start');
    await until(() => rest.asked >= 2);
    assert.equal(rest.asked, 2, 'the early click fetched the rest itself');
    rest.release();
    await clicked;
    const s = await G.waitState(page, `s.status === 'playing'`);
    assert.equal(s.players.length, 2);
    assert.deepEqual(errors, []);
  });
});

test('a return visit with a saved game waits for the rest before it starts, then continues the game', async () => {
  await withHeldRest(async ({ page, server, rest, errors }) => {
    await page.goto(server.url);
    await ready(page);
    rest.release();
    const before = await G.startGame(page, { seats: ['red', 'blue'] });

    rest.hold();
    await page.reload();
    await page.waitForFunction(() => window.lauzait !== undefined, null, { timeout: 30_000 });
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.lauzait.ready === true), false, 'not started while the rest is held back');
    const asked = rest.asked;
    rest.release();
    await ready(page);
    assert.equal(rest.asked, asked, 'the rest was fetched once, not again synchronously');
    const after = await G.state(page);
    assert.deepEqual({ status: after.status, day: after.day, toMove: after.toMove }, { status: before.status, day: before.day, toMove: before.toMove });
    assert.deepEqual(errors, []);
  });
});

test('the rest cannot be fetched: the page says so instead of stopping silently', async () => {
  await withHeldRest(async ({ page, server }) => {
    await page.unroute(/_rest\.wasm$/);
    await page.route(/_rest\.wasm$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(server.url);
    await page.waitForFunction(() => !document.getElementById('overlay').hidden
      && document.getElementById('overlay').textContent.includes('could not load all of its code'), null, { timeout: 30_000 });
    const text = await page.evaluate(() => document.getElementById('overlay').textContent);
    assert.match(text, /HTTP 404/);
    assert.match(text, /reload the page/);
    await screenshot(page, 'split-rest-missing');
  });
});
