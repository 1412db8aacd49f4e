// Offline play, and updates that never mix two builds.
//
// - One cache per build, named after the build's id. The site build (scripts/build-site.mjs)
//   writes this file as served: the build's manifest first, as data
//   (`const BUILD_MANIFEST = {"build": …, "files": […], "pages": {…}};`), then this file as
//   it is. The id is a hash of the build's files (nothing to bump by hand). `files` lists
//   what a game needs offline — the page, its hashed JS and wasm, the computer players'
//   worker (in build-<id>/), the icons and the web app manifest — cached when this worker
//   installs. `pages` lists, for each page a visitor may never open (rules.html, with
//   static/embed.js; table.html, with its loader and table mode's two modules), the files it
//   needs: they join the build's cache all together the first time that page is opened, so
//   a visitor who never opens it does not download them, and once opened it works offline,
//   after an update too (a new build caches the pages the old build's cache held). `pages`
//   also lists the rater's worker (a finished game's rating), keyed by its loader in the
//   build's folder: its files join the cache the first time the page starts it, so the
//   install stays the game's alone and a game is rated offline once one was rated online.
//   The rules oracle's worker is in neither: it is loaded only on request. Nothing needs
//   adding here by hand.
// - Installing caches all of one build's files or nothing (a file missing, or an index.html
//   of another build, as on a server half-way through an update, fails the install and the
//   old build stays). Activating deletes every other build's cache.
// - Files of the build are served from its cache, online or not. A new build is found by
//   the browser's check of this file; once cached it takes over, and pages of the old build
//   reload into it (index.html) rather than fetch files of the new one. Saved games live in
//   localStorage, which this worker never touches: the game continues after an update.
// - Without a manifest ("dev": sw.js served straight from static/), it caches nothing.
/* global BUILD_MANIFEST */
const MANIFEST = typeof BUILD_MANIFEST === "object" ? BUILD_MANIFEST : { build: "dev", files: [], pages: {} };
const BUILD = MANIFEST.build;
const FILES = MANIFEST.files;
const PAGES = MANIFEST.pages;
const PREFIX = "lauzait-cep";
const CACHE = `${PREFIX}-${BUILD}`;
const SCOPE = new URL("./", self.location).href;

/** `names`, fetched past the HTTP cache, each body read at once (an unread body holds its
 *  connection, and the browser opens only a few per host). Throws unless every one arrived
 *  and `page`, one of them, is of this build (a server half-way through an update): a page
 *  by its stamp, a worker's loader in the build's folder by its name. */
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
  if (page.startsWith(`build-${BUILD}/`)) return fetched;
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

/** The page of `PAGES` at `address` (whatever its query), if it is one. */
function openedPage(address) {
  const url = new URL(address);
  const at = url.origin + url.pathname;
  return Object.keys(PAGES).find((page) => new URL(page, SCOPE).href === at);
}

/** `page`'s files, all or none, into `cache` unless it has them. */
async function cachePage(cache, page) {
  if (await cache.match(new URL(page, SCOPE).href)) return;
  await store(cache, await fetchAll(PAGES[page], page));
}

/** The pages of `PAGES` another build's cache holds: opened before this build came. A
 *  worker's loader is looked for in that build's own folder. */
async function pagesOpenedBefore() {
  const opened = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    const oldFolder = `build-${name.slice(PREFIX.length + 1)}/`;
    for (const page of Object.keys(PAGES)) {
      const then = page.replace(`build-${BUILD}/`, oldFolder);
      if (await old.match(new URL(then, SCOPE).href)) opened.add(page);
    }
  }
  return [...opened];
}

/** The build's files, stored only if all arrived; then the pages opened before, each all
 *  or none (one that fails is cached the next time it is opened). */
async function precache() {
  const fetched = await fetchAll(FILES, "index.html");
  await caches.delete(CACHE);
  const cache = await caches.open(CACHE);
  await store(cache, fetched);
  for (const page of await pagesOpenedBefore()) await cachePage(cache, page).catch(() => {});
}

/** `page`'s files into this build's cache, in the background of the event that opened it. */
async function pageOpened(page) {
  await cachePage(await caches.open(CACHE), page).catch(() => {});
}

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
      // A first visit that opened such a page itself: its files came past this worker.
      const open = await self.clients.matchAll({ includeUncontrolled: true });
      for (const page of new Set(open.map((c) => openedPage(c.url)).filter(Boolean))) await pageOpened(page);
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
  const page = openedPage(request.url);
  if (page) event.waitUntil(pageOpened(page));
});
