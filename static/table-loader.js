// table.html's loader. Table mode has two modules (src/web/table/): the host's
// (lauzait-table: setting the table, pairing, the board, the computer players) and a phone's
// (lauzait-phone: its own hand, its pairing answer and its check of the game's record),
// so that a phone downloads only its hand's code. A seat's pairing link (table.html#j=…)
// opens the phone's; any other address the host's (a phone's answer link, table.html#a=…,
// opened on the host's device, too: the host's module hands the answer to the table's page; and a
// spectator's link, table.html#w=…: the host's module watches, so that the phone's stays small). Both live in the build's folder, named
// by the page's build meta (scripts/build-site.mjs), so the page never starts another
// build's module.
//
// An external file, not an inline script: the page's Content-Security-Policy runs scripts
// of its own origin only. It also registers the service worker (static/sw.js), so that a
// phone that only ever opened its seat's link still works offline afterwards.
(() => {
  const app = document.getElementById("app");
  const fail = (what) => {
    const p = document.createElement("p");
    p.className = "errorbox";
    p.id = "load-failed";
    p.textContent = navigator.language.startsWith("ja")
      ? `テーブルモードのコードを読み込めませんでした（${what}）。接続を確かめて、ページを読み込み直してください。`
      : `Table mode's code could not be loaded (${what}). Check the connection and reload the page.`;
    app.replaceChildren(p);
  };
  const build = document.querySelector('meta[name="lauzait-build"]')?.content;
  // A relayed table's pages (the tablet, ?deal=phones, and a seat's link #k=…) have a module of
  // their own (lauzait-relayed), which holds joint play.
  const relayed = location.hash.startsWith("#k=") || new URLSearchParams(location.search).get("deal") === "phones";
  const name = location.hash.startsWith("#j=") ? "lauzait-phone" : relayed ? "lauzait-relayed" : "lauzait-table";
  const base = `./build-${build}/${name}`;
  const script = document.createElement("script");
  script.src = `${base}.js`;
  script.onload = () => wasm_bindgen(`${base}_bg.wasm`).catch((e) => fail(e));
  script.onerror = () => fail(script.src);
  document.head.append(script);
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    addEventListener("load", () => navigator.serviceWorker.register("./sw.js").catch(() => {}));
  }
})();
