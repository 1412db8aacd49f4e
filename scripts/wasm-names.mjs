// What the page's split reads of a wasm module (scripts/split-page.mjs, scripts/split-profile.mjs):
// its functions' names, from the module's "name" section, and their stable form.
import { readFileSync } from 'node:fs';

/** A function's name without the crate disambiguators rustc's symbol mangling writes into it
 *  (`lauzait_ui[0123456789abcdef]::html::new_game::form` → `lauzait_ui::html::new_game::form`)
 *  and without the number the linker adds to a copy of a function (`…::allocate.1315`): they
 *  change with the build's flags and code, the function does not. */
export const stableName = (name) => name.replace(/\[[0-9a-f]+\]/g, '').replace(/(\.llvm)?\.\d+$/, '');

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
  let at = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const skip = () => {
    const length = leb();
    at += length;
  };
  const skipLimits = () => (leb() & 1 ? (leb(), leb()) : leb());
  const names = new Map();
  let imported = 0;
  let defined = 0;
  while (at < bytes.length) {
    const id = bytes[at++];
    const end = leb() + at;
    if (id === 2) {
      // The import section, for its count of functions (kind 0).
      for (let n = leb(); n > 0; n--) {
        skip(); // the module's name
        skip(); // the import's name
        const kind = bytes[at++];
        if (kind === 0) (leb(), imported++);
        else if (kind === 1) (at++, skipLimits());
        else if (kind === 2) skipLimits();
        else if (kind === 3) at += 2;
        else leb();
      }
    } else if (id === 3) {
      defined = leb();
    } else if (id === 0) {
      const length = leb();
      const section = bytes.toString('utf8', at, at + length);
      at += length;
      while (section === 'name' && at < end) {
        const sub = bytes[at++];
        const subEnd = leb() + at;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            const length = leb();
            names.set(index, bytes.toString('utf8', at, at + length));
            at += length;
          }
        }
        at = subEnd;
      }
    }
    at = end;
  }
  if (names.size === 0) throw new Error(`${file} has no function names (a "name" section): built without wasm-opt's -g?`);
  return { names, imported, defined };
}
