// The computer players' Web Worker and its helper (src/web/worker.rs, src/web/bots.rs): the
// page's own module, which the page has already downloaded and the offline cache holds,
// started with lauzait_worker_start instead of the page's start (its main finds no window
// here and returns). The site build (scripts/build-site.mjs) copies this file as it is into
// the build's folder, build-<id>/lauzait-bot-worker.js, and writes beside it
// lauzait-bot-worker.json: the page module's hashed file names, as addresses relative to
// that folder ({"glue": "../lauzait-web-<hash>.js", "wasm": "…_bg.wasm", "rest": "…_rest.wasm"}).
//
// The page's wasm comes in two parts (scripts/split-page.mjs; index.html's loader links them
// on the page). A worker has no first screen to hurry: here both parts are fetched and
// compiled at once, and the second is linked (instantiated with the first's exports, its
// functions written into the first's table) before the module's start, so none of the first
// part's stand-ins (its imports from the module "p"; the rest imports the first part from
// the module "m": scripts/split-page.mjs's names) is ever called.
const namesUrl = new URL("./lauzait-bot-worker.json", import.meta.url);
const namesResponse = await fetch(namesUrl);
if (!namesResponse.ok) throw new Error(`${namesUrl}: HTTP ${namesResponse.status}`);
const names = await namesResponse.json();
const pageFile = (name) => new URL(name, namesUrl);

/** A module compiled while it downloads; from its bytes where a host sends wasm with another type. */
async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return WebAssembly.compileStreaming(response.clone())
    .catch(() => response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes)));
}

// Both parts and the glue at once. A module built unsplit (make profile-redraw's) has no
// second part to fetch: its fetch failing is no error then.
const firstCompiled = compile(pageFile(names.wasm));
const restCompiled = compile(pageFile(names.rest));
firstCompiled.catch(() => {});
restCompiled.catch(() => {});
const { default: init, lauzait_worker_start } = await import(pageFile(names.glue).href);
const first = await firstCompiled;
const split = WebAssembly.Module.imports(first).some((i) => i.module === "p");
const rest = split ? await restCompiled : null;
const placeholder = new Proxy({}, {
  get: (_, slot) => () => {
    throw new Error(`the second part of the game's code is not linked (slot ${String(slot)})`);
  },
});
// Given a compiled module, wasm-bindgen's glue instantiates it once, with
// WebAssembly.instantiate and its imports: the stand-ins are added there, and the second
// part linked before the glue runs the module's start.
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (module, imports) => {
  WebAssembly.instantiate = instantiate;
  const instance = await instantiate(module, split ? { ...imports, p: placeholder } : imports);
  if (split) await instantiate(rest, { m: instance.exports });
  return instance;
};
await init({ module_or_path: first });
lauzait_worker_start();
