// Table mode's shared screen (the tablet) mid-Day, in English and in Japanese: a phone and
// a computer player at a table of two. The board is painted on its canvas by the game's
// renderer, with the step's marks (the pieces that may move, then the mover's
// destinations) and, until the next discard, the last Hiring; beside it the narration of the Day
// under way and of the last one (the computer's too), the seats and the Season log. Each
// seat's pairing card gives its link as text, with Copy (and Share where the browser has a
// share sheet). Screenshots: artifacts/table-tablet-{pairing,day-begins,discarded,moving}-{en,ja}.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withTable, state, until, shot, pair, untilDealt, checkBoardHidesHands } from './table.mjs';

/** The board's canvas painted: more than one colour in it, and its accessible name. */
async function boardPainted(host) {
  return host.evaluate(() => {
    const c = document.querySelector('#tablet-board');
    if (!c || c.width === 0) return null;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const colours = new Set();
    for (let i = 0; i < d.length; i += 4 * 97) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return { colours: colours.size, label: c.getAttribute('aria-label') };
  });
}

/** Waits for the board's canvas to satisfy `pred` (the page is drawn a frame after the
 *  screen takes a step). */
async function untilBoard(host, pred, what) {
  const t0 = Date.now();
  for (;;) {
    const b = await boardPainted(host);
    if (b && pred(b)) return b;
    if (Date.now() - t0 > 10_000) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(b)}`);
    await new Promise((r) => setTimeout(r, 60));
  }
}

/** Presses the first of the phone's buttons of `type` (its Day must have it). */
async function press(host, phone, type) {
  const before = (await state(host)).game.log;
  const ps = await until(phone, (s) => s.myDay && s.choices.some((a) => a.type === type), `a ${type} button`);
  const i = ps.choices.findIndex((a) => a.type === type);
  if (await phone.locator(`details.set:not([open]) #act-${i}`).count()) await phone.click(`details.set:has(#act-${i}) > summary`);
  await phone.click(`#act-${i}`);
  await until(host, (s) => s.game.log > before, `the board to take the ${type}`);
}

for (const lang of ['en', 'ja']) {
  test(`the tablet shows the game mid-Day (${lang}): its board's marks, the narration and the Season log`, async () => {
    await withTable(async ({ host, phones, errors, server }) => {
      const phone = phones[0];
      await host.goto(`${server.url}table.html?lang=${lang}`);
      await host.context().grantPermissions(['camera', 'clipboard-read', 'clipboard-write']);
      await host.locator('#create').waitFor();
      // Two seats: Red on a phone, Blue the computer at Easy.
      await host.click('#count-2');
      await host.click('#kind-1');
      await host.click('#level-1-easy');
      await host.click('#create');
      const codes = await until(host, (s) => s.links?.[0]?.state === 'Waiting', 'the code');
      // The link as text: copied on request, and the card says so.
      assert.equal(await host.locator('#link-0').inputValue(), codes.links[0].link);
      const canShare = await host.evaluate(() => 'share' in navigator);
      assert.equal(await host.locator('#share-0').count(), canShare ? 1 : 0, 'Share only with a share sheet');
      await host.click('#copy-0');
      await until(host, (s) => s.copied === 0, 'the link copied');
      assert.equal(await host.evaluate(() => navigator.clipboard.readText()), codes.links[0].link);
      await shot(host, `table-tablet-pairing-${lang}`);
      await pair(host, phone, 0);
      await untilDealt(host, [phone]);
      // Days until the computer has played one and the phone's Day begins.
      for (let n = 0; ; n++) {
        assert.ok(n < 60, 'the phone\'s Day after the computer\'s');
        const s = await until(host, (x) => x.game.status !== 'Playing' || x.game.toMove === 0, 'the phone\'s Day', 30_000);
        assert.equal(s.game.status, 'Playing', 'the Season goes on');
        if (s.game.day >= 3 && s.game.steps === 0) break;
        await press(host, phone, 'discard');
        await press(host, phone, 'move');
        await press(host, phone, 'capture');
      }
      await until(host, (s) => s.game.steps === 0 && s.game.toMove === 0, 'a fresh Day');
      await untilBoard(host, (b) => b.colours > 8, 'the board painted');
      // The last Day was the computer's: narrated like anyone's (the page draws what the
      // state hook already reports at its next flush, within a frame or two).
      const computers = lang === 'en' ? /Blue/ : /青/;
      await host.locator('#narration .last').filter({ hasText: computers }).waitFor({ timeout: 5_000 }).catch(() => {});
      const last = await host.locator('#narration .last').textContent();
      assert.match(last, computers, `the computer's Day narrated: ${last}`);
      assert.ok(await host.locator('#log li').count() >= 2, 'the Season log lists the Days');
      await shot(host, `table-tablet-day-begins-${lang}`);
      await press(host, phone, 'discard');
      await untilBoard(host, (b) => (lang === 'en' ? /Marked: / : /印のマス：/).test(b.label), 'the movers marked');
      // Said in the page's own live region, not by redrawing a live #app.
      assert.equal(await host.locator('#app').getAttribute('aria-live'), 'off');
      assert.match(await host.locator('#said').textContent(), lang === 'en' ? /discards .* can move/ : /捨てました。.*動かす駒を選びます/);
      await shot(host, `table-tablet-discarded-${lang}`);
      await press(host, phone, 'move');
      await untilBoard(host, (b) => (lang === 'en' ? /chooses where it goes/ : /移動先を選びます/).test(b.label), 'the destinations marked');
      const moving = await host.locator('#narration .now').textContent();
      assert.match(moving, lang === 'en' ? /chooses where it goes/ : /移動先を選びます/, moving);
      await shot(host, `table-tablet-moving-${lang}`);
      await checkBoardHidesHands(host);
      assert.deepEqual(errors, []);
    });
  });
}
