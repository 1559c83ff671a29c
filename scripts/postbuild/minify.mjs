// Minifies scripts and style sheets of dist/ in place, one file at a time: the style sheets,
// the WebAssembly glue and the service worker (the page's modules are bundled and minified by
// bundle.mjs). www/ stays readable in git.

import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { transformSync } from 'esbuild';

/** esbuild's loader by file extension: the files minified. */
const LOADERS = { '.js': 'js', '.css': 'css' };
/**
 * Classic scripts (not modules), whose top-level names must stay as they are: the service
 * worker, and its push part that it loads with importScripts (which share one global scope).
 */
const CLASSIC = new Set(['sw.js', 'www/push/notice-words.js', 'www/push/sw-push.js']);

/** Every file under `dir`, as paths relative to it. */
function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = join(prefix, entry.name);
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
}

/**
 * Minifies the file `path` of `dist` in place; returns the bytes saved. A module of types only
 * (www/game/types.js: JSDoc that nothing loads) minifies to nothing and leaves dist/: the service
 * worker would otherwise fetch an empty file, which Chromium reports as aborted.
 */
export function minifyFile(dist, path) {
  const loader = LOADERS[extname(path)];
  const file = join(dist, path);
  const source = readFileSync(file, 'utf8');
  const format = loader === 'js' && !CLASSIC.has(path) ? 'esm' : undefined;
  const options = { loader, format, minify: true, charset: 'utf8', legalComments: 'none' };
  const { code } = transformSync(source, options);
  if (loader === 'js' && code.trim() === '') rmSync(file);
  else writeFileSync(file, code);
  return Buffer.byteLength(source) - Buffer.byteLength(code);
}

/** Minifies the `.js` and `.css` files of `dist` for which `wanted(path)` holds; returns the bytes saved. */
export function minifyDist(dist, wanted) {
  const paths = listFiles(dist).filter((path) => LOADERS[extname(path)] && wanted(path));
  return paths.reduce((saved, path) => saved + minifyFile(dist, path), 0);
}
