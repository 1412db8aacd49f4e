// The rater's Web Worker (src/web/rater.rs): the `lauzait-rater` module, which trunk builds
// as a plain-script worker (its glue defines `wasm_bindgen`). The site build
// (scripts/build-site.mjs) copies this file as it is into the build's folder, beside the
// module, as build-<id>/lauzait-rater_loader.js; the service worker caches the three files
// the first time this one is fetched (static/sw.js).
//
// A module that cannot load (offline before it was ever fetched) must not leave the page
// waiting for ever: its rejection is thrown again outside the promise, so that it reaches
// the page as the worker's error event and the rating says it needs a connection.
importScripts("./lauzait-rater.js");
wasm_bindgen("./lauzait-rater_bg.wasm").catch((e) => setTimeout(() => { throw e; }));
