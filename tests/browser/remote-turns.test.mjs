// Play by turns (remote.html, REMOTE-PROTOCOL.md): a 2-player game between a host and a
// guest in two browser contexts that never share anything but the links this test carries
// from one to the other, from the first deal to the final scores (R20: as many Seasons as
// players). Every letter is read from the page that wrote it (its link box) and opened on
// the other — by going to the link, or by pasting it into the page's field — and its length
// recorded: every letter carried as a link at most 2000 characters (LINK_CEILING); a longer
// one (the last, carrying the record) is saved with "Save as a file" (a download) and opened
// on the other with "Open a file", the page's file field. A replayed link, a link
// with one character changed and a link meant for the other device are each refused with
// words on the page, and change nothing. Screenshots, phone size, in English and Japanese:
// the invite, a letter to send, waiting, a move, the game over (axe-core finds nothing on
// them). The extra download of remote play, gzip, is measured from the shipped site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, launchChromium, ARTIFACTS_DIR, DIST_DIR } from './helpers.mjs';
import { axe } from './a11y.mjs';
import { state, text, value, tap, until, generator, seededEntropy, playDay } from './remote-page.mjs';

const PHONE = { width: 390, height: 844 };
/** A letter carried as a link is this long at most, a longer one travels as a file
 *  (REMOTE-PROTOCOL.md, LINK_CEILING). */
const LINK_CEILING = 2000;
/** The two devices' entropy seeds (seededEntropy): a game of two Seasons in 42 rounds. */
const HOST_SEED = Number(process.env.HOST_SEED ?? 3);
const GUEST_SEED = Number(process.env.GUEST_SEED ?? 4);
const random = generator(37);

/** A screenshot of the device's page in both languages: a new page of the same context,
 *  opened with no link, shows the device from its storage. */
async function shots(context, url, name) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  for (const lang of ['en', 'ja']) {
    const p = await context.newPage();
    await p.goto(`${url}remote.html?lang=${lang}`);
    await p.locator('#turn, #setup').first().waitFor();
    assert.deepEqual(await axe(p), [], `${name} (${lang}): axe-core found violations`);
    await p.screenshot({ path: path.join(ARTIFACTS_DIR, `remote-${name}-${lang}.png`), fullPage: true });
    await p.close();
  }
}

/** The gzip bytes of what opening remote play downloads beyond the game: its page, its
 *  loader, its module's glue and wasm (the shipped site's). */
async function extraDownload() {
  const build = (await readdir(DIST_DIR)).find((f) => f.startsWith('build-'));
  const files = ['remote.html', 'static/remote-loader.js', `${build}/lauzait-remote.js`, `${build}/lauzait-remote_bg.wasm`];
  const sizes = {};
  for (const f of files) sizes[f] = gzipSync(await readFile(path.join(DIST_DIR, f)), { level: 9 }).length;
  return sizes;
}

