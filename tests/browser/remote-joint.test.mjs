// A table dealt by every device, played by turns (remote.html; DEAL-PROTOCOL.md, "Play by
// turns"): three browser contexts that never share anything but the links this test carries
// between them. Device 0 sets the table from the host's setup ("Set a table dealt by every
// device"), each seat joins from its invite, and the table plays on by the letters each page
// puts on show — a letter over the link's ceiling carried as the file its "Save as a file"
// downloads and opened with the page's file field, the others by going to the link — until
// the first Season is over and the second dealt. After every letter a device opens, the test
// reads what that device can open by its keys (`window.__remote.state.beyond`: positions its
// seat may not see, R40): none, ever; every page shows the same scores. Screenshots, phone
// size, English and Japanese: device 0 gathering, a seat joining, a seat's Day, a seat
// waiting. Letters' lengths and the time each takes to open are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startServer, launchChromium, ARTIFACTS_DIR } from './helpers.mjs';
import { state, value, tap, until, generator, seededEntropy, pick } from './remote-page.mjs';

const PHONE = { width: 390, height: 844 };
const LINK_CEILING = 2000;
const MAX_DAYS = Number(process.env.JOINT_DAYS ?? 120);
const random = generator(53);

/** A screenshot of the page in both languages: a new page of the same context, opened with
 *  no link, shows the device from its storage. */
async function shots(context, url, name) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  for (const lang of ['en', 'ja']) {
    const p = await context.newPage();
    await p.goto(`${url}remote.html?lang=${lang}`);
    await p.locator('#turn').waitFor();
    await p.screenshot({ path: path.join(ARTIFACTS_DIR, `remote-joint-${name}-${lang}.png`), fullPage: true });
    await p.close();
  }
}

test('three devices deal and play a Season by links, none ever able to open another seat\'s piece', { timeout: 1_200_000 }, async () => {
  const server = await startServer();
  const browser = await launchChromium();
  const errors = [];
  const sizes = [];
  const opening = [];
  let files = 0;
  try {
    const contexts = [];
    const pages = [];
    for (let seat = 0; seat < 3; seat++) {
      const ctx = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true, bypassCSP: true, acceptDownloads: true });
      await ctx.addInitScript(seededEntropy(70 + seat));
      const page = await ctx.newPage();
      page.on('pageerror', (e) => { errors.push(`seat ${seat}: ${e}`); console.log(`# seat ${seat}: page error: ${e}`); });
      contexts.push(ctx);
      pages.push(page);
    }
    const [zero] = pages;
    await zero.goto(`${server.url}remote.html`);
    await zero.locator('#create-joint').waitFor();
    await tap(zero, 'players-3');
    await tap(zero, 'create-joint');
    const gathering = await until(zero, (s) => s.side === 'joint' && s.stage === 'gathering', 'device 0 gathering');
    assert.deepEqual(gathering.links.map((l) => l.seat), [1, 2], 'an invite for each other seat');
    await shots(contexts[0], server.url, 'gathering');
    for (const { seat, link } of gathering.links) {
      assert.match(link, /^jr=/);
      await pages[seat].goto(`${server.url}remote.html#${link}`);
      await until(pages[seat], (s) => s.side === 'joint' && s.stage === 'joining', `seat ${seat} joining`);
    }
    await shots(contexts[1], server.url, 'joining');

    // The invites were opened above, each where it goes.
    const opened = new Set(gathering.links.map((l) => l.link));
    /** Opens the link on show in `from` to `to`: a letter over the ceiling as its file. */
    const carry = async (from, to, link) => {
      // A letter its page has since written again (with more in it) is carried no more: the
      // person sends the one on show.
      if (!(await state(from)).links.some((l) => l.link === link)) return;
      sizes.push(link.length);
      const t0 = Date.now();
      const before = (await to.evaluate(() => window.__remote?.trace?.length)) ?? 0;
      if (link.length > LINK_CEILING) {
        const save = `save-letter-${to === zero ? 0 : pages.indexOf(to)}`;
        const [download] = await Promise.all([from.waitForEvent('download'), tap(from, save)]);
        const body = await readFile(await download.path(), 'utf8');
        assert.equal(body, link, 'the file holds the letter\'s text');
        await to.setInputFiles('#open-file', { name: download.suggestedFilename(), mimeType: 'text/plain', buffer: Buffer.from(body) });
        files++;
      } else {
        await to.goto(`${server.url}remote.html#${link}`);
      }
      await to.waitForFunction((n) => (window.__remote?.trace ?? []).slice(n).some((l) => l.startsWith('opened the page with a link')), before, { timeout: 60_000 })
        .catch(async (e) => {
          const trace = await to.evaluate(() => window.__remote?.trace);
          throw new Error(`${e.message}: a letter of ${link.length} characters to seat ${pages.indexOf(to)}; its log: ${JSON.stringify(trace?.slice(-6))}`);
        });
      const s = await state(to);
      opening.push(Date.now() - t0);
      assert.equal(s.problem, null, `seat ${s.seat} opens its letter`);
      // R40: nothing of another seat's hand or of the pool opens with this device's keys.
      if (s.stage === 'playing') assert.equal(s.beyond, 0, `seat ${s.seat} can open ${s.beyond} positions its seat may not see`);
    };
    /** Every letter on show opened where it goes, until none is new. */
    const deliver = async () => {
      for (;;) {
        const due = [];
        for (const from of pages) {
          for (const { seat, link } of (await state(from)).links) {
            if (!opened.has(link)) { opened.add(link); due.push([from, pages[seat], link]); }
          }
        }
        if (!due.length) return;
        for (const [from, to, link] of due) await carry(from, to, link);
      }
    };

    await deliver();
    for (const p of pages) assert.equal((await state(p)).stage, 'playing', 'every seat plays once the roster came');
    let days = 0;
    let shotDay = false;
    for (;;) {
      await deliver();
      const states = await Promise.all(pages.map(state));
      if ((states[0].season ?? 1) >= 2 || days >= MAX_DAYS) break;
      const mover = states.findIndex((s) => s.choices > 0);
      assert.ok(mover >= 0, `somebody's Day: ${JSON.stringify(states.map((s) => [s.seat, s.phase, s.problem]))}`);
      if (!shotDay) {
        await shots(contexts[mover], server.url, 'your-day');
        await shots(contexts[(mover + 1) % 3], server.url, 'waiting');
        shotDay = true;
      }
      for (let i = 0; i < 50 && (await state(pages[mover])).choices > 0; i++) await tap(pages[mover], await pick(pages[mover], random));
      days++;
    }
    const states = await Promise.all(pages.map(state));
    console.log(`MEASURED a table dealt by every device, 3 devices by turns: ${days} Days, ${sizes.length} letters (${files} as files); link length median ${sizes.sort((a, b) => a - b)[sizes.length >> 1]}, longest ${sizes[sizes.length - 1]} characters; opening a letter (the page booted from storage, the device's game replayed) median ${opening.sort((a, b) => a - b)[opening.length >> 1]} ms, slowest ${opening[opening.length - 1]} ms`);
    assert.ok((states[0].season ?? 1) >= 2, `the first Season ended within ${MAX_DAYS} Days`);
    assert.ok(states.every((s) => JSON.stringify(s.scores) === JSON.stringify(states[0].scores)), `every page shows the same scores: ${JSON.stringify(states.map((s) => s.scores))}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
