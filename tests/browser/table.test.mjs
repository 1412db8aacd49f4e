// Table mode (TABLE-PROTOCOL.md): a host (the tablet) and three guests (phones), each in
// its own Chromium context, paired by QR code — the host reads each phone's answer from
// camera frames (Chromium's fake camera fed from a file holding the phone's rendered QR
// code) and decodes it in the page — then a whole Season with one computer player, Season 2
// after its own deal round (a few Days, then ended by agreement and checked), every
// message each phone received read and checked for other seats' concealed pieces. Then the
// faults: a phone reloads mid-Day, the host reloads mid-Day, a client speaking the protocol
// by hand sends malformed, out-of-turn and stale messages and tries a held seat; a tablet
// that cannot save says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { startServer, CHROMIUM_PATH, CHROMIUM_ARGS, ARTIFACTS_DIR } from './helpers.mjs';
import { axe } from './a11y.mjs';

const CAMERA = path.join(tmpdir(), `lauzait-table-camera-${process.pid}.y4m`);
const FRAME = 400;
/** One grey frame of FRAME × FRAME as a Y4M video (Y plane given, colour planes neutral). */
const y4m = (Y) => Buffer.concat([
  Buffer.from(`YUV4MPEG2 W${FRAME} H${FRAME} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), Buffer.from(Y), Buffer.alloc(FRAME * FRAME / 2, 128),
]);
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 1000 };

/** A state for a failure message: links as their state and length, not their long text. */
const compact = (s) => JSON.stringify({ ...s, links: s.links?.map((l) => l && { state: l.state, chars: l.link?.length }) }).slice(0, 1500);
const state = async (page) => JSON.parse((await page.evaluate(() => window.__table?.state)) || '{}');
async function until(page, pred, what, timeout = 30_000) {
  const t0 = Date.now();
  for (;;) {
    const s = await state(page);
    if (pred(s)) return s;
    if (Date.now() - t0 > timeout) throw new Error(`timed out waiting for ${what}: ${compact(s)}`);
    await new Promise((r) => setTimeout(r, 60));
  }
}
/** Prints every page's connection events (the order things happened in) and state. */
async function dump(host, phones) {
  for (const [who, page] of [['host', host], ...phones.map((p, i) => [`phone ${i}`, p])]) {
    const got = await page.evaluate(() => ({ events: window.__table?.events || [], state: window.__table?.state })).catch((e) => ({ events: [String(e)] }));
    console.log(`# ${who}: ${compact(JSON.parse(got.state || '{}'))}`);
    for (const e of got.events) console.log(`#   ${e}`);
  }
}

/** A screenshot (artifacts/<name>.png) of a screen that axe-core finds no violation on. */
async function shot(page, name) {
  assert.deepEqual(await axe(page), [], `${name}: axe-core found violations`);
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

async function launch() {
  await writeFile(CAMERA, y4m(Buffer.alloc(FRAME * FRAME, 200)));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      // Host candidates as plain addresses (no mDNS names, which nothing here resolves).
      '--disable-features=WebRtcHideLocalIpsWithMdns',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA}`,
    ],
    timeout: 60_000,
  });
  return browser;
}

/** The host's camera sees the phone's screen: its answer's QR code as the phone draws it,
 * rasterised in the phone's page, becomes the fake camera's video (Chromium reopens the
 * file each time a capture starts). */
async function showToCamera(phone) {
  const Y = await phone.evaluate(async (size) => {
    const svg = document.querySelector('#answer-qr svg').outerHTML;
    const img = new Image();
    await new Promise((r) => { img.onload = r; img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg); });
    const c = document.createElement('canvas');
    c.width = c.height = size;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.drawImage(img, size * 0.05, size * 0.05, size * 0.9, size * 0.9);
    const d = ctx.getImageData(0, 0, size, size).data;
    return Array.from({ length: size * size }, (_, i) => Math.round(0.299 * d[4 * i] + 0.587 * d[4 * i + 1] + 0.114 * d[4 * i + 2]));
  }, FRAME);
  await writeFile(CAMERA, y4m(Y));
}

/** Opens `link` on `phone` (a fresh load even when only the fragment changed). */
async function openLink(phone, link) {
  await phone.goto('about:blank');
  await phone.goto(link);
  await until(phone, (s) => s.code, 'the phone\'s answer');
}

/** Pairs `phone` to `seat`: opens the seat's link, the host scans the phone's answer. */
async function pair(host, phone, seat, { beforeScan } = {}) {
  const t0 = Date.now();
  const hs = await until(host, (s) => s.links?.[seat]?.state === 'Waiting' && s.links[seat].link, `seat ${seat}'s code`);
  await openLink(phone, hs.links[seat].link);
  await phone.locator('#answer-qr svg').waitFor();
  await showToCamera(phone);
  if (beforeScan) await beforeScan();
  await host.click(`#scan-${seat}`);
  await until(host, (s) => s.links[seat]?.state === 'Connected', `seat ${seat} connected`);
  return Date.now() - t0;
}

/** Waits for the deal. A phone whose connection dropped on the way (seen a few times in
 *  ten under heavy machine load) scans its seat's new code again, as its player would; each
 *  such rescan is logged, so a drop is never silent. */
async function untilDealt(host, phones) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await until(host, (s) => s.stage === 'playing', 'the deal', 20_000);
    } catch (e) {
      if (attempt >= 2) throw e;
      const s = await state(host);
      for (let seat = 0; seat < phones.length; seat++) {
        if (!(s.connected || []).includes(seat)) {
          console.log(`# seat ${seat}'s connection dropped before the deal: scanning its new code again`);
          await pair(host, phones[seat], seat);
        }
      }
    }
  }
}

