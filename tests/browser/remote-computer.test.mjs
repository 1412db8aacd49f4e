// A computer seat by turns (remote.html, REMOTE-PROTOCOL.md "Computer seats"): the host sets
// a 3-seat table with Black played by the Easy computer player, as a person taps its setup;
// only the person's seat (Blue) gets an invite. The host's page asks the computer players'
// worker (the game's own, started only then) for Black's Days and applies them; the guest
// sees them in its next letters. Played until each seat has had at least two Days, every
// letter carried as a link between two browser contexts that never meet. Screenshots of the
// setup and of the table, phone size, English and Japanese (axe-core finds nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startServer, launchChromium, ARTIFACTS_DIR } from './helpers.mjs';
import { axe } from './a11y.mjs';
import { state, text, value, tap, until, generator, seededEntropy, playDay } from './remote-page.mjs';

const PHONE = { width: 390, height: 844 };
const random = generator(41);

/** A screenshot of `page` as it is, after axe-core found nothing on it. */
async function shot(page, name) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  assert.deepEqual(await axe(page), [], `${name}: axe-core found violations`);
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `remote-${name}.png`), fullPage: true });
}

/** The letter on show in `from`'s box `id`, opened on `to` by going to it. */
async function carry(from, id, to) {
  const link = await value(from, id);
  assert.ok(link, `a letter in #${id}`);
  await to.goto(link);
  await to.locator('#turn').waitFor();
  assert.equal(await text(to, 'problem'), null, 'the letter opened without a problem');
}

test('a computer seat by turns: its Days are planned on the host\'s device and reach the guest in letters', { timeout: 600_000 }, async () => {
  const server = await startServer();
  const browser = await launchChromium();
  const errors = [];
  try {
    const hostCtx = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true, bypassCSP: true });
    const guestCtx = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true, bypassCSP: true });
    await hostCtx.addInitScript(seededEntropy(11));
    await guestCtx.addInitScript(seededEntropy(12));
    const host = await hostCtx.newPage();
    const guest = await guestCtx.newPage();
    const workers = [];
    host.on('worker', (w) => workers.push(w.url()));
    for (const [who, p] of [['host', host], ['guest', guest]]) {
      p.on('pageerror', (e) => { errors.push(`${who}: ${e}`); console.log(`# ${who}: page error: ${e}`); });
    }
    for (const lang of ['ja', 'en']) {
      await host.goto(`${server.url}remote.html?lang=${lang}`);
      await host.locator('#create').waitFor();
      await tap(host, 'players-3');
      await host.locator('#kind-2').waitFor();
      assert.equal(await host.evaluate(() => !!document.getElementById('kind-0')), false, 'the host\'s own seat has no switch');
      await tap(host, 'kind-2');
      await host.locator('#level-2-easy').waitFor();
      await tap(host, 'level-2-easy');
      assert.equal(await host.evaluate(() => document.getElementById('level-2-easy').getAttribute('aria-pressed')), 'true');
      await shot(host, `computer-setup-${lang}`);
    }
    assert.deepEqual(workers, [], 'no worker before a computer seat\'s Day');
    await tap(host, 'create');
    const set = await until(host, (s) => s.side === 'host', 'the table');
    assert.deepEqual(set.players, ['person', 'person', 'easy']);
    assert.deepEqual(set.seats.map((s) => s.seat), [1], 'only the person\'s seat has an invite and letters');

    await guest.goto(await value(host, 'link-invite-1'));
    await until(guest, (s) => s.side === 'guest' && s.news, 'the guest from the invite');
    await tap(guest, 'write-1');
    await until(guest, (s) => s.letter, 'the guest\'s letter');
    await carry(guest, 'link-letter-1', host);

    let shotTaken = false;
    for (let round = 0; round < 120; round++) {
      let h = await state(host);
      if (h.turn === 'day-2') {
        // Planned in the worker and applied on the host's page by itself.
        h = await until(host, (s) => s.turn !== 'day-2' || s.computerFailed, 'the computer seat\'s Day', 60_000);
        assert.equal(h.computerFailed, false, 'the computer seat\'s Day was planned');
      }
      if (h.turn === 'season-over') await tap(host, 'next-season');
      if (h.turn === 'day-0' && h.choices > 0) await playDay(host, 'day-0', random);
      h = await state(host);
      if (h.seats[0].news) {
        await tap(host, 'write-1');
        await carry(host, 'link-letter-1', guest);
        h = await state(host);
        if (!shotTaken && h.turn === 'day-1' && h.day >= 4) {
          // The host's page waiting for Blue, after a Day of the computer's.
          for (const lang of ['en', 'ja']) {
            const p = await hostCtx.newPage();
            await p.goto(`${server.url}remote.html?lang=${lang}`);
            await p.locator('#turn').waitFor();
            await shot(p, `computer-table-${lang}`);
            await p.close();
          }
          shotTaken = true;
        }
      }
      let g = await state(guest);
      if (g.turn === 'day-1' && g.choices > 0) await playDay(guest, 'day-1', random);
      g = await state(guest);
      if (g.news) {
        await tap(guest, 'write-1');
        await until(guest, (s) => !s.news, 'the guest\'s letter written');
        await carry(guest, 'link-letter-1', host);
      }
      h = await state(host);
      // Three seats take turns: six Days played, two of them the computer's.
      if (h.day >= 7) break;
    }
    const h = await state(host);
    assert.ok(shotTaken, 'the host\'s page shown waiting for Blue');
    assert.ok(h.day >= 7, `six Days played, two of them the computer seat's (Day ${h.day})`);
    assert.ok(workers.some((u) => u.includes('lauzait-bot-worker')), `the game's own worker planned them: ${workers}`);
    console.log(`MEASURED by turns with a computer seat: Day ${h.day} reached, ${workers.length} worker starts (one a page load that asked)`);
    assert.deepEqual(errors, [], 'no page error');
  } finally {
    await browser.close();
    await server.close();
  }
});
