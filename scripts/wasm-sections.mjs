// A wasm module's import and export sections, read and written in the binary format itself
// (the WebAssembly core spec's "Modules" chapter: a section is its id, its length as LEB128
// and its bytes; a name is its length and its UTF-8 bytes). Used by short-imports.mjs to
// rename what the page imports from and exports to its glue, by split-page.mjs to point the
// split's table exports back at their tables, and by wasm-names.mjs to read the functions'
// names. A rewrite copies every other section byte for byte, so the code, the tables and
// the names section (whose names are the functions' own, not the imports') stay as they were.

const IMPORT_SECTION = 2;
const EXPORT_SECTION = 7;
const HEADER = 8; // "\0asm" and the version

/** An unsigned LEB128 at `at` of `bytes`: its value and the offset after it. */
export function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    if (byte === undefined) throw new Error('wasm-sections: the module ends inside a number');
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return { value, at };
    shift += 7;
  }
}

export function writeU32(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Uint8Array.from(out);
}

/** A name at `at` of `bytes`: its text and the offset after it. */
export function readName(bytes, at) {
  const length = readU32(bytes, at);
  const end = length.at + length.value;
  return { name: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(length.at, end)), at: end };
}

export const writeName = (name) => {
  const utf8 = new TextEncoder().encode(name);
  return [writeU32(utf8.length), utf8];
};

/** The byte length of an import's description (after its two names) at `at`: a function's
 *  type index, a table's element type and limits, a memory's limits or a global's type. */
function importDescriptionEnd(bytes, at) {
  const kind = bytes[at++];
  const limits = (from) => {
    const flags = bytes[from];
    let next = readU32(bytes, from + 1).at;
    if (flags & 1) next = readU32(bytes, next).at;
    return next;
  };
  switch (kind) {
    case 0x00: return readU32(bytes, at).at; // function: its type's index
    case 0x01: return limits(at + 1); // table: element type, limits
    case 0x02: return limits(at); // memory: limits
    case 0x03: return at + 2; // global: value type, mutability
    case 0x04: return readU32(bytes, at + 1).at; // tag: attribute, type index
    default: throw new Error(`wasm-sections: an import of unknown kind ${kind}`);
  }
}

/** The module's sections as `{ id, body }`, in order. */
export function sections(bytes) {
  const magic = [0x00, 0x61, 0x73, 0x6d];
  if (!magic.every((b, i) => bytes[i] === b)) throw new Error('wasm-sections: not a wasm module');
  const out = [];
  for (let at = HEADER; at < bytes.length;) {
    const id = bytes[at];
    const size = readU32(bytes, at + 1);
    out.push({ id, body: bytes.subarray(size.at, size.at + size.value) });
    at = size.at + size.value;
  }
  return out;
}

/** The imports of the module `bytes`, as `{ module, field, kind }` (kind 0 a function). */
export function importsOf(bytes) {
  const section = sections(bytes).find(({ id }) => id === IMPORT_SECTION);
  if (!section) return [];
  const { body } = section;
  const count = readU32(body, 0);
  const out = [];
  let at = count.at;
  for (let i = 0; i < count.value; i++) {
    const module = readName(body, at);
    const field = readName(body, module.at);
    out.push({ module: module.name, field: field.name, kind: body[field.at] });
    at = importDescriptionEnd(body, field.at);
  }
  return out;
}

/** `body` of an import section with each import's module and field names mapped by `rename`
 *  ({ module, field } → { module, field }), the descriptions kept. */
function renameImports(body, rename) {
  const count = readU32(body, 0);
  const parts = [writeU32(count.value)];
  let at = count.at;
  for (let i = 0; i < count.value; i++) {
    const module = readName(body, at);
    const field = readName(body, module.at);
    const end = importDescriptionEnd(body, field.at);
    const to = rename({ module: module.name, field: field.name });
    parts.push(...writeName(to.module), ...writeName(to.field), body.subarray(field.at, end));
    at = end;
  }
  return parts;
}

/** The exports an export section's `body` lists, as `{ name, kind, index }` (kind 0 a
 *  function, 1 a table, 2 a memory, 3 a global). */
function readExports(body) {
  const count = readU32(body, 0);
  const out = [];
  let at = count.at;
  for (let i = 0; i < count.value; i++) {
    const name = readName(body, at);
    const index = readU32(body, name.at + 1);
    out.push({ name: name.name, kind: body[name.at], index: index.value });
    at = index.at;
  }
  return out;
}

/** An export section's body listing `exports`. */
const writeExports = (exports) => [
  writeU32(exports.length),
  ...exports.flatMap(({ name, kind, index }) => [...writeName(name), Uint8Array.of(kind), writeU32(index)]),
];

/** The exports of the module `bytes`, as `{ name, kind, index }`. */
export function exportsOf(bytes) {
  const section = sections(bytes).find(({ id }) => id === EXPORT_SECTION);
  return section ? readExports(section.body) : [];
}

export const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** `bytes` (a wasm module) with its imports' names mapped by `renameImport` and its exports
 *  (`{ name, kind, index }`) by `mapExport`, called in the order the sections list them; all
 *  else as it was. */
export function rewriteImportsAndExports(bytes, renameImport, mapExport) {
  const parts = [bytes.subarray(0, HEADER)];
  for (const { id, body } of sections(bytes)) {
    let newBody = [body];
    if (id === IMPORT_SECTION) newBody = renameImports(body, renameImport);
    if (id === EXPORT_SECTION) newBody = writeExports(readExports(body).map(mapExport));
    const joined = concat(newBody);
    parts.push(Uint8Array.of(id), writeU32(joined.length), joined);
  }
  return concat(parts);
}