test('a 2-player game by turns, every move a link carried between two browsers that never meet', { timeout: 900_000 }, async () => {
  const server = await startServer();
  const browser = await launchChromium();
  const errors = [];
  const lengths = { day: [], other: [], last: 0 };
  try {
    const hostCtx = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true, bypassCSP: true });
    const guestCtx = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true, bypassCSP: true });
    await hostCtx.addInitScript(seededEntropy(HOST_SEED));
    await guestCtx.addInitScript(seededEntropy(GUEST_SEED));
    const host = await hostCtx.newPage();
    const guest = await guestCtx.newPage();
    for (const [who, p] of [['host', host], ['guest', guest]]) {
      p.on('pageerror', (e) => { errors.push(`${who}: ${e}`); console.log(`# ${who}: page error: ${e}`); });
    }
    await host.goto(`${server.url}remote.html`);
    await host.locator('#create').waitFor();
    await tap(host, 'create');
    const seated = await until(host, (s) => s.side === 'host', 'the table');
    assert.equal(seated.turn, 'seating');
    const invite = await value(host, 'link-invite-1');
    assert.match(invite, /#r=/, 'the invite is a link');
    await shots(hostCtx, server.url, 'invite');

    let carried = 0;
    let files = 0;
    /** Carries the link on show in `from` (its box `id`) to `to`: over the ceiling as the
     *  file its "Save as a file" downloads, opened with `to`'s file field; else every third
     *  by pasting, else by going to it. Returns the link. */
    const carry = async (from, id, to, kind) => {
      const link = await value(from, id);
      assert.ok(link, `a link in #${id}`);
      const fragment = link.slice(link.indexOf('#') + 1);
      (kind === 'day' ? lengths.day : lengths.other).push(fragment.length);
      const save = id.replace(/^link-/, 'save-');
      const offered = await from.evaluate((save) => !!document.getElementById(save), save);
      assert.equal(offered, fragment.length > LINK_CEILING, `"Save as a file" offered exactly when the letter is over the ceiling (${fragment.length} characters)`);
      if (offered) {
        const [download] = await Promise.all([from.waitForEvent('download'), tap(from, save)]);
        assert.match(download.suggestedFilename(), /^lauzait-[0-9a-f]+-\d+\.lzl$/, 'the letter\'s file is named after its table and number');
        const body = await readFile(await download.path(), 'utf8');
        assert.equal(body, fragment, 'the file holds the letter\'s text');
        const opened = (await to.evaluate(() => window.__remote?.trace?.length)) ?? 0;
        await to.setInputFiles('#open-file', { name: download.suggestedFilename(), mimeType: 'text/plain', buffer: Buffer.from(body) });
        await to.waitForFunction((n) => (window.__remote?.trace ?? []).slice(n).some((l) => l.startsWith('opened the page with a link')), opened);
        files++;
      } else if (carried++ % 3 === 2) {
        await to.fill('#paste', link);
        await tap(to, 'open-pasted');
      } else {
        await to.goto(link);
      }
      await to.locator('#turn').waitFor();
      const problem = await text(to, 'problem');
      assert.equal(problem, null, `the letter opened without a problem (${kind})`);
      return link;
    };

    // The guest opens the invite, takes its seat and writes its first letter.
    await guest.goto(invite);
    await until(guest, (s) => s.side === 'guest' && s.news, 'the guest from the invite');
    await tap(guest, 'write-1');
    await until(guest, (s) => s.letter, 'the guest\'s letter');
    await shots(guestCtx, server.url, 'letter-to-send');
    const join = await carry(guest, 'link-letter-1', host, 'join');

    let refusalsChecked = false;
    let waitingShot = false;
    let moveShot = false;
    let rounds = 0;
    for (; rounds < 400; rounds++) {
      let h = await state(host);
      if (h.turn === 'game-over' && (await state(guest)).turn === 'game-over') break;
      if (h.turn === 'season-over') {
        await tap(host, 'next-season');
        h = await state(host);
      }
      if (h.turn === 'day-0' && h.choices > 0) {
        await playDay(host, 'day-0', random);
        h = await state(host);
      }
      if (h.seats[0].news) {
        await tap(host, 'write-1');
        h = await state(host);
        const kind = h.turn === 'game-over' ? 'last' : (h.turn === 'day-1' ? 'day' : 'deal');
        const link = await carry(host, 'link-letter-1', guest, kind);
        if (kind === 'last') lengths.last = link.length - link.indexOf('#') - 1;
      }
      let g = await state(guest);
      if (g.turn === 'day-1' && g.choices > 0) {
        if (!moveShot) {
          await shots(guestCtx, server.url, 'your-move');
          moveShot = true;
        }
        await playDay(guest, 'day-1', random);
        g = await state(guest);
      }
      if (g.news) {
        await tap(guest, 'write-1');
        g = await until(guest, (s) => !s.news, 'the guest\'s letter written');
        if (!waitingShot && g.turn === 'day-1') {
          await shots(guestCtx, server.url, 'waiting');
          waitingShot = true;
        }
        const link = await carry(guest, 'link-letter-1', host, g.turn === 'day-1' ? 'day' : 'deal');
        h = await state(host);
        if (!refusalsChecked && h.turn === 'day-0') {
          await checkRefusals(host, guest, join, link);
          refusalsChecked = true;
        }
      }
    }
    const h = await state(host);
    const g = await state(guest);
    assert.equal(h.turn, 'game-over', 'R20: the game reached its final scores');
    assert.equal(g.turn, 'game-over', 'the guest was shown the final scores');
    assert.match(await text(guest, 'verdict') ?? '', /^✓ Checked/, 'the guest checked the record against what it was shown');
    assert.ok(refusalsChecked && waitingShot && moveShot);
    await shots(hostCtx, server.url, 'game-over');
    const days = lengths.day;
    const max = Math.max(...days);
    const mean = Math.round(days.reduce((a, b) => a + b, 0) / days.length);
    const sorted = [...days].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(`MEASURED remote links: ${days.length} Day letters, mean ${mean}, median ${median}, longest ${max} characters of fragment; ` +
      `${rounds} rounds (seeds ${HOST_SEED}, ${GUEST_SEED}); ${lengths.other.length} seating and deal letters, longest ${Math.max(...lengths.other)}; the last letter (final views and the record) ${lengths.last}; scores ${JSON.stringify(h.scores)}`);
    assert.ok(max <= LINK_CEILING, `a Day's letter of ${max} characters, more than ${LINK_CEILING}`);
    assert.ok(lengths.last > LINK_CEILING ? files >= 1 : true, 'the last letter, over the ceiling, travelled as a file');
    console.log(`MEASURED remote files: ${files} letters carried as a file`);
    const sizes = await extraDownload().catch(() => null);
    if (sizes) {
      const total = Object.values(sizes).reduce((a, b) => a + b, 0);
      console.log(`MEASURED remote download: ${(total / 1024).toFixed(1)} KB gzip (${Object.entries(sizes).map(([f, n]) => `${path.basename(f)} ${(n / 1024).toFixed(1)} KB`).join(', ')})`);
    }
    assert.deepEqual(errors, [], 'no page error');
  } finally {
    await browser.close();
    await server.close();
  }
});

