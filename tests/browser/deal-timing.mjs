// `make deal-timing`: the time of a Season's deal by all the devices (DEAL-PROTOCOL.md,
// "Measured"; issue "a deal dealt by all the devices together", done means 4) in headless
// Chromium, on the test site's page of play by turns, whose test build can simulate a whole
// deal in the page (`window.__remote.timeDeal`, src/web/remote/hooks.rs): every device made,
// every message through the wire form, every device's publication and verification. Each
// device's own work is timed apart — what one phone of the table spends, the network aside —
// with the CPU at full speed and slowed 4x (`Emulation.setCPUThrottlingRate`), the issue's
// stand-in for a phone-class device. A measurement, not a test: nothing is asserted.
import { startServer, launchBrowser, SITE_DIR } from './helpers.mjs';

const DEALS = Number(process.env.DEALS || 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer(SITE_DIR);
const { page, context, close } = await launchBrowser();
try {
  await page.goto(`${server.url}remote.html`);
  await page.waitForFunction(() => typeof window.__remote?.timeDeal === 'function', null, { timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (const players of [2, 3, 4]) {
      await page.evaluate((p) => window.__remote.timeDeal(p, 999), players); // warm-up
      const slowest = [];
      const all = [];
      const wall = [];
      for (let seed = 0; seed < DEALS; seed++) {
        const t0 = Date.now();
        const work = await page.evaluate(([p, s]) => window.__remote.timeDeal(p, s), [players, seed]);
        wall.push(Date.now() - t0);
        if (work.length !== players) throw new Error(`timeDeal(${players}) gave ${JSON.stringify(work)}`);
        slowest.push(Math.max(...work));
        all.push(work.reduce((a, b) => a + b, 0));
      }
      console.log(`MEASURED deal by ${players} devices, CPU ${rate === 1 ? 'at full speed' : `slowed ${rate}x`}: `
        + `the busiest device ${median(slowest).toFixed(0)} ms (median of ${DEALS} deals; range ${Math.min(...slowest).toFixed(0)}–${Math.max(...slowest).toFixed(0)}), `
        + `all ${players} devices in one page ${median(all).toFixed(0)} ms`);
    }
  }
} finally {
  await close();
  await server.close();
}
