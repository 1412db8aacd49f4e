// Computer players in the browser: they think in a Web Worker while the page stays
// responsive, their Days are shown step by step at the chosen speed, concealed hands stay
// hidden, and there is no hand-over screen unless two persons share the device.
//
// Every action is a real click or key press (game.mjs); `window.lauzait.state()` is only
// read. The seeds (`?seed=` for the game, `?botseed=` for the computer players) make each
// game the same on every run. Figures go to artifacts/measured-bots.json: the Strong
// player's decision time is reported (speed is measured, never asserted), the page's
// answer to input while a computer player thinks is asserted (< 100 ms). What the page
// posts to the worker is read too: a seat's view only, never the game (R40).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openApp, screenshot, ARTIFACTS_DIR, copySite, loadApp } from './helpers.mjs';
import * as G from './game.mjs';
import { readSeatView } from './seat-view-text.mjs';

const KEY = 'lauzait-cep/save/v1';

const isPersonsTurn = (s) =>
  s.screen === 'table' && s.status === 'playing' && !s.players[s.toMove].bot && s.handRevealed && !s.animating && !!s.phase;

/** One step of the person's Day through the UI (the tests' policy), waiting for its effect. */
async function personStep(page, s, policy) {
  const c = G.choose(s, policy);
  await G.perform(page, s, c);
  if (c.kind === 'capture') {
    await G.waitState(page, `!s.animating && (s.day !== ${s.day} || s.status !== 'playing' || s.screen !== 'table')`, 15_000);
  } else if (c.kind === 'declare' || c.kind === 'stalemate') {
    await G.waitState(page, `s.screen === 'scoring'`);
  } else {
    await G.waitState(page, `s.screen !== 'table' || s.steps !== ${s.steps} || s.phase !== '${s.phase}'`);
  }
  return c;
}

const median = (xs) => { const a = [...xs].sort((x, y) => x - y); return a.length ? a[Math.floor(a.length / 2)] : NaN; };

/** Time from a `page.evaluate` call to the next animation frame in the page. */
const frameRoundTrip = (page) =>
  page.evaluate(() => new Promise((resolve) => { const t0 = performance.now(); requestAnimationFrame(() => resolve(performance.now() - t0)); }));

/**
 * Records every message the page posts to a worker: the page holds the whole game, the
 * worker must get only the seat's view.
 */
const capturePosts = (page) =>
  page.addInitScript(() => {
    window.__posted = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      const transfer = Array.isArray(rest[0]) ? rest[0] : [];
      window.__posted.push({ message, ports: transfer.filter((t) => t instanceof MessagePort).length, transfers: transfer.length });
      return post.call(this, message, ...rest);
    };
  });

/**
 * The first Season's deal of the game `checkPosted` looks at (red and black, luminous,
 * seed 11), and the generator state right after it, as the engine deals it (`Game::new`).
 * The save holds the game as its record only, so the hidden pieces are written here.
 */
const DEAL_SEED_11 = {
  board: ['W1', 'G6', 'G2', 'G3', 'W9', 'G1', 'W1', 'W7', 'G4', 'G8', 'W4', 'W8', null, 'W7', 'G4', 'W1', 'W2', 'G5', 'G3', 'G8', 'W7', 'G3', 'W1', 'G6', 'W6'],
  hands: [['G2', 'G4', 'G7', 'W3', 'W5', 'W5', 'W5', 'W6', 'W8'], ['G1', 'G1', 'G2', 'G6', 'W2', 'W3', 'W4', 'W4', 'J']],
  luminous: 'W2',
  pool: ['G1', 'G2', 'G3', 'G5', 'G5', 'G7', 'G7', 'G9', 'G9', 'W2', 'W3', 'W3', 'W6', 'W9', 'J'],
  rng: '99872934198786518330463731189129674565',
};

/**
 * Checks what the page posted to the computer players' worker (R40): a seat's view (in its
 * text form) with the other hands as counts, no game, pool, seed or generator state, and, at the start of the
 * first Season (nothing seen yet but the board, the seat's own hand and the luminous piece;
 * `deal`), not one piece code of a kind whose every copy is hidden in another hand or the
 * pool.
 */
