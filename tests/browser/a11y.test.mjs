// Every dialog of a whole game, on every size the game promises to fit (issue "A first game
// that feels right on every screen", done means 1 and its accessibility point; the table's
// own states for 2–4 players are in screens.test.mjs): the Dissolve and Form choosers, the
// declaration preview, scoring, the Season's end, the confirmation, the final results, the
// links and import dialogs, the replay viewer, the Season log (which must leave the hand in
// sight), the lessons' list and a lesson's table, and the rules page. On each: axe-core finds no violation and
// every offered control and the hand lie inside the viewport and are at least 44×44.
// Seed 15 with the tests' policy declares on Day 8 after a Form (see game-3p.test.mjs).
// Screenshots go to artifacts/screens-<size>-<screen>.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadApp, screenshot } from './helpers.mjs';
import { axe, gameDialogs, screen } from './a11y.mjs';
import * as G from './game.mjs';

const SIZES = [[320, 568], [390, 844], [844, 390], [1024, 768], [1440, 900]];

test('every dialog of a game, the Season log and the lessons pass axe-core and fit every size', async () => {
  for (const [w, h] of SIZES) {
    const tag = `${w}x${h}`;
    const where = (what) => `${w}×${h}, ${what}`;
    const app = await openApp({ viewport: { width: w, height: h } });
    try {
      const { page, errors } = app;
      await gameDialogs(page, app.server.url, {
        players: 3, seed: 15, tag, where,
        onStep: async (s, once) => {
          // The game's words in the prompt: the first use of each is a link to its section
          // of the rules page, explained in its title.
          if (s.phase !== 'beginning') return;
          await once('terms', async () => {
            const terms = await page.evaluate(() => [...document.querySelectorAll('#status a.term')]
              .map((a) => ({ text: a.textContent, href: a.getAttribute('href'), title: a.title })));
            const hiring = terms.find((t) => t.text === 'Hiring');
            assert.ok(hiring, `the prompt explains Hiring: ${JSON.stringify(terms)}`);
            assert.equal(hiring.href, 'rules.html?lang=en#hiring');
            assert.match(hiring.title, /discard a piece onto the empty square/);
            assert.equal(new Set(terms.map((t) => t.text)).size, terms.length, 'each word explained once');
          });
        },
      });

      // The links and import dialogs of the final results.
      await G.clickButton(page, 'btn-links');
      await G.waitState(page, `s.screen === 'records'`);
      await screen(page, where('links'), `${tag}-links`);
      await G.clickButton(page, 'btn-links-close');
      await G.waitState(page, `s.screen === 'final'`);
      await G.clickButton(page, 'btn-import');
      await G.waitState(page, `s.screen === 'records'`);
      await screen(page, where('import'), `${tag}-import`);
      await G.clickButton(page, 'btn-import-close');
      await G.waitState(page, `s.screen === 'final'`);

      // The lessons, from the first screen.
      await page.evaluate(() => localStorage.clear());
      await loadApp(page);
      await G.clickButton(page, 'btn-learn');
      await G.waitState(page, `s.screen === 'lessons'`);
      await screen(page, where('lessons'), `${tag}-lessons`);
      await G.clickButton(page, 'btn-lesson-mountain');
      await G.waitState(page, `s.screen === 'table' && s.phase === 'beginning'`);
      await screen(page, where('a lesson'), `${tag}-lesson`);

      // The rules page (its live boards are frames of the game's page), opened at a section
      // in Japanese as a word's link opens it: its controls are targets of a finger too.
      await page.goto(`${app.server.url}rules.html?lang=ja#hiring`, { waitUntil: 'load' });
      await page.waitForTimeout(500);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
      await screenshot(page, `screens-${tag}-rules`);
      assert.deepEqual(await axe(page), [], `${where('rules page')}: axe-core found violations`);
      for (const r of await page.evaluate(() => [...document.querySelectorAll('header a, header button')]
        .filter((e) => e.getBoundingClientRect().width > 0)
        .map((e) => { const b = e.getBoundingClientRect(); return { text: e.textContent, w: b.width, h: b.height }; }))) {
        assert.ok(r.w >= 44 && r.h >= 44, `${where('rules page')}: "${r.text}" is ${r.w}×${r.h}`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await app.close();
    }
  }
});
