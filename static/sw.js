// Offline play: after one visit every file of the game is in the cache, and the game
// loads and plays with no network. Network first, so an update takes effect on the next
// load; the cache answers when the network does not. Saved games live in localStorage,
// which this worker never touches.
const CACHE = "lauzait-cep";
const WORKER_FILES = ["lauzait-bot-worker_loader.js", "lauzait-bot-worker.js", "lauzait-bot-worker_bg.wasm"];

// The page and everything it links (trunk names its JS and wasm with content hashes, so
// the list is read from the page itself rather than written here).
async function cacheThePage() {
  const cache = await caches.open(CACHE);
  const scope = self.registration.scope;
  const page = await fetch(scope, { cache: "no-cache" });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put(scope, page);
  const urls = new Set();
  for (const m of html.matchAll(/(?:href|src)="([^"#]+)"/g)) {
    const url = new URL(m[1], scope).href;
    if (url.startsWith(scope)) urls.add(url);
  }
  // The computer players' worker: started by the page, not linked from it (trunk writes
  // worker files without hashes, so their names are known here).
  for (const name of WORKER_FILES) urls.add(new URL(name, scope).href);
  await Promise.all(
    [...urls].map(async (url) => {
      const response = await fetch(url, { cache: "no-cache" });
      if (response.ok) await cache.put(url, response);
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheThePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      } catch (offline) {
        const hit =
          (await cache.match(request, { ignoreSearch: true })) ||
          (request.mode === "navigate" ? await cache.match(self.registration.scope) : undefined);
        if (hit) return hit;
        throw offline;
      }
    })(),
  );
});