function checkPosted(posted, deal) {
  const counts = { requests: 0, seasonStarts: 0, hiddenKinds: 0, links: 0 };
  for (const { message, ports, transfers } of posted) {
    // The only other message: one end of the channel between the bot worker and its
    // helper (web/bots.rs), to each of them, carrying nothing but the port.
    if (message === null) {
      assert.deepEqual({ ports, transfers }, { ports: 1, transfers: 1 }, 'a port and nothing else');
      counts.links += 1;
      continue;
    }
    assert.equal(transfers, 0, 'a request transfers nothing');
    // The request's lines (crates/autoplay/src/wire.rs): its mark, then a key and a value each.
    const [mark, ...lines] = message.split('\n');
    assert.equal(mark, 'bot1');
    const keys = lines.map((l) => l.split(' ')[0]);
    assert.deepEqual(keys, ['id', 'level', 'seed', 'playouts', 'view'], 'nothing but these');
    counts.requests += 1;
    // The view goes as its text form, read here by a reader of its own (seat-view-text.mjs).
    const v = readSeatView(lines[4].slice('view '.length));
    for (const h of v.hands) assert.ok(Number.isInteger(h.concealed), 'another hand is posted as a count only');
    assert.equal(v.concealed.length, v.hands[v.seat].concealed);
    assert.ok(!message.includes(deal.rng), 'the game\'s generator state is posted');
    const seasonStart = v.day === 1 && v.steps.length === 0 && v.seen_days.length === 0;
    if (!seasonStart || v.season !== 1) continue;
    counts.seasonStarts += 1;
    assert.deepEqual(v.board, deal.board, 'the deal is the one written here');
    const own = deal.hands[v.seat];
    assert.deepEqual([...v.concealed].sort(), [...own].sort(), 'the seat\'s own hand');
    const seen = new Set([...deal.board.filter(Boolean), ...own, deal.luminous]);
    const hidden = new Set([...deal.pool, ...deal.hands.flatMap((h, p) => (p === v.seat ? [] : h))]);
    for (const x of [...hidden].filter((x) => !seen.has(x))) {
      assert.ok(!v.tokens.includes(x), `${x} is hidden from seat ${v.seat} but posted to the worker`);
      counts.hiddenKinds += 1;
    }
  }
  return counts;
}

async function setSpeed(page, speed) {
  await G.clickButton(page, 'btn-menu');
  await G.waitState(page, `s.screen === 'menu'`);
  await G.clickButton(page, `btn-speed-${speed}`);
  await G.waitState(page, `s.speed === '${speed}'`);
  await G.clickButton(page, 'btn-close');
  await G.waitState(page, `s.screen !== 'menu'`);
}

