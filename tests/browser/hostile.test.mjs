// Hostile and huge text, as a mischievous player or a crafted link would give it:
//  - a 1 MB `#record=` link, a 1 MB pasted record and a 1 MB file are refused at once with
//    a message that says how long they were, none of it is echoed into the page, and the
//    page stays responsive (the time from asking to the refusal is printed, not asserted);
//  - player names, records, links and embed attributes made of markup and script never
//    run (no `window.__pwned`) and never render as markup: the text shows as written, on
//    the new-game form, the hand-over, the table, the results, the replay viewer, the
//    records dialog and the embeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

// Each payload fits a name (24 characters); p() sets the flag should any of them run.
const NAMES = ['<img src=x onerror=p()>', '"><svg onload=p()>', "'><b onclick=p()>&amp;", '</script><script>p()<'];
const MB = 1_000_000;

async function guard(page) {
  await page.addInitScript(() => {
    window.p = () => { window.__pwned = true; };
  });
}

/** Nothing ran, no element came from the payloads, and the overlay and status hold no markup of them. */
async function assertInert(page, where) {
  const r = await page.evaluate(() => ({
    pwned: window.__pwned === true,
    elements: document.querySelectorAll('img[src="x"], svg[onload], b[onclick], [onerror]').length
      + [...document.scripts].filter((s) => s.textContent.includes('p()')).length,
  }));
  assert.equal(r.pwned, false, `${where}: a payload ran`);
  assert.equal(r.elements, 0, `${where}: a payload became an element`);
}

const bodyText = (page) => page.evaluate(() => document.body.innerText);
const domSize = (page) => page.evaluate(() => document.documentElement.outerHTML.length);

test('1 MB of record text (link, paste, file) is refused at once, with its length, and never echoed', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, server, errors } = app;
    const token = 'W'.repeat(MB);
    const timings = {};

    // A link: one long token, percent-encoded as a link carries it. Timed in the page, against
    // the same with a short refused link: navigation → the first interactive frame (which
    // shows the refusal), and the part after the document is parsed (the page's own code;
    // before it, the browser resolves the page's addresses against the 1 MB one).
    const startUp = async (fragment) => {
      await page.goto('about:blank');
      await page.goto(`${server.url}#record=${fragment}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.lauzait?.ready === true && !!document.getElementById('import-error'));
      return page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0];
        return { total: Math.round(window.lauzait.readyAt), afterParsing: Math.round(window.lauzait.readyAt - n.domInteractive) };
      });
    };
    timings.shortLink = await startUp('LZR1%20W');
    timings.link = await startUp(`LZR1%20${token}`);
    let msg = await page.textContent('#import-error');
    assert.match(msg, /1000005 bytes long; the longest read is 524288 bytes/, msg);
    assert.ok(msg.length < 400, `the message is short (${msg.length} characters)`);
    assert.ok((await domSize(page)) < 100_000, 'the page does not hold the text');
    const label = await page.evaluate(() => document.getElementById('board').getAttribute('aria-label') || '');
    assert.ok(label.length < 2000, 'nor its board label');
    // Responsive: a click closes the dialog at once.
    let t0 = Date.now();
    await G.clickButton(page, 'btn-import-close');
    await G.waitState(page, `s.screen !== 'records'`);
    timings.closeAfterLink = Date.now() - t0;

    // Pasted into the import box.
    await loadApp(page, server.url);
    await G.startGame(page, { seats: ['red', 'black'] });
    await G.clickButton(page, 'btn-ready');
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-import');
    await page.$eval('#import-text', (el, n) => { el.value = 'LZR1 ' + 'W'.repeat(n); }, MB);
    // Timed in the page: the click to the message on screen.
    timings.paste = Math.round(await page.evaluate(() => new Promise((done) => {
      const t = performance.now();
      const seen = () => /bytes long/.test(document.getElementById('import-error')?.textContent ?? '');
      const poll = () => (seen() ? done(performance.now() - t) : requestAnimationFrame(poll));
      document.getElementById('btn-import-apply').click();
      poll();
    })));
    msg = await page.textContent('#import-error');
    assert.match(msg, /1000005 bytes long/, msg);
    assert.ok((await bodyText(page)).length < 20_000, 'the pasted text is not echoed outside its box');

    // A file of 1 MB.
    t0 = Date.now();
    await page.setInputFiles('#import-file', { name: 'huge.lzr.txt', mimeType: 'text/plain', buffer: Buffer.from('LZR1 ' + token) });
    // Refused by its size before it is read (a file could be of any size).
    await page.waitForFunction(() => /977 KB.*512 KB/.test(document.getElementById('import-error')?.textContent ?? ''));
    timings.file = Date.now() - t0;
    assert.ok((await domSize(page)) < 2 * MB, 'the file is not echoed (the box may hold the pasted text)');
    t0 = Date.now();
    await G.clickButton(page, 'btn-import-close');
    await G.waitState(page, `s.screen !== 'records'`);
    timings.closeAfterFile = Date.now() - t0;

    // Damaged percent-encoding: the message says where, quoting a few characters only.
    await page.goto('about:blank');
    await loadApp(page, `${server.url}#record=LZR1%20red%2Cblue%20%E5%B1%B1%FF${'x'.repeat(5000)}`);
    msg = await page.textContent('#import-error');
    assert.match(msg, /damaged at character 30 \(“%FFx{9}”\)/, msg);
    await page.goto('about:blank');
    await loadApp(page, `${server.url}#record=LZR1%2`);
    msg = await page.textContent('#import-error');
    assert.match(msg, /damaged at character 5 \(“%2”\): a % must be followed by two hexadecimal digits/, msg);
    await screenshot(page, 'en-long-link-refused');
    assert.deepEqual(errors, []);
    console.log(`# refusal times (ms): ${JSON.stringify(timings)} (link, shortLink: navigation to the first interactive frame showing the refusal, and the part after parsing; paste: click to message, in the page; file: choosing the file to message, from the test)`);
  } finally {
    await app.close();
  }
});

