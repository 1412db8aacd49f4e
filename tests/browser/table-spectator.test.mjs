// Table mode's spectators (TABLE-PROTOCOL.md, "Spectators"): a host (the tablet), one phone
// and three computer seats, and two spectators (English and Japanese phones) invited from the
// host's page, each paired with its own link and answer. Every message each spectator's page
// receives is read — recorded by an init script that listens on every data channel the page
// is given, apart from the code under test — and must be exactly a public view (its text
// read token by token, nothing left over); each Day's board reaches the spectators, the same
// view the phone was shown at that number; a spectator's page shows no hand and no button to
// act. Screenshots of a spectator's page on a phone, in English and Japanese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withTable, state, until, shot, pair, untilDealt, step, PHONE } from './table.mjs';
import { readSeatView, readSpectatorView } from './seat-view-text.mjs';

/** Records every message of every data channel the page is given, before the page's own
 *  handler sees it. */
function recordChannels() {
  window.__watched = [];
  const described = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype, 'ondatachannel');
  Object.defineProperty(RTCPeerConnection.prototype, 'ondatachannel', {
    configurable: true,
    get() { return described.get.call(this); },
    set(handler) {
      described.set.call(this, (e) => {
        (window.__channels ||= []).push(e.channel);
        e.channel.addEventListener('message', (m) => window.__watched.push(String(m.data)));
        handler(e);
      });
    },
  });
}

/** The host invites a spectator: its link, read off its card. */
async function invite(host, slot) {
  await host.click('#invite-spectator');
  const link = host.locator(`#link-${slot}`);
  await link.waitFor();
  for (let i = 0; i < 100; i++) {
    const url = await link.inputValue();
    if (url.includes('#w=')) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`spectator ${slot}'s link never came`);
}

/** The spectator opens `url`; its answer is pasted into its card on the host's page. */
async function watch(host, spectator, slot, url) {
  await spectator.goto(url);
  const code = spectator.locator('#answer-code');
  await code.waitFor();
  let answer = '';
  for (let i = 0; i < 100 && !answer; i++) {
    answer = await code.inputValue();
    if (!answer) await new Promise((r) => setTimeout(r, 100));
  }
  await host.fill(`#paste-${slot}`, answer);
  await host.click(`#connect-${slot}`);
  await until(spectator, (s) => s.connected, `spectator ${slot} connected`);
}

