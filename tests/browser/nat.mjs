// Homes behind NATs for the browser tests of play across networks (docs/nat-tests.md): each
// home is a network namespace behind a router namespace that masquerades, all routers on one
// "public" network in a namespace of its own, where coturn (STUN and TURN) may listen. Each
// home runs its own Chromium and serves the site on its own 127.0.0.1 (nat-home.mjs); the
// test drives those browsers from here through a Unix socket per home. The network itself is
// built and removed by scripts/nat-net.sh.
//
//   const why = await natUnavailable();           // a reason to skip, or null
//   await withNat({ homes: 3, turn: true, path: 'table.html?lang=en' }, async ({ pages, ice }) => { … });
import { spawn, execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createInterface } from 'node:readline';
import { rmSync } from 'node:fs';
import { mkdir, readdir, rm, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { REPO_ROOT, SITE_DIR, ARTIFACTS_DIR } from './helpers.mjs';

const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const NET_SCRIPT = path.join(REPO_ROOT, 'scripts', 'nat-net.sh');
const HOME_SCRIPT = path.join(HERE, 'nat-home.mjs');

/** The TURN server's one account and port (coturn's defaults but for the relay range, kept
 *  small so a run's ports are easy to find in the log). */
export const TURN_PORT = 3478;
export const TURN_USER = 'lauzait';
export const TURN_PASSWORD = 'lauzait-test';
const RELAY_PORTS = [49160, 49199];

/** The port every home serves the site at, on its own 127.0.0.1: one origin in every home,
 *  so a link made in one home opens in another. */
export const SITE_PORT = 8000;

/** A startup this slow means something is wrong: fail instead of hanging the run. */
const START_TIMEOUT = 60_000;

/**
 * Why this machine cannot run the NAT tests (not root, namespaces refused, nftables or coturn
 * missing: scripts/setup.sh installs both), or null when it can. `turn: false` leaves the
 * TURN server out of the question.
 */
export async function natUnavailable({ turn = true } = {}) {
  try {
    await run(NET_SCRIPT, ['probe']);
  } catch (e) {
    return (e.stderr || e.message).trim().replace(/^nat-net: /, '');
  }
  if (turn) {
    try {
      await run('sh', ['-c', 'command -v turnserver']);
    } catch {
      return 'no turnserver (Debian package coturn; scripts/setup.sh installs it)';
    }
  }
  return null;
}

/** Reads one line from a child's standard output, or fails when it ends or takes too long. */
function firstLine(child, what) {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${START_TIMEOUT / 1000} s`)), START_TIMEOUT);
    lines.once('line', (line) => { clearTimeout(timer); lines.close(); resolve(line); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${what} ended (exit ${code}) before it was ready`)); });
  });
}

/** A TCP port on this namespace's 127.0.0.1 that leads to a Unix socket. */
async function tcpToUnix(socketPath) {
  const server = net.createServer((client) => {
    const upstream = net.connect(socketPath);
    client.pipe(upstream).pipe(client);
    const end = () => { client.destroy(); upstream.destroy(); };
    for (const s of [client, upstream]) { s.on('error', end); s.on('close', end); }
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(0, '127.0.0.1', resolve); });
  return { port: server.address().port, close: () => new Promise((r) => server.close(() => r())) };
}

/** Starts coturn in the public namespace; resolves once it listens on its UDP port. Its
 *  database and pid files go to `runDir`, its log to `logFile`. */
async function startTurn(namespace, address, logFile, runDir) {
  // coturn writes its log itself (through stdout it would sit in a buffer when the server
  // ends); what it says before the log opens, such as a refused option, goes to stderr,
  // which lands in the same file.
  await rm(logFile, { force: true });
  const log = await open(logFile, 'a');
  // setpriv's parent-death signal ends the server with this process, however this process
  // ends (the homes' browsers end themselves when their standard input closes).
  // -n: the command line only, never the system's /etc/turnserver.conf.
  const child = spawn('ip', ['netns', 'exec', namespace, 'setpriv', '--pdeathsig', 'TERM', 'turnserver',
    '-n', `--listening-ip=${address}`, `--listening-port=${TURN_PORT}`, `--relay-ip=${address}`,
    `--min-port=${RELAY_PORTS[0]}`, `--max-port=${RELAY_PORTS[1]}`,
    '--verbose', '--lt-cred-mech', `--user=${TURN_USER}:${TURN_PASSWORD}`, '--realm=lauzait.test', '--fingerprint',
    '--no-tls', '--no-dtls', '--no-cli', `--log-file=${logFile}`, '--simple-log',
    // Its own files in the run's folder, not the system's (/var/lib/turn, /var/run).
    `--userdb=${path.join(runDir, 'turndb')}`, `--pidfile=${path.join(runDir, 'turnserver.pid')}`,
  ], { stdio: ['ignore', 'ignore', log.fd] });
  await log.close();
  const t0 = Date.now();
  const portHex = `:${TURN_PORT.toString(16).toUpperCase().padStart(4, '0')} `;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`turnserver ended (exit ${child.exitCode}); its log: ${logFile}`);
    const { stdout } = await run('ip', ['netns', 'exec', namespace, 'cat', '/proc/net/udp']);
    if (stdout.includes(portHex)) break;
    if (Date.now() - t0 > START_TIMEOUT) throw new Error(`turnserver did not listen within ${START_TIMEOUT / 1000} s; its log: ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/** Starts a home's site and browser inside its namespace and connects to that browser. */
async function startHome(home, { site, runDir, chromiumArgs }) {
  const socketPath = path.join(runDir, `${home.name}.sock`);
  const child = spawn('ip', ['netns', 'exec', home.name, process.execPath, HOME_SCRIPT, site, String(SITE_PORT), socketPath,
    // Host candidates as plain addresses (no mDNS names, which nothing here resolves).
    '--disable-features=WebRtcHideLocalIpsWithMdns', ...chromiumArgs,
  ], { stdio: ['pipe', 'pipe', 'inherit'] });
  const ready = JSON.parse(await firstLine(child, `the browser of ${home.name}`));
  const tunnel = await tcpToUnix(socketPath);
  const browser = await chromium.connect(`ws://127.0.0.1:${tunnel.port}${ready.wsPath}`, { timeout: START_TIMEOUT });
  return { child, tunnel, browser, site: ready.site };
}

