// The order of a module's functions, chosen for gzip (a step of scripts/shrink-wasm.mjs).
//
// gzip finds repeats only within the last 32 KB it has read, and rustc with LLVM lays the
// functions out in an order of their own; generic code instantiated for many types, the
// serde and iterator machinery, the i18n functions of both languages are scattered through
// the module. Placing each function next to the ones whose bytes it most resembles lets gzip
// find more of its repeats: the page's two parts 0.7 and 2.6% smaller gzipped, the phone's
// module 1.4%, the offline install 4.8 KB (BENCHMARKS.md, "The site build's steps"). A
// random order costs 5.5%, so the order matters.
//
// The order is greedy and deterministic (the same bytes give the same order): start at the
// largest function, then repeatedly take the function sharing the most distinct 5-byte
// sequences with the last `WINDOW` functions taken, relative to its own count of them raised
// to `SIZE_POWER` (so that a long function does not win by its length alone); ties go to the
// earlier function. The settings were chosen by measuring a grid of them on the page's two
// parts and the phone's module (gram 4–6, window 2–16 functions or 2–16 KB, power 0.5–1, the
// sequences weighted by rarity or not): all within 0.5 KB of these.
//
// The order is handed to binaryen as names: `withOrderNames` gives every defined function the
// name of its place ("f000042"), and wasm-opt's `--reorder-functions-by-name` sorts by them
// after its other passes. Only function indices change; the names are not written out.
import { concat, importsOf, readU32, sections, writeName, writeU32 } from './wasm-sections.mjs';

const CODE_SECTION = 10;
const CUSTOM_SECTION = 0;
const FUNCTION_NAMES = 1;
const GRAM = 5;
const WINDOW = 8;
const SIZE_POWER = 0.7;

/** The bodies of the code section's functions (each without its size). */
function functionBodies(bytes) {
  const code = sections(bytes).find(({ id }) => id === CODE_SECTION);
  if (!code) return [];
  const count = readU32(code.body, 0);
  const bodies = [];
  let at = count.at;
  for (let i = 0; i < count.value; i++) {
    const size = readU32(code.body, at);
    bodies.push(code.body.subarray(size.at, size.at + size.value));
    at = size.at + size.value;
  }
  return bodies;
}

/** Each body's distinct `GRAM`-byte sequences, as small integers (one per sequence), and how
 *  many sequences there are in all. */
function gramsOf(bodies) {
  const ids = new Map();
  const grams = bodies.map((body) => {
    const own = new Set();
    for (let i = 0; i + GRAM <= Math.max(body.length, GRAM); i++) {
      // Five bytes as one number: exact below 2^53.
      let key = 0;
      for (let j = 0; j < GRAM; j++) key = key * 256 + (body[i + j] ?? 0);
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      own.add(id);
    }
    return Int32Array.from(own);
  });
  return { grams, gramCount: ids.size };
}

/** The order to lay `bodies` out in: a list of their indices. */
export function functionOrder(bodies) {
  const n = bodies.length;
  if (n === 0) return [];
  const { grams, gramCount } = gramsOf(bodies);
  // Which functions hold each sequence, and how many of the window's functions do.
  const holders = Array.from({ length: gramCount }, () => []);
  grams.forEach((own, k) => own.forEach((id) => holders[id].push(k)));
  const inWindow = new Int32Array(gramCount);
  const shared = new Float64Array(n);
  const weight = grams.map((own) => (1 + own.length) ** SIZE_POWER);
  const left = new Uint8Array(n).fill(1);
  const order = [];
  const take = (k, sign) => {
    for (const id of grams[k]) {
      const before = inWindow[id];
      inWindow[id] += sign;
      // The window's set of sequences changes only when a sequence enters or leaves it.
      if ((sign > 0 && before === 0) || (sign < 0 && before === 1)) for (const h of holders[id]) shared[h] += sign;
    }
  };
  let next = 0;
  for (let k = 1; k < n; k++) if (bodies[k].length > bodies[next].length) next = k;
  for (;;) {
    order.push(next);
    left[next] = 0;
    take(next, 1);
    if (order.length > WINDOW) take(order[order.length - WINDOW - 1], -1);
    if (order.length === n) return order;
    let best = -1;
    let bestScore = -1;
    for (let k = 0; k < n; k++) {
      if (!left[k]) continue;
      const score = shared[k] / weight[k];
      if (score > bestScore) {
        best = k;
        bestScore = score;
      }
    }
    next = best;
  }
}

/** Whether a custom section's `body` is the names section. */
function isNameSection(body) {
  const { value, at } = readU32(body, 0);
  return value === 4 && new TextDecoder().decode(body.subarray(at, at + 4)) === 'name';
}

/** `bytes` (a wasm module) with its names section replaced by one that names each defined
 *  function by its place in `functionOrder`, for wasm-opt's `--reorder-functions-by-name`. */
export function withOrderNames(bytes) {
  const bodies = functionBodies(bytes);
  const imported = importsOf(bytes).filter(({ kind }) => kind === 0).length;
  const place = new Array(bodies.length);
  functionOrder(bodies).forEach((k, rank) => (place[k] = rank));
  const names = [writeU32(bodies.length)];
  place.forEach((rank, k) => names.push(writeU32(imported + k), ...writeName(`f${String(rank).padStart(6, '0')}`)));
  const subsection = concat(names);
  const nameSection = concat([...writeName('name'), Uint8Array.of(FUNCTION_NAMES), writeU32(subsection.length), subsection]);
  const parts = [bytes.subarray(0, 8)];
  for (const { id, body } of sections(bytes)) {
    if (id === CUSTOM_SECTION && isNameSection(body)) continue;
    parts.push(Uint8Array.of(id), writeU32(body.length), body);
  }
  parts.push(Uint8Array.of(CUSTOM_SECTION), writeU32(nameSection.length), nameSection);
  return concat(parts);
}
