// The site build after trunk: trunk's post_build hook (Trunk.toml) and the one entry point of
// everything the build does to trunk's output before it is served (docs/web-layout.md, "The
// site build"). Each step is a function below, run in this order by `main`; the steps that
// rewrite wasm or text live in their own modules. No step starts a browser, and the same
// sources give the same bytes (BENCHMARKS.md, "Same bytes from any folder").
//
//   node scripts/build-site.mjs   (run by trunk, with $TRUNK_STAGING_DIR)
//
// 1. shortenImportNames: the page's, the phone's and play by turns' wasm imports get short
//    names (short-imports.mjs).
// 2. splitPage: the page's wasm in two parts, by the checked-in list src/web/first-screen.txt
//    (split-page.mjs; `make split-profile` writes the list).
// 3. writeWorkerScripts: the computer players' worker and the rules oracle's and the rater's loaders, copied
//    as they are from src/web/, the puzzle set beside them, and the page module's file names for the first, as data.
// 4. minify: the text files the visitor downloads, without comments and white space (minify.mjs).
// 5. shrinkModules: the phone's and play by turns' wasm through the page's parts' binaryen
//    passes (shrink-wasm.mjs), and every other module's functions ordered for gzip as theirs
//    are (order-functions.mjs).
// 6. buildId: a hash of every file: a new build is a new id with nothing to bump by hand.
// 7. moveIntoBuildFolder: the files whose names trunk cannot hash go into build-<id>/ (the
//    workers, table mode's modules), so a page only ever starts the workers of its own build.
// 8. stampPages: the pages' <meta name="lauzait-build"> get the id.
// 9. writeCspHashes: each page's Content-Security-Policy allows its inline scripts by hash (csp.mjs).
// 10. writeServiceWorker: sw.js is the build's manifest (its id, the files to precache, those
//     of the pages cached when first opened and of the rater's worker cached when first
//     started) as data, then static/sw.js as it is, minified.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeCspHashes } from './csp.mjs';
import { minifyFiles } from './minify.mjs';
import { shortenImports } from './short-imports.mjs';
import { orderFunctions, shrinkWasm } from './shrink-wasm.mjs';
import { splitPage } from './split-page.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** What the first line of the built sw.js starts with; the manifest follows as JSON and the
 *  line ends with `;` (tests/browser/perf.test.mjs reads the precache list from it). */
export const MANIFEST_PREFIX = 'const BUILD_MANIFEST = ';

/** The worker scripts the build copies from src/web/ into build-<id>/, under the names the
 *  page starts them by (src/web/bots.rs, src/web/oracle.rs, src/web/rater.rs). */
const WORKER_SCRIPTS = [
  { source: 'src/web/bot-worker.js', name: 'lauzait-bot-worker.js' },
  { source: 'src/web/oracle-worker.js', name: 'lauzait-oracle_loader.js' },
  { source: 'src/web/rater-worker.js', name: 'lauzait-rater_loader.js' },
];
/** The shipped puzzle set (docs/puzzles.md), copied as it is into build-<id>/ beside the
 *  rater, whose worker fetches it when the puzzle screen first asks (src/web/rater.rs). */
const PUZZLE_SET = { source: 'crates/learn/data/puzzles.txt', name: 'lauzait-puzzles.txt' };
/** Beside the bot worker: the page module's files it runs, relative to build-<id>/. */
const BOT_WORKER_NAMES = 'lauzait-bot-worker.json';

/** trunk's files without hashed names, which go into build-<id>/. */
const BUILD_FOLDER_FILE = /^lauzait-(bot-worker|oracle|rater|puzzles|table|phone|relayed|remote|embed)[._]/;
/** The pages a visitor may never open, each with the files it needs beyond the game's:
 *  cached the first time the page is opened (static/sw.js), not when the worker installs. */
const PAGE_FILES = {
  // The rules page's live boards are embed.html's: cached with it, so that it works offline.
  'rules.html': /^(rules\.html|static\/embed\.js|embed\.html|static\/embed-loader\.js|build-[0-9a-f]+\/lauzait-embed[._].*)$/,
  'table.html': /^(table\.html|static\/table-loader\.js|static\/table-pages\.css|build-[0-9a-f]+\/lauzait-(table|phone|relayed)[._].*)$/,
  'remote.html': /^(remote\.html|static\/remote-loader\.js|static\/table-pages\.css|build-[0-9a-f]+\/lauzait-remote[._].*)$/,
  'embed.html': /^(embed\.html|static\/embed-loader\.js|build-[0-9a-f]+\/lauzait-embed[._].*)$/,
};
/** The workers a visitor may never start, each by its loader (the file the page starts it
 *  by), with the files it loads: cached the first time the loader is fetched (static/sw.js),
 *  as the pages of `PAGE_FILES` are. The rater's, started when a game is first rated. */
