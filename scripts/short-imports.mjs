// A step of the site build (scripts/build-site.mjs), before the page's wasm is split: gives
// the functions the page's wasm imports from its JavaScript glue short names, in both files,
// and the closure entry points it exports to the glue too.
//
// wasm-bindgen names each of them after the browser API it calls and a hash of its shape
// (`__wbg_getElementById_f827f0d6648718a8`), some 200 names written twice, once in the
// wasm's import section and once in the glue. The hashes are what gzip cannot squeeze:
// about 6 KB of the offline install (BENCHMARKS.md, "The site build's steps"). Here the n-th
// name of the import section becomes the n-th short name (`a`, `b`, … `ba`, …), the same
// names for the same module, so that an unchanged build stays byte for byte the same; and the
// glue module's name `./lauzait-web_bg.js` becomes `w`. The same for table mode's phone's glue and
// play by turns'.
//
// The closures' entry points are exported under the Rust path of their signature
// (`wasm_bindgen_<hash>___convert__closures_____invoke___web_sys_<hash>___features__…`, up
// to 330 characters) and called by the glue as `wasm.<name>`: they become `_a`, `_b`, … in
// the export section and in the glue.
//
// Both files are read by parsers, never by patterns over their text: the wasm's import and
// export sections in the binary format (wasm-sections.mjs), the glue as JavaScript (acorn,
// the parser terser uses). The glue is wasm-bindgen's `--target web` output: an object
// `{ "./<module>_bg.js": importsObject }` whose imports object lists each import once as a
// property. An import the glue does not list exactly once, or a renamed export it never calls,
// stops the build: a new wasm-bindgen that writes its glue differently must be looked at
// here, never shipped half renamed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
// binaryen and the features rustc enables.
import { BINARYEN, FEATURES } from './shrink-wasm.mjs';
import { rewriteImportsAndExports } from './wasm-sections.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// The build's node tools are the package tools/web-build/ (acorn is one of its dependencies).
const { parse } = createRequire(path.join(ROOT, 'tools/web-build/package.json'))('acorn');

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

/** Every node of the syntax tree under `node`, depth first. */
function* nodes(node) {
  if (!node || typeof node.type !== 'string') return;
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* nodes(child);
    else if (value && typeof value === 'object') yield* nodes(value);
  }
}

const keyName = (property) => (property.key.type === 'Identifier' ? property.key.name : property.key.value);

/** `glue` with every import name of `renames` (old → new), every export of `exportRenames`
 *  it calls (`wasm.<old>`) and the module's name changed, edited at the places the parser
 *  found them. */
export function renameInGlue(glue, renames, exportRenames = new Map(), module = './lauzait-web_bg.js') {
  const tree = parse(glue, { ecmaVersion: 'latest', sourceType: 'module' });
  const all = [...nodes(tree)];
  const edits = [];
  // `{ "./<module>_bg.js": importsObject }`: the key becomes "w"; the imports object is
  // the one its value names.
  const moduleKeys = all.filter((n) => n.type === 'Property' && !n.computed && keyName(n) === module);
  if (moduleKeys.length !== 1 || moduleKeys[0].value.type !== 'Identifier') {
    throw new Error(`short-imports: the glue does not name its imports object under ${JSON.stringify(module)} once`);
  }
  edits.push({ start: moduleKeys[0].key.start, end: moduleKeys[0].key.end, text: JSON.stringify(SHORT_MODULE) });
  const objectName = moduleKeys[0].value.name;
  const declarations = all.filter((n) => n.type === 'VariableDeclarator' && n.id.name === objectName && n.init?.type === 'ObjectExpression');
  if (declarations.length !== 1) throw new Error(`short-imports: the glue does not declare its imports object ${objectName} once`);
  const listed = new Map();
  for (const property of declarations[0].init.properties) {
    if (property.type !== 'Property' || property.computed) continue;
    const name = keyName(property);
    listed.set(name, (listed.get(name) ?? 0) + 1);
    if (renames.has(name)) edits.push({ start: property.key.start, end: property.key.end, text: renames.get(name) });
  }
  for (const from of renames.keys()) {
    if (listed.get(from) !== 1) throw new Error(`short-imports: the glue lists ${from} ${listed.get(from) ?? 0} times, not once`);
  }
  const called = new Set();
  for (const n of all) {
    if (n.type !== 'MemberExpression' || n.computed || n.object.type !== 'Identifier' || n.object.name !== 'wasm') continue;
    if (!exportRenames.has(n.property.name)) continue;
    called.add(n.property.name);
    edits.push({ start: n.property.start, end: n.property.end, text: exportRenames.get(n.property.name) });
  }
  for (const from of exportRenames.keys()) {
    if (!called.has(from)) throw new Error(`short-imports: the glue never calls the export ${from}`);
  }
  let out = glue;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** `wasm` (bytes) with the glue's imports and the closures' exports renamed; the renames
 *  made, in the order of their sections. */
export function renameInWasm(wasm, module = './lauzait-web_bg.js') {
  const renames = new Map();
  const exportRenames = new Map();
  const renamed = rewriteImportsAndExports(
    wasm,
    ({ module: from, field }) => {
      if (from !== module) throw new Error(`short-imports: an import from ${from}, not the glue ${module}`);
      if (!renames.has(field)) renames.set(field, shortName(renames.size));
      return { module: SHORT_MODULE, field: renames.get(field) };
    },
    (wasmExport) => {
      if (!GLUE_EXPORT.test(wasmExport.name)) return wasmExport;
      exportRenames.set(wasmExport.name, `_${shortName(exportRenames.size)}`);
      return { ...wasmExport, name: exportRenames.get(wasmExport.name) };
    },
  );
  return { wasm: renamed, renames, exportRenames };
}

/** `wasm` (a file) rewritten by binaryen through its text form (wasm-dis, then wasm-as with
 *  the names kept): binaryen's passes shrink the module it reads back from text further than
 *  the binary as trunk's wasm-opt wrote it, 0.2 KB gzip of the phone's module and 0.35 KB of
 *  the page's two parts (BENCHMARKS.md, "The site build's steps"). Nothing in the text is
 *  read or changed here. */
function throughText(wasm) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'short-imports-'));
  try {
    const text = path.join(tmp, 'module.wat');
    const run = (tool, args) => execFileSync(path.join(BINARYEN, tool), args, { stdio: ['ignore', 'inherit', 'inherit'] });
    run('wasm-dis', [wasm, '-o', text]);
    run('wasm-as', [...FEATURES, '-g', text, '-o', wasm]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Renames the imports and closure exports of the glue `glueName` in `staging` and of its
 *  wasm (the function names kept, for the split that follows: split-page.mjs). */
export function shortenImports(staging, glueName) {
  const gluePath = path.join(staging, glueName);
  const wasmPath = gluePath.replace(/\.js$/, '_bg.wasm');
  const module = glueModule(glueName);
  const { wasm, renames, exportRenames } = renameInWasm(readFileSync(wasmPath), module);
  const glue = renameInGlue(readFileSync(gluePath, 'utf8'), renames, exportRenames, module);
  writeFileSync(wasmPath, wasm);
  throughText(wasmPath);
  writeFileSync(gluePath, glue);
  console.log(`short-imports: ${renames.size} imports and ${exportRenames.size} exports of ${glueName} renamed`);
}
