// embed.html's loader: starts the embedded board's module (lauzait-embed, src/web/embed.rs)
// from the build's folder, named by the page's build meta (scripts/build-site.mjs), so the
// page never starts another build's module. An external file, not an inline script: the
// page's Content-Security-Policy runs scripts of its own origin only.
(() => {
  const fail = (what) => {
    const p = document.createElement("p");
    p.className = "errorbox";
    p.id = "embed-error";
    p.textContent = navigator.language.startsWith("ja")
      ? `盤面のコードを読み込めませんでした（${what}）。ページを読み込み直してください。`
      : `The board's code could not be loaded (${what}). Reload the page.`;
    document.getElementById("actions").replaceChildren(p);
  };
  const build = document.querySelector('meta[name="lauzait-build"]')?.content;
  const base = `./build-${build}/lauzait-embed`;
  const script = document.createElement("script");
  script.src = `${base}.js`;
  script.onload = () => wasm_bindgen(`${base}_bg.wasm`).catch((e) => fail(e));
  script.onerror = () => fail(script.src);
  document.head.append(script);
})();
