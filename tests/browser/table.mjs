// Table mode's browser tests share this: a host (the tablet) and three guests (phones), each
// in its own Chromium context, paired by QR code — the host reads each phone's answer from
// camera frames (Chromium's fake camera fed from a file holding the phone's rendered QR
// code) and decodes it in the page — and a phone's play, step by step, as a simple player
// would. Every screenshot is of a screen axe-core finds no violation on.
import assert from 'node:assert/strict';
import { mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { startServer, launchChromium, ARTIFACTS_DIR } from './helpers.mjs';
import { axe } from './a11y.mjs';
import { readSeatView } from './seat-view-text.mjs';

const CAMERA = path.join(tmpdir(), `lauzait-table-camera-${process.pid}.y4m`);
const FRAME = 400;
/** One grey frame of FRAME × FRAME as a Y4M video (Y plane given, colour planes neutral). */
const y4m = (Y) => Buffer.concat([
  Buffer.from(`YUV4MPEG2 W${FRAME} H${FRAME} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), Buffer.from(Y), Buffer.alloc(FRAME * FRAME / 2, 128),
]);
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1024, height: 1000 };

/** A state for a failure message: links as their state and length, not their long text. */
export const compact = (s) => JSON.stringify({ ...s, links: s.links?.map((l) => l && { state: l.state, chars: l.link?.length }) }).slice(0, 1500);
export const state = async (page) => JSON.parse((await page.evaluate(() => window.__table?.state)) || '{}');
export async function until(page, pred, what, timeout = 30_000) {
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
export async function shot(page, name) {
  assert.deepEqual(await axe(page), [], `${name}: axe-core found violations`);
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

export async function launch() {
  await blankCamera();
  const browser = await launchChromium(
    [
      // Host candidates as plain addresses (no mDNS names, which nothing here resolves).
      '--disable-features=WebRtcHideLocalIpsWithMdns',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA}`,
    ],
    { timeout: 60_000 },
  );
  return browser;
}

/** The host's camera sees a blank grey frame, no code. */
export async function blankCamera() {
  await writeFile(CAMERA, y4m(Buffer.alloc(FRAME * FRAME, 200)));
}

/** The phone's answer code drawn on a white square `size` pixels wide, inset by `inset` of
 *  it: as one grey byte per pixel (`luma`, for the fake camera) or as a PNG picture. */
async function answerImage(phone, size, inset, luma) {
  return phone.evaluate(async ({ size, inset, luma }) => {
    const svg = document.querySelector('#answer-qr svg').outerHTML;
    const img = new Image();
    await new Promise((r) => { img.onload = r; img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg); });
    const c = document.createElement('canvas');
    c.width = c.height = size;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.drawImage(img, size * inset, size * inset, size * (1 - 2 * inset), size * (1 - 2 * inset));
    if (!luma) return c.toDataURL('image/png');
    const d = ctx.getImageData(0, 0, size, size).data;
    return Array.from({ length: size * size }, (_, i) => Math.round(0.299 * d[4 * i] + 0.587 * d[4 * i + 1] + 0.114 * d[4 * i + 2]));
  }, { size, inset, luma });
}

/** The host's camera sees the phone's screen: its answer's QR code as the phone draws it,
 * rasterised in the phone's page, becomes the fake camera's video (Chromium reopens the
 * file each time a capture starts). */
async function showToCamera(phone) {
  await writeFile(CAMERA, y4m(await answerImage(phone, FRAME, 0.05, true)));
}

/** Opens `link` on `phone` (a fresh load even when only the fragment changed). */
async function openLink(phone, link) {
  await phone.goto('about:blank');
  await phone.goto(link);
  await until(phone, (s) => s.code, 'the phone\'s answer');
}

