// Offline play, and updates that never mix two builds.
//
// - One cache per build, named after the build's id. BUILD and FILES are written by
//   scripts/stamp-build.sh when trunk builds the site: the id is a hash of the build's
//   files (nothing to bump by hand) and FILES lists the files the build wrote — the page,
//   its hashed JS and wasm, the workers (in build-<id>/), rules.html, static/embed.js and
//   the icons — all but the rules oracle's worker, loaded only on request, and table mode.
//   TABLE_FILES lists table mode's (table.html, its loader, its two modules): they join the
//   build's cache all together the first time table.html is opened, so a visitor who never
//   sets a table does not download them, and a tablet or a phone that opened it once plays
//   offline. Nothing needs adding here by hand.
// - Installing caches all of one build or nothing (a file missing, or an index.html of
//   another build, as on a server half-way through an update, fails the install and the
//   old build stays). Activating deletes every other build's cache.
// - Files of the build are served from its cache, online or not. A new build is found by
//   the browser's check of this file; once cached it takes over, and pages of the old build
//   reload into it (index.html) rather than fetch files of the new one. Saved games live in
//   localStorage, which this worker never touches: the game continues after an update.
// - Unstamped ("dev": sw.js served straight from static/), it caches nothing.
const BUILD = "dev";
const FILES = [];
const TABLE_FILES = [];
const PREFIX = "lauzait-cep";
const CACHE = `${PREFIX}-${BUILD}`;
const SCOPE = new URL("./", self.location).href;

/** `names`, fetched past the HTTP cache, each body read at once (an unread body holds its
 *  connection, and the browser opens only a few per host). Throws unless every one arrived
 *  and `page`, one of them, is of this build (a server half-way through an update). */
async function fetchAll(names, page) {
  const fetched = await Promise.all(
    names.map(async (name) => {
      const url = new URL(name, SCOPE).href;
      const response = await fetch(url, { cache: "reload" });
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      const body = await response.arrayBuffer();
      return { url, body, headers: response.headers };
    }),
  );
  const first = fetched.find((f) => f.url === new URL(page, SCOPE).href);
  const html = first ? new TextDecoder().decode(first.body) : "";
  if (!html.includes(`<meta name="lauzait-build" content="${BUILD}"`)) {
    throw new Error(`${page} is not of build ${BUILD}`);
  }
  return fetched;
}

/** Stored as fresh responses: a redirected one cannot answer a page's navigation (some
 *  hosts redirect index.html to ./). */
async function store(cache, fetched) {
  await Promise.all(fetched.map((f) => cache.put(f.url, new Response(f.body, { status: 200, headers: f.headers }))));
}

/** Every file of the build but table mode's; stored only if all arrived. */
async function precache() {
  const fetched = await fetchAll(FILES, "index.html");
  await caches.delete(CACHE);
  await store(await caches.open(CACHE), fetched);
}

/** Table mode's files, all or none, unless the cache has them. */
async function cacheTableMode() {
  const cache = await caches.open(CACHE);
  if (TABLE_FILES.length === 0 || (await cache.match(new URL("table.html", SCOPE).href))) return;
  await store(cache, await fetchAll(TABLE_FILES, "table.html"));
}

const isTablePage = (address) => {
  const url = new URL(address);
  return url.origin + url.pathname === new URL("table.html", SCOPE).href;
};

self.addEventListener("install", (event) => {
  if (BUILD === "dev") return;
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Other builds' caches, and the unversioned cache of the first service worker.
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
      // A first visit that opened table.html itself: its files came past this worker.
      const open = await self.clients.matchAll({ includeUncontrolled: true });
      if (open.some((c) => isTablePage(c.url))) await cacheTableMode().catch(() => {});
    })(),
  );
});

/** The cached file for a request: the page for its folder's address or any navigation to
 *  index.html (whatever its query), else the file itself. */
async function cached(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (url.href === SCOPE) url.href = new URL("index.html", SCOPE).href;
  return cache.match(url.href);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (BUILD === "dev" || request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(cached(request).then((hit) => hit || fetch(request)));
  if (isTablePage(request.url)) event.waitUntil(cacheTableMode().catch(() => {}));
});