/** Links each device refuses with words on its page, its state unchanged: the guest's first
 *  letter again (a replay), the guest's latest letter with one character changed, and the
 *  host's own letter opened on the host (meant for the guest's device). */
async function checkRefusals(host, guest, join, latest) {
  const before = await state(host);
  const paste = async (page, link) => {
    await page.fill('#paste', link);
    await tap(page, 'open-pasted');
    await page.locator('#turn').waitFor();
  };
  await paste(host, join);
  assert.match(await text(host, 'opened') ?? '', /already opened: nothing changed/, 'a replayed link changes nothing, and the page says so');
  await paste(host, latest);
  assert.match(await text(host, 'opened') ?? '', /already opened/, 'the latest link again: nothing changed');
  const at = latest.length - 40;
  const altered = latest.slice(0, at) + (latest[at] === 'Q' ? 'R' : 'Q') + latest.slice(at + 1);
  await paste(host, altered);
  const refused = await text(host, 'problem');
  assert.match(refused ?? '', /changed on the way|cut or damaged on the way|not a link of the game/, `an altered link is refused in words: ${refused}`);
  // The host's own letter to the guest, opened on the host.
  await tap(host, 'write-1').catch(() => {});
  const own = await value(host, 'link-letter-1');
  if (own) {
    await paste(host, own);
    assert.match(await text(host, 'problem') ?? '', /meant for Blue's device, not this one/, 'a link for another device is refused');
  }
  // The guest's own letter opened on the guest: meant for the host.
  await paste(guest, latest);
  assert.match(await text(guest, 'problem') ?? '', /comes from Blue's device and is not for this one/);
  const after = await state(host);
  assert.equal(after.turn, before.turn, 'nothing changed');
  assert.equal(after.choices, before.choices, 'nothing changed');
  console.log(`# refused, in words: ${refused}`);
}
