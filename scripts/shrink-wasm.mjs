// binaryen's passes for a module's final size, shared by each part of the page's wasm
// (scripts/split-page.mjs), table mode's phone module and play by turns' (a step of
// scripts/build-site.mjs).
//
// binaryen's relooper rebuilds every function's control flow from its flattened form, then
// -Oz twice (1.3 KB gzip less than -Oz alone over both parts of the page; the Strong
// player's decisions measured as fast, BENCHMARKS.md); and with `--low-memory-unused`, a
// constant added to an address goes into the load or store's offset (-1.0 KB). That assumes
// no access below address 1024: Rust puts its 1 MB stack first, from address 0 up to where
// the data begins, so only a stack within 1 KB of overflowing reaches there. Last, the
// functions are put in the order gzip compresses best (order-functions.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withOrderNames } from './order-functions.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const BINARYEN = path.join(ROOT, 'tools/web-build/node_modules/binaryen/bin');
// The features rustc enables, as the shell scripts read them (scripts/wasm-opt-features.sh).
export const FEATURES = readFileSync(path.join(ROOT, 'scripts/wasm-opt-features.sh'), 'utf8').match(/--enable-[a-z-]+/g);
export const PART_PASSES = ['--low-memory-unused', '--flatten', '--rereloop', '-Oz', '-Oz'];

// The functions' order is chosen from the optimised bodies and applied by a second run. That
// run writes the code as -Oz does (`--optimize-level=2 --shrink-level=2` and a pass, so that
// binaryen optimises its stack form as it writes): a run without them writes the same module
// 0.6 KB larger.
const ORDER_PASSES = ['--optimize-level=2', '--shrink-level=2', '--vacuum', '--reorder-functions-by-name'];

const wasmOpt = (args) => execFileSync(path.join(BINARYEN, 'wasm-opt'), [...FEATURES, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });

/** Rewrites the wasm module `file` in place with its functions in the order gzip compresses
 *  best (handed to binaryen as names, which the written module leaves out). */
export function orderFunctions(file) {
  writeFileSync(file, withOrderNames(readFileSync(file)));
  wasmOpt([...ORDER_PASSES, file, '-o', file]);
}

/** Rewrites the wasm module `file` in place, through `PART_PASSES`, then `orderFunctions`. */
export function shrinkWasm(file) {
  wasmOpt([...PART_PASSES, file, '-o', file]);
  orderFunctions(file);
}
