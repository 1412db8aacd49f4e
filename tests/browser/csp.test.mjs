// Every page's Content-Security-Policy (SECURITY.md): the game, the rules page with its
// embedded boards, table mode's host and a phone, play by turns' host and guest run their
// usual first steps with no violation reported (the `securitypolicyviolation` event, in
// every frame, and the console);
// and table mode refuses to run inside a frame, saying why, where the embeds are framed as
// they are meant to be.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, screenshot } from './helpers.mjs';

/** Waits until `fn(arg)` is true in `target` (a page or a frame), asking from outside:
 *  Playwright's own waits compile their predicate in the page, which this policy refuses
 *  as it refuses any eval, and would report as a violation. (The other tests run with the
 *  policy bypassed for that reason: helpers.mjs.) */
async function poll(target, fn, arg, what, timeout = 30_000) {
  for (const t0 = Date.now(); ; await new Promise((r) => setTimeout(r, 50))) {
    if (await target.evaluate(fn, arg).catch(() => false)) return;
    if (Date.now() - t0 > timeout) throw new Error(`timed out waiting for ${what}`);
  }
}

/** A browser whose pages report every policy violation, of any frame, into `seen`. */
async function watched() {
  const browser = await launchBrowser({ viewport: { width: 1024, height: 800 }, serviceWorkers: 'block', bypassCSP: false });
  const seen = [];
  await browser.context.exposeBinding('__cspViolation', ({ frame }, what) => seen.push(`${frame.url()}: ${what}`));
  await browser.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolation?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
  });
  const listen = (page) =>
    page.on('console', (m) => { if (/Content.Security.Policy/i.test(m.text())) seen.push(`console: ${m.text()}`); });
  listen(browser.page);
  browser.context.on('page', listen);
  return { ...browser, seen };
}

const tableState = async (page) => JSON.parse((await page.evaluate(() => window.__table?.state)) || '{}');

test('no page reports a Content-Security-Policy violation in its first steps', async () => {
  const server = await startServer();
  const browser = await watched();
  try {
    const { page, context, seen } = browser;
    // The game: a fresh visit (the first part of its wasm, then the rest), a game started.
    await page.goto(`${server.url}?seed=12105&botseed=4`);
    await poll(page, () => window.lauzait?.ready === true, null, 'the game ready');
    await poll(page, () => window.lauzait.state().screen === 'new-game', null, 'the new-game form');
    await page.click('#btn-start');
    await poll(page, () => window.lauzait.state().status === 'playing', null, 'a game under way');
    const policy = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content);
    assert.ok(policy && !/unsafe-inline'[^;]*;/.test(policy.match(/script-src[^;]*;/)[0]), `script-src without 'unsafe-inline': ${policy}`);

    // The rules page: its embedded boards start in their frames.
    await page.goto(`${server.url}rules.html`);
    const framedBoards = () => page.frames().filter((f) => f.url().includes('#embed='));
    for (let i = 0; i < 300 && framedBoards().length === 0; i++) await page.waitForTimeout(100);
    const embeds = framedBoards();
    assert.ok(embeds.length > 0, 'the rules page frames its boards');
    for (const f of embeds) await poll(f, () => window.lauzait?.ready === true, null, 'an embedded board');

    // Table mode's host sets a table; a phone opens seat 0's code and shows its answer.
    await page.goto(`${server.url}table.html?lang=en`);
    await page.locator('#create').click();
    let host;
    for (let i = 0; i < 300 && !(host?.links?.[0]?.state === 'Waiting' && host.links[0].link); i++) {
      await page.waitForTimeout(100);
      host = await tableState(page);
    }
    assert.ok(host?.links?.[0]?.link, 'seat 0 has a code');
    const phone = await context.newPage();
    await phone.goto(host.links[0].link);
    await phone.locator('#answer-qr svg').waitFor({ timeout: 30_000 });
    await screenshot(phone, 'csp-phone-pairing');

    // Play by turns: the host sets a table; a guest opens its invite and writes its letter.
    await page.goto(`${server.url}remote.html?lang=en`);
    await page.locator('#create').click();
    await page.locator('#link-invite-1').waitFor({ timeout: 30_000 });
    const invite = await page.evaluate(() => document.getElementById('link-invite-1').value);
    // One browser here: without the host's table in its storage, the invite makes a guest
    // (with it, the page would say the invite is for someone else).
    await page.evaluate(() => localStorage.clear());
    const guest = await context.newPage();
    await guest.goto(invite);
    await guest.locator('#write-1').click();
    await guest.locator('#link-letter-1').waitFor({ timeout: 30_000 });
    assert.deepEqual(seen, [], 'Content-Security-Policy violations');
  } finally {
    await browser.close();
    await server.close();
  }
});

test('table mode refuses to run in a frame and says why; the embeds run framed', async () => {
  const server = await startServer();
  const browser = await watched();
  try {
    const { page, seen } = browser;
    await page.goto(`${server.url}rules.html`);
    const framed = async (src) => {
      await page.evaluate((src) => {
        const f = document.createElement('iframe');
        f.src = src;
        f.className = 'under-test';
        document.body.prepend(f);
      }, src);
      const frame = await (await page.waitForSelector('iframe.under-test')).contentFrame();
      const text = await (await frame.waitForSelector('#framed', { timeout: 30_000 })).textContent();
      await page.evaluate(() => document.querySelector('iframe.under-test').remove());
      return { text, app: await frame.evaluate(() => document.getElementById('app')?.children.length).catch(() => null) };
    };
    // The host's page, and a phone's (a pairing link's fragment) alike.
    const host = await framed('table.html?lang=en');
    assert.match(host.text, /does not run inside another page's frame/);
    const phone = await framed('table.html#j=AAAA');
    assert.match(phone.text, /does not run inside another page's frame/);
    // The boards the rules page frames run there, as they are meant to.
    let embed;
    for (let i = 0; i < 300 && !embed; i++) {
      embed = page.frames().find((f) => f.url().includes('#embed='));
      if (!embed) await page.waitForTimeout(100);
    }
    await poll(embed, () => window.lauzait?.ready === true, null, 'an embedded board');
    assert.deepEqual(seen, [], 'Content-Security-Policy violations');
  } finally {
    await browser.close();
    await server.close();
  }
});
