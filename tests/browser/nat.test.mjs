// The NAT harness (nat.mjs, docs/nat-tests.md) proven with plain WebRTC pages
// (nat-site/index.html): two homes, each behind its own masquerading router, connect through
// coturn on the public network, by TURN and by STUN, and find no path without a server.
// The offer and the answer travel through this process whole, as a link would.
//
// Skipped, with the reason printed, on a machine that cannot build namespaces (not root, no
// nftables or coturn: scripts/setup.sh installs both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawnSync } from 'node:child_process';
import { withNat, natUnavailable, NET_SCRIPT } from './nat.mjs';

const SITE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nat-site');
/** How long a connection may take to open through the NAT: a pair opens in well under a
 *  second here, a TURN relay included. */
const OPEN_MS = 15_000;
/** How long "no path" is given to show: Chromium says the ICE connection is 'disconnected'
 *  once every pair's checks went unanswered for about 15 s (and 'failed' only after more
 *  than 45 s); a pair that has not opened within this time counts as no path too. */
const NO_PATH_MS = 20_000;

const why = await natUnavailable();
if (why) console.log(`nat.test.mjs skipped: ${why}`);

/**
 * Connects the first two homes' pages with `config` (an RTCConfiguration): the offer made in
 * home 1, the answer in home 2, each carried by the test. Returns what happened: the outcome
 * ('open', 'failed' or 'timeout'), the pair ICE chose, and the times (ms): from the offer's
 * start to both ends open (`total`, the test's clock) and from the answer reaching home 1 to
 * its channel opening (`ice`, home 1's clock).
 */
async function connect([a, b], config, waitMs) {
  for (const page of [a, b]) await page.reload();
  const t0 = Date.now();
  const offer = await a.evaluate((c) => window.natPeer.offer(c), config);
  const answer = await b.evaluate(([c, sdp]) => window.natPeer.answer(c, sdp), [config, offer]);
  await a.evaluate((sdp) => window.natPeer.accept(sdp), answer);
  const outcomes = await Promise.all([a, b].map((p) => p.evaluate((ms) => window.natPeer.outcome(ms), waitMs)));
  const total = Date.now() - t0;
  const ice = await a.evaluate(() => (window.natPeer.openAt === null ? null : Math.round(window.natPeer.openAt - window.natPeer.answeredAt)));
  const outcome = outcomes[0] === outcomes[1] ? outcomes[0] : `${outcomes[0]}/${outcomes[1]}`;
  const result = { outcome, total, ice, offer, answer };
  if (outcome === 'open') {
    result.pair = await a.evaluate(() => window.natPeer.selectedPair());
    // A message each way.
    await a.evaluate(() => window.natPeer.send('from home 1'));
    await b.evaluate(() => window.natPeer.send('from home 2'));
    await Promise.all([[a, 'from home 2'], [b, 'from home 1']].map(([p, text]) =>
      p.waitForFunction((t) => window.natPeer.received.includes(t), text, { timeout: 5_000 })));
  } else {
    result.events = await Promise.all([a, b].map((p) => p.evaluate(() => window.natPeer.events)));
  }
  return result;
}

/** The namespaces whose names begin with `prefix`. */
const ours = (prefix) => execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })
  .split('\n').map((l) => l.split(' ')[0]).filter((n) => n.startsWith(prefix));

/** The candidate types an SDP offers (host, srflx, relay). */
const candidateTypes = (sdp) => [...new Set([...sdp.matchAll(/ typ (\w+)/g)].map((m) => m[1]))].sort();

const log = (name, r) => console.log(`MEASURED nat ${name}: ${r.outcome}`
  + `${r.pair ? ` via ${r.pair.local.type} ${r.pair.local.address} -> ${r.pair.remote.type} ${r.pair.remote.address}` : ''}`
  + `, ${r.total} ms from the offer to ${r.outcome === 'open' ? 'both ends open' : 'the outcome'}${r.ice === null ? '' : `, ${r.ice} ms of it ICE`}`
  + `; offer's candidates: ${candidateTypes(r.offer).join(' ')}`);

test('two homes behind NATs connect through coturn', { skip: why ?? false, timeout: 90_000 }, async (t) => {
  await withNat({ homes: 2, turn: true, site: SITE }, async ({ pages, ice, homes }) => {
    await t.test('TURN: a data channel opens and carries a message each way', async () => {
      const r = await connect(pages, { iceServers: [ice.turn] }, OPEN_MS);
      log('turn', r);
      assert.equal(r.outcome, 'open', JSON.stringify(r.events));
      assert.ok(['relay', 'srflx'].includes(r.pair.local.type), `the pair: ${JSON.stringify(r.pair)}`);
      assert.deepEqual(candidateTypes(r.offer), ['host', 'relay', 'srflx']);
    });
    await t.test('TURN relay only: the relay alone connects the homes', async () => {
      const r = await connect(pages, { iceServers: [ice.turn], iceTransportPolicy: 'relay' }, OPEN_MS);
      log('turn-relay', r);
      assert.equal(r.outcome, 'open', JSON.stringify(r.events));
      assert.equal(r.pair.local.type, 'relay');
      assert.deepEqual(candidateTypes(r.offer), ['relay']);
    });
    await t.test('STUN only: the routers\' public addresses connect the homes', async () => {
      const r = await connect(pages, { iceServers: [ice.stun] }, OPEN_MS);
      log('stun', r);
      assert.equal(r.outcome, 'open', JSON.stringify(r.events));
      // Each end as its router shows it to the world (Linux's masquerade keeps the port, so
      // both routers let the other's checks in once their own went out).
      assert.equal(r.pair.local.type, 'srflx', JSON.stringify(r.pair));
      assert.equal(r.pair.remote.address.split(':')[0], homes[1].public);
    });
  });
});

// Both at once, two homes each: the wait for "no path" is most of this file's time.
test('without the server there is no path, with no ICE server or with TURN settings', { skip: why ?? false, timeout: 90_000 }, async () => {
  await withNat({ homes: 4, turn: false, site: SITE }, async ({ pages, ice }) => {
    const [none, absent] = await Promise.all([
      connect(pages.slice(0, 2), { iceServers: [] }, NO_PATH_MS),
      connect(pages.slice(2, 4), { iceServers: [ice.turn] }, NO_PATH_MS),
    ]);
    log('none', none);
    log('turn-absent', absent);
    // The homes' private addresses lead nowhere.
    assert.notEqual(none.outcome, 'open', JSON.stringify(none.pair));
    assert.deepEqual(candidateTypes(none.offer), ['host']);
    assert.notEqual(absent.outcome, 'open', JSON.stringify(absent.pair));
    assert.deepEqual(candidateTypes(absent.offer), ['host'], 'no server answered, so only the home\'s own address is offered');
  });
});

test('a run killed before it cleaned up is removed by the next one', { skip: why ?? false }, async () => {
  // A pid that has just ended stands for the killed run.
  const gone = spawnSync('true').pid;
  const run = `lznat-${gone}-killed`;
  execFileSync(NET_SCRIPT, ['up', run, '1'], { stdio: 'ignore' });
  assert.equal(ours(run).length, 3, 'its public network, router and home');
  execFileSync(NET_SCRIPT, ['stale'], { stdio: 'ignore' });
  assert.deepEqual(ours(run), []);
});

test('nothing is left behind', { skip: why ?? false }, () => {
  assert.deepEqual(ours(`lznat-${process.pid}-`), []);
});