/** Ends a child: its standard input closed (a home's process ends on that; SIGTERM 5 s
 *  later if it did not) or SIGTERM, and SIGKILL if it still runs after 10 s, so a stuck child
 *  never holds the run. */
async function endChild(child, { byStdin = false } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  const late = [setTimeout(() => child.kill('SIGKILL'), 10_000)];
  if (byStdin) {
    child.stdin.end();
    late.push(setTimeout(() => child.kill('SIGTERM'), 5_000));
  } else {
    child.kill('SIGTERM');
  }
  await exited;
  late.forEach(clearTimeout);
}

/** Whether a process runs with this id (`kill -0`: it may be another user's). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** Removes the namespaces (scripts/nat-net.sh stale) and folders of runs whose process is
 *  gone: a run killed before it could clean up. */
async function removeStale() {
  await run(NET_SCRIPT, ['stale']);
  for (const name of await readdir(tmpdir())) {
    const pid = /^lauzait-lznat-(\d+)-/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) await rm(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

let runs = 0;

/**
 * Builds `homes` homes behind their own NATs (and, with `turn`, starts coturn on the public
 * network), opens one page per home on `path` of the site (`site`, default the tests' build)
 * as that home serves it (http://127.0.0.1:SITE_PORT/ in every home), and calls `play` with
 * what it built. Options besides: `chromiumArgs` for every home's Chromium; `contextOptions`
 * for each page's context (an object, or a function of the home's index); `label` names the
 * TURN server's log, artifacts/<label>-turn.log. `play` receives:
 *
 *   pages      a Playwright page per home, already loaded
 *   browsers   each home's browser (for more contexts in a home)
 *   homes      per home { name, router, address (private), public (its router's), site (URL) }
 *   server     the public address where coturn listens (or would)
 *   ice        { turn, stun }: RTCIceServer entries for that server (the same whether it runs or not)
 *   turnLog    the TURN server's log file (under artifacts/), or null
 *
 * Everything (browsers, servers, namespaces) is removed after, however `play` ended; a run
 * killed before it could clean up is removed by the next run's start.
 */
export async function withNat({ homes = 2, turn = true, site = SITE_DIR, path: pagePath = '', chromiumArgs = [], contextOptions = {}, label = 'nat' } = {}, play) {
  await removeStale();
  const runName = `lznat-${process.pid}-${(runs++).toString(36)}${Date.now().toString(36)}`;
  let runDir;
  // However this process ends, the namespaces (and what runs in them) go with it.
  const removeNow = () => { try { execFileSync(NET_SCRIPT, ['down', runName], { stdio: ['ignore', 'ignore', 'inherit'] }); } catch { /* already gone */ } };
  const onSignal = (signal) => {
    removeNow();
    if (runDir) rmSync(runDir, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', removeNow);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const started = [];
  let turnServer = null;
  try {
    const { stdout } = await run(NET_SCRIPT, ['up', runName, String(homes)]);
    const topology = JSON.parse(stdout);
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    const turnLog = turn ? path.join(ARTIFACTS_DIR, `${label}-turn.log`) : null;
    runDir = path.join(tmpdir(), `lauzait-${runName}`);
    await mkdir(runDir);
    if (turn) turnServer = await startTurn(topology.public, topology.server, turnLog, runDir);
    // One at a time: two Chromiums starting at once on a loaded machine only slow each other.
    for (const home of topology.homes) started.push(await startHome(home, { site, runDir, chromiumArgs }));
    const pages = [];
    for (const [i, home] of started.entries()) {
      const options = typeof contextOptions === 'function' ? contextOptions(i) : contextOptions;
      const context = await home.browser.newContext({ bypassCSP: true, ...options });
      const page = await context.newPage();
      await page.goto(new URL(pagePath, home.site).href);
      pages.push(page);
    }
    const ice = {
      turn: { urls: `turn:${topology.server}:${TURN_PORT}`, username: TURN_USER, credential: TURN_PASSWORD },
      stun: { urls: `stun:${topology.server}:${TURN_PORT}` },
    };
    await play({
      pages,
      browsers: started.map((h) => h.browser),
      homes: topology.homes.map((h, i) => ({ ...h, site: started[i].site })),
      server: topology.server,
      ice,
      turnLog,
    });
  } finally {
    for (const home of started) {
      await home.browser.close().catch(() => {});
      await home.tunnel.close();
      await endChild(home.child, { byStdin: true });
    }
    if (turnServer) await endChild(turnServer);
    removeNow();
    process.off('exit', removeNow);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (runDir) await rm(runDir, { recursive: true, force: true });
  }
}