test('spectators are sent every public change and nothing concealed; their page shows the board, never a hand', async () => {
  await withTable(async ({ host, phones, browser, errors }) => {
    // Seat 0 a person, seats 1–3 Easy computer players.
    for (const s of [1, 2]) await host.click(`#kind-${s}`);
    for (const s of [1, 2, 3]) await host.click(`#level-${s}-easy`);
    await host.click('#create');
    const spectators = [];
    for (const locale of ['en-US', 'ja-JP']) {
      const ctx = await browser.newContext({ viewport: PHONE, locale, isMobile: true, hasTouch: true, bypassCSP: true });
      await ctx.addInitScript(recordChannels);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      spectators.push(page);
    }
    // Both spectators pair before the deal: they see it when it comes.
    for (const [i, spectator] of spectators.entries()) {
      const slot = 128 + i;
      await watch(host, spectator, slot, await invite(host, slot));
    }
    await spectators[0].locator('#waiting').waitFor();
    await pair(host, phones[0], 0);
    await untilDealt(host, [phones[0]]);
    const latencies = [];
    const days = new Set();
    for (let n = 0; n < 400; n++) {
      const hs = await state(host);
      days.add(`${hs.game.season}/${hs.game.day}`);
      // Stopped on the phone's Day, where the table waits for it: nothing moves while the
      // spectators' messages are read.
      if (hs.game.day > 12 && hs.game.toMove === 0 && hs.game.steps === 0) break;
      if (!(await step(host, [phones[0]], latencies))) break;
    }
    const end = await state(host);
    days.add(`${end.game.season}/${end.game.day}`);
    assert.ok(days.size >= 8, `${days.size} Days played`);
    // The spectators have caught up with the host's last view.
    for (const s of spectators) await until(s, (x) => x.day === end.game.day && x.season === end.game.season, 'the spectator at the last Day');
    await new Promise((r) => setTimeout(r, 300));

    // The phone's views by number, to compare each spectator's with.
    const phoneViews = new Map();
    for (const text of await phones[0].evaluate(() => window.__table.inbox || [])) {
      const m = JSON.parse(text);
      if (m.t === 'view') phoneViews.set(m.seq, readSeatView(m.view));
    }
    for (const [i, spectator] of spectators.entries()) {
      const received = await spectator.evaluate(() => window.__watched);
      assert.ok(received.length > 10, `spectator ${i} received ${received.length} messages`);
      const seen = new Set();
      let compared = 0;
      let last = -1;
      for (const text of received) {
        const m = JSON.parse(text);
        // Exactly a public view: its kind, the version, its number, the seats' names and the
        // view's text, read token by token with nothing left over.
        assert.deepEqual(Object.keys(m).sort(), ['names', 'seq', 't', 'v', 'view'], text.slice(0, 200));
        assert.equal(m.t, 'public');
        assert.ok(m.seq > last, 'numbered in order');
        last = m.seq;
        const v = readSpectatorView(m.view);
        seen.add(`${v.season}/${v.day}`);
        for (const h of v.hands) assert.deepEqual(Object.keys(h).sort(), ['concealed', 'departments'], 'a hand: its Departments and a count');
        // The phone's view of the same number shows the same public table: at a Day's start
        // (no step taken), the same board; always the same scores, Days seen and hands'
        // Departments as the Day began (R40).
        const pv = phoneViews.get(m.seq);
        if (pv && pv.steps.length === 0) {
          assert.deepEqual(v.board, pv.board, `view ${m.seq}: the spectator's board is the table's`);
          assert.deepEqual(v.scores, pv.scores);
          assert.deepEqual(v.seen_days, pv.seen_days);
          assert.deepEqual(v.hands.map((h) => h.departments), pv.hands.map((h) => h.departments));
          assert.deepEqual(v.hands.map((h) => h.concealed), pv.hands.map((h) => h.concealed));
          compared++;
        }
      }
      assert.ok(compared >= 5, `spectator ${i}: ${compared} Days' boards compared with the phone's`);
      // Every Day the host went through reached the spectator.
      for (const d of days) assert.ok(seen.has(d), `spectator ${i} never saw Day ${d} (saw ${[...seen]})`);
      // Its page: the board, the seats and the log; no hand, no button to act.
      assert.equal(await spectator.locator('#hand, #choices').count(), 0);
      assert.equal(await spectator.locator('#watch-board > *').count(), 25);
      assert.ok(await spectator.locator('#watch-log li').count() >= 1);
    }
    await shot(spectators[0], 'table-spectator-en');
    await shot(spectators[1], 'table-spectator-ja');
    await shot(host, 'table-host-spectators');
    // A modified spectator's page sends on its channel what a phone would: a join for seat 0,
    // and seat 0's action on the latest view. Each is refused and logged; nothing changes.
    const before = await state(host);
    const seq = (await spectators[0].evaluate(() => JSON.parse(window.__watched.at(-1)))).seq;
    await spectators[0].evaluate((seq) => {
      const dc = window.__channels.at(-1);
      dc.send(JSON.stringify({ t: 'join', v: 4, table: '0011223344556677', seat: 0, token: '0011223344556677' }));
      dc.send(JSON.stringify({ t: 'act', v: 4, n: 1, seq, action: { type: 'undo' } }));
    }, seq);
    const after = await until(host, (s) => s.refusals.filter((r) => r.includes('(spectator)')).length >= 2, 'the spectator\'s messages refused');
    assert.equal(after.game.log, before.game.log, 'a spectator\'s message changed the game');
    assert.deepEqual(after.connected, before.connected);
    assert.deepEqual(errors, []);
  });
});
