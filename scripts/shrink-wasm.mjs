// binaryen's passes for a module's final size, shared by each part of the page's wasm
// (scripts/split-page.mjs), table mode's phone module and play by turns' (a step of
// scripts/build-site.mjs).
//
// binaryen's relooper rebuilds every function's control flow from its flattened form, then
// -Oz twice (1.3 KB gzip less than -Oz alone over both parts of the page; the Strong
// player's decisions measured as fast, BENCHMARKS.md); and with `--low-memory-unused`, a
// constant added to an address goes into the load or store's offset (-1.0 KB). That assumes
// no access below address 1024: Rust puts its 1 MB stack first, from address 0 up to where
// the data begins, so only a stack within 1 KB of overflowing reaches there.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const BINARYEN = path.join(ROOT, 'tools/web-build/node_modules/binaryen/bin');
// The features rustc enables, as the shell scripts read them (scripts/wasm-opt-features.sh).
export const FEATURES = readFileSync(path.join(ROOT, 'scripts/wasm-opt-features.sh'), 'utf8').match(/--enable-[a-z-]+/g);
export const PART_PASSES = ['--low-memory-unused', '--flatten', '--rereloop', '-Oz', '-Oz'];

/** Rewrites the wasm module `file` in place, through `PART_PASSES`. */
export function shrinkWasm(file) {
  execFileSync(path.join(BINARYEN, 'wasm-opt'), [...FEATURES, ...PART_PASSES, file, '-o', file], { stdio: ['ignore', 'inherit', 'inherit'] });
}
