// Table mode across home routers (TABLE-PROTOCOL.md, "Pairing"; docs/nat-tests.md): the host's
// tablet and two phones, each in a home of its own behind a NAT that lets no direct path in,
// with coturn (STUN and TURN) on the public side. The host types the TURN server in the
// table's settings, each seat's invite link is copied off the host's page and opened on its
// phone, each phone's answer link is opened in a second tab of the host's browser, and the
// table plays a whole Season through the routers, every connection on the routers' public
// addresses or the relay; again with every connection made to use the relay alone (30 of the
// phones' taps, their time to the host's board measured through the relay). Then, with no server running, two tables at once (one host with
// the TURN server that does not answer in its settings, one with none): the pairing finds no
// path and the host's page says so and why, and so does the phone's. Last, a table dealt on
// the phones (DEAL-PROTOCOL.md, "A table relayed by a tablet") across the same three homes.
//
// Which candidate pair each connection chose is read from the browser's own statistics
// (`getStats()`) of every RTCPeerConnection the page made, kept by a script the test adds
// before the page's own (`trackPeers`): nothing in the page is changed for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withNat, natUnavailable } from './nat.mjs';
import { TABLET, PHONE, state, until, step, endLongSeason, shot } from './table.mjs';
import { playAgainstComputer } from './relayed.mjs';

const why = await natUnavailable();
const whyNoServer = await natUnavailable({ turn: false });

const hostOptions = { viewport: TABLET, bypassCSP: true };
const phoneOptions = { viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true };

/** How long the host's page may take to say "no path" once it has the answer: its wait for a
 *  channel (`PATH_WAIT_MS`, 15 s, crates/table-mode/src/pairing.rs) and some slack. */
const NO_PATH_MS = 25_000;

/** Keeps every RTCPeerConnection the page makes on `window.__peers`, before the page's own
 *  scripts run, so the test can read each one's statistics. With `relayOnly`, every
 *  connection the page makes may use only the TURN server's relayed addresses
 *  (`iceTransportPolicy: 'relay'`), as when the homes' routers let no hole be punched
 *  (symmetric NATs, or a network that blocks UDP to the outside but toward the server): the
 *  page's own settings and messages are unchanged. */
async function trackPeers(page, { relayOnly = false } = {}) {
  await page.addInitScript((relayOnly) => {
    const Native = window.RTCPeerConnection;
    window.__peers = [];
    window.RTCPeerConnection = class extends Native {
      constructor(config, ...rest) {
        super(relayOnly ? { ...config, iceTransportPolicy: 'relay' } : config, ...rest);
        window.__peers.push(this);
      }
    };
  }, relayOnly);
}

/** The candidate pair each connected peer of the page chose: its local and remote kinds
 *  (`host`, `srflx`, `relay`) and addresses. */
async function chosenPairs(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const pc of window.__peers || []) {
      if (pc.connectionState !== 'connected') continue;
      const stats = [...(await pc.getStats()).values()];
      const byId = new Map(stats.map((s) => [s.id, s]));
      const transport = stats.find((s) => s.type === 'transport' && s.selectedCandidatePairId);
      const pair = byId.get(transport?.selectedCandidatePairId) || stats.find((s) => s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded');
      const local = byId.get(pair?.localCandidateId);
      const remote = byId.get(pair?.remoteCandidateId);
      out.push({ local: local?.candidateType, remote: remote?.candidateType, localAddress: `${local?.address}:${local?.port}`, remoteAddress: `${remote?.address}:${remote?.port}` });
    }
    return out;
  });
}

/** Records each page's errors, printed as they happen. */
function watchErrors(pages, names) {
  const errors = [];
  pages.forEach((p, i) => p.on('pageerror', (e) => { errors.push(`${names[i]}: ${e}`); console.log(`# ${names[i]}: page error: ${e}`); }));
  return errors;
}

/** The TURN server as the settings take it: `turn:host:port username credential`. */
const turnLine = (turn) => `${turn.urls} ${turn.username} ${turn.credential}`;

/** The host types `servers` in the table's settings (none: the field left empty) and keeps them. */
async function enterServers(host, servers) {
  await host.locator('#create').waitFor();
  if (!servers) return;
  await host.fill('#ice-servers', servers);
  await host.click('#save-ice-servers');
  await host.locator('#ice-servers-saved').waitFor();
}

/** Seat `seat`'s invite link as a person copies it off the host's page, opened on `phone`;
 *  the phone's answer link, as its person copies it, opened in a new tab of the host's
 *  browser, which hands it to the table's page. */