async function setUp(browser, server) {
  const hostCtx = await browser.newContext({ viewport: TABLET, permissions: ['camera'] });
  const host = await hostCtx.newPage();
  const errors = [];
  // Printed as they happen too, so a failure further on shows what went before it.
  const onError = (who) => (e) => { errors.push(String(e)); console.log(`# ${who}: page error: ${e}`); };
  host.on('pageerror', onError('host'));
  // The workers the host starts: its computer player thinks in the game's bot worker.
  const workers = [];
  host.on('worker', (w) => workers.push(w.url()));
  await host.goto(`${server.url}table.html?lang=en`);
  await host.locator('#create').waitFor();
  const phones = [];
  for (const locale of ['en-US', 'ja-JP', 'en-US']) {
    const ctx = await browser.newContext({ viewport: PHONE, locale, isMobile: true, hasTouch: true });
    const p = await ctx.newPage();
    p.on('pageerror', onError(`phone ${phones.length}`));
    phones.push(p);
  }
  return { host, phones, errors, workers };
}

/** A seeded generator (mulberry32): the phones' Hirings vary, the same way on every run. */
function generator(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hiringChoice = generator(12);

/**
 * A phone's pick, as a simple player would: declare when it can, Form, then one of the
 * Hiring's steps at random. (Always the first discard and move could shuttle the same pieces
 * back and forth: the deal differs on every run, since the phones' secrets are random, and
 * one such Season was still going on Day 320.)
 */
function pick(choices) {
  for (const type of ['declare', 'declare-stalemate', 'form']) {
    const i = choices.findIndex((a) => a.type === type);
    if (i >= 0) return i;
  }
  const hiring = choices.flatMap((a, i) => (['discard', 'move', 'capture'].includes(a.type) ? [i] : []));
  if (hiring.length > 0) return hiring[Math.floor(hiringChoice() * hiring.length)];
  // A hand that can only Dissolve (R9) before it can discard.
  return choices.findIndex((a) => a.type !== 'undo');
}

/** Whether a phone's set read several ways, opened, and its movers have been photographed. */
let foldedShot = false;
let moverShot = false;

/** Plays one step on the phone whose Day it is (or waits for the computer). */
async function step(host, phones, latencies) {
  const hs = await state(host);
  const g = hs.game;
  if (g.status !== 'Playing') return false;
  if (g.toMove === 3) {
    await until(host, (s) => s.game.toMove !== 3 || s.game.status !== 'Playing', 'the computer\'s Day', 20_000);
    return true;
  }
  const phone = phones[g.toMove];
  const ps = await until(phone, (s) => s.myDay && s.choices.length > 0, `seat ${g.toMove}'s buttons`);
  const i = pick(ps.choices);
  assert.ok(i >= 0, JSON.stringify(ps.choices));
  if (!moverShot && ps.choices.some((a) => a.type === 'move')) {
    moverShot = true;
    await shot(phone, 'table-phone-movers');
  }
  // A reading folded under its set (table::choices) is reached as a person would: the set
  // opened first.
  if (await phone.locator(`details.set:not([open]) #act-${i}`).count()) {
    await phone.click(`details.set:has(#act-${i}) > summary`);
    if (!foldedShot) {
      foldedShot = true;
      await phone.locator(`#act-${i}`).scrollIntoViewIfNeeded();
      await shot(phone, 'table-phone-set-readings');
    }
  }
  await phone.click(`#act-${i}`);
  const after = await until(host, (s) => s.game.log > g.log || s.game.status !== 'Playing', 'the board to take the step');
  const tap = await phone.evaluate(() => window.__table.tapAt);
  const board = await host.evaluate(() => window.__table.boardAt);
  latencies.push(board - tap);
  return after.game.status === 'Playing';
}

/**
 * A phone's buttons (table::choices): one per choice the engine offers, each named by a label
 * of its own; the pieces that may be discarded drawn as tiles under the Hiring's heading.
 */
async function checkChoiceButtons(phone, heading) {
  const s = await state(phone);
  const buttons = await phone.evaluate(() => [...document.querySelectorAll('#choices button')].map((b) => ({
    id: b.id, label: b.getAttribute('aria-label'), tile: b.querySelector('canvas.tile')?.dataset.piece ?? null,
    heading: b.parentElement.previousElementSibling?.tagName === 'H3' ? b.parentElement.previousElementSibling.textContent : null,
  })));
  assert.deepEqual(buttons.map((b) => b.id).sort(), s.choices.map((_, i) => `act-${i}`).sort(), 'a button per choice');
  assert.equal(new Set(buttons.map((b) => b.label)).size, buttons.length, `labels of their own: ${buttons.map((b) => b.label)}`);
  const discards = s.choices.flatMap((a, i) => (a.type === 'discard' ? [[a.piece, i]] : []));
  assert.ok(discards.length > 0, 'a Day that begins offers discards');
  for (const [piece, i] of discards) {
    const b = buttons.find((x) => x.id === `act-${i}`);
    assert.deepEqual([b.tile, b.heading], [piece, heading], `the discard of ${piece} is its tile, under "${heading}"`);
  }
}

/** Every message a phone received: its seat's view only, nothing secret before the record. */
async function checkInbox(phone, seat) {
  const inbox = await phone.evaluate(() => window.__table.inbox || []);
  let views = 0;
  for (const text of inbox) {
    const m = JSON.parse(text);
    if (m.t === 'record') continue;
    assert.ok(!/secret|seed|pool/.test(text), `seat ${seat} received ${text.slice(0, 200)}`);
    if (m.t === 'view') {
      views++;
      const v = m.view;
      assert.equal(v.seat, seat, 'a phone receives its own seat\'s view only');
      assert.deepEqual(Object.keys(v).sort(), ['board', 'concealed', 'day', 'direction', 'hands', 'last_hire', 'ledger',
        'luminous', 'options', 'results', 'scores', 'season', 'seat', 'seen_days', 'start_player', 'status', 'steps', 'to_move'].sort());
      for (const h of v.hands) {
        assert.deepEqual(Object.keys(h).sort(), ['concealed', 'departments'], 'another hand: its Departments and a count');
        assert.equal(typeof h.concealed, 'number');
      }
    }
  }
  return { messages: inbox.length, views, bytes: inbox.reduce((n, t) => n + t.length, 0) };
}

/** The shared screen never shows a concealed piece: tiles only on the board, in Departments and the luminous piece. */
async function checkBoardHidesHands(host) {
  const stray = await host.evaluate(() =>
    [...document.querySelectorAll('#app canvas.tile')].filter((c) => !c.closest('.grid') && !c.closest('.dep') && !c.closest('.note')).length);
  assert.equal(stray, 0);
}

test('a host and three phones pair by QR code and play a whole Season; no phone ever receives another seat\'s concealed pieces', async () => {
  const server = await startServer();
  const browser = await launch();
  let pages;
  try {
    pages = await setUp(browser, server);
    const { host, phones, errors, workers } = pages;
    await shot(host, 'table-host-setup');
    await host.click('#create');
    const codes = await until(host, (s) => [0, 1, 2].every((i) => s.links?.[i]?.state === 'Waiting'), 'three codes');
    const linkChars = codes.links.filter(Boolean).map((l) => l.link.length);
    await shot(host, 'table-host-pairing');
    const pairing = [];
    for (let seat = 0; seat < 3; seat++) {
      const beforeScan = seat === 1 ? () => shot(phones[1], 'table-phone-answer-ja') : undefined;
      pairing.push(await pair(host, phones[seat], seat, { beforeScan }));
    }
    await untilDealt(host, phones);
    for (const p of phones) await until(p, (s) => s.stage === 'Playing', 'the phone\'s hand');
    // Each phone names its seat in its own language, whatever the board's.
    assert.equal(await phones[0].locator('h1').textContent(), 'Red');
    assert.equal(await phones[1].locator('h1').textContent(), '青');
    const answerChars = [];
    for (const p of phones) answerChars.push((await state(p)).code.length);
    // Compact pairing codes (TABLE-PROTOCOL.md): the fragment and the answer, not whole SDPs.
    for (const n of linkChars) assert.ok(n < 300, `a link of ${n} characters`);
    for (const n of answerChars) assert.ok(n < 200, `an answer code of ${n} characters`);
    const latencies = [];
    const shotsTaken = new Set();
    for (let n = 0; n < 800; n++) {
      const hs = await state(host);
      for (const seat of [0, 1]) {
        if (!shotsTaken.has(seat) && hs.game.toMove === seat && hs.game.status === 'Playing') {
          await until(phones[seat], (s) => s.myDay && s.choices.length > 0, 'buttons');
          await checkChoiceButtons(phones[seat], seat === 0 ? 'Hiring: discard a piece' : '登用：捨てる駒');
          await shot(phones[seat], seat === 0 ? 'table-phone-hand-en' : 'table-phone-hand-ja');
          await shot(host, 'table-host-board');
          await checkBoardHidesHands(host);
          shotsTaken.add(seat);
        }
      }
      if (!(await step(host, phones, latencies))) break;
    }
    const end = await state(host);
    assert.equal(end.game.status, 'SeasonOver', 'the Season was played to its end');
    assert.ok(workers.some((u) => /\/build-[0-9a-f]{16}\/lauzait-bot-worker/.test(u)),
      `the computer player thought in this build's bot worker, off the tablet's thread: ${workers}`);
    await shot(host, 'table-host-season-over');
    // Season 2: the table decides it on the host's screen; every phone takes part in its
    // own deal round (commit, then reveal) and only then is it dealt.
    await host.click('#next-season');
    const s2 = await until(host, (s) => s.game.season === 2 && s.game.status === 'Playing', 'Season 2 dealt after its round');
    assert.equal(s2.rounds, 2, 'a deal round per Season');
    assert.equal(s2.dealing, null);
    for (const p of phones) await until(p, (s) => s.season === 2 && s.rounds.includes(2), 'the phone in Season 2, having taken part in round 2');
    // A few Days of it, then the table ends the game by agreement between Days.
    for (let n = 0; n < 300; n++) {
      const s = await state(host);
      if (s.game.status !== 'Playing' || (s.game.day >= 3 && s.game.steps === 0 && s.game.toMove !== 3)) break;
      if (!(await step(host, phones, latencies))) break;
    }
    await shot(host, 'table-host-season-2');
    await host.click('#end-game');
    for (const p of phones) await until(p, (s) => s.verdict === true, 'the record checked on the phone');
    await shot(phones[1], 'table-phone-verified-ja');
    const inboxes = [];
    for (let seat = 0; seat < 3; seat++) inboxes.push(await checkInbox(phones[seat], seat));
    const sent = await host.evaluate(() => window.__table.sent);
    const sizes = {};
    for (const e of sent) {
      const [k, n] = e.split(':');
      (sizes[k] ||= []).push(Number(n));
    }
    const summary = Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, { n: v.length, max: Math.max(...v), mean: Math.round(v.reduce((a, b) => a + b) / v.length) }]));
    const received = await host.evaluate(() => window.__table.received);
    latencies.sort((a, b) => a - b);
    console.log(JSON.stringify({
      pairingMs: pairing, pairedInPageMs: await host.evaluate(() => window.__table.paired), linkChars, answerChars,
      hostSent: summary, guestMsgBytesMax: Math.max(...received), days: end.game.day,
      tapToBoardMs: { n: latencies.length, median: latencies[latencies.length >> 1], p90: latencies[Math.floor(latencies.length * 0.9)], max: latencies.at(-1) },
      inboxes,
    }));
    assert.deepEqual(end.refusals, []);
    assert.deepEqual(errors, []);
  } catch (e) {
    if (pages) await dump(pages.host, pages.phones);
    throw e;
  } finally {
    await browser.close();
    await server.close();
    await rm(CAMERA, { force: true });
  }
});

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
  const server = await startServer();
  const browser = await launch();
  let pages;
  try {
    pages = await setUp(browser, server);
    const { host, phones, errors } = pages;
    await host.click('#create');
    for (let seat = 0; seat < 3; seat++) await pair(host, phones[seat], seat);
    await untilDealt(host, phones);
    const latencies = [];
    // Play into the Day of a phone and take one step of it.
    for (let n = 0; n < 200; n++) {
      const hs = await state(host);
      // A Day whose first step does not end it (a declaration would): chance is fresh in
      // every run, so which Day that is varies.
      if (hs.game.toMove !== 3 && hs.game.day > 2 && hs.game.steps === 0) {
        const choices = (await state(phones[hs.game.toMove])).choices || [];
        if (choices.length > 0 && !choices.some((c) => c.type === 'declare' || c.type === 'declare-stalemate')) break;
      }
      await step(host, phones, latencies);
    }
    let hs = await state(host);
    const seat = hs.game.toMove;
    await step(host, phones, latencies);
    hs = await state(host);
    assert.equal(hs.game.steps, 1, 'one step into the Day');
    const handBefore = (await state(phones[seat])).choices;

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
    const strangerCtx = await browser.newContext();
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
      JSON.stringify({ t: 'join', v: 2, table, seat: other, token: await stranger.evaluate(() => window.invite.token) }),
      'not json at all',
      JSON.stringify({ t: 'resync', v: 9 }),
      JSON.stringify({ t: 'act', v: 2, n: 1, seq, action: { type: 'declare' } }),
      JSON.stringify({ t: 'rejoin', v: 2, table, seat, key: '0'.repeat(32) }),
      'x'.repeat(3000),
      // Seat `seat`'s real key: a modified client of that seat, acting on a stale view and
      // for the Season, which the table decides on the board.
      JSON.stringify({ t: 'rejoin', v: 2, table, seat, key }),
      JSON.stringify({ t: 'act', v: 2, n: 2, seq: seq - 1, action: { type: 'undo' } }),
      JSON.stringify({ t: 'act', v: 2, n: 3, seq, action: { type: 'next-season' } }),
      JSON.stringify({ t: 'act', v: 2, n: 4, seq, action: { type: 'discard', piece: 'Q9' } }),
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
    assert.deepEqual(reasons, ['seat-held', 'malformed', 'version', 'not-joined', 'bad-key', 'too-long', 'stale', 'not-allowed', 'malformed']);
    assert.ok(replies.some((m) => m.t === 'welcome' && m.seat === seat), 'the modified client of the seat is welcomed with the right key');
    hs = await state(host);
    assert.equal(hs.refusals.length, 9, 'each refusal is logged');
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
  } catch (e) {
    if (pages) await dump(pages.host, pages.phones);
    throw e;
  } finally {
    await browser.close();
    await server.close();
    await rm(CAMERA, { force: true });
  }
});

/** A tablet's page alone, with `init` run before its scripts; `check` gets the page, and
 * no page error may have happened by its end. */
async function tabletAlone(init, check) {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ viewport: TABLET })).newPage();
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
