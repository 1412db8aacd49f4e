// The one step of the site build (scripts/build-site.mjs) that changes what index.html's
// links promise. trunk writes each link to a file it built (the page's glue and wasm, the
// icon) with a subresource integrity hash of that file as trunk wrote it; the build then
// rewrites some of those files (short-imports.mjs, split-page.mjs, minify.mjs), and the
// browser would refuse a file that no longer matches. So once every file is final, every
// link's integrity is computed again from the file it names, in the link's own algorithm:
// one place, run once, whatever step changed which file. A link to a file the build does
// not hold stops the build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A `<link>` tag with an `href` to a file beside the page and an `integrity`, as trunk writes it. */
const LINK = /<link\b[^>]*>/g;
const HREF = /\bhref="\.\/([^"]+)"/;
const INTEGRITY = /\bintegrity="(sha256|sha384|sha512)-[^"]*"/;

/** Rewrites the integrity of every link of `page` (inside `staging`) to the hash of the
 *  file it names as that file is now; returns how many links it wrote. */
export function writeLinkIntegrity(staging, page) {
  const file = path.join(staging, page);
  let count = 0;
  const html = readFileSync(file, 'utf8').replace(LINK, (tag) => {
    const href = tag.match(HREF);
    const integrity = tag.match(INTEGRITY);
    if (!href || !integrity) return tag;
    const target = path.join(staging, href[1]);
    if (!existsSync(target)) throw new Error(`integrity: ${page} links ${href[1]}, which the build does not hold`);
    const algorithm = integrity[1];
    const digest = createHash(algorithm).update(readFileSync(target)).digest('base64');
    count += 1;
    return tag.replace(INTEGRITY, `integrity="${algorithm}-${digest}"`);
  });
  writeFileSync(file, html);
  return count;
}
