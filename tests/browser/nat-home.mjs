// One home's computer in the NAT harness (nat.mjs, docs/nat-tests.md), run inside the home's
// network namespace by `ip netns exec`: it serves the site on the home's own 127.0.0.1 and
// starts a Chromium server there, then offers that server's WebSocket on a Unix socket, which
// the test process (in another namespace) can reach: Unix sockets belong to the file system,
// not to a network namespace.
//
//   node nat-home.mjs SITE_DIR PORT SOCKET [CHROMIUM_ARG …]
//
// Every home serves the site at the same port, so every home's copy has the same origin and
// a link made in one home (an invite) opens the site in another as it is.
//
// Prints one line of JSON, { site, wsPath }, once everything listens. It ends, closing the
// browser and both servers, when its standard input closes (the test process ended, however
// it ended) or on SIGTERM.
import net from 'node:net';
import { rm } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startServer, CHROMIUM_PATH, CHROMIUM_ARGS } from './helpers.mjs';

const [siteDir, port, socketPath, ...extraArgs] = process.argv.slice(2);
if (!siteDir || !/^\d+$/.test(port ?? '') || !socketPath) {
  console.error('usage: node nat-home.mjs SITE_DIR PORT SOCKET [CHROMIUM_ARG …]');
  process.exit(2);
}

const server = await startServer(siteDir, { port: Number(port) });
const browser = await chromium.launchServer({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_ARGS, ...extraArgs],
  host: '127.0.0.1',
  port: 0,
  timeout: 60_000,
});
const endpoint = new URL(browser.wsEndpoint());

await rm(socketPath, { force: true });
const bridge = net.createServer((client) => {
  const upstream = net.connect(Number(endpoint.port), '127.0.0.1');
  client.pipe(upstream).pipe(client);
  const end = () => { client.destroy(); upstream.destroy(); };
  client.on('error', end);
  upstream.on('error', end);
  client.on('close', end);
  upstream.on('close', end);
});
await new Promise((resolve, reject) => { bridge.once('error', reject); bridge.listen(socketPath, resolve); });

let ending = false;
async function end() {
  if (ending) return;
  ending = true;
  bridge.close();
  await browser.close().catch(() => {});
  await server.close();
  await rm(socketPath, { force: true });
  process.exit(0);
}
process.stdin.on('end', end);
process.stdin.on('error', end);
process.stdin.resume();
process.on('SIGTERM', end);
process.on('SIGINT', end);

console.log(JSON.stringify({ site: server.url, wsPath: endpoint.pathname }));
