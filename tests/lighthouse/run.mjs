// Lighthouse on the built site (`make lighthouse`; not part of `make test`: the scores of a
// throttled run vary from run to run and it takes a minute or two). Serves dist/ on the
// loopback, gzipped as a real host sends it, and runs Lighthouse's default mobile preset
// (a mid-range phone, simulated slow 4G and a 4× slower CPU) in the project's Chromium on
// each page (the game, the rules and table mode's page). Prints the accessibility, SEO and
// performance scores with every audit that cost points, saves the JSON reports as
// tests/browser/artifacts/lighthouse-<page>.json, and exits non-zero when a page is below
// its target (accessibility 100, SEO 100, performance 95).
//
//   node run.mjs [index.html rules.html table.html …]   (from tests/lighthouse, after make dist)
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer, DIST_DIR, CHROMIUM_PATH, CHROMIUM_ARGS, ARTIFACTS_DIR } from '../browser/helpers.mjs';

const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['index.html', 'rules.html', 'table.html'];
const TARGETS = { accessibility: 100, seo: 100, performance: 95 };

/** The audits of a category that did not get full marks, as readable lines. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ ref, audit }) => ref.weight > 0 && audit.score !== null && audit.score < 1)
    .map(({ ref, audit }) => `    ${audit.id} (weight ${ref.weight}): score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''} — ${audit.title}`);
}

// The site as shipped: dist/ (the tests' site carries the test hooks).
const server = await startServer(DIST_DIR, { compress: true });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  // chrome-launcher adds its own profile and debugging port; --headless comes from CHROMIUM_ARGS.
  chromeFlags: CHROMIUM_ARGS,
  logLevel: 'error',
});
let failed = false;
try {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  for (const page of PAGES) {
    const url = server.url + page;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    const { lhr, report } = result;
    const file = path.join(ARTIFACTS_DIR, `lighthouse-${path.basename(page, '.html')}.json`);
    await writeFile(file, report);
    if (lhr.runtimeError) {
      failed = true;
      console.log(`${page}: Lighthouse could not run: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      continue;
    }
    const m = (id) => lhr.audits[id]?.displayValue ?? '?';
    console.log(`${page} (Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''})`);
    for (const [cat, target] of Object.entries(TARGETS)) {
      const score = Math.round(lhr.categories[cat].score * 100);
      if (score < target) failed = true;
      console.log(`  ${cat}: ${score} (target ${target})`);
      for (const line of losses(lhr, cat)) console.log(line);
    }
    console.log(`  FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}, SI ${m('speed-index')}`);
    console.log(`  report: ${path.relative(process.cwd(), file)}`);
  }
} finally {
  chrome.kill();
  await server.close();
}
process.exit(failed ? 1 : 0);
