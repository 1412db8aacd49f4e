// The scoring drill as a learner meets it: offered on the first screen beside the lessons,
// a hand of nine with the luminous piece; one answer right (chosen from the offered totals,
// or "it cannot declare"), one wrong (typed, by the keyboard alone), each explained pattern
// by pattern with its rule id as a link, and the running tally. The right answer is asked
// of the page's rules oracle (`window.lauzait.analyze`, ANALYZE-PROTOCOL.md), not of the
// drill. Then the drill on a small phone (320×568: every button inside the screen and at
// least 44 px) and in Japanese on a phone (390×844), with screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import * as G from './game.mjs';

/** The game opened with `options` (openApp's), then the drill from the first screen. */
async function openDrill(options) {
  const app = await openApp(options);
  try {
    await loadApp(app.page, app.server.url);
    await G.waitState(app.page, `s.screen === 'new-game'`);
    await G.clickButton(app.page, 'btn-drill');
    await G.waitState(app.page, `s.screen === 'drill'`);
    return app;
  } catch (e) {
    await app.close();
    throw e;
  }
}

/** The hand on screen, its luminous piece and the player count. */
const question = (page) => page.evaluate(() => ({
  hand: [...document.querySelectorAll('#drill-hand canvas.tile')].map((c) => c.dataset.piece),
  luminous: document.getElementById('drill-luminous')?.dataset.piece ?? null,
  players: Number(document.querySelector('#drill-question + .note')?.textContent.match(/\d/)?.[0]),
  offered: [...document.querySelectorAll('#drill-answers button[id^="btn-drill-pts-"]')].map((b) => Number(b.id.slice(14))),
}));

/** The oracle's answer: `null` when the hand may not declare, else its score. */
async function oracle(page, q) {
  const line = JSON.stringify({ declare: { hand: q.hand, revealed: [], ...(q.luminous ? { luminous: q.luminous } : {}) }, players: q.players });
  const answer = JSON.parse(await page.evaluate((l) => window.lauzait.analyze(l), line));
  assert.ok(!answer.error, `${line} → ${JSON.stringify(answer)}`);
  return answer.allowed ? answer.score : null;
}

const result = (page) => page.evaluate(() => ({
  right: document.getElementById('drill-verdict')?.dataset.right ?? null,
  verdict: document.getElementById('drill-verdict')?.textContent ?? null,
  summary: document.getElementById('drill-summary')?.textContent ?? null,
  lines: [...document.querySelectorAll('#drill-explain li')].map((li) => ({ points: Number(li.dataset.points), text: li.textContent, rule: li.querySelector('a.rule')?.textContent })),
  tally: document.getElementById('drill-tally')?.textContent ?? null,
  live: document.getElementById('live').textContent,
}));

test('the drill: a right answer, a wrong one typed by keyboard, each explained, the tally kept', async () => {
  const app = await openDrill({ viewport: { width: 1024, height: 768 }, locale: 'en-US' });
  try {
    const { page, errors } = app;
    let q = await question(page);
    assert.equal(q.hand.length, 9);
    assert.ok([2, 3, 4].includes(q.players));
    assert.equal(q.offered.length, 4);
    let truth = await oracle(page, q);
    await screenshot(page, 'drill-en-question');
    // Right: the oracle's answer among the buttons.
    if (truth === null) await G.clickButton(page, 'btn-drill-no');
    else {
      assert.ok(q.offered.includes(truth), `${truth} is offered among ${q.offered}`);
      await G.clickButton(page, `btn-drill-pts-${truth}`);
    }
    await page.waitForSelector('#drill-verdict');
    let r = await result(page);
    assert.equal(r.right, 'true');
    assert.match(r.verdict, /^Right!/);
    assert.match(r.tally, /1 of 1/);
    assert.match(r.live, /^Right!/, 'the verdict is read out');
    if (truth === null) assert.match(r.summary, /do not split into three sets/);
    else {
      assert.equal(r.lines.reduce((a, l) => a + l.points, 0), truth, 'the lines add up to the score');
      assert.match(r.lines[0].text, /^Lauzait-Cep!.*3 pts/);
      for (const l of r.lines) assert.match(l.rule, /^R(11|17|19|30)$/);
    }
    await screenshot(page, 'drill-en-right');

    // The next hand, by the keyboard alone: Next has the focus; the answer is typed wrong.
    assert.equal(await page.evaluate(() => document.activeElement.id), 'btn-drill-next');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#drill-points');
    q = await question(page);
    truth = await oracle(page, q);
    const wrong = truth === null ? 3 : truth + 1;
    await page.focus('#drill-points');
    await page.keyboard.type('x');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#drill-typo');
    assert.match(await page.textContent('#drill-typo'), /whole number/);
    await page.fill('#drill-points', String(wrong));
    await page.focus('#drill-points');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#drill-verdict');
    r = await result(page);
    assert.equal(r.right, 'false');
    assert.match(r.verdict, new RegExp(`^Not quite\\. You said: it declares for ${wrong} pts`));
    assert.match(r.tally, /1 of 2/);
    if (truth === null) assert.match(r.summary, /cannot declare/);
    else assert.match(r.summary, new RegExp(`scores ${truth} pts`));
    await screenshot(page, 'drill-en-wrong');
    // Escape closes the drill, back to the first screen.
    await page.keyboard.press('Escape');
    await G.waitState(page, `s.screen === 'new-game'`);
    // From the menu of a game too, and from the lessons list.
    await G.clickButton(page, 'btn-learn');
    await G.waitState(page, `s.screen === 'lessons'`);
    await G.clickButton(page, 'btn-drill');
    await G.waitState(page, `s.screen === 'drill'`);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

for (const [w, h, locale, name] of [[320, 568, 'en-US', 'drill-320x568'], [390, 844, 'ja-JP', 'drill-ja-phone']]) {
  test(`the drill fits ${w}×${h} (${locale}), targets at least 44 px`, async () => {
    const app = await openDrill({ viewport: { width: w, height: h }, locale, deviceScaleFactor: 2 });
    try {
      const { page, errors } = app;
      const check = async () => {
        const bad = await page.evaluate(() => [...document.querySelectorAll('#overlay button, #overlay input, #overlay a')]
          .map((b) => ({ id: b.id || b.textContent, r: b.getBoundingClientRect(), sw: b.scrollWidth, cw: b.clientWidth }))
          .filter(({ r }) => r.width < 44 || r.height < 44 || r.left < 0 || r.right > window.innerWidth + 0.5)
          .map(({ id, r }) => `${id} ${r.width.toFixed(0)}×${r.height.toFixed(0)} at ${r.left.toFixed(0)}`));
        assert.deepEqual(bad, []);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
      };
      await check();
      await screenshot(page, `${name}-question`);
      await G.clickButton(page, 'btn-drill-no');
      await page.waitForSelector('#drill-verdict');
      await check();
      if (locale === 'ja-JP') assert.match(await page.textContent('#drill-tally'), /これまでの正解/);
      await screenshot(page, `${name}-answer`);
      assert.deepEqual(errors, []);
    } finally {
      await app.close();
    }
  });
}