/** The phone's answer code as a PNG picture `size` pixels wide, as a photo of it would be. */
async function answerPicture(phone, size) {
  const url = await answerImage(phone, size, 0.1, false);
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

/** Pairs `phone` to `seat`: its link opened, its answer read by the host's camera or, with
 *  `picture`, from a picture file of that many pixels a side chosen on the host. */
export async function pair(host, phone, seat, { beforeScan, picture } = {}) {
  const t0 = Date.now();
  const hs = await until(host, (s) => s.links?.[seat]?.state === 'Waiting' && s.links[seat].link, `seat ${seat}'s code`);
  await openLink(phone, hs.links[seat].link);
  await phone.locator('#answer-qr svg').waitFor();
  if (picture) {
    const buffer = await answerPicture(phone, picture);
    await host.setInputFiles(`#file-${seat}`, { name: 'answer.png', mimeType: 'image/png', buffer });
    await until(host, (s) => s.links[seat]?.state === 'Connected', `seat ${seat} connected`);
    return Date.now() - t0;
  }
  await showToCamera(phone);
  if (beforeScan) await beforeScan();
  await host.click(`#scan-${seat}`);
  await until(host, (s) => s.links[seat]?.state === 'Connected', `seat ${seat} connected`);
  return Date.now() - t0;
}

/** Waits for the deal. A phone whose connection dropped on the way (seen a few times in
 *  ten under heavy machine load) scans its seat's new code again, as its player would; each
 *  such rescan is logged, so a drop is never silent. */
export async function untilDealt(host, phones) {
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

/**
 * A table set up in a fresh browser (`setUp`) for `play({ host, phones, errors, workers,
 * server, browser })`; on a failure every page's events and state are printed first, and
 * everything is closed after.
 */
export async function withTable(play) {
  const server = await startServer();
  const browser = await launch();
  let pages;
  try {
    pages = await setUp(browser, server);
    await play({ ...pages, server, browser });
  } catch (e) {
    if (pages) await dump(pages.host, pages.phones);
    throw e;
  } finally {
    await browser.close();
    await server.close();
    await rm(CAMERA, { force: true });
  }
}

async function setUp(browser, server) {
  const hostCtx = await browser.newContext({ viewport: TABLET, permissions: ['camera'], bypassCSP: true });
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
    const ctx = await browser.newContext({ viewport: PHONE, locale, isMobile: true, hasTouch: true, bypassCSP: true });
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

/** The Day after which a test's table ends a Season nobody has finished: `pick` is no
 *  player, and its Seasons can run for hundreds of Days (over 800 steps in 3.5% of random
 *  3-player Seasons and 14% of 2-player ones, by a native simulation of this picker). */
export const SEASON_DAYS = 40;

/**
 * Ends the Season on the tablet (its "End this Season" button, the table's agreement) once
 * it has run past `days` Days, at the start of a phone's Day (a computer's could begin while
 * the button is pressed). Returns whether it ended it.
 */
export async function endLongSeason(host, phones, days = SEASON_DAYS) {
  const g = (await state(host)).game;
  if (g.status !== 'Playing' || g.day <= days || g.steps !== 0 || !phones[g.toMove]) return false;
  await host.click('#end-season');
  await until(host, (s) => s.game.status !== 'Playing', 'the Season ended by the table');
  console.log(`# Season ${g.season} ended by the table on Day ${g.day}`);
  return true;
}

/** Whether a phone's set read several ways, opened, and its movers have been photographed. */
let foldedShot = false;
let moverShot = false;

/** Plays one step on the phone whose Day it is (or waits for the computer: a seat with no
 *  phone in `phones`). */
export async function step(host, phones, latencies) {
  const hs = await state(host);
  const g = hs.game;
  if (g.status !== 'Playing') return false;
  if (!phones[g.toMove]) {
    await until(host, (s) => s.game.toMove !== g.toMove || s.game.status !== 'Playing', 'the computer\'s Day', 20_000);
    return true;
  }
  const phone = phones[g.toMove];
  // The phone's choices once it has the host's latest view: read before it (the view of the
  // step before still on its way), they would name buttons the page is about to replace.
  const ps = await until(phone, (s) => s.myDay && s.choices.length > 0
    && s.season === g.season && s.day === g.day && s.steps === g.steps, `seat ${g.toMove}'s buttons`);
  const i = pick(ps.choices);
  assert.ok(i >= 0, JSON.stringify(ps.choices));
  if (!moverShot && ps.choices.some((a) => a.type === 'move')) {
    moverShot = true;
    await shot(phone, 'table-phone-movers');
  }
  // The button on the phone's page; lacking it is a failure, with what the page showed and
  // where the host stood.
  if (!(await phone.locator(`#act-${i}`).waitFor({ state: 'attached', timeout: 10_000 }).then(() => true, () => false))) {
    const now = await state(host);
    const shown = await phone.evaluate(() => [...document.querySelectorAll('#choices button')].map((b) => b.id).join(' '));
    throw new Error(`phone ${g.toMove} lacks #act-${i} of ${JSON.stringify(ps.choices)}; its page shows [${shown}]; `
      + `its state now ${JSON.stringify((await state(phone)).choices)}; the host went from log ${g.log} to ${now.game.log}`);
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
  const heardBefore = await host.evaluate(() => (window.__table.received || []).length);
  await phone.click(`#act-${i}`);
  const after = await until(host, (s) => s.game.log > g.log || s.game.status !== 'Playing', 'the board to take the step')
    .catch(async (e) => {
      // What the phone did with the tap, for the failure's report.
      const seen = await phone.evaluate(() => ({
        tapAt: window.__table.tapAt, buttons: [...document.querySelectorAll('#choices button')].map((b) => b.id).join(' '),
        sent: (window.__table.sent || []).slice(-4),
      }));
      // What reached the host's page (sizes) and what its screen did after the tap.
      const heard = await host.evaluate(({ at, before }) => ({
        receivedBefore: before, received: (window.__table.received || []).length, last: (window.__table.received || []).slice(-4),
        events: (window.__table.events || []).filter((line) => Number(line.split(' ')[0]) >= at - 50),
      }), { at: seen.tapAt ?? 0, before: heardBefore });
      throw new Error(`${e.message}; phone ${g.toMove} tapped #act-${i} of ${JSON.stringify(ps.choices)}, its page: ${JSON.stringify(seen)}; `
        + `the host's page: ${JSON.stringify(heard)}`);
    });
  // Tap to board on one clock: both hooks stamp the wall clock (`Date.now()`, web/table/stats.rs),
  // which the two pages share on one machine; each page's `performance.now()` counts from its
  // own time origin, and a difference of the two would mean nothing.
  // The host's state shows the step as soon as its model took it, and the board is redrawn at
  // the next frame: the latency is read once the host's last redraw is the tap's, not the
  // one before it.
  const tap = await phone.evaluate(() => window.__table.tapAt);
  let board = await host.evaluate(() => window.__table.boardAt);
  for (let waited = 0; !(board >= tap) && waited < 5000; waited += 20) {
    await new Promise((r) => setTimeout(r, 20));
    board = await host.evaluate(() => window.__table.boardAt);
  }
  assert.ok(Number.isFinite(tap) && board >= tap, `no redraw of the board after the tap (${tap}; last ${board})`);
  latencies.push(board - tap);
  return after.game.status === 'Playing';
}

/**
 * A phone's buttons (table::choices): one per choice the engine offers, each named by a label
 * of its own; the pieces that may be discarded drawn as tiles under the Hiring's heading.
 */
export async function checkChoiceButtons(phone, heading) {
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
export async function checkInbox(phone, seat) {
  const inbox = await phone.evaluate(() => window.__table.inbox || []);
  let views = 0;
  for (const text of inbox) {
    const m = JSON.parse(text);
    if (m.t === 'record') continue;
    assert.ok(!/secret|seed|pool/.test(text), `seat ${seat} received ${text.slice(0, 200)}`);
    if (m.t === 'view') {
      views++;
      // The view's text form (TABLE-PROTOCOL.md), read by a reader of its own that takes
      // every token and no more (seat-view-text.mjs): nothing rides along.
      assert.equal(typeof m.view, 'string', 'a view travels as its text form');
      const v = readSeatView(m.view);
      assert.equal(v.seat, seat, 'a phone receives its own seat\'s view only');
      for (const h of v.hands) {
        assert.deepEqual(Object.keys(h).sort(), ['concealed', 'departments'], 'another hand: its Departments and a count');
        assert.equal(typeof h.concealed, 'number');
      }
    }
  }
  return { messages: inbox.length, views, bytes: inbox.reduce((n, t) => n + t.length, 0) };
}

/** The shared screen never shows a concealed piece: tiles only in Departments and the luminous piece (the board is its canvas, painted from the public view). */
export async function checkBoardHidesHands(host) {
  const stray = await host.evaluate(() =>
    [...document.querySelectorAll('#app canvas.tile')].filter((c) => !c.closest('.dep') && !c.closest('.note')).length);
  assert.equal(stray, 0);
}
