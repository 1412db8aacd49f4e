// A step of the site build (scripts/build-site.mjs): the site's own text files as served,
// without their comments and white space. They are written to be read (index.html's loader, sw.js,
// embed.js and the worker script explain themselves at length); what a browser downloads
// need not carry that: about 7 KB gzip of the offline install (BENCHMARKS.md, "Download size").
//
// - `.js`: esbuild (`minify`, syntax kept as written: a classic script stays classic, a module
//   a module). The page's JavaScript glue is one of them.
// - `.html`: html-minifier-terser (comments and white space between tags; the inline CSS by
//   its clean-css, the inline scripts by esbuild as above). Attribute quotes are kept, so
//   the steps that read the page afterwards (build-site.mjs's build id, csp.mjs)
//   and sw.js's check of the build's meta tag find the same `name="…"` text.
// - `.css` (the style sheet table mode's and play by turns' pages share): esbuild.
// A file that does not parse stops the build: a minifier error is never shipped half done.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// Both come with the build's npm packages (tools/web-build/package.json, scripts/setup.sh).
const requireTools = createRequire(path.join(ROOT, 'tools/web-build/package.json'));
const esbuild = requireTools('esbuild');
const { minify: minifyHtml } = requireTools('html-minifier-terser');

const minifyJs = (code) => esbuild.transformSync(code, { minify: true, legalComments: 'none' }).code;

async function minifyFile(staging, name) {
  const file = path.join(staging, name);
  const text = readFileSync(file, 'utf8');
  let out;
  if (name.endsWith('.js')) {
    out = minifyJs(text);
  } else if (name.endsWith('.html')) {
    out = await minifyHtml(text, {
      collapseWhitespace: true,
      conservativeCollapse: true,
      removeComments: true,
      minifyCSS: true,
      // An event handler attribute (`inline`) is left as written; there are none today.
      minifyJS: (code, inline) => (inline ? code : minifyJs(code)),
    });
  } else if (name.endsWith('.css')) {
    out = esbuild.transformSync(text, { loader: 'css', minify: true, legalComments: 'none' }).code;
  } else {
    throw new Error(`minify: ${name} is neither .js, .html nor .css`);
  }
  writeFileSync(file, out);
  return { name, before: Buffer.byteLength(text), after: Buffer.byteLength(out) };
}

/** Minifies `names` (paths inside `staging`) in place and says what each weighed before and after. */
export async function minifyFiles(staging, names) {
  const done = [];
  for (const name of names) done.push(await minifyFile(staging, name));
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`minify: ${done.map((d) => `${d.name} ${kb(d.before)} → ${kb(d.after)} KB`).join(', ')}`);
}
