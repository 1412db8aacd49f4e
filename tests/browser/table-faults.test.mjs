// Table mode's faults (TABLE-PROTOCOL.md): a phone reloads mid-Day, the host reloads
// mid-Day, a client speaking the protocol by hand sends malformed, out-of-turn and stale
// messages and tries a held seat; a tablet that cannot save says so, and one whose browser
// cannot make a direct connection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchChromium } from './helpers.mjs';
import { withTable, TABLET, compact, state, until, shot, pair, untilDealt, step } from './table.mjs';

// A client written from TABLE-PROTOCOL.md alone (in the page's JavaScript): it answers a
// seat's link, and its data channel is returned for the test to speak through.
async function handClient(page, link, sendAll) {
  return page.evaluate(async ({ link, sendAll }) => {
    const b64 = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
    const unb64 = (u) => btoa(String.fromCharCode(...u)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const hex = (u) => Array.from(u, (b) => b.toString(16).padStart(2, '0')).join('');
    // The compact session (TABLE-PROTOCOL.md, "Pairing codes") to and from an SDP.
    const readSession = (u, at) => {
      const setup = ['actpass', 'active', 'passive'][u[at++]];
      const text = () => { const n = u[at++]; const t = new TextDecoder().decode(u.slice(at, at + n)); at += n; return t; };
      const ufrag = text(), pwd = text();
      const fp = Array.from(u.slice(at, at + 32), (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
      at += 32;
      const cands = [];
      for (let n = u[at++], i = 1; i <= n; i++) {
        const kind = String.fromCharCode(u[at++]);
        const len = kind === '4' ? 4 : 16;
        const a = u.slice(at, at + len);
        at += len;
        const h = hex(a);
        const addr = kind === '4' ? a.join('.') : kind === '6' ? h.match(/..../g).join(':')
          : `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
        const port = (u[at] << 8) | u[at + 1];
        const prio = ((u[at + 2] << 24) >>> 0) + (u[at + 3] << 16) + (u[at + 4] << 8) + u[at + 5];
        at += 6;
        cands.push(`a=candidate:${i} 1 udp ${prio} ${addr} ${port} typ host generation 0`);
      }
      const sdp = ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0', 'a=msid-semantic: WMS',
        'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0', ...cands, `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`,
        'a=ice-options:trickle', `a=fingerprint:sha-256 ${fp}`, `a=setup:${setup}`, 'a=mid:0', 'a=sctp-port:5000', 'a=max-message-size:262144', ''].join('\r\n');
      return sdp;
    };
    const writeSession = (sdp) => {
      const get = (k) => sdp.split(/\r?\n/).find((l) => l.startsWith(k))?.slice(k.length);
      const out = [['actpass', 'active', 'passive'].indexOf(get('a=setup:'))];
      for (const t of [get('a=ice-ufrag:'), get('a=ice-pwd:')]) out.push(t.length, ...new TextEncoder().encode(t));
      out.push(...get('a=fingerprint:sha-256 ').split(':').map((b) => parseInt(b, 16)));
      const cands = sdp.split(/\r?\n/).filter((l) => l.startsWith('a=candidate:')).map((l) => l.split(' '))
        .filter((f) => f[1] === '1' && f[2].toLowerCase() === 'udp' && f[7] === 'host' && /^\d+\.\d+\.\d+\.\d+$/.test(f[4]));
      out.push(cands.length);
      for (const f of cands) {
        const p = Number(f[5]), prio = Number(f[3]);
        out.push(52, ...f[4].split('.').map(Number), p >> 8, p & 255, prio >>> 24, (prio >>> 16) & 255, (prio >>> 8) & 255, prio & 255);
      }
      return out;
    };
    const bytes = b64(link.split('#j=')[1]);
    const invite = { table: hex(bytes.slice(1, 9)), seat: bytes[9], token: hex(bytes.slice(10, 18)), sdp: readSession(bytes, 18) };
    const pc = new RTCPeerConnection({ iceServers: [] });
    const opened = new Promise((resolve) => (pc.ondatachannel = (e) => { window.dc = e.channel; e.channel.onopen = resolve; }));
    await pc.setRemoteDescription({ type: 'offer', sdp: invite.sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    while (pc.iceGatheringState !== 'complete') await new Promise((r) => setTimeout(r, 50));
    window.replies = [];
    window.answerCode = 'a=' + unb64(new Uint8Array([2, invite.seat, ...writeSession(pc.localDescription.sdp)]));
    window.invite = invite;
    window.opened = opened;
    return window.answerCode;
  }, { link, sendAll });
}

test('faults: a phone and the host reload mid-Day and the game goes on; bad and out-of-turn messages are refused', async () => {
  await withTable(async ({ host, phones, errors, server, browser }) => {
    await host.click('#create');
    for (let seat = 0; seat < 3; seat++) await pair(host, phones[seat], seat);
    await untilDealt(host, phones);
    const latencies = [];
    // Play into the Day of a phone and take one step of it.
    let found = false;
    for (let n = 0; n < 200; n++) {
      const hs = await state(host);
      if (hs.game.status === 'SeasonOver') {
        // A declaration ended the Season first (a phone's simple player declares whenever
        // it can, and so may the computer): the table opens the next, as a table would.
        console.log(`# Season ${hs.game.season} ended on Day ${hs.game.day}: on to the next`);
        await host.click('#next-season');
        await until(host, (s) => s.game.season === hs.game.season + 1 && s.game.status === 'Playing', 'the next Season dealt');
        continue;
      }
      // A Day whose first step does not end it (a declaration would): chance is fresh in
      // every run, so which Day that is varies.
      if (hs.game.toMove !== 3 && hs.game.day > 2 && hs.game.steps === 0) {
        const g = hs.game;
        const { choices } = await until(phones[g.toMove], (s) => s.myDay && s.choices.length > 0
          && s.season === g.season && s.day === g.day && s.steps === g.steps, `seat ${g.toMove}'s buttons`);
        found = choices.length > 0 && !choices.some((c) => c.type === 'declare' || c.type === 'declare-stalemate');
        if (found) break;
      }
      await step(host, phones, latencies);
    }
    assert.ok(found, 'a phone\'s Day that one step does not end');
    let hs = await state(host);
    const seat = hs.game.toMove;
    await step(host, phones, latencies);
    hs = await state(host);
    assert.equal(hs.game.steps, 1, 'one step into the Day');
    // The phone's hand once it has the view of that step (read before it arrives, it would
    // be the hand before the step, with no undo in it).
    const handBefore = (await until(phones[seat], (s) => s.myDay && s.season === hs.game.season
      && s.day === hs.game.day && s.steps === 1, 'the phone\'s view of the step')).choices;

    // The phone reloads: its connection drops, the host shows the seat a new code, the
    // phone scans it and is back in its seat with its Day as it was.
    await phones[seat].reload();
    await until(host, (s) => s.links[seat]?.state === 'Waiting', 'a new code for the lost seat');
    await pair(host, phones[seat], seat);
    const back = await until(phones[seat], (s) => s.stage === 'Playing' && s.myDay, 'the phone back in its Day');
    assert.deepEqual(back.choices, handBefore, 'the same Day, step included');
    assert.ok(back.choices.some((a) => a.type === 'undo'));

    // A client of its own on the same seat's new code: a stranger scanning an old code.
    await phones[seat].evaluate(() => 0);
    hs = await state(host);
    const other = (seat + 1) % 3;
    // Make a fresh code for `other` by dropping its phone, then let the hand client use it.
    await phones[other].goto('about:blank');
    await until(host, (s) => s.links[other]?.state === 'Waiting', 'a new code');
    hs = await state(host);
    const strangerCtx = await browser.newContext({ bypassCSP: true });
    const stranger = await strangerCtx.newPage();
    await stranger.goto(`${server.url}static/favicon.svg`);
    const code = await handClient(stranger, hs.links[other].link);
    await host.fill(`#paste-${other}`, code);
    await host.click(`#connect-${other}`);
    await stranger.evaluate(() => window.opened);
    // What the seat's phone keeps (its key, its latest view and that view's number).
    const saved = JSON.parse(await phones[seat].evaluate((s) => Object.entries(localStorage).find(([k]) => k.endsWith(`/${s}`))[1], seat));
    const { key } = saved;
    const seq = saved.view[0];
    const table = await stranger.evaluate(() => window.invite.table);
    const messages = [
      JSON.stringify({ t: 'join', v: 4, table, seat: other, token: await stranger.evaluate(() => window.invite.token) }),
      'not json at all',
      JSON.stringify({ t: 'resync', v: 9 }),
      JSON.stringify({ t: 'act', v: 4, n: 1, seq, action: { type: 'declare' } }),
      JSON.stringify({ t: 'rejoin', v: 4, table, seat, key: '0'.repeat(32) }),
      'x'.repeat(3000),
      // Seat `seat`'s real key, on the connection `other`'s code opened: a modified phone
      // that learnt the key cannot take the seat over a connection paired for another, so
      // its steps that follow are a stranger's.
      JSON.stringify({ t: 'rejoin', v: 4, table, seat, key }),
      JSON.stringify({ t: 'act', v: 4, n: 2, seq: seq - 1, action: { type: 'undo' } }),
      JSON.stringify({ t: 'act', v: 4, n: 3, seq, action: { type: 'next-season' } }),
      JSON.stringify({ t: 'act', v: 4, n: 4, seq, action: { type: 'discard', piece: 'Q9' } }),
    ];
    const replies = await stranger.evaluate(async (messages) => {
      const got = [];
      window.dc.onmessage = (e) => got.push(JSON.parse(e.data));
      for (const m of messages) {
        window.dc.send(m);
        await new Promise((r) => setTimeout(r, 120));
      }
      return got;
    }, messages);
    const reasons = replies.filter((m) => m.t === 'refused').map((m) => m.reason);
    assert.deepEqual(reasons, ['seat-held', 'malformed', 'version', 'not-joined', 'other-seat', 'too-long', 'other-seat', 'not-joined', 'not-joined', 'malformed']);
    assert.ok(!replies.some((m) => m.t === 'welcome'), 'no seat is given over a connection paired for another');
    hs = await state(host);
    assert.equal(hs.refusals.length, 10, 'each refusal is logged');
    assert.equal(hs.game.steps, 1, 'nothing the client sent changed the game');
    await strangerCtx.close();

    // The real phones come back (the seat's own took its key back from the client).
    for (const s of [seat, other]) {
      await until(host, (x) => x.links[s]?.state === 'Waiting' || x.links[s]?.state === 'Connected', 'codes');
      if ((await state(host)).links[s].state !== 'Connected') await pair(host, phones[s], s);
    }

    // The host reloads mid-Day: it resumes from its save, every phone scans its new code.
    await host.reload();
    await host.locator('#resume').click();
    for (let s = 0; s < 3; s++) await pair(host, phones[s], s);
    hs = await until(host, (x) => x.stage === 'playing' && x.connected.length === 3, 'every phone back');
    assert.equal(hs.game.steps, 1, 'the Day as it was');
    await until(phones[seat], (x) => x.myDay && x.choices.some((a) => a.type === 'undo'), 'the phone\'s Day');
    for (let n = 0; n < 30; n++) {
      const before = (await state(host)).game.day;
      await step(host, phones, latencies);
      if ((await state(host)).game.day > before + 1) break;
    }
    assert.ok((await state(host)).game.log > hs.game.log, 'play goes on after the host\'s reload');
    await shot(host, 'table-host-after-reload');
    assert.deepEqual(errors, []);
  });
});

/** A tablet's page alone, with `init` run before its scripts; `check` gets the page, and
 * no page error may have happened by its end. */
async function tabletAlone(init, check) {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: TABLET, bypassCSP: true })).newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(init);
    await check(page, server);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
}