const WORKER_FILES = [
  { loader: /^build-[0-9a-f]+\/lauzait-rater_loader\.js$/, files: /^build-[0-9a-f]+\/lauzait-rater[._]/ },
  // The puzzle set, fetched by the rater's worker when the puzzle screen first asks.
  { loader: /^build-[0-9a-f]+\/lauzait-puzzles\.txt$/, files: /^build-[0-9a-f]+\/lauzait-puzzles\.txt$/ },
];
/** Fetched only on request and never cached: the rules oracle's worker. */
const ON_REQUEST_FILE = /^build-[0-9a-f]+\/lauzait-oracle[._]/;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, as paths relative to it with `/`, sorted by code unit (as `LC_ALL=C
 *  sort`); dot files and folders (trunk's own) left out. */
function listFiles(dir, under = '') {
  const out = [];
  for (const entry of readdirSync(path.join(dir, under))) {
    if (entry.startsWith('.')) continue;
    const name = under ? `${under}/${entry}` : entry;
    if (statSync(path.join(dir, name)).isDirectory()) out.push(...listFiles(dir, name));
    else out.push(name);
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The page's glue and wasm as trunk named them (`lauzait-web-<hash>.js`, `…_bg.wasm`). */
function pageFiles(staging) {
  const glues = readdirSync(staging).filter((f) => /^lauzait-web-[0-9a-f]+\.js$/.test(f));
  if (glues.length !== 1) throw new Error(`build-site: expected one lauzait-web-<hash>.js in ${staging}, found ${glues.length}`);
  const glue = glues[0];
  const wasm = glue.replace(/\.js$/, '_bg.wasm');
  if (!readdirSync(staging).includes(wasm)) throw new Error(`build-site: no ${wasm} beside ${glue}`);
  return { glue, wasm };
}

/** The modules of pages a visitor may never open, shrunk as the page's own: table mode's
 *  phone, play by turns and the embedded boards (each glue's wasm is `<name>_bg.wasm`
 *  beside it). */
const SHRUNK_MODULES = ['lauzait-phone', 'lauzait-relayed', 'lauzait-remote', 'lauzait-embed'];
/** The other modules, as trunk's -Oz leaves them but for their functions' order: table mode's
 *  host, the rater's and the rules oracle's workers (the rater's Strong player and the
 *  computer players' search in the host run as trunk builds them, for their speed). */
const ORDERED_MODULES = ['lauzait-table', 'lauzait-rater', 'lauzait-oracle'];

/** 1. Short import names in the page's wasm and glue, and in `SHRUNK_MODULES`'. */
function shortenImportNames(staging, page) {
  shortenImports(staging, page.glue);
  for (const name of SHRUNK_MODULES) shortenImports(staging, `${name}.js`);
}

/** 3. The workers' scripts, copied as they are, and the page module's names for the bot worker. */
function writeWorkerScripts(staging, page) {
  for (const { source, name } of [...WORKER_SCRIPTS, PUZZLE_SET]) copyFileSync(path.join(ROOT, source), path.join(staging, name));
  const fromBuildFolder = (name) => `../${name}`;
  const names = { glue: fromBuildFolder(page.glue), wasm: fromBuildFolder(page.wasm), rest: fromBuildFolder(page.rest) };
  writeFileSync(path.join(staging, BOT_WORKER_NAMES), `${JSON.stringify(names)}\n`);
}

/** 4. What a visitor downloads, minified: the game's, the rules page's, table mode's and play by
 *  turns' text. */
async function minify(staging, page) {
  await minifyFiles(staging, [page.glue, 'lauzait-bot-worker.js', 'index.html', 'rules.html', 'static/embed.js',
    'table.html', 'static/table-loader.js', 'lauzait-table.js', 'lauzait-phone.js', 'lauzait-relayed.js',
    'remote.html', 'static/remote-loader.js', 'lauzait-remote.js', 'static/table-pages.css',
    'lauzait-rater.js', 'embed.html', 'static/embed-loader.js', 'lauzait-embed.js']);
}

/** 5. A phone's module and play by turns' get the passes each part of the page's gets
 *  (split-page.mjs), on top of trunk's -Oz: about 3 KB gzip less of the phone's download,
 *  5.7 KB of play by turns' (BENCHMARKS.md); the others their functions' order. */
function shrinkModules(staging) {
  for (const name of SHRUNK_MODULES) shrinkWasm(path.join(staging, `${name}_bg.wasm`));
  for (const name of ORDERED_MODULES) orderFunctions(path.join(staging, `${name}_bg.wasm`));
}

/** 6. The build's id: a hash of every file's name and contents, sw.js as static/ holds it
 *  (its copy in static/ removed first: the service worker is the one beside index.html). */
function buildId(staging) {
  rmSync(path.join(staging, 'static/sw.js'), { force: true });
  const lines = listFiles(staging).map((name) => `${sha256(readFileSync(path.join(staging, name)))}  ./${name}\n`);
  return sha256(lines.join('')).slice(0, 16);
}

/** 7. The files trunk cannot hash, into build-<id>/. */
function moveIntoBuildFolder(staging, build) {
  const folder = `build-${build}`;
  mkdirSync(path.join(staging, folder));
  for (const name of readdirSync(staging).filter((f) => BUILD_FOLDER_FILE.test(f))) {
    renameSync(path.join(staging, name), path.join(staging, folder, name));
  }
}

/** 8. `<meta name="lauzait-build" content="dev"` → this build, in each page: the game's and
 *  table.html's start their workers and modules from build-<id>/ by it, and the service
 *  worker checks a page is of its build before it caches it (static/sw.js). */
function stampPages(staging, build) {
  const unstamped = '<meta name="lauzait-build" content="dev"';
  for (const page of ['index.html', 'rules.html', 'table.html', 'remote.html', 'embed.html']) {
    const file = path.join(staging, page);
    const html = readFileSync(file, 'utf8');
    if (html.split(unstamped).length !== 2) throw new Error(`build-site: ${page} has not one ${unstamped}>`);
    writeFileSync(file, html.replace(unstamped, `<meta name="lauzait-build" content="${build}"`));
  }
}

/** 10. sw.js: the manifest's line, then static/sw.js minified. `files` is what the worker
 *  precaches when it installs, everything but the pages' of `PAGE_FILES`, the workers' of
 *  `WORKER_FILES` and the oracle's; `pages` what it caches the first time each of those
 *  pages is opened, or each of those workers' loaders fetched (keyed by the loader). */
async function writeServiceWorker(staging, build) {
  const all = listFiles(staging).filter((name) => name !== 'sw.js');
  const firstUse = [...Object.values(PAGE_FILES), ...WORKER_FILES.map((w) => w.files)];
  const pageFile = (name) => firstUse.some((files) => files.test(name));
  const pages = Object.fromEntries(Object.entries(PAGE_FILES).map(([page, files]) => [page, all.filter((name) => files.test(name))]));
  for (const worker of WORKER_FILES) {
    const loader = all.find((name) => worker.loader.test(name));
    if (!loader) throw new Error(`build-site: no ${worker.loader} in the build`);
    pages[loader] = all.filter((name) => worker.files.test(name));
  }
  for (const [page, files] of Object.entries(pages)) {
    if (!files.includes(page)) throw new Error(`build-site: no ${page} in the build`);
  }
  const manifest = { build, files: all.filter((name) => !pageFile(name) && !ON_REQUEST_FILE.test(name)), pages };
  await minifyFiles(staging, ['sw.js']);
  const file = path.join(staging, 'sw.js');
  writeFileSync(file, `${MANIFEST_PREFIX}${JSON.stringify(manifest)};\n${readFileSync(file, 'utf8')}`);
  return manifest;
}

async function main() {
  const staging = process.env.TRUNK_STAGING_DIR;
  if (!staging) throw new Error('build-site: run by trunk as its post_build hook (see Trunk.toml)');
  const page = pageFiles(staging);
  shortenImportNames(staging, page);
  page.rest = splitPage(staging);
  writeWorkerScripts(staging, page);
  await minify(staging, page);
  shrinkModules(staging);
  const build = buildId(staging);
  moveIntoBuildFolder(staging, build);
  stampPages(staging, build);
  writeCspHashes(staging, ['index.html', 'rules.html', 'table.html', 'remote.html', 'embed.html']);
  const manifest = await writeServiceWorker(staging, build);
  const later = Object.entries(manifest.pages).map(([page, files]) => `${files.length} of ${page} when first opened`);
  console.log(`build-site: build ${build}, ${manifest.files.length} files precached, ${later.join(', ')}`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  main().catch((e) => {
    console.error(e.message || e);
    process.exit(1);
  });
}
