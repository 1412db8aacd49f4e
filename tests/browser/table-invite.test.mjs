// Table mode across networks, on one machine (TABLE-PROTOCOL.md, "Pairing"): the host types
// ICE servers in the table's settings (a wrong entry refused with which one and why, a STUN
// server that does not answer kept, and pairing still works without it), a phone pairs
// through its invite link and sends its answer back as a link, opened in a second tab of
// the host's browser, which hands it to the table's page; and a phone whose candidates are
// stripped (as if on another network with no relay) gets the "no path" explanation.
//
// The ids a test across real networks drives, kept stable:
//   host:  #ice-servers (the settings' field, one server a line), #save-ice-servers (its
//          button), #ice-servers-error (a refused entry), #ice-servers-saved (kept),
//          #no-path (data-why: NoServers | NoRelayServer | RelayNotReached | RelayFailed),
//          #paste-N / #connect-N (a seat's pasted answer, or answer link)
//   phone: #answer-link (the answer as a link), #copy-answer-link, #share-answer-link,
//          #no-path
//   the answer link's tab: #forwarded (data-outcome: Sent | NotAwaited | Refused |
//          NoTablePage | Damaged)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withTable, state, until, shot } from './table.mjs';

const b64 = (s) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
const unb64 = (b) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Where a session's candidates are in a pairing code's bytes (TABLE-PROTOCOL.md, "Pairing
 *  codes"): the count's offset and the candidates' end. */
function candidatesAt(bytes, sessionAt) {
  let i = sessionAt + 1; // the DTLS role
  i += 1 + bytes[i]; // ufrag
  i += 1 + bytes[i]; // pwd
  i += 32; // fingerprint
  const countAt = i;
  i += 1;
  for (let n = 0; n < bytes[countAt]; n++) {
    let kind = String.fromCharCode(bytes[i]);
    if (kind === 's' || kind === 'r') { i += 1; kind = String.fromCharCode(bytes[i]); }
    i += 1 + (kind === '4' ? 4 : 16) + 6;
  }
  return { countAt, end: i };
}

/** `code` (`j=…` or `a=…`) with none of its session's candidates: no address to try. */
function stripCandidates(code) {
  const [prefix, payload] = [code.slice(0, 2), code.slice(2)];
  const bytes = b64(payload);
  // The session starts after the format, the table, the seat and the token (a link), or after
  // the format and the seat (an answer).
  const { countAt, end } = candidatesAt(bytes, prefix === 'j=' ? 1 + 8 + 1 + 8 : 1 + 1);
  const out = Buffer.concat([bytes.subarray(0, countAt), Buffer.from([0]), bytes.subarray(end)]);
  return prefix + unb64(out);
}

test('ICE servers are set in the table\'s settings, a phone pairs through its invite link and its answer link, and a phone with no path is told why', async () => {
  await withTable(async ({ host, phones, errors, server }) => {
    // A wrongly typed server: refused, with which entry, what is wrong and an example.
    await host.fill('#ice-servers', 'stun:127.0.0.1:3478\nturn:relay.example');
    await host.click('#save-ice-servers');
    const error = await host.locator('#ice-servers-error').textContent();
    assert.match(error, /Server 2 \(turn:relay\.example\): a TURN server needs a username and a password/);
    assert.match(error, /For example: turn:/);
    await shot(host, 'table-ice-refused');
    // A STUN server that does not answer: kept, and used for every seat's connection.
    await host.fill('#ice-servers', 'stun:127.0.0.1:3478');
    await host.click('#save-ice-servers');
    await host.locator('#ice-servers-saved').waitFor();
    assert.equal(await host.evaluate(() => localStorage.getItem('lauzait-table/ice-servers')), 'stun:127.0.0.1:3478');
    await shot(host, 'table-ice-settings');
    await host.click('#create');

    // Seat 0: the phone opens its invite link; its answer comes back as a link, opened in a
    // second tab of the host's browser.
    const hs = await until(host, (s) => s.links?.[0]?.state === 'Waiting' && s.links[0].link, 'seat 0\'s link');
    const invite = hs.links[0].link;
    const inviteBytes = b64(invite.split('#j=')[1]);
    const { end } = candidatesAt(inviteBytes, 1 + 8 + 1 + 8);
    assert.equal(inviteBytes[0], 3, 'the pairing codes\' format 3');
    assert.equal(inviteBytes.subarray(end).toString('latin1'), '\x01\x00\x09127.0.0.1\x0d\x96', 'the link carries the host\'s STUN server');
    console.log(`MEASURED invite link with one STUN server: ${invite.length} characters`);
    const phone = phones[0];
    await phone.goto(invite);
    await until(phone, (s) => s.code, 'the phone\'s answer');
    const answerLink = await phone.locator('#answer-link').inputValue();
    assert.ok(answerLink.startsWith(`${server.url}table.html#a=`), answerLink);
    console.log(`MEASURED answer link: ${answerLink.length} characters`);
    await shot(phone, 'table-phone-answer-link');
    const tab = await host.context().newPage();
    tab.on('pageerror', (e) => errors.push(String(e)));
    await tab.goto(answerLink);
    const forwarded = tab.locator('#forwarded');
    await forwarded.waitFor({ timeout: 10_000 });
    assert.equal(await forwarded.getAttribute('data-outcome'), 'Sent', await forwarded.textContent());
    assert.match(await forwarded.textContent(), /Sent to the table's page.*You can close this tab/);
    await shot(tab, 'table-answer-forwarded');
    await until(host, (s) => s.links[0]?.state === 'Connected', 'seat 0 connected through its answer link');
    // The same link again: the seat is paired, nothing waits for it.
    await tab.goto('about:blank');
    await tab.goto(answerLink);
    await tab.locator('#forwarded').waitFor({ timeout: 10_000 });
    assert.equal(await tab.locator('#forwarded').getAttribute('data-outcome'), 'NotAwaited');

    // Seat 1: a phone that gets no address of the host and gives none (its candidates
    // stripped both ways, as across networks that let no direct path through): the host
    // gives up after its wait and says why, with the settings at hand.
    const hs1 = await until(host, (s) => s.links?.[1]?.state === 'Waiting' && s.links[1].link, 'seat 1\'s link');
    const [page, code] = hs1.links[1].link.split('#');
    await phones[1].goto(`${page}#${stripCandidates(code)}`);
    const ps = await until(phones[1], (s) => s.code, 'phone 1\'s answer');
    await host.fill('#paste-1', stripCandidates(ps.code));
    await host.click('#connect-1');
    const noPath = await until(host, (s) => s.noPath, 'the host\'s no-path explanation', 40_000);
    assert.equal(noPath.noPathWhy, 'NoRelayServer', 'a STUN server only: a TURN server is what to add');
    const box = host.locator('#no-path');
    assert.equal(await box.getAttribute('data-why'), 'NoRelayServer');
    assert.match(await box.textContent(), /adds a TURN server/);
    await host.locator('#save-ice-servers').waitFor();
    await shot(host, 'table-no-path');
    assert.deepEqual(errors, []);
  });
});
