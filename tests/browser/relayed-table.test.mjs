// A table dealt on the phones (DEAL-PROTOCOL.md, "A table relayed by a tablet"): a tablet
// (table.html?deal=phones) and three phones, each in its own Chromium context, paired by QR
// code as table mode's are; every phone shows the same table's code; they play a Season to
// its end by agreement and the next Season is dealt. After every step each phone's state says
// which positions its keys open beyond its seat's — none, ever — and every message a phone
// received is read: each is a relayed table's message, none a hand in the clear. The tablet
// holds no keys: its page never shows a hand, and its board is the phones' agreed view, drawn
// on its canvas by the game's board renderer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './helpers.mjs';
import { launch, pair, until, state, shot, TABLET, PHONE } from './table.mjs';
import { pick, tap, playAgainstComputer } from './relayed.mjs';

/** Every text a phone received is a relayed table's: the roster, a nonce, a letter. */
async function checkInbox(phone, seat) {
  const inbox = await phone.evaluate(() => window.__table.inbox || []);
  assert.ok(inbox.length > 0, `seat ${seat} received messages`);
  for (const text of inbox) {
    assert.match(text.slice(0, 4), /^(jt1\.|fn1\.|fl1\.)$/, `seat ${seat} received ${text.slice(0, 80)}`);
  }
  return inbox.length;
}

/** A browser and the site's server for a relayed table, its tablet's page open at its setup
 *  (English); `play` gets { browser, tablet, errors }; everything is closed after. */
async function withTablet(play) {
  const server = await startServer();
  const browser = await launch();
  const errors = [];
  try {
    const tablet = await (await browser.newContext({ viewport: TABLET, permissions: ['camera'], bypassCSP: true })).newPage();
    tablet.on('pageerror', (e) => errors.push(`tablet: ${e}`));
    await tablet.goto(`${server.url}table.html?deal=phones&lang=en`);
    await tablet.locator('#create').waitFor();
    await play({ browser, tablet, errors });
  } finally {
    await browser.close();
    await server.close();
  }
}

