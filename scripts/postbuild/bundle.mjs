// Bundles the scripts of dist/ for serving. Each page's module (every page of dist/ with a
// `<script type="module" src>`: index.html, the guide, the print sheet) and each worker it
// starts becomes one minified module in dist/www/; what the page needs from the start goes
// into one chunk beside it (one-core-chunk.mjs), the code it loads later (`import()`: other
// languages, first-use tools) into chunks of their own. Each page is bundled on its own, and
// its workers apart from it, so that the game's page needs no chunk made for another page. The WebAssembly glue stays outside the bundles, one copy for all: the workers
// import Trunk's module, rules and AI (dist/jungle-web.js); the pages the module of the rules
// alone that scripts/build-web makes beside it (dist/jungle-page.js), which is smaller and so
// on the page's way to its first board for less time. The sources
// the bundles were made of leave dist/ (www/ keeps them). Each page then names its bundle and
// preloads what it needs from the start (its chunks, the glue, the WebAssembly module), so that
// the browser fetches them at once instead of discovering them import after import.
//
// All the bundles and chunks sit in one folder, so a URL that the code makes from its own
// address (`new URL('./ai-worker.js', import.meta.url)`, file-urls.mjs) means the same in any
// of them.

import { existsSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import { URL_OF_FILE, fileUrls, resolvePath } from './file-urls.mjs';
import { oneCoreChunk, staticImports } from './one-core-chunk.mjs';
import { listFiles } from './list-files.mjs';

/** Where the bundles go, relative to dist/. */
const OUT = 'www';
/** wasm-bindgen's glue, left outside the bundles (its own module, as Trunk wrote it). */
const GLUE = 'jungle-web.js';
/** The glue of the module of the rules alone, which the pages import instead. */
const PAGE_GLUE = 'jungle-page.js';
const MODULE_SCRIPT = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const PRELOAD = /<link\b(?=[^>]*\brel="(?:module)?preload")[^>]*\bhref="([^"]+)"[^>]*>/g;

/** The bundle's name for the module `path` of dist/: `www/guide/main.js` → `guide-main`. */
function bundleName(path) {
  const inside = path.startsWith(`${OUT}/`) ? path.slice(OUT.length + 1) : path;
  return inside.replace(/\.m?js$/, '').replaceAll('/', '-');
}

/** `path` (relative to dist/) as written in a file of the folder `from` (relative to dist/). */
function linkFrom(from, path) {
  const link = posix.relative(from, path);
  return link.startsWith('.') ? link : `./${link}`;
}

/**
 * The esbuild plugin that leaves the glue outside the bundles: a worker's own import of it
 * (`inWorker(path)` tells a worker's file) keeps Trunk's glue, and so does an `import()` (the
 * page loads the AI's module on first use of what its own leaves out: www/game/engine.js);
 * any other takes the pages'.
 */
function glueOutside(dist, inWorker) {
  const glue = join(dist, GLUE);
  return {
    name: 'jungle-glue-outside',
    setup(builder) {
      builder.onResolve({ filter: /\.m?js$/ }, ({ path, resolveDir, importer, kind }) => {
        if (resolve(resolveDir, path) !== glue) return undefined;
        const full = kind === 'dynamic-import' || inWorker(relative(dist, importer).split(sep).join('/'));
        const target = full ? GLUE : PAGE_GLUE;
        return { path: linkFrom(OUT, target), external: true };
      });
    },
  };
}

/** esbuild's options for the bundles of `entries` (paths relative to dist/) with `plugins`. */
function options(dist, entries, plugins) {
  return {
    absWorkingDir: dist,
    entryPoints: Object.fromEntries([...entries].map((path) => [bundleName(path), path])),
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    chunkNames: '[name]-[hash]',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  };
}

/**
 * Builds the bundles of the page's modules `entries` (paths relative to dist/), then those of
 * the workers that the code starts, found while bundling. The workers are bundled apart: a
 * module they share with the page would otherwise split the page's chunk in two.
 */
async function bundleEntries(dist, entries) {
  const found = new Set();
  const rewrite = (target) => {
    if (!existsSync(join(dist, target))) throw new Error(`bundle: the code loads ${target}, which is not in dist/`);
    const link = /\.m?js$/.test(target) ? `./${bundleName(target)}.js` : linkFrom(OUT, target);
    return `new URL(${JSON.stringify(link)}, import.meta.url)`;
  };
  const first = (await Promise.all(entries.map((path) => staticImports(join(dist, path))))).flat();
  const page = await build(options(dist, entries, [glueOutside(dist, () => false), oneCoreChunk(first), fileUrls(dist, rewrite, found)]));
  const results = [page];
  const workers = new Set();
  for (;;) {
    const more = [...found].filter((path) => /\.m?js$/.test(path) && !workers.has(path) && !entries.includes(path));
    if (more.length === 0) return { page, results };
    for (const path of more) workers.add(path);
    results.push(await build(options(dist, workers, [glueOutside(dist, (path) => workers.has(path)), fileUrls(dist, rewrite, found)])));
  }
}