async function sendInviteAndAnswer(host, phone, seat, { sameTab = false, invitePrefix = 'j' } = {}) {
  await until(host, (s) => s.links?.[seat]?.state === 'Waiting' && s.links[seat].link, `seat ${seat}'s invite`, 60_000);
  const invite = await host.locator(`#link-${seat}`).inputValue();
  assert.match(invite, new RegExp(`^http://127\\.0\\.0\\.1:8000/table\\.html#${invitePrefix}=`), 'an invite link');
  if (sameTab) {
    // Opened in the tab that shows the seat's old link: only the address's fragment
    // changes, and the phone's page loads itself again to open the new link.
    const reloaded = phone.waitForEvent('load');
    await phone.goto(invite);
    await reloaded;
  } else {
    await phone.goto(invite);
  }
  await until(phone, (s) => s.code, `phone ${seat}'s answer`, 60_000);
  const answer = await phone.locator('#answer-link').inputValue();
  assert.match(answer, /^http:\/\/127\.0\.0\.1:8000\/table\.html#a=/, 'an answer link');
  const tab = await host.context().newPage();
  await tab.goto(answer);
  const forwarded = tab.locator('#forwarded');
  await forwarded.waitFor({ timeout: 10_000 });
  assert.equal(await forwarded.getAttribute('data-outcome'), 'Sent', await forwarded.textContent());
  await tab.close();
  return { invite, answer };
}

/** The pieces of the phone's own hand, as its page shows them. */
const handOn = (phone) => phone.evaluate(() => [...document.querySelectorAll('#hand [data-piece]')].map((e) => e.dataset.piece).sort().join(' '));

/** Seat `seat`'s phone loses its connection (a reload) and comes back as a person would
 *  bring it back: the host's page shows the seat a new invite, the phone opens it in the
 *  same tab, its answer link goes back to the host. The phone must be back in its seat with its hand as
 *  it was (its key kept in its storage). Returns the time from the reload to the phone's
 *  page playing again. */
async function reconnect(host, phone, seat) {
  const hand = await handOn(phone);
  assert.ok(hand.length > 0, 'the phone shows its hand before it is lost');
  const t0 = Date.now();
  await phone.reload();
  await until(host, (s) => s.links?.[seat]?.state === 'Waiting' && s.links[seat].link, `a new invite for seat ${seat}`, 30_000);
  await sendInviteAndAnswer(host, phone, seat, { sameTab: true });
  await until(host, (s) => s.links[seat]?.state === 'Connected', `seat ${seat} connected again`, 30_000);
  await until(phone, (s) => s.stage === 'Playing', `phone ${seat} playing again`, 30_000);
  const ms = Date.now() - t0;
  assert.equal(await handOn(phone), hand, 'the same hand, back in the same seat');
  return ms;
}

/** Prints the connection events and state of each page (a failure's context). */
async function dump(pages, names) {
  for (const [i, page] of pages.entries()) {
    const got = await page.evaluate(() => ({ events: window.__table?.events || [], state: window.__table?.state })).catch((e) => ({ events: [String(e)] }));
    console.log(`# ${names[i]}: ${(got.state || '').slice(0, 1500)}`);
    for (const e of got.events) console.log(`#   ${e}`);
  }
}

/** A host and two phones in three homes, coturn running: the host types the TURN server in
 *  the table's settings, each seat pairs by its invite and answer links, and the table plays
 *  (the whole Season, or `taps` of the phones' taps when given). Every connection's chosen
 *  pair is one of `pairs` (`relay`, `srflx`). With `reconnectAfter`, phone 0 reloads after
 *  that many taps and comes back through one new invite. Prints what it measured under
 *  `label`. */
async function playAcrossNats({ label, relayOnly, pairs, taps, reconnectAfter }) {
  await withNat({
    homes: 3, turn: true, path: 'table.html?lang=en', label,
    contextOptions: (i) => (i === 0 ? hostOptions : phoneOptions),
  }, async ({ pages, ice, turnLog }) => {
    const [host, ...phones] = pages;
    const names = ['host', 'phone 0', 'phone 1'];
    const errors = watchErrors(pages, names);
    // The peers the pages make from here on are kept for their statistics (the host's page
    // is loaded again so that its own are too).
    for (const p of pages) await trackPeers(p, { relayOnly });
    await host.reload();
    try {
      await enterServers(host, turnLine(ice.turn));
      if (!relayOnly) await shot(host, 'table-nat-settings');
      // Three seats: Red and Blue on the phones, the third the computer at Easy.
      await host.click('#count-3');
      await host.click('#kind-2');
      await host.click('#level-2-easy');
      await host.click('#create');
      const pairingMs = [];
      for (const seat of [0, 1]) {
        const t0 = Date.now();
        const { invite, answer } = await sendInviteAndAnswer(host, phones[seat], seat);
        await until(host, (s) => s.links[seat]?.state === 'Connected', `seat ${seat} connected`, 30_000);
        pairingMs.push(Date.now() - t0);
        console.log(`MEASURED ${label} seat ${seat}: paired through the NATs in ${pairingMs[seat]} ms (invite link ${invite.length} chars, answer link ${answer.length} chars)`);
      }
      await until(host, (s) => s.stage === 'playing', 'the deal', 30_000);
      // Each connection on an allowed kind of address: a home's own address leads nowhere
      // from another home.
      const hostPairs = await chosenPairs(host);
      assert.equal(hostPairs.length, 2, `the host's two connections: ${JSON.stringify(hostPairs)}`);
      for (const [i, p] of [...hostPairs, ...(await chosenPairs(phones[0])), ...(await chosenPairs(phones[1]))].entries()) {
        assert.ok(pairs.includes(p.local) && pairs.includes(p.remote), `connection ${i}'s pair: ${JSON.stringify(p)}, allowed ${pairs}`);
      }
      console.log(`MEASURED ${label} chosen pairs (host's): ${hostPairs.map((p) => `${p.local}/${p.remote} ${p.localAddress} -> ${p.remoteAddress}`).join('; ')}`);

      const latencies = [];
      const t0 = Date.now();
      let rejoinedMs;
      for (let n = 0; n < 800 && latencies.length < (taps ?? Infinity); n++) {
        if ((taps === undefined && (await endLongSeason(host, phones))) || !(await step(host, phones, latencies))) break;
        if (reconnectAfter !== undefined && rejoinedMs === undefined && latencies.length >= reconnectAfter) {
          rejoinedMs = await reconnect(host, phones[0], 0);
          console.log(`MEASURED ${label} phone 0 reloaded and back in its seat through one new invite in ${rejoinedMs} ms`);
        }
      }
      if (reconnectAfter !== undefined) assert.ok(rejoinedMs !== undefined, 'the phone was reconnected');
      const end = await state(host);
      if (taps === undefined) {
        assert.equal(end.game.status, 'SeasonOver', 'the Season was played to its end');
        await shot(host, 'table-nat-season-over');
      } else {
        assert.ok(latencies.length >= taps || end.game.status === 'SeasonOver', `${latencies.length} taps of ${taps}`);
      }
      const playedMs = Date.now() - t0;
      latencies.sort((a, b) => a - b);
      console.log(`MEASURED ${label} play: ${end.game.day} Days in ${(playedMs / 1000).toFixed(1)} s; tap to the host's board through the NATs: median ${latencies[latencies.length >> 1]} ms, p90 ${latencies[Math.floor(latencies.length * 0.9)]} ms, max ${latencies.at(-1)} ms (${latencies.length} taps)`);
      assert.deepEqual(end.refusals, []);
      assert.deepEqual(errors, []);
      console.log(`# the TURN server's log: ${turnLog}`);
    } catch (e) {
      await dump(pages, names);
      throw e;
    }
  });
}

test('a host and two phones in three homes behind NATs pair by links through a TURN server and play a whole Season', { skip: why ?? false }, async () => {
  await playAcrossNats({ label: 'table-nat', relayOnly: false, pairs: ['relay', 'srflx'] });
});

test('the same table with every connection through the TURN relay alone: it pairs, a phone\'s tap reaches the host\'s board through the relay, and a phone that lost its connection is back in its seat through one new invite', { skip: why ?? false }, async () => {
  await playAcrossNats({ label: 'table-nat-relay', relayOnly: true, pairs: ['relay'], taps: 30, reconnectAfter: 12 });
});

test('with no STUN/TURN server answering, the pairing finds no path and the host\'s and the phone\'s pages say why: a TURN server not reached, or no server at all', { skip: whyNoServer ?? false }, async () => {
  // Two tables at once, each a host and a phone in homes of their own: homes 0 and 1 with the
  // TURN server (not running) in the host's settings, homes 2 and 3 with none.
  await withNat({
    homes: 4, turn: false, path: 'table.html?lang=en', label: 'table-nat-no-server',
    contextOptions: (i) => (i % 2 === 0 ? hostOptions : phoneOptions),
  }, async ({ pages, ice }) => {
    const names = ['host (TURN set)', 'phone (TURN set)', 'host (no server)', 'phone (no server)'];
    const errors = watchErrors(pages, names);
    const tables = [
      { host: pages[0], phone: pages[1], servers: turnLine(ice.turn), why: 'RelayNotReached', advice: /TURN server gave no relayed address: check its address, port, username and password/, label: 'turn-unreached' },
      { host: pages[2], phone: pages[3], servers: null, why: 'NoServers', advice: /only through a STUN or TURN server: the host adds one in the table's settings/, label: 'no-servers' },
    ];
    try {
      await Promise.all(tables.map(async (t) => {
        await enterServers(t.host, t.servers);
        // Two seats: Red on the phone, Blue the computer.
        await t.host.click('#count-2');
        await t.host.click('#kind-1');
        await t.host.click('#create');
        await sendInviteAndAnswer(t.host, t.phone, 0);
        const answeredAt = Date.now();
        // The host's page and the phone's, watched at once from the answer on.
        const [s, ps] = await Promise.all([
          until(t.host, (st) => st.noPath, `the host's no-path explanation (${t.label})`, NO_PATH_MS)
            .then((st) => { t.hostMs = Date.now() - answeredAt; return st; }),
          // The phone's connection never opened: Chromium calls it `disconnected`, and the
          // page takes that, lasting, for no path (DISCONNECTED_WAIT_MS).
          until(t.phone, (st) => st.noPath, `the phone's no-path explanation (${t.label})`, NO_PATH_MS)
            .then((st) => { t.phoneMs = Date.now() - answeredAt; return st; }),
        ]);
        assert.equal(s.noPathWhy, t.why);
        const box = t.host.locator('#no-path');
        assert.equal(await box.getAttribute('data-why'), t.why);
        t.text = await box.textContent();
        assert.match(t.text, t.advice);
        // The settings are at hand to change the servers.
        await t.host.locator('#ice-servers').waitFor();
        assert.equal(ps.noPath, t.why, 'the phone says the same');
        assert.match(await t.phone.locator('#no-path').textContent(), t.advice);
      }));
      for (const t of tables) {
        await shot(t.host, `table-nat-no-path-${t.label}`);
        await shot(t.phone, `table-nat-phone-no-path-${t.label}`);
        console.log(`MEASURED table-nat no path (${t.label}): the host says ${t.why} ${(t.hostMs / 1000).toFixed(1)} s after the answer link was opened; `
          + `the phone ${(t.phoneMs / 1000).toFixed(1)} s after`);
        console.log(`# ${t.label}: ${t.text}`);
      }
      assert.deepEqual(errors, []);
    } catch (e) {
      await dump(pages, names);
      throw e;
    }
  });
});


test('a table dealt on the phones across three homes: the tablet and two phones pair by links through a TURN server and play against the tablet\'s computer seat', { skip: why ?? false }, async () => {
  await withNat({
    homes: 3, turn: true, path: 'table.html?deal=phones&lang=en', label: 'relayed-nat',
    contextOptions: (i) => (i === 0 ? hostOptions : phoneOptions),
  }, async ({ pages, ice }) => {
    const [tablet, ...phones] = pages;
    const names = ['tablet', 'phone 0', 'phone 1'];
    const errors = watchErrors(pages, names);
    for (const p of pages) await trackPeers(p);
    await tablet.reload();
    try {
      // The servers typed in the relayed table's own setup; the third seat the computer's.
      await enterServers(tablet, turnLine(ice.turn));
      await tablet.click('#count-3');
      await tablet.click('#kind-2');
      await tablet.click('#create');
      for (const seat of [0, 1]) {
        const t0 = Date.now();
        await sendInviteAndAnswer(tablet, phones[seat], seat, { invitePrefix: 'k' });
        await until(tablet, (s) => s.links[seat]?.state === 'Connected', `seat ${seat} connected`, 30_000);
        console.log(`MEASURED relayed-nat seat ${seat}: paired through the NATs in ${Date.now() - t0} ms`);
      }
      await until(tablet, (s) => s.shown, 'the board on the tablet', 60_000);
      const codes = [];
      for (const phone of phones) codes.push((await until(phone, (s) => Number.isInteger(s.tableCode), 'the table\'s code')).tableCode);
      assert.equal(codes[0], codes[1], 'both phones show one code');
      for (const [i, p] of [...(await chosenPairs(tablet)), ...(await chosenPairs(phones[0])), ...(await chosenPairs(phones[1]))].entries()) {
        assert.ok(['relay', 'srflx'].includes(p.local) && ['relay', 'srflx'].includes(p.remote), `connection ${i}'s pair: ${JSON.stringify(p)}`);
      }
      // Days by taps on the phones and the computer's on the tablet, until it has played three.
      const t0 = Date.now();
      const { taps, computerDays } = await playAgainstComputer(tablet, phones, { computer: 2, days: 3 });
      console.log(`MEASURED relayed-nat play: ${taps} taps on the phones and ${computerDays} of the computer's Days through the NATs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      assert.ok(computerDays >= 3, `the computer played its Days (${computerDays})`);
      await shot(tablet, 'relayed-nat-tablet');
      assert.deepEqual(errors, []);
    } catch (e) {
      await dump(pages, names);
      throw e;
    }
  });
});
