// What the page's split reads of a wasm module (scripts/split-page.mjs, scripts/split-profile.mjs):
// its functions' names, from the module's "name" section (read by wasm-sections.mjs's
// binary reader), and their stable form.
import { readFileSync } from 'node:fs';
import { importsOf, readName, readU32, sections } from './wasm-sections.mjs';

const CUSTOM_SECTION = 0;
const FUNCTION_SECTION = 3;
const FUNCTION = 0;
const FUNCTION_NAMES = 1;

/** A function's name without the crate disambiguators rustc's symbol mangling writes into it
 *  (`lauzait_ui[0123456789abcdef]::html::new_game::form` → `lauzait_ui::html::new_game::form`),
 *  without the number the linker adds to a copy of a function (`…::allocate.1315`) and without
 *  the index wasm-bindgen gives a closure's shim (`shim_idx: 84`, which moves whenever a closure
 *  is added anywhere): they change with the build's flags and code, the function does not.
 *  Shims of one signature then share a name, and the first screen keeps them all (a few small
 *  functions) rather than lose the one it calls. */
export const stableName = (name) =>
  name.replace(/\[[0-9a-f]+\]/g, '').replace(/(\.llvm)?\.\d+$/, '').replace(/shim_idx: \d+/g, 'shim_idx: _');

// The characters binaryen 108 (wasm-split) keeps in a name as they are: the text format's
// identifier characters. Each other byte it writes as `\` and two hex digits.
const ID_CHARS = /^[0-9A-Za-z!#$%&'*+\-./:<=>?@^_`|~]$/;

/** Each name of `names` (index → name, as `functionNames` gives them) as binaryen 108 calls
 *  the function, which is how wasm-split's --keep-funcs must name it: escaped, and a name
 *  met before (two instances of one generic function) with `[1]`, `[2]`… added. */
export function binaryenNames(names) {
  const escape = (name) =>
    [...Buffer.from(name, 'utf8')]
      .map((byte) => {
        const char = String.fromCharCode(byte);
        return byte < 0x80 && ID_CHARS.test(char) ? char : `\\${byte.toString(16).padStart(2, '0')}`;
      })
      .join('');
  const used = new Set();
  const out = new Map();
  for (const index of [...names.keys()].sort((a, b) => a - b)) {
    let name = escape(names.get(index));
    for (let n = 1; used.has(name); n++) name = escape(`${names.get(index)}[${n}]`);
    used.add(name);
    out.set(index, name);
  }
  return out;
}

/** The module's function names by function index (imports first, as wasm counts them), from
 *  its "name" section (an error when it has none), and its counts of imported and defined
 *  functions. */
export function functionNames(file) {
  const bytes = readFileSync(file);
  const imported = importsOf(bytes).filter(({ kind }) => kind === FUNCTION).length;
  const names = new Map();
  let defined = 0;
  for (const { id, body } of sections(bytes)) {
    if (id === FUNCTION_SECTION) defined = readU32(body, 0).value;
    if (id !== CUSTOM_SECTION) continue;
    const title = readName(body, 0);
    if (title.name !== 'name') continue;
    // Subsections: an id, a length, and for id 1 (functions) a list of (index, name).
    for (let at = title.at; at < body.length;) {
      const sub = body[at];
      const size = readU32(body, at + 1);
      const end = size.at + size.value;
      if (sub === FUNCTION_NAMES) {
        const count = readU32(body, size.at);
        let entry = count.at;
        for (let n = 0; n < count.value; n++) {
          const index = readU32(body, entry);
          const name = readName(body, index.at);
          names.set(index.value, name.name);
          entry = name.at;
        }
      }
      at = end;
    }
  }
  if (names.size === 0) throw new Error(`${file} has no function names (a "name" section): built without wasm-opt's -g?`);
  return { names, imported, defined };
}
