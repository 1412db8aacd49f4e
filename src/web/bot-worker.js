// The computer players' Web Worker and its helper (src/web/worker.rs, src/web/bots.rs): the
// page's own module, which the page has already downloaded and the offline cache holds,
// started with lauzait_worker_start instead of the page's start (its main finds no window
// here and returns). scripts/stamp-build.sh writes this file into the build's folder as
// build-<id>/lauzait-bot-worker.js, with the page's hashed file names in place of
// ./lauzait-web.js and ./lauzait-web_bg.wasm below.
//
// The page's wasm comes in two parts (scripts/split-page.mjs; index.html's loader links them
// on the page). A worker has no first screen to hurry, so here the second part is linked as
// soon as the first is instantiated, before the module's start: none of the first part's
// stand-ins (its "placeholder" imports) is ever called.
import init, { lauzait_worker_start } from "./lauzait-web.js";

const streaming = WebAssembly.instantiateStreaming;
const fromBytes = WebAssembly.instantiate;
const placeholder = new Proxy({}, {
  get: (_, slot) => () => {
    throw new Error(`the second part of the game's code is not linked (slot ${String(slot)})`);
  },
});
let wasmUrl;

async function linkRest({ module, instance }) {
  WebAssembly.instantiateStreaming = streaming;
  WebAssembly.instantiate = fromBytes;
  if (!WebAssembly.Module.imports(module).some((i) => i.module === "placeholder")) return { module, instance };
  const restUrl = wasmUrl.replace(/_bg\.wasm$/, "_rest.wasm");
  const response = await fetch(restUrl);
  if (!response.ok) throw new Error(`${restUrl}: HTTP ${response.status}`);
  // Compiled while it downloads; from the bytes where a host sends wasm with another type.
  const rest = await WebAssembly.compileStreaming(response.clone())
    .catch(() => response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes)));
  // Its element segments write its functions into the first part's table.
  await fromBytes(rest, { primary: instance.exports });
  return { module, instance };
}

// wasm-bindgen's glue instantiates the module once, streaming, or from the bytes where the
// wasm comes with another type: the stand-ins are added to its imports either way.
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  wasmUrl = response.url;
  imports.placeholder = placeholder;
  return linkRest(await streaming(response, imports));
};
WebAssembly.instantiate = async (bytes, imports) => {
  if (!wasmUrl) return fromBytes(bytes, imports);
  imports.placeholder = placeholder;
  return linkRest(await fromBytes(bytes, imports));
};

await init({ module_or_path: new URL("./lauzait-web_bg.wasm", import.meta.url) });
lauzait_worker_start();