test('names, records, links and embeds made of markup never run and show as written', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 900 } });
  try {
    const { page, server, errors } = app;
    await guard(page);
    await loadApp(page, `${server.url}?seed=12105`);
    await G.startGame(page, { seats: ['red', 'blue', 'black', 'yellow'], names: NAMES });
    await assertInert(page, 'start');

    // The hand-over names the player, as written.
    let s = await G.waitState(page, `s.screen === 'hand-over'`);
    let text = await bodyText(page);
    assert.ok(text.includes(NAMES[s.toMove]), `the hand-over shows ${NAMES[s.toMove]} as written:\n${text}`);
    await assertInert(page, 'hand-over');
    await screenshot(page, 'en-hostile-names-hand-over');
    await G.clickButton(page, 'btn-ready');
    s = await G.waitState(page, `s.screen === 'table'`);
    await assertInert(page, 'table');
    assert.deepEqual(s.players.map((p) => p.name), NAMES);

    // After a reload (the names come back from the save) and in the new-game form's fields.
    await loadApp(page);
    await assertInert(page, 'reload');
    await G.clickButton(page, 'btn-ready');
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-new-game');
    await G.clickButton(page, 'btn-confirm');
    await G.waitState(page, `s.screen === 'new-game'`);
    // Typed again: the form is drawn anew after each field, with the names in its fields.
    for (const [i, c] of ['red', 'blue', 'black', 'yellow'].entries()) await page.fill(`#ng-name-${c}`, NAMES[i]);
    await G.clickButton(page, 'ng-luminous');
    await G.clickButton(page, 'ng-luminous');
    const fields = await page.evaluate(() => ['red', 'blue', 'black', 'yellow'].map((c) => document.getElementById(`ng-name-${c}`).value));
    assert.deepEqual(fields, NAMES, 'the fields hold the names as written');
    await assertInert(page, 'new-game form');
    await G.clickButton(page, 'btn-cancel');

    // The results: end the game by agreement; the final table lists every name.
    await G.waitState(page, `s.screen === 'hand-over' || s.screen === 'table'`);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-end-game');
    await G.clickButton(page, 'btn-confirm');
    s = await G.waitState(page, `s.status === 'game-over'`);
    if (s.screen !== 'final') {
      await G.clickButton(page, s.screen === 'scoring' ? 'btn-continue' : 'btn-final');
      s = await G.waitState(page, `s.screen === 'final'`);
    }
    text = await bodyText(page);
    for (const n of NAMES) assert.ok(text.includes(n), `the results show ${n} as written`);
    await assertInert(page, 'results');
    await screenshot(page, 'en-hostile-names-results');

    // The replay viewer of this game.
    await G.clickButton(page, 'btn-replay-own');
    s = await G.waitState(page, `s.replay !== null`);
    await assertInert(page, 'replay viewer');
    await G.clickButton(page, 'rp-close');

    // A record, a link and a position made of markup: the error quotes them as text.
    await G.waitState(page, `s.replay === null`);
    await G.clickButton(page, 'btn-import');
    await page.fill('#import-text', `LZR1 red,blue lum=on seed=1 : ${NAMES[0]}`);
    await G.clickButton(page, 'btn-import-apply');
    await page.waitForFunction(() => /not an action/.test(document.getElementById('import-error')?.textContent ?? ''));
    assert.ok((await page.textContent('#import-error')).includes('<img'), 'quoted as written');
    await assertInert(page, 'pasted record');
    for (const hostile of [NAMES[1], `LZR1 ${NAMES[3]}`, `LZR1 red,blue lum=on seed=1 : ${NAMES[2]}`]) {
      await page.goto('about:blank');
      await loadApp(page, `${server.url}#record=${encodeURIComponent(hostile)}`);
      await page.waitForFunction(() => !!document.getElementById('import-error'));
      await assertInert(page, `link ${hostile}`);
    }
    for (const frag of [
      `#position=${encodeURIComponent(NAMES[0])}`,
      `#embed=${encodeURIComponent(NAMES[1])}&demo=${encodeURIComponent(NAMES[2])}`,
      `#embed=&demo=throw&lang=${encodeURIComponent(NAMES[3])}&players=${encodeURIComponent(NAMES[0])}`,
      `#embed=&pieces=${encodeURIComponent(NAMES[0])}&hand=${encodeURIComponent(NAMES[1])}&demo=readings`,
    ]) {
      await page.goto('about:blank');
      await page.goto(`${server.url}${frag}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.lauzait?.ready === true || !!document.getElementById('embed-error'), null, { timeout: 15_000 }).catch(() => {});
      await page.waitForTimeout(200);
      await assertInert(page, `embed ${frag}`);
    }
    await screenshot(page, 'en-hostile-embed');

    // embed.js: attributes of the host page's divs reach the embeds as text, and a
    // data-src that is not an http(s) address is not followed.
    await page.goto(`${server.url}rules.html`, { waitUntil: 'load' });
    await page.evaluate((names) => {
      const div = document.createElement('div');
      div.setAttribute('data-lauzait', names[0]);
      div.setAttribute('data-demo', names[1]);
      div.setAttribute('data-title', names[2]);
      div.id = 'hostile-embed';
      document.body.prepend(div);
      const evil = document.createElement('div');
      evil.setAttribute('data-lauzait', '');
      evil.setAttribute('data-src', 'javascript:parent.p()//');
      evil.id = 'hostile-src';
      document.body.prepend(evil);
      window.LauzaitEmbed.scan();
    }, NAMES);
    await page.waitForTimeout(1500);
    const frames = await page.evaluate(() => ({
      title: document.querySelector('#hostile-embed iframe')?.title,
      evilSrc: document.querySelector('#hostile-src iframe')?.getAttribute('src') ?? null,
    }));
    assert.equal(frames.title, NAMES[2], 'the title is the attribute, as text');
    assert.ok(frames.evilSrc === null || !frames.evilSrc.startsWith('javascript:'), `data-src not followed: ${frames.evilSrc}`);
    await assertInert(page, 'rules page with hostile embeds');
    for (const f of page.frames()) {
      const pwned = await f.evaluate(() => window.__pwned === true || !!document.querySelector('img[src="x"], svg[onload], b[onclick]')).catch(() => false);
      assert.equal(pwned, false, `inside the embed ${f.url().slice(0, 120)}`);
    }
    assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
  } finally {
    await app.close();
  }
});
