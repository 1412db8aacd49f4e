// Run by stamp-build.sh (trunk's post_build hook) once the pages are final (minified,
// stamped): gives each page's Content-Security-Policy the hashes of its inline scripts.
//
//   node scripts/csp.mjs PAGE...   (paths inside $TRUNK_STAGING_DIR, rewritten in place)
//
// Each page carries its policy as a <meta http-equiv="Content-Security-Policy"> (a static
// host sends no headers of ours), whose script-src allows the site's own files, wasm
// ('wasm-unsafe-eval') and, instead of 'unsafe-inline', the token `'inline-scripts'`,
// written by hand in the page and replaced here by the sha256 of every inline <script> it
// holds as served: index.html's loaders and trunk's start-up module, rules.html's. An
// injected or edited script matches no hash and does not run. Run again on a page it has
// run on, it writes the hashes of the scripts as they are now: stamp-build.sh runs it on
// index.html before the wasm split opens the page in Chromium, and on every page last. A page whose policy has no
// such token (table.html: no inline script) is left as it is; a page with inline scripts
// and no token stops the build.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TOKEN = "'inline-scripts'";
const POLICY = /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/;

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("csp: run by scripts/stamp-build.sh in trunk's post_build hook (see Trunk.toml)");
for (const name of process.argv.slice(2)) {
  const file = path.join(staging, name);
  const html = readFileSync(file, 'utf8');
  const policy = html.match(POLICY);
  if (!policy) throw new Error(`csp: ${name} has no Content-Security-Policy meta`);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  // The hashes of an earlier run (the page has changed since) give way to the new ones.
  const written = /'sha256-[A-Za-z0-9+/=]+'( 'sha256-[A-Za-z0-9+/=]+')*/;
  const place = policy[2].includes(TOKEN) ? TOKEN : policy[2].match(written)?.[0];
  if (!place) {
    if (inline.length > 0) throw new Error(`csp: ${name} has ${inline.length} inline scripts and no ${TOKEN} in its policy`);
    continue;
  }
  const hashes = inline.map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  writeFileSync(file, html.replace(POLICY, `$1${policy[2].replace(place, hashes.join(' '))}$3`));
  console.log(`csp: ${name}: ${hashes.length} inline scripts allowed by their hashes`);
}