test('a table dealt on the phones: three phones pair with the tablet, show one code and play a Season; no device ever opens another seat\'s piece', { timeout: 900_000 }, () => withTablet(async ({ browser, tablet, errors }) => {
    await shot(tablet, 'relayed-tablet-setup');
    await tablet.click('#count-3');
    await tablet.click('#create');
    const phones = [];
    for (const locale of ['en-US', 'ja-JP', 'en-US']) {
      const ctx = await browser.newContext({ viewport: PHONE, locale, isMobile: true, hasTouch: true, bypassCSP: true });
      const phone = await ctx.newPage();
      phone.on('pageerror', (e) => errors.push(`phone ${phones.length}: ${e}`));
      phones.push(phone);
    }
    for (const [seat, phone] of phones.entries()) await pair(tablet, phone, seat);

    // Every phone shows one code, the same; the tablet asks the people to compare them.
    const codes = [];
    for (const phone of phones) codes.push((await until(phone, (s) => s.tableCode !== null && s.tableCode !== undefined, 'the table\'s code')).tableCode);
    assert.ok(codes.every((c) => c === codes[0]), `every phone shows one code: ${codes}`);
    await until(tablet, (s) => s.shown, 'the board on the tablet', 60_000);
    assert.ok(await tablet.locator('#compare-codes').count(), 'the tablet asks to compare the codes');
    // The board is the game's own drawing on the tablet's canvas (pixels that are not the
    // page's background), its squares kept as tiles for screen readers alone.
    const painted = await tablet.evaluate(() => {
      const c = document.getElementById('tablet-board');
      if (!c || !c.width) return 0;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4 * 97) if (!(d[i] === 0xf4 && d[i + 1] === 0xef && d[i + 2] === 0xe1)) n++;
      return n;
    });
    assert.ok(painted > 100, `the tablet drew the board (${painted} samples painted)`);
    await shot(tablet, 'relayed-tablet-board');
    await shot(phones[1], 'relayed-phone-code-ja');

    // A Season: each Day played by taps on the mover's phone; from Day 12 the table ends the
    // Season by agreement (each phone's "end the Season" choice), and the next one is dealt.
    let turn = 0;
    let agreed = false;
    let lastDay = '';
    for (let guard = 0; guard < 600; guard++) {
      const states = await Promise.all(phones.map(state));
      for (const [seat, s] of states.entries()) {
        assert.deepEqual(s.beyond, [], `seat ${seat} opens positions beyond its seat: ${s.beyond}`);
        assert.equal(s.problem ?? null, null, `seat ${seat}: ${s.problem}`);
      }
      if (states.every((s) => s.season === 2 && s.phase === 'playing')) break;
      const mover = states.findIndex((s, seat) => s.phase === 'playing' && s.toMove === seat && s.choices.length > 0);
      if (mover < 0) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const s = states[mover];
      // A Day not begun yet (its first sight): between Days, when the Season may be ended.
      const newDay = `${s.season}/${s.day}` !== lastDay;
      lastDay = `${s.season}/${s.day}`;
      if (newDay && s.day >= 12 && s.season === 1 && !agreed) {
        // Between Days: each phone proposes or agrees.
        agreed = true;
        for (const phone of phones) {
          await phone.locator('#table-0').waitFor();
          await phone.click('#table-0');
        }
        continue;
      }
      const i = pick(s.choices, turn++);
      assert.ok(i >= 0, JSON.stringify(s.choices));
      await tap(phones[mover], s, i);
    }
    const after = await Promise.all(phones.map(state));
    console.log(`# ${turn} taps on the phones; the Season ended ${agreed ? 'by agreement' : 'by play'}`);
    assert.ok(after.every((s) => s.season === 2), `the next Season is dealt: ${after.map((s) => s.season)}`);
    for (const [seat, phone] of phones.entries()) {
      const n = await checkInbox(phone, seat);
      console.log(`# seat ${seat}: ${n} messages received, none opening a piece beyond its seat`);
    }
    // The tablet's page never holds a hand.
    assert.equal(await tablet.locator('#hand').count(), 0, 'no hand on the tablet');
    assert.deepEqual(errors, []);
}));

test('a relayed table with a computer seat: the tablet plays it from its own device, two phones play against it', { timeout: 600_000 }, () => withTablet(async ({ browser, tablet, errors }) => {
    await tablet.click('#count-3');
    await tablet.click('#kind-2');
    await tablet.click('#level-2-strong');
    await shot(tablet, 'relayed-tablet-setup-computer');
    await tablet.click('#create');
    const phones = [];
    for (let seat = 0; seat < 2; seat++) {
      const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true });
      const phone = await ctx.newPage();
      phone.on('pageerror', (e) => errors.push(`phone ${seat}: ${e}`));
      phones.push(phone);
      await pair(tablet, phone, seat);
    }
    const t = await until(tablet, (s) => s.shown, 'the board on the tablet', 60_000);
    assert.deepEqual(t.computers, [2], 'seat 2 is the tablet\'s computer seat');
    assert.equal(await tablet.locator('#pair-2').count(), 0, 'no code for the computer\'s seat');

    // Days played by taps on the mover's phone; the computer's on the tablet by themselves.
    const { taps, computerDays } = await playAgainstComputer(tablet, phones, { computer: 2, days: 3 });
    console.log(`# ${taps} taps on the phones, ${computerDays} Days of the computer's`);
    assert.ok(computerDays >= 3, `the computer played its Days (${computerDays})`);
    assert.equal((await state(tablet)).computerFailed, null);
    await shot(tablet, 'relayed-tablet-computer');
    for (const [seat, phone] of phones.entries()) await checkInbox(phone, seat);
    assert.equal(await tablet.locator('#hand').count(), 0, 'no hand on the tablet');
    assert.deepEqual(errors, []);
}));
