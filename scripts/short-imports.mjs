// A step of the site build (scripts/build-site.mjs), before the page's wasm is split: gives
// the functions the page's wasm imports from its JavaScript glue short names, in both files,
// and the closure entry points it exports to the glue too.
//
// wasm-bindgen names each of them after the browser API it calls and a hash of its shape
// (`__wbg_getElementById_f827f0d6648718a8`), some 200 names written twice, once in the
// wasm's import section and once in the glue. The hashes are what gzip cannot squeeze:
// about 5.5 KB of the offline install (BENCHMARKS.md, "Download size"). Here the n-th name
// of the import section becomes the n-th short name (`a`, `b`, … `ba`, …), the same names
// for the same module, so that an unchanged build stays byte for byte the same; and the
// glue module's name `./lauzait-web_bg.js` becomes `w`. The same for table mode's phone's glue.
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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// binaryen and the features rustc enables.
import { BINARYEN, FEATURES } from './shrink-wasm.mjs';

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
 *  wasm. The page's glue is one of the files index.html preloads with an integrity hash,
 *  which the build writes anew once every file is final (scripts/integrity.mjs). */
export function shortenImports(staging, glueName) {
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
    console.log(`short-imports: ${renames.size} imports and ${exportRenames.size} exports of ${glueName} renamed`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