test('one person against three Strong computer players, to the final results', async () => {
  const app = await openApp({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=3&botseed=5`);

    // The new-game screen: who plays each seat, by click.
    await G.waitState(page, `s.screen === 'new-game'`);
    await G.clickButton(page, 'btn-players-4');
    for (const seat of ['blue', 'black', 'yellow']) await G.clickButton(page, `ng-kind-${seat}-strong`);
    const pressed = await page.evaluate(() => ['red', 'blue', 'black', 'yellow'].map((c) =>
      [...document.querySelectorAll(`[id^=ng-kind-${c}-]`)].filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.id)));
    assert.deepEqual(pressed, [['ng-kind-red-person'], ['ng-kind-blue-strong'], ['ng-kind-black-strong'], ['ng-kind-yellow-strong']]);
    await screenshot(page, 'en-bots-new-game');
    await G.clickButton(page, 'btn-start');
    let s = await G.waitState(page, `s.status === 'playing'`);
    assert.deepEqual(s.players.map((p) => [p.bot, p.level]), [[false, null], [true, 'strong'], [true, 'strong'], [true, 'strong']]);
    assert.equal(s.speed, 'normal');
    const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
    assert.equal(saved.version, 3, 'format 3: the game as its record');
    assert.deepEqual(saved.bots, [null, 'strong', 'strong', 'strong']);
    assert.equal(typeof saved.bot_seed, 'number');

    const policy = { preferMountain: false, waterLeft: 2 };
    const latencies = []; // key presses handled while a computer player thinks (ms)
    const frames = []; // evaluate → next animation frame while it thinks (ms)
    let menuLatency = null;
    let menuTries = 0;
    const shots = new Set();
    let phase = 'normal'; // normal → fast → instant
    let botDays = 0;
    let personDays = 0;
    let lastDay = s.day;
    let lastMover = s.toMove;

    for (let guard = 0; guard < 20_000; guard++) {
      s = await G.state(page);
      if (s.screen === 'scoring' || s.screen === 'season' || s.screen === 'final') break;
      // Never a hand-over with one person, and the person's own hand stays on screen.
      assert.notEqual(s.screen, 'hand-over', 'no hand-over screen with a single person');
      if (s.status === 'playing' && s.screen === 'table') {
        assert.equal(s.handOwner, 0, 'the person keeps seeing their own hand');
        assert.equal(s.handRevealed, true);
        assert.equal(s.hand.length, s.players[0].concealed, 'the hand shown is the person\'s');
      }
      if (s.day !== lastDay) {
        if (s.players[lastMover].bot) botDays += 1; else personDays += 1;
        lastDay = s.day;
        lastMover = s.toMove;
      }

      if (phase === 'normal') {
        if (s.thinking && !shots.has('thinking')) {
          shots.add('thinking');
          assert.match(s.prompt, /\(computer, Strong\) is thinking…/);
          assert.equal(s.thinkingSeat, s.toMove);
          await screenshot(page, 'en-bot-thinking');
          continue;
        }
        if (s.thinking && latencies.length < 6) {
          // A real key press while the worker thinks: the page's own timestamps say how
          // long it waited (event creation → end of its handler).
          await page.keyboard.press('ArrowLeft');
          const i = (await G.state(page)).input;
          if (i && i.kind === 'key:ArrowLeft' && i.thinking) latencies.push(i.latencyMs);
          const f = await frameRoundTrip(page);
          if ((await G.state(page)).thinking) frames.push(f);
          continue;
        }
        if (s.phase === 'moving' && s.players[s.toMove].bot && !shots.has('move')) {
          shots.add('move');
          assert.deepEqual(s.legal.destinations, [], 'nothing is offered to the person during a computer player\'s Day');
          await screenshot(page, 'en-bot-move');
          continue;
        }
        if (s.thinking && latencies.length >= 6 && shots.has('move')) {
          // A click on the Menu button while it thinks opens the menu at once; the
          // computer player's Day waits for the menu to close. Faster from here.
          await G.clickButton(page, 'btn-menu');
          const m = await G.waitState(page, `s.screen === 'menu'`);
          assert.equal(m.input.kind, 'click:menu');
          if (!m.input.thinking && menuTries++ < 5) {
            // The computer player's Day ended between the look and the click (a loaded
            // machine answers the click later): nothing to learn from it, so the menu is
            // closed and the next Day it thinks is tried.
            await G.clickButton(page, 'btn-close');
            continue;
          }
          menuLatency = m.input.latencyMs;
          assert.ok(m.input.thinking, 'the menu click was handled while the computer player was thinking');
          await G.clickButton(page, 'btn-speed-fast');
          await G.waitState(page, `s.speed === 'fast'`);
          await G.clickButton(page, 'btn-close');
          phase = 'fast';
          continue;
        }
      } else if (phase === 'fast') {
        if (s.animating && s.lastHire && s.players[s.lastHire.player].bot) {
          await page.waitForTimeout(450); // the sticks have landed; the outcome is spelt out
          await screenshot(page, 'en-bot-water-throw');
          shots.add('water');
          await G.waitState(page, `!s.animating`);
        }
        if (shots.has('water') || botDays >= 9) {
          await setSpeed(page, 'instant');
          phase = 'instant';
          continue;
        }
      }

      if (isPersonsTurn(s)) {
        await personStep(page, s, policy);
      } else {
        await page.waitForTimeout(20);
      }
    }

    // Season 1 ended by a declaration or a Stalemate, played by the person and the bots.
    s = await G.waitState(page, `s.screen === 'scoring'`);
    assert.equal(s.results.length, 1);
    assert.ok(['declared', 'stalemate'].includes(s.results[0].end.kind), `Season 1 ended by ${s.results[0].end.kind}`);
    assert.ok(botDays >= 3 && personDays >= 1, `bots played ${botDays} Days, the person ${personDays}`);
    assert.equal(s.speed, 'instant');
    await screenshot(page, 'en-bots-scoring');

    // Every later Season played out the same way, to the final results (four Seasons with
    // four players, R20): the computer players declare, the person plays the tests' policy.
    for (let guard = 0; guard < 50_000; guard++) {
      s = await G.state(page);
      if (s.screen === 'final') break;
      assert.notEqual(s.screen, 'hand-over', 'no hand-over screen with a single person');
      assert.ok(!s.botError, s.botError);
      if (s.screen === 'scoring') {
        await G.clickButton(page, 'btn-continue');
        await G.waitState(page, `s.screen !== 'scoring'`);
      } else if (s.screen === 'season') {
        // After the last Season's scoring the final results come at once.
        await G.clickButton(page, 'btn-next-season');
        await G.waitState(page, `s.screen !== 'season'`);
      } else if (isPersonsTurn(s)) {
        await personStep(page, s, policy);
      } else {
        await page.waitForTimeout(20);
      }
    }
    s = await G.waitState(page, `s.screen === 'final'`);
    assert.equal(s.status, 'game-over');
    assert.equal(s.results.length, 4, 'all four Seasons were played');
    for (const r of s.results) {
      assert.ok(['declared', 'stalemate'].includes(r.end.kind), `Season ${r.season} ended by ${r.end.kind}, not by agreement`);
    }
    await screenshot(page, 'en-bots-final');

    const strong = s.botStats.strong;
    const measured = {
      test: 'bots.test.mjs: one person against three Strong computer players',
      strongPlayouts: 'BOT_PLAYOUTS (crates/ui/src/bot_state.rs)',
      strongDecisions: strong.count,
      strongMeanMs: +strong.meanMs.toFixed(1),
      strongMaxMs: +strong.maxMs.toFixed(1),
      strongRecentMs: strong.recentMs.map((x) => +x.toFixed(0)),
      keyLatencyWhileThinkingMs: latencies.map((x) => +x.toFixed(1)),
      keyLatencyMedianMs: +median(latencies).toFixed(1),
      keyLatencyMaxMs: +Math.max(...latencies).toFixed(1),
      frameRoundTripWhileThinkingMs: frames.map((x) => +x.toFixed(1)),
      menuClickLatencyMs: +menuLatency.toFixed(1),
      seasons: s.results.map((r) => ({ season: r.season, days: r.days, end: r.end.kind })),
    };
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await writeFile(path.join(ARTIFACTS_DIR, 'measured-bots.json'), JSON.stringify(measured, null, 2) + '\n');
    console.log(`MEASURED Strong decision in the worker = mean ${measured.strongMeanMs} ms, max ${measured.strongMaxMs} ms over ${strong.count} Days (budget 1000 ms): ${measured.strongRecentMs.join(', ')}`);
    console.log(`MEASURED one person against three Strong: ${measured.seasons.map((r) => `Season ${r.season}: ${r.days} Days, ${r.end}`).join('; ')}`);
    console.log(`MEASURED input while a bot thinks: key press handled in ${measured.keyLatencyMedianMs} ms median, ${measured.keyLatencyMaxMs} ms max (${latencies.length} presses); Menu click ${measured.menuClickLatencyMs} ms; evaluate→frame ${frames.map((x) => x.toFixed(0)).join(', ')} ms`);

    assert.ok(latencies.length >= 5, `${latencies.length} key presses were measured while a computer player thought`);
    assert.ok(Math.max(...latencies) < 100, `every key press was handled within 100 ms (${latencies.join(', ')})`);
    assert.ok(menuLatency < 100, `the Menu click was handled within 100 ms (${menuLatency})`);
    assert.ok(strong.count >= 3);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('computer players alone (Easy against Normal) play a whole game by themselves', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, errors } = app;
    await capturePosts(page);
    await loadApp(page, `${app.server.url}?seed=11&botseed=2`);
    let s = await G.startGame(page, { seats: ['red', 'black'], kinds: { red: 'easy', black: 'normal' } });
    assert.deepEqual(s.players.map((p) => p.level), ['easy', 'normal']);
    assert.equal(s.screen, 'table', 'no hand-over without persons');
    await setSpeed(page, 'instant');
    const t0 = Date.now();
    const seen = new Set();
    for (;;) {
      s = await G.state(page);
      seen.add(s.screen);
      if (s.status === 'playing' && s.screen === 'table') {
        assert.equal(s.handRevealed, false, 'a computer player\'s concealed hand is never shown');
        assert.equal(s.hand, undefined);
      }
      if (s.screen === 'final') break;
      assert.ok(!s.botError, s.botError);
      assert.ok(Date.now() - t0 < 120_000, 'the game ended within two minutes');
      await page.waitForTimeout(25);
    }
    assert.equal(s.status, 'game-over');
    assert.equal(s.results.length, 2, 'both Seasons were played');
    assert.ok(!seen.has('hand-over'));
    assert.ok(s.botStats.easy.count > 0 && s.botStats.normal.count > 0);
    const posted = checkPosted(await page.evaluate(() => window.__posted), DEAL_SEED_11);
    console.log(`MEASURED posted to the worker: ${JSON.stringify(posted)}`);
    assert.ok(posted.requests >= s.botStats.easy.count, 'every request was read');
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    assert.equal(posted.links, cores >= 2 ? 2 : 0, 'the bot worker and its helper linked, on more than one core');
    assert.ok(posted.seasonStarts >= 1 && posted.hiddenKinds >= 1, 'hidden kinds were looked for');
    await screenshot(page, 'en-bots-alone-final');
    console.log(`MEASURED Easy vs Normal alone: ${s.results.map((r) => `Season ${r.season}: ${r.days} Days, ${r.end.kind}`).join('; ')}; ${((Date.now() - t0) / 1000).toFixed(1)} s at instant speed`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('two persons and a computer player: hand-over only between persons; a reload re-plans the same Day', async () => {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, errors } = app;
    // Seed 7: Blue (the computer player) starts.
    await loadApp(page, `${app.server.url}?seed=7&botseed=9`);
    const setup = { seats: ['red', 'blue', 'black'], names: ['Ann', '', 'Cy'], kinds: { blue: 'strong' } };
    let s = await G.startGame(page, setup);
    assert.equal(s.toMove, 1, 'the computer player starts (seed 7)');
    assert.equal(s.screen, 'table', 'no hand-over before a computer player\'s Day');
    assert.equal(s.handRevealed, false);
    // Its first Day as played without interruption (normal speed).
    s = await G.waitState(page, `s.day === 2`, 20_000);
    // The saved record's tokens after `LZR2 <seats> lum=… :` (the deal, actions and throws).
    const log = async () => JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY)).record.split(/\s+/).slice(4);
    const uninterrupted = await log();
    assert.equal(s.screen, 'hand-over', 'a person\'s Day after the computer\'s starts with the hand-over');
    assert.match(await page.evaluate(() => document.getElementById('overlay').innerText), /Blue discarded/);

    // Two persons take turns: a hand-over before each; the computer's Day has none.
    for (let day = 0; day < 3; day++) {
      s = await G.state(page);
      if (s.players[s.toMove].bot) {
        assert.equal(s.screen, 'table');
        s = await G.waitState(page, `s.day !== ${s.day}`, 20_000);
        continue;
      }
      assert.equal(s.screen, 'hand-over', `Day ${s.day}: a hand-over before ${s.players[s.toMove].name}'s Day`);
      assert.equal(s.hand, undefined);
      await G.clickButton(page, 'btn-ready');
      s = await G.waitState(page, `s.screen === 'table' && s.handRevealed`);
      const before = s.day;
      while (isPersonsTurn(s) && s.day === before) {
        await personStep(page, s, { preferMountain: false, waterLeft: 0 });
        s = await G.state(page);
      }
    }

    // A new game with the same seeds, reloaded in the middle of the computer player's
    // first Day: after the reload it finishes that Day exactly as before.
    s = await G.state(page);
    if (s.screen === 'hand-over') await G.clickButton(page, 'btn-ready');
    await G.waitState(page, `s.screen === 'table' && !s.animating`);
    await G.clickButton(page, 'btn-menu');
    await G.clickButton(page, 'btn-new-game');
    await G.clickButton(page, 'btn-confirm');
    s = await G.startGame(page, setup);
    s = await G.waitState(page, `s.toMove === 1 && s.steps >= 1`, 20_000);
    await loadApp(page);
    s = await G.state(page);
    assert.equal(s.screen, 'table', 'the computer player\'s Day resumes without a hand-over');
    assert.ok(s.steps >= 1, 'the reload came in the middle of the Day');
    s = await G.waitState(page, `s.day === 2`, 20_000);
    assert.deepEqual(await log(), uninterrupted, 'the same Day, step for step, after the reload');

    // A save whose computer players do not match its players is refused as damaged.
    const bad = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
    assert.deepEqual(bad.bots, [null, 'strong', null]);
    bad.bots = ['strong'];
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, JSON.stringify(bad)]);
    await loadApp(page);
    s = await G.state(page);
    assert.equal(s.screen, 'load-error');
    assert.match(s.loadError, /damaged: the computer players do not match the players/);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('a worker that cannot load the game\'s code says so, and Retry starts it again', async () => {
  // The worker runs the page's module (src/web/bot-worker.js), whose files it reads from the
  // build's list of them (lauzait-bot-worker.json). A copy of the site whose list names a
  // second part that is not there: the page loads, the worker's own fetch fails. (No
  // offline cache: it would keep the broken list.)
  const copy = await copySite();
  const script = path.join(copy.buildDir, 'lauzait-bot-worker.json');
  const built = await readFile(script, 'utf8');
  const broken = built.replace('_rest.wasm"', '_gone.wasm"');
  assert.notEqual(broken, built, "the worker's list names the second part");
  await writeFile(script, broken);
  const app = await openApp({ viewport: { width: 1024, height: 768 }, site: copy.site, serviceWorkers: 'block' });
  try {
    const { page } = app;
    await loadApp(page, `${app.server.url}?seed=11&botseed=2`);
    await G.startGame(page, { seats: ['red', 'black'], kinds: { red: 'easy', black: 'normal' } });
    await setSpeed(page, 'instant');
    let s = await G.waitState(page, `!!s.botError`, 30_000);
    assert.match(s.botError, /_gone\.wasm: HTTP 404/, 'the error names what could not be loaded');
    assert.match(await page.locator('#status').innerText(), /^Red: the computer player could not think \(Uncaught Error: .+_gone\.wasm: HTTP 404\)\. Retry, or reload the page\.$/);
    await page.locator('#btn-bot-retry').waitFor();
    await screenshot(page, 'en-bots-worker-failed');
    // The list as built again: Retry starts a new worker, and the computer players play.
    await writeFile(script, built);
    await page.click('#btn-bot-retry');
    s = await G.waitState(page, `!s.botError && s.botStats.easy.count + s.botStats.normal.count >= 2`, 30_000);
    assert.equal(s.screen, 'table');
  } finally {
    await app.close();
    await copy.remove();
  }
});

// Four Strong players (the most each decision weighs: three hidden hands to sample, a round
// of four Days in each playout) and two (two rounds in each playout, over more candidates:
// strong::Settings::for_players). A two-player game is shorter than 40 Days of Strong
// players, so games of the next seeds are played until there are 40.
async function strongDecisions(seats, seed) {
  const app = await openApp({ viewport: { width: 1024, height: 768 } });
  try {
    const { page, errors } = app;
    await loadApp(page, `${app.server.url}?seed=${seed}&botseed=4`);
    await G.startGame(page, { seats, kinds: Object.fromEntries(seats.map((seat) => [seat, 'strong'])) });
    await setSpeed(page, 'instant');
    const s = await G.waitState(page, `s.botStats.strong.count >= 40 || s.screen === 'final'`, 120_000);
    assert.deepEqual(errors, []);
    // The worker shares the Strong player's search with a helper (autoplay::helping) when
    // the device has more than one core: both are there.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const workers = page.workers().filter((w) => w.url().includes('lauzait-bot-worker')).length;
    assert.equal(workers, cores >= 2 ? 2 : 1, `bot workers on ${cores} cores`);
    // `recentMs` keeps the last 40 decisions: all of them here.
    return s.botStats.strong;
  } finally {
    await app.close();
  }
}

for (const [players, seats, key] of [
  ['four', ['red', 'blue', 'black', 'yellow'], 'strong40Days'],
  ['two', ['red', 'black'], 'strong40Days2p'],
]) {
  test(`measured: the Strong player's decision time over 40 Days of ${players} Strong computer players`, async () => {
    const games = [];
    for (let seed = 21; games.reduce((n, st) => n + st.count, 0) < 40 && seed < 31; seed++) {
      games.push(await strongDecisions(seats, seed));
    }
    const count = games.reduce((n, st) => n + st.count, 0);
    const times = games.flatMap((st) => st.recentMs).sort((a, b) => a - b);
    const figures = {
      decisions: count,
      games: games.length,
      meanMs: +(games.reduce((t, st) => t + st.meanMs * st.count, 0) / count).toFixed(1),
      medianMs: +median(times).toFixed(1),
      p90Ms: +times[Math.floor(times.length * 0.9)].toFixed(1),
      maxMs: +Math.max(...games.map((st) => st.maxMs)).toFixed(1),
    };
    const file = path.join(ARTIFACTS_DIR, 'measured-bots.json');
    const measured = JSON.parse(await readFile(file, 'utf8').catch(() => '{}'));
    measured[key] = figures;
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(measured, null, 2) + '\n');
    console.log(`MEASURED Strong decision over ${figures.decisions} Days of ${players} Strong players (${figures.games} game(s), seed 21 on): mean ${figures.meanMs} ms, median ${figures.medianMs} ms, 90th percentile ${figures.p90Ms} ms, max ${figures.maxMs} ms (budget 1000 ms)`);
    assert.ok(count >= 40);
    assert.equal(times.length, count, 'every decision timed');
  });
}
