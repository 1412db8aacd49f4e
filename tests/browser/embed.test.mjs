// Embedded boards (EMBEDDING.md) and the rules page that uses them: every embed on
// rules.html becomes ready and draws, an interactive one answers a click, the demos show
// what they demonstrate, the language switch reaches the embeds, a "#position=" link opens
// the same position, malformed notation shows its message, and no embed touches the save.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, screenshot, loadApp } from './helpers.mjs';

const POS = 'LZP1 W1G2JW9W5/G7W3W7G5W1/W1W9G1W4-/W2G3G4W3W8/G8W6G4W6W5 red:0:9,blue:0:9 red+ s1d1 lum=W2';
const IDS = ['embed-table', 'embed-mountain', 'embed-throw', 'embed-readings', 'embed-scoring'];

async function embedFrame(page, id) {
  // An embed is built when it comes near the screen (embed.js): scrolled to as a reader would.
  await page.$eval(`#${id}`, (d) => d.scrollIntoView());
  const handle = await page.waitForSelector(`#${id} iframe`, { timeout: 10_000 });
  const frame = await handle.contentFrame();
  await frame.waitForFunction(() => window.lauzait?.ready === true && window.lauzait.embed?.().draws > 0, null, { timeout: 60_000 });
  return frame;
}
const embedState = (frame) => frame.evaluate(() => window.lauzait.embed());

