// remote.html's loader: starts play by turns' module (lauzait-remote, src/web/remote/) from
// the build's folder, named by the page's build meta (scripts/build-site.mjs), so the page
// never starts another build's module.
//
// An external file, not an inline script: the page's Content-Security-Policy runs scripts
// of its own origin only. It also registers the service worker (static/sw.js), so that a
// device that only ever opened a link of the game still works offline afterwards.
(() => {
  const app = document.getElementById("app");
  const fail = (what) => {
    const p = document.createElement("p");
    p.className = "errorbox";
    p.id = "load-failed";
    p.textContent = navigator.language.startsWith("ja")
      ? `対局のコードを読み込めませんでした（${what}）。接続を確かめて、ページを読み込み直してください。`
      : `The game's code could not be loaded (${what}). Check the connection and reload the page.`;
    app.replaceChildren(p);
  };
  const build = document.querySelector('meta[name="lauzait-build"]')?.content;
  const base = `./build-${build}/lauzait-remote`;
  const script = document.createElement("script");
  script.src = `${base}.js`;
  script.onload = () => wasm_bindgen(`${base}_bg.wasm`).catch((e) => fail(e));
  script.onerror = () => fail(script.src);
  document.head.append(script);
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    addEventListener("load", () => navigator.serviceWorker.register("./sw.js").catch(() => {}));
  }
})();
