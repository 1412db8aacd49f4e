// `make profile-redraw` (scripts/profile-redraw.sh): a CPU profile of full redraws of the table
// in headless Chromium, through the DevTools protocol, on the dist/ copy in $DIST whose page
// module keeps its names. Prints the redraw's mean time and the functions' self and inclusive
// shares of the samples. A measurement, not a test.
import { startServer, launchBrowser, loadApp } from './helpers.mjs';
import * as G from './game.mjs';

const TOP = Number(process.env.TOP || 30);
const server = await startServer(process.env.DIST);
const { page, context } = await launchBrowser({ viewport: { width: 1280, height: 800 } });
try {
  // The table of perf.test.mjs: three players, a discard made, movers lit.
  await loadApp(page, `${server.url}?seed=15`);
  await G.startDiscardedTable(page);
  await page.evaluate(() => window.lauzait.benchRedraw(20)); // warm-up
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  const ms = await page.evaluate(() => window.lauzait.benchRedraw(600));
  const { profile } = await cdp.send('Profiler.stop');
  console.log(`one full redraw at 1280x800: ${ms.toFixed(3)} ms (mean of 600, profiled)`);

  const node = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children || []) parent.set(child, n.id);
  const name = (n) => n.callFrame.functionName || `(${n.callFrame.url.split('/').pop() || 'program'})`;
  const self = new Map();
  const inclusive = new Map();
  for (const id of profile.samples) {
    self.set(name(node.get(id)), (self.get(name(node.get(id))) || 0) + 1);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const n = name(node.get(at));
      if (!seen.has(n)) inclusive.set(n, (inclusive.get(n) || 0) + 1);
      seen.add(n);
    }
  }
  const total = profile.samples.length;
  for (const [title, counts] of [['self', self], ['inclusive', inclusive]]) {
    console.log(`--- ${title} share of ${total} samples`);
    for (const [n, c] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`${((100 * c) / total).toFixed(1).padStart(5)}%  ${n.slice(0, 160)}`);
    }
  }
} finally {
  await context.close();
  await server.close();
}
