// The one place the post-build scripts change what index.html's preloads promise: trunk
// writes each preload of the page's glue and wasm with a subresource integrity hash, and a
// script that rewrites one of those files (short-imports, split-page, minify) must write
// the new file's hash there, or the browser refuses the file.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The page's JavaScript glue as trunk names it (`lauzait-web-<hash>.js`), which index.html
 *  preloads with its integrity. */
export const PAGE_GLUE = /^lauzait-web-[0-9a-f]+\.js$/;

export const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Writes `bytes`' sha384 as the integrity of index.html's preload of `./name` in `staging`;
 *  `who` names the calling script in the error when the page has no such preload. */
export function setPreloadIntegrity(staging, name, bytes, who) {
  const index = path.join(staging, 'index.html');
  const html = readFileSync(index, 'utf8');
  const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  const preload = new RegExp(`(href="\\./${escapeRegExp(name)}"[^>]*integrity=")[^"]*(")`);
  if (!preload.test(html)) throw new Error(`${who}: index.html has no preload of ${name} with an integrity`);
  writeFileSync(index, html.replace(preload, `$1${integrity}$2`));
}