/** Removes the folders under `dir` left empty. */
function removeEmptyFolders(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyFolders(join(dir, entry.name));
  }
  if (readdirSync(dir).length === 0) rmdirSync(dir);
}

/** What the output `output` (relative to dist/) imports from the start, itself included, and the files those load by URL. */
function staticClosure(dist, metafile, output, into = new Set()) {
  if (into.has(output)) return into;
  into.add(output);
  for (const { path, kind, external } of metafile.outputs[output]?.imports ?? []) {
    if (kind !== 'import-statement') continue;
    const target = external ? posix.join(OUT, path) : path;
    if (external) {
      into.add(target);
      const text = readFileSync(join(dist, target), 'utf8');
      for (const [, , specifier] of text.matchAll(URL_OF_FILE)) {
        into.add(resolvePath(target, specifier));
      }
    } else {
      staticClosure(dist, metafile, target, into);
    }
  }
  return into;
}

/** The `<link>` that preloads `path` (relative to dist/) for the page `page`. */
function preloadLink(page, path) {
  const href = linkFrom(posix.dirname(page), path);
  if (/\.m?js$/.test(path)) return `<link rel="modulepreload" href="${href}">`;
  if (path.endsWith('.wasm')) return `<link rel="preload" href="${href}" as="fetch" type="application/wasm" crossorigin>`;
  throw new Error(`bundle: does not know how to preload ${path}`);
}

/**
 * Points the page `page` (relative to dist/) at its bundles and preloads what they need from
 * the start, before its style sheets: the WebAssembly module first (the largest file, and the
 * board waits for it), then the page's own bundle (the largest script: a browser opens six
 * connections to a host, and behind the small chunks it would come last), then its chunks.
 * Trunk's preloads of what the page needs are kept and moved there too; those of the AI's
 * module (the worker's, loaded later) are dropped.
 */
function linkPage(dist, page, metafile) {
  const file = join(dist, page);
  let html = readFileSync(file, 'utf8');
  const given = new Map();
  html = html.replace(PRELOAD, (tag, href) => {
    given.set(resolvePath(page, href), tag);
    return '';
  });
  const preloads = new Map();
  html = html.replace(MODULE_SCRIPT, (tag, src) => {
    const output = `${OUT}/${bundleName(resolvePath(page, src))}.js`;
    for (const path of staticClosure(dist, metafile, output)) {
      if (!preloads.has(path)) preloads.set(path, given.get(path) ?? preloadLink(page, path));
    }
    return tag.replace(`src="${src}"`, `src="${linkFrom(posix.dirname(page), output)}"`);
  });
  const first = html.search(/^[ \t]*<(link|script)\b/m);
  if (first < 0 || first > html.indexOf('</head>')) throw new Error(`bundle: ${page} has no <link> or <script> in its head`);
  const indent = html.slice(first).match(/^[ \t]*/)[0];
  const tags = [...preloads].sort(([a], [b]) => b.endsWith('.wasm') - a.endsWith('.wasm')).map(([, tag]) => `${indent}${tag}\n`);
  writeFileSync(file, html.slice(0, first) + tags.join('') + html.slice(first).replace(/^[ \t]*\n(?=<\/head>)/m, ''));
}

/** Bundles the scripts of `dist` in place; returns the paths of the bundles and chunks (relative to dist/). */
export async function bundleDist(dist) {
  const pages = listFiles(dist).filter((path) => path.endsWith('.html'));
  const inputs = new Set();
  const outputs = new Map();
  const metafiles = new Map();
  for (const page of pages) {
    const html = readFileSync(join(dist, page), 'utf8');
    const entries = [...html.matchAll(MODULE_SCRIPT)].map(([, src]) => resolvePath(page, src));
    if (entries.length === 0) continue;
    const { page: bundled, results } = await bundleEntries(dist, entries);
    metafiles.set(page, bundled.metafile);
    for (const { outputFiles, metafile } of results) {
      for (const input of Object.keys(metafile.inputs).filter((name) => !name.includes(':'))) inputs.add(input);
      for (const { path, contents } of outputFiles) {
        const same = outputs.get(path);
        if (same && Buffer.compare(same, contents) !== 0) throw new Error(`bundle: two builds make different ${relative(dist, path)}`);
        outputs.set(path, contents);
      }
    }
  }
  for (const input of inputs) rmSync(join(dist, input));
  removeEmptyFolders(join(dist, OUT));
  for (const [path, contents] of outputs) {
    if (existsSync(path)) throw new Error(`bundle: ${relative(dist, path)} would overwrite a file of dist/`);
    writeFileSync(path, contents);
  }
  for (const [page, metafile] of metafiles) linkPage(dist, page, metafile);
  return [...outputs.keys()].map((path) => relative(dist, path).split(sep).join('/'));
}
