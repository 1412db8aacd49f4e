// Table mode (TABLE-PROTOCOL.md): a host (the tablet) and three guests (phones) pair by QR
// code (table.mjs), then play a whole Season with one Strong computer player, Season 2 after its
// own deal round (a few Days, then ended by agreement and checked), every message each
// phone received read and checked for other seats' concealed pieces. The faults are in
// table-faults.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withTable, state, until, shot, pair, untilDealt, step, endLongSeason, checkChoiceButtons, checkInbox, checkBoardHidesHands } from './table.mjs';

test('a host and three phones pair by QR code and play a whole Season; no phone ever receives another seat\'s concealed pieces', async () => {
  await withTable(async ({ host, phones, errors, workers }) => {
    await shot(host, 'table-host-setup');
    // The computer seat plays Strong, whose search the worker shares with its helper.
    await host.click('#level-3-strong');
    await host.click('#create');
    const codes = await until(host, (s) => [0, 1, 2].every((i) => s.links?.[i]?.state === 'Waiting'), 'three codes');
    const linkChars = codes.links.filter(Boolean).map((l) => l.link.length);
    await shot(host, 'table-host-pairing');
    const pairing = [];
    for (let seat = 0; seat < 3; seat++) {
      const beforeScan = seat === 1 ? () => shot(phones[1], 'table-phone-answer-ja') : undefined;
      // Seat 2's answer is read from a picture file larger than the host reads pictures at
      // (3000 px a side, scaled to 2048: web/table/camera.rs), as a photo of the phone would be.
      pairing.push(await pair(host, phones[seat], seat, { beforeScan, picture: seat === 2 ? 3000 : undefined }));
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
      if ((await endLongSeason(host, phones)) || !(await step(host, phones, latencies))) break;
    }
    const end = await state(host);
    assert.equal(end.game.status, 'SeasonOver', 'the Season was played to its end');
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
      // Until the computer seat has had a Day: a Season 1 declared before its first Day
      // (the deal is the devices' own randomness) leaves its worker unstarted until now.
      const computerPlayed = workers.some((u) => u.includes('lauzait-bot-worker'));
      if (s.game.status !== 'Playing' || (computerPlayed && s.game.day >= 3 && s.game.steps === 0 && s.game.toMove !== 3)) break;
      if (!(await step(host, phones, latencies))) break;
    }
    await shot(host, 'table-host-season-2');
    assert.ok(workers.some((u) => /\/build-[0-9a-f]{16}\/lauzait-bot-worker/.test(u)),
      `the computer player thought in this build's bot worker, off the tablet's thread: ${workers}`);
    // On more than one core the worker shares the Strong player's search with its helper,
    // the same worker started beside it (web/bots.rs, BotWorker), as on the game's page.
    const cores = await host.evaluate(() => navigator.hardwareConcurrency);
    const botWorkers = workers.filter((u) => u.includes('lauzait-bot-worker')).length;
    assert.equal(botWorkers, cores >= 2 ? 2 : 1, `the bot worker and, on ${cores} cores, its helper: ${workers}`);
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
  });
});