test('the rules page: live embeds in English and Japanese', async () => {
  const server = await startServer();
  const browser = await launchBrowser({ viewport: { width: 1100, height: 900 }, locale: 'en-GB' });
  try {
    const { page } = browser;
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The embeds are embed.html with a module of their own: none fetches the game's.
    const fetched = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto(`${server.url}rules.html`);
    const frames = {};
    for (const id of IDS) {
      frames[id] = await embedFrame(page, id);
      const s = await embedState(frames[id]);
      assert.equal(s.error, null, `${id}: ${s.error}`);
      assert.match(frames[id].url(), /\/embed\.html#embed=/, `${id} is embed.html`);
    }
    assert.ok(fetched.some((u) => /\/lauzait-embed_bg\.wasm$/.test(u)), 'the embeds\' module was fetched');
    assert.deepEqual(fetched.filter((u) => /lauzait-web/.test(u)), [], 'no embed fetched the game\'s module');
    // The board embeds drew pixels that are not the background.
    for (const id of ['embed-table', 'embed-mountain']) {
      const painted = await frames[id].evaluate(() => {
        const c = document.getElementById('board');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4 * 97) if (!(d[i] === 0xf4 && d[i + 1] === 0xef && d[i + 2] === 0xe1)) n++;
        return n;
      });
      assert.ok(painted > 100, `${id} drew the board`);
      const h = await page.evaluate((id) => document.querySelector(`#${id} iframe`).getBoundingClientRect().height, id);
      const w = await page.evaluate((id) => document.querySelector(`#${id} iframe`).getBoundingClientRect().width, id);
      assert.ok(h >= w * 0.95, `${id} is sized to its content (${w}×${h})`);
    }
    // The Mountain: 12 destinations, the Water ones marked.
    const m = await embedState(frames['embed-mountain']);
    assert.equal(m.selected, 'c3');
    assert.equal(m.destinations.length, 12);
    assert.deepEqual([...m.water].sort(), ['a3', 'b3', 'c1', 'c2', 'c4', 'c5', 'd3', 'e3']);
    // The interactive table answers a click on b2.
    const t0 = await embedState(frames['embed-table']);
    assert.equal(t0.selected, null);
    await page.$eval('#embed-table iframe', (f) => f.scrollIntoView());
    const box = await (await page.$('#embed-table iframe')).boundingBox();
    const sq = t0.squares.b2;
    await page.mouse.click(box.x + sq.x + sq.w / 2, box.y + sq.y + sq.h / 2);
    await frames['embed-table'].waitForFunction(() => window.lauzait.embed().selected === 'b2');
    const t1 = await embedState(frames['embed-table']);
    assert.deepEqual(t1.destinations, ['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'b3', 'c3']);
    assert.match(t1.caption, /may move to 8 squares/);
    // … and the keyboard: the cursor starts on the chosen piece; → then Enter chooses c2.
    await frames['embed-table'].focus('#board');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await frames['embed-table'].waitForFunction(() => window.lauzait.embed().selected === 'c2');
    // ↑ then Enter moves up the board (c3 is the Mountain, c4 above it), Escape puts the piece back.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await frames['embed-table'].waitForFunction(() => window.lauzait.embed().selected === 'c4');
    await page.keyboard.press('Escape');
    await frames['embed-table'].waitForFunction(() => window.lauzait.embed().selected === null);
    // The throw: five sticks; tapping throws again.
    const th = await embedState(frames['embed-throw']);
    assert.equal(th.sticks.length, 5);
    assert.match(th.caption, /dark face/);
    await frames['embed-throw'].click('#embed-throw');
    await frames['embed-throw'].waitForFunction(() => window.lauzait.embed().throws === 2);
    // Readings of J J G5 (four players) with their bonuses; the scoring sheet adds up.
    const rows = await frames['embed-readings'].$$eval('#embed-readings tr', (r) => r.length);
    assert.ok(rows >= 4, `several readings (${rows})`);
    // The scoring screen's own table: "+n" for a pattern scored, "—" for one not.
    const total = await frames['embed-scoring'].$eval('#embed-patterns-total', (e) => Number(e.textContent));
    const parts = await frames['embed-scoring'].$$eval('#embed-patterns tr:not(.total) td.n',
      (t) => t.map((e) => (e.textContent === '—' ? 0 : Number(e.textContent))));
    assert.ok(parts.every(Number.isFinite), `every pattern's points read: ${parts}`);
    // Each tile is named in words, as on the game's screens.
    const labels = await frames['embed-scoring'].$$eval('canvas.tile', (t) => t.map((e) => `${e.getAttribute('role')} ${e.getAttribute('aria-label')}`));
    assert.ok(labels.length >= 9 && labels.every((x) => /^img (Green \d|White \d|Joker)$/.test(x)), `tiles named: ${labels.slice(0, 3)}`);
    assert.equal(total, parts.reduce((a, b) => a + b, 0));
    assert.ok(total >= 3);
    // No embed touches the saved game.
    assert.equal(await frames['embed-table'].evaluate(() => localStorage.length), 0);
    await screenshot(page, 'en-rules-page');
    await page.evaluate(() => document.getElementById('embed-mountain').scrollIntoView());
    await (await page.$('#embed-mountain')).screenshot({ path: new URL('./artifacts/en-embed-mountain.png', import.meta.url).pathname });

    // Japanese: the page and its embeds.
    await page.click('#lang-ja');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
    const mj = await embedFrame(page, 'embed-mountain');
    await mj.waitForFunction(() => /タム/.test(window.lauzait.embed().caption || ''));
    const tj = await embedFrame(page, 'embed-throw');
    await tj.waitForFunction(() => /濃い面/.test(window.lauzait.embed().caption || ''));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'ja-rules-page');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('a position link opens the same position; bad notation shows its message', async () => {
  const server = await startServer();
  const browser = await launchBrowser({ viewport: { width: 800, height: 900 } });
  try {
    const { page } = browser;
    await loadApp(page, `${server.url}#position=${encodeURIComponent(POS)}`);
    // The game's address sends a position on to embed.html, fragment and all.
    assert.match(page.url(), /\/embed\.html#position=/);
    let s = await page.evaluate(() => window.lauzait.embed());
    assert.equal(s.position, POS);
    assert.equal(s.interactive, true);
    assert.equal(s.error, null);
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing saved');
    await screenshot(page, 'en-position-link');

    await page.goto('about:blank');
    await loadApp(page, `${server.url}#position=${encodeURIComponent('LZP1 G1/G2 red:0:9,blue:0:9 red+ s1d1 lum=off')}`);
    s = await page.evaluate(() => window.lauzait.embed());
    assert.match(s.error, /^Position: token 2 'G1\/G2': the board has 5 ranks/);
    assert.match(await page.textContent('#embed-error'), /token 2 'G1\/G2'/);
    await screenshot(page, 'en-position-error');

    // An embed page of someone else: embed.js with two boards in its own layout.
    await page.goto(`${server.url}sw.js`); // any same-origin address
    await page.setContent(`<!doctype html><div style="display:flex;gap:10px">
      <div style="width:300px" id="a"><div data-lauzait="${POS}" data-demo="moves" data-from="b3"></div></div>
      <div style="width:200px" id="b"><div data-lauzait="" data-seed="3"></div></div></div>
      <script src="${server.url}static/embed.js"></script>`);
    const fa = await embedFrame(page, 'a');
    const fb = await embedFrame(page, 'b');
    const sa = await embedState(fa);
    assert.equal(sa.selected, 'b3');
    assert.equal(sa.destinations.length, 8);
    assert.ok((await embedState(fb)).position.startsWith('LZP1 '));
    const wb = await page.evaluate(() => document.querySelector('#b iframe').getBoundingClientRect().width);
    assert.equal(Math.round(wb), 200, 'the embed is as wide as its container');
  } finally {
    await browser.close();
    await server.close();
  }
});
