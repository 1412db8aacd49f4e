// The site build's last step on the pages (scripts/build-site.mjs), once they are final
// (minified, stamped): gives each page's Content-Security-Policy the hashes of its inline scripts.
//
// Each page carries its policy as a <meta http-equiv="Content-Security-Policy"> (a static
// host sends no headers of ours), whose script-src allows the site's own files, wasm
// ('wasm-unsafe-eval') and, instead of 'unsafe-inline', the token `'inline-scripts'`,
// written by hand in the page and replaced here by the sha256 of every inline <script> it
// holds as served: index.html's loaders and trunk's start-up module, rules.html's. An
// injected or edited script matches no hash and does not run. Run again on a page it has
// run on, it writes the hashes of the scripts as they are now. A page whose policy has no
// such token (table.html: no inline script) is left as it is; a page with inline scripts
// and no token stops the build.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TOKEN = "'inline-scripts'";
const POLICY = /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/;

/** Writes into each page of `names` (paths inside `staging`) its inline scripts' hashes. */
export function writeCspHashes(staging, names) {
  for (const name of names) {
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
}