test('a tablet that cannot save says so: the table is set and its codes shown, and a reload would not resume it', async () => {
  // Storage full, as a private window or a full disk leaves it.
  const init = () => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  };
  await tabletAlone(init, async (page, server) => {
    await page.goto(`${server.url}table.html?lang=en`);
    await page.click('#create');
    const s = await until(page, (x) => x.links?.[0]?.state === 'Waiting', 'a code shown');
    assert.equal(s.notSaved, 'Full', 'the reason is kept');
    const text = await page.locator('#not-saved').textContent();
    assert.match(text, /could not save the table game, so reloading this page would lose it/);
    assert.match(text, /browser's storage is full/);
    await shot(page, 'table-host-not-saved');
  });
});

test('a tablet whose browser cannot make a direct connection says so in its own words, in Japanese', async () => {
  // As a browser with WebRTC turned off by a policy or an extension.
  const init = () => {
    window.RTCPeerConnection = function () {
      throw new DOMException('WebRTC is disabled.', 'NotSupportedError');
    };
  };
  await tabletAlone(init, async (page, server) => {
    await page.goto(`${server.url}table.html?lang=ja`);
    await page.click('#create');
    const s = await until(page, (x) => x.problem, 'the problem said');
    assert.equal(s.problem, 'この端末は直接の接続（WebRTC）を準備できませんでした。 (WebRTC is disabled.)');
    assert.equal(await page.locator('#problem').textContent(), s.problem, 'shown as the page says it');
  });
});
