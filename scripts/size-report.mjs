// What the bytes of a wasm module are (issue "Speed and size", "find what the bytes are"):
// reads twiggy's CSV of a names-kept, wasm-opt'ed module (scripts/size-report.sh makes it)
// on stdin and prints its size by part of the code — our modules (two path levels), each
// dependency crate, serde's code for our types (by the module of the type), string and
// table data — largest first. Sizes are raw bytes after wasm-opt, as shipped but before
// gzip; wasm-opt inlines small functions into their callers, so a caller's part grows by
// what it inlined.
import { createInterface } from 'node:readline';

const rows = [];
for await (const line of createInterface({ input: process.stdin })) rows.push(line);

/** One CSV record (twiggy quotes names with commas and doubles their quotes). */
function fields(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = false; else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out;
}

/** The part of the code an item belongs to. */
function part(raw) {
  // The crate's hash in `lauzait_cep[899dc942e9df6d4]::…`: up to 16 hex digits, fewer when
  // it starts with zeros (with exactly 16, every item of ours once fell into "other").
  const name = raw.replace(/\[[0-9a-f]{1,16}\]/g, '');
  if (name.startsWith('data segment')) return 'data: strings, tables, constants';
  if (/serde/.test(name)) {
    const ours = name.match(/lauzait_cep::([a-z0-9_]+::[a-z0-9_]+)/);
    return ours ? `serde for lauzait_cep::${ours[1]}` : 'serde, serde_json (shared machinery)';
  }
  const ours = name.match(/lauzait_cep::([a-z0-9_]+(?:::[a-z0-9_]+)?)/);
  if (ours) return `lauzait_cep::${ours[1]}`;
  if (/^__wbg|^__wbindgen|wasm_bindgen/.test(name)) return 'wasm-bindgen glue';
  const krate = name.match(/^<?&?(?:mut )?(?:dyn )?([a-z_][a-z0-9_]*)::/);
  return krate ? `crate ${krate[1]}` : 'other (exports, tables, unnamed)';
}

const by = new Map();
let total = 0;
for (const line of rows.slice(1)) {
  const [name, size] = fields(line);
  if (/subsection|^custom section/.test(name)) continue;
  const n = Number(size);
  if (!Number.isFinite(n)) continue;
  total += n;
  const key = part(name);
  by.set(key, (by.get(key) ?? 0) + n);
}
const top = Number(process.env.TOP ?? 40);
console.log(`${(total / 1024).toFixed(1)} KB of code and data (names left out)`);
for (const [key, n] of [...by].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${(n / 1024).toFixed(1).padStart(7)} KB ${((100 * n) / total).toFixed(1).padStart(5)}%  ${key}`);
}
