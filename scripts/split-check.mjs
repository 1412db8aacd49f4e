// make test, before the browser tests: every name in src/web/first-screen.txt must be a
// function of the page module of one of the built sites (dist/ and the browser tests' site;
// their lists differ by the test build's hooks). A name neither has is a first-screen
// function renamed or moved since the list was measured: the first screen would then call
// into the rest, so a first visit waits for all of the code (split.test.mjs fails, slowly).
// This says which names and what to run, at once and without a browser.
//
//   node scripts/split-check.mjs SITE...
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FIRST_SCREEN_LIST, WHOLE_DIR, readList } from './split-page.mjs';
import { functionNames, stableName } from './wasm-names.mjs';

/** The stable names of the functions of `site`'s page module, as the build kept it before
 *  its split. */
function namesOf(site) {
  const glues = readdirSync(site).filter((f) => /^lauzait-web-[0-9a-f]+\.js$/.test(f));
  if (glues.length !== 1) throw new Error(`split-check: expected one lauzait-web-*.js in ${site}, found ${glues.length}`);
  const whole = path.join(WHOLE_DIR, glues[0].replace(/\.js$/, '_bg.wasm'));
  if (!existsSync(whole)) throw new Error(`split-check: no ${whole}: build ${site} first (make wasm-build)`);
  return new Set([...functionNames(whole).names.values()].map(stableName));
}

const sites = process.argv.slice(2);
if (sites.length === 0) {
  console.error('split-check: name the built sites');
  process.exit(2);
}
try {
  const built = new Set(sites.flatMap((site) => [...namesOf(site)]));
  const gone = [...readList(FIRST_SCREEN_LIST)].filter((name) => !built.has(name));
  if (gone.length > 0) {
    console.error(`split-check: ${path.basename(FIRST_SCREEN_LIST)} names ${gone.length} function(s) no built page has `
      + '(renamed or moved since the list was measured), so a first visit would wait for the rest of the code:');
    for (const name of gone) console.error(`  ${name}`);
    console.error('Run `make split-profile` and commit src/web/first-screen.txt.');
    process.exit(1);
  }
  console.log(`split-check: every name of ${path.basename(FIRST_SCREEN_LIST)} is in the built page`);
} catch (e) {
  console.error(e.message || e);
  process.exit(2);
}
