// Run by stamp-build.sh (trunk's post_build hook) before the page's wasm is split: gives
// the functions the page's wasm imports from its JavaScript glue short names, in both files,
// and the closure entry points it exports to the glue too.
//
// wasm-bindgen names each of them after the browser API it calls and a hash of its shape
// (`__wbg_getElementById_f827f0d6648718a8`), some 200 names written twice, once in the
// wasm's import section and once in the glue. The hashes are what gzip cannot squeeze:
// about 5.5 KB of the offline install (BENCHMARKS.md, "Download size"). Here the n-th name
// of the import section becomes the n-th short name (`a`, `b`, … `ba`, …), the same names
// for the same module, so that an unchanged build stays byte for byte the same; and the
// glue module's name `./lauzait-web_bg.js` becomes `w`. The same for each glue named on the
// command line (table mode's phone's: `node scripts/short-imports.mjs lauzait-phone.js`).
//
// The closures' entry points are exported under the Rust path of their signature
// (`wasm_bindgen_<hash>___convert__closures_____invoke___web_sys_<hash>___features__…`, up
// to 330 characters) and called by the glue as `wasm.<name>`: they become `_a`, `_b`, … in
// the export section and in the glue (about 0.35 KB of the install).
//
// The glue is wasm-bindgen's `--target web` output: its imports object lists each import
// once as `name: function(…)` or `name: value`. A name the glue does not list exactly once
// stops the build: a new wasm-bindgen that writes its glue differently must be looked at
// here, never shipped half renamed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { escapeRegExp, PAGE_GLUE, setPreloadIntegrity } from './integrity.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const BINARYEN = path.join(ROOT, 'tools/web-build/node_modules/binaryen/bin');
const FEATURES = readFileSync(path.join(ROOT, 'scripts/wasm-opt-features.sh'), 'utf8').match(/--enable-[a-z-]+/g);
const SHORT_MODULE = 'w';
/** The name wasm-bindgen gives the glue's imports object for the module of glue `file`. */
const glueModule = (file) => `./${file.replace(/-[0-9a-f]+\.js$|\.js$/, '')}_bg.js`;
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The n-th short name: a … Z, ba … ZZ, bba … (a keyword such as `do` is a valid property
 *  name in the glue's object literal, and any string is a valid wasm import name). */
export function shortName(n) {
  let name = LETTERS[n % LETTERS.length];
  for (let rest = Math.floor(n / LETTERS.length); rest > 0; rest = Math.floor(rest / LETTERS.length)) {
    name = LETTERS[rest % LETTERS.length] + name;
  }
  return name;
}

/** Exports named by wasm-bindgen for the glue alone: a closure's entry point. */
const GLUE_EXPORT = /^wasm_bindgen_[0-9a-f]+___convert__closures_/;

/** `glue` with every import name of `renames` (old → new), every export of `exportRenames`
 *  it calls (`wasm.<old>`) and the module's name changed. */
export function renameInGlue(glue, renames, exportRenames = new Map(), module = './lauzait-web_bg.js') {
  let out = glue;
  for (const [from, to] of exportRenames) {
    const call = new RegExp(`\\bwasm\\.${escapeRegExp(from)}\\b`, 'g');
    if (!call.test(out)) throw new Error(`short-imports: the glue never calls the export ${from}`);
    out = out.replace(call, `wasm.${to}`);
  }
  for (const [from, to] of renames) {
    const key = new RegExp(`(^\\s+)${escapeRegExp(from)}(?=: )`, 'gm');
    const found = out.match(key)?.length ?? 0;
    if (found !== 1) throw new Error(`short-imports: the glue lists ${from} ${found} times, not once`);
    out = out.replace(key, `$1${to}`);
  }
  const moduleKey = `${JSON.stringify(module)}: import0`;
  if (out.split(moduleKey).length !== 2) throw new Error(`short-imports: the glue does not name its imports object ${moduleKey} once`);
  return out.replace(moduleKey, `${JSON.stringify(SHORT_MODULE)}: import0`);
}

/** `wat` with the glue's imports and the closures' exports renamed; the renames made, in
 *  the order of their sections. */
export function renameInWat(wat, module = './lauzait-web_bg.js') {
  const renames = new Map();
  const exportRenames = new Map();
  const renamed = wat
    .replace(/\(import "([^"]+)" "([^"]+)"/g, (whole, from, name) => {
      if (from !== module) throw new Error(`short-imports: an import from ${from}, not the glue ${module}`);
      if (!renames.has(name)) renames.set(name, shortName(renames.size));
      return `(import "${SHORT_MODULE}" "${renames.get(name)}"`;
    })
    .replace(/\(export "([^"]+)"/g, (whole, name) => {
      if (!GLUE_EXPORT.test(name)) return whole;
      exportRenames.set(name, `_${shortName(exportRenames.size)}`);
      return `(export "${exportRenames.get(name)}"`;
    });
  return { wat: renamed, renames, exportRenames };
}

function run(tool, args) {
  execFileSync(path.join(BINARYEN, tool), args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Renames the imports and closure exports of the glue `glueName` in `staging` and of its
 *  wasm; index.html's preload integrity too when it is the page's glue. */
function shorten(staging, glueName) {
  const gluePath = path.join(staging, glueName);
  const wasmPath = gluePath.replace(/\.js$/, '_bg.wasm');
  const module = glueModule(glueName);
  const tmp = mkdtempSync(path.join(tmpdir(), 'short-imports-'));
  try {
    const text = path.join(tmp, 'module.wat');
    run('wasm-dis', [wasmPath, '-o', text]);
    const { wat, renames, exportRenames } = renameInWat(readFileSync(text, 'utf8'), module);
    const glue = renameInGlue(readFileSync(gluePath, 'utf8'), renames, exportRenames, module);
    writeFileSync(text, wat);
    // -g: the function names stay, for the split that follows (split-page.mjs).
    run('wasm-as', [...FEATURES, '-g', text, '-o', wasmPath]);
    writeFileSync(gluePath, glue);

    // index.html preloads the page's glue with its hash: it is a new file now.
    if (PAGE_GLUE.test(glueName)) setPreloadIntegrity(staging, glueName, glue, 'short-imports');
    console.log(`short-imports: ${renames.size} imports and ${exportRenames.size} exports of ${glueName} renamed`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The page's glue, and the glue files named on the command line (table mode's phone's,
 *  whose plain-script glue lists its imports the same way). */
function main() {
  const staging = process.env.TRUNK_STAGING_DIR;
  if (!staging) throw new Error("short-imports: run by scripts/stamp-build.sh in trunk's post_build hook (see Trunk.toml)");
  const glues = readdirSync(staging).filter((f) => PAGE_GLUE.test(f));
  if (glues.length !== 1) throw new Error(`short-imports: expected one lauzait-web-*.js in ${staging}, found ${glues.length}`);
  for (const glue of [glues[0], ...process.argv.slice(2)]) shorten(staging, glue);
}

if (process.argv[1] === new URL(import.meta.url).pathname) main();
