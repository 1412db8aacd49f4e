// The rules oracle's Web Worker (src/web/oracle.rs): the `lauzait-oracle` module, which trunk
// builds as a plain-script worker (its glue defines `wasm_bindgen`). The site build
// (scripts/build-site.mjs) copies this file as it is into the build's folder, beside the
// module, as build-<id>/lauzait-oracle_loader.js.
//
// A module that cannot load (offline: the oracle is not cached) must not leave the page
// waiting for ever: its rejection is thrown again outside the promise, so that it reaches
// the page as the worker's error event and every waiting request gets an error line.
importScripts("./lauzait-oracle.js");
wasm_bindgen("./lauzait-oracle_bg.wasm").catch((e) => setTimeout(() => { throw e; }));
