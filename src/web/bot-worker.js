// The computer players' Web Worker and its helper (src/web/worker.rs, src/web/bots.rs): the
// page's own module, which the page has already downloaded and the offline cache holds,
// started with lauzait_worker_start instead of the page's start (its main finds no window
// here and returns). scripts/stamp-build.sh writes this file into the build's folder as
// build-<id>/lauzait-bot-worker.js, with the page's hashed file names in place of
// ./lauzait-web.js and ./lauzait-web_bg.wasm below.
//
// The page's wasm comes in two parts (scripts/split-page.mjs; index.html's loader links them
// on the page). A worker has no first screen to hurry: here both parts are fetched and
// compiled at once, and the second is linked (instantiated with the first's exports, its
// functions written into the first's table) before the module's start, so none of the first
// part's stand-ins (its "placeholder" imports) is ever called.
import init, { lauzait_worker_start } from "./lauzait-web.js";

const firstUrl = new URL("./lauzait-web_bg.wasm", import.meta.url);
const restUrl = new URL(firstUrl.href.replace(/_bg\.wasm$/, "_rest.wasm"));

/** A module compiled while it downloads; from its bytes where a host sends wasm with another type. */
async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return WebAssembly.compileStreaming(response.clone())
    .catch(() => response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes)));
}

// Both at once. A module built unsplit (make profile-redraw's) has no second part to fetch:
// its fetch failing is no error then.
const restCompiled = compile(restUrl);
restCompiled.catch(() => {});
const first = await compile(firstUrl);
const split = WebAssembly.Module.imports(first).some((i) => i.module === "placeholder");
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
  const instance = await instantiate(module, split ? { ...imports, placeholder } : imports);
  if (split) await instantiate(rest, { primary: instance.exports });
  return instance;
};
await init({ module_or_path: first });
lauzait_worker_start();
