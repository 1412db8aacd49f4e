// Shared helpers for the browser tests: a static file server for the site and a headless
// Chromium (Debian's /usr/bin/chromium driven by playwright-core). Every test file uses
// `openApp()` and closes what it got with `close()`.
import { createServer } from 'node:http';
import { cp, mkdtemp, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, '..', '..');
/** The site as shipped (`make dist`): what perf.test.mjs measures and smoke.test.mjs opens. */
export const DIST_DIR = path.join(REPO_ROOT, 'dist');
/** The site the tests play: the same build with the test hooks (`window.lauzait.state()`,
 *  `rects()`, …; feature `test-hooks`), which `make wasm-build` writes beside dist/. */
export const SITE_DIR = process.env.LAUZAIT_TEST_SITE || path.join(REPO_ROOT, 'target', 'wasm-test', 'site');
export const ARTIFACTS_DIR = path.join(HERE, 'artifacts');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Flags that work as root on these machines with no outside network (see TOOLCHAIN.md).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A copy of a built site (default the tests' site) in a fresh temporary folder, for a test
 * that breaks one of its files: `{ site, buildDir, remove }`, `buildDir` being the copy's
 * `build-<id>/` folder (scripts/build-site.mjs).
 */
export async function copySite(from = SITE_DIR) {
  const site = await mkdtemp(path.join(tmpdir(), 'lauzait-site-'));
  await cp(from, site, { recursive: true });
  const build = (await readdir(site)).find((f) => f.startsWith('build-'));
  return { site, buildDir: path.join(site, build), remove: () => rm(site, { recursive: true, force: true }) };
}

/**
 * Serves `root` (default the tests' site, SITE_DIR) on 127.0.0.1 at a free port (or `port`).
 * Returns { url, requests, close }, where `requests` lists the paths asked for.
 * With `compress`, text and wasm go out gzipped to a browser that accepts it, as a real
 * host sends them (the Lighthouse run, tests/lighthouse/run.mjs, measures the download).
 */
export async function startServer(root = SITE_DIR, { compress = false, port: wantedPort = 0 } = {}) {
  const rootAbs = path.resolve(root);
  try {
    await stat(path.join(rootAbs, 'index.html'));
  } catch {
    throw new Error(`${rootAbs}/index.html not found: build the site first (make wasm-build)`);
  }
  const requests = [];
  const server = createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    requests.push(urlPath);
    let file = path.resolve(rootAbs, '.' + urlPath);
    if (file !== rootAbs && !file.startsWith(rootAbs + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
      let body = await readFile(file);
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      const headers = { 'content-type': type, 'cache-control': 'no-store' };
      if (compress && /text|javascript|json|wasm|svg/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body, { level: 9 });
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(wantedPort, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

/**
 * Starts headless Chromium for tests (and the build's split, scripts/split-page.mjs) that
 * open several contexts of their own; `extraArgs` come after the usual flags.
 */
export function launchChromium(extraArgs = [], { timeout } = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    ...(timeout ? { timeout } : {}),
  });
}

/**
 * Starts Chromium with a fresh temporary profile. Returns { context, page, close }.
 * `deviceScaleFactor` emulates a high-DPI screen; `locale` sets navigator.language;
 * `serviceWorkers: 'block'` keeps the offline cache out of a test that changes the served files.
 * The pages' Content-Security-Policy is bypassed (`bypassCSP`) unless asked: Playwright's
 * waits (waitForFunction) compile their predicate in the page, which the policy refuses as
 * it refuses any eval; csp.test.mjs runs with the policy and waits from outside.
 */
export async function launchBrowser({ viewport = { width: 1024, height: 768 }, deviceScaleFactor = 1, locale, serviceWorkers = 'allow', bypassCSP = true } = {}) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'lauzait-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
      deviceScaleFactor,
      ...(locale ? { locale } : {}),
      serviceWorkers,
      bypassCSP,
      timeout: 60_000,
    });
  } catch (e) {
    await rm(userDataDir, { recursive: true, force: true });
    throw e;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => {});
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** True for URLs that stay on this machine's loopback server (or never touch the network). */
export function isLocal(url) {
  const u = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(u.protocol)) return true;
  return u.hostname === '127.0.0.1';
}

/**
 * Goes to `url` (reloads the page when `url` is left out) and waits until the wasm app
 * says it is ready (`window.lauzait.ready === true`).
 */
export async function loadApp(page, url, { timeout = 30_000 } = {}) {
  if (url === undefined) await page.reload({ timeout });
  else await page.goto(url, { waitUntil: 'load', timeout });
  await page.waitForFunction(() => window.lauzait?.ready === true, null, { timeout });
}

/**
 * Serves the tests' site (or `site`, a copy of it), opens it in a fresh browser and waits until the wasm
 * app says it is ready (`window.lauzait.ready === true`). Records every request the page makes, console errors
 * and uncaught page errors. Returns { page, context, server, requests, errors, close }.
 */
export async function openApp({ viewport, deviceScaleFactor, locale, readyTimeout = 60_000, site = SITE_DIR, serviceWorkers } = {}) {
  const server = await startServer(site);
  let browser;
  try {
    browser = await launchBrowser({ viewport, deviceScaleFactor, locale, serviceWorkers });
  } catch (e) {
    await server.close();
    throw e;
  }
  const { page } = browser;
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const close = async () => { await browser.close(); await server.close(); };
  try {
    await loadApp(page, server.url, { timeout: readyTimeout });
  } catch (e) {
    await screenshot(page, 'failed-to-start').catch(() => {});
    await close();
    throw new Error(`app did not become ready: ${e.message}\nerrors: ${errors.join('\n') || 'none'}`);
  }
  return { page, context: browser.context, server, requests, errors, close };
}

/** Whether a request is not for the rater's worker (its loader, glue and wasm in the build's
 * folder): a game of persons alone starts it only at the final results, to rate the game
 * (docs/rating.md). */
export const notTheRater = (url) => !/\/build-[0-9a-f]+\/lauzait-rater(_loader\.js|\.js|_bg\.wasm)$/.test(url);

/** Saves a full-page PNG to tests/browser/artifacts/<name>.png and returns its path. */
export async function screenshot(page, name) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
