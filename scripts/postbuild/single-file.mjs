// Writes dist/jungle.html: the game in one file that plays when opened from disk, computer
// included. It is made from the built files themselves (index.html and what it loads), so there
// is no second copy of the game's code: styles and images are inlined, the modules become
// functions in one script (module-function.mjs, single-file-runtime.js), the WebAssembly module
// is base64 text. Inline scripts cannot run under the site's Content-Security-Policy; this
// file is meant to be saved and opened, not served.

import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { moduleFunction, resolvePath } from './module-function.mjs';

const MEDIA_TYPES = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/** Links of index.html that mean nothing in a file opened from disk. */
const DROPPED_LINKS = new Set(['modulepreload', 'preload', 'manifest']);
const RUNTIME = readFileSync(new URL('single-file-runtime.js', import.meta.url), 'utf8');

/** The attributes of one tag, as an object. */
function attributes(tag) {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map(([, k, v = '']) => [k, v]));
}

function dataUrl(dist, path) {
  const type = MEDIA_TYPES[extname(path)];
  if (!type) throw new Error(`single-file: cannot inline ${path}`);
  return `data:${type};base64,${readFileSync(join(dist, path)).toString('base64')}`;
}

/** A style sheet with the files it names (`url(…)`) inlined. */
function inlineStyle(dist, path) {
  const css = readFileSync(join(dist, path), 'utf8').replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, _, target) => {
    if (/^(data:|#)/.test(target)) return whole;
    return `url("${dataUrl(dist, resolvePath(path, target))}")`;
  });
  if (/<\/style/i.test(css)) throw new Error(`single-file: ${path} contains </style`);
  return `<style>\n${css}</style>`;
}

/** One `<link>` of index.html as it is in the one file: inlined, or dropped. */
function inlineLink(dist, tag) {
  const { rel, href } = attributes(tag);
  if (DROPPED_LINKS.has(rel)) return '';
  if (rel === 'stylesheet') return inlineStyle(dist, href);
  if (rel === 'icon') return tag.replace(`href="${href}"`, `href="${dataUrl(dist, href)}"`);
  throw new Error(`single-file: does not know what to do with ${tag}`);
}

/**
 * Fails on a cycle of imports: a module function awaits its imports, so a cycle would never
 * finish loading (ES modules allow cycles; this bundler does not).
 */
function checkNoCycle(graph, path, stack = [], done = new Set()) {
  if (stack.includes(path)) throw new Error(`single-file: import cycle ${[...stack.slice(stack.indexOf(path)), path].join(' → ')}`);
  if (done.has(path)) return;
  for (const next of graph.get(path) ?? []) checkNoCycle(graph, next, [...stack, path], done);
  done.add(path);
}

/** The script that runs the module `entry` and everything it loads; the path of the WebAssembly file. */
function bundle(dist, entry) {
  const functions = [];
  const graph = new Map();
  const wasm = new Set();
  const queue = [entry];
  const seen = new Set(queue);
  while (queue.length) {
    const path = queue.shift();
    const { body, imports, urls } = moduleFunction(path, readFileSync(join(dist, path), 'utf8'));
    functions.push(`${JSON.stringify(path)}: ${body}`);
    graph.set(path, imports);
    for (const target of [...imports, ...urls]) {
      if (target.endsWith('.wasm')) wasm.add(target);
      else if (!target.endsWith('.js')) throw new Error(`single-file: ${path} loads ${target}, which cannot be inlined`);
      else if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  checkNoCycle(graph, entry);
  if (wasm.size !== 1) throw new Error(`single-file: expected one WebAssembly module, found ${[...wasm].join(', ') || 'none'}`);
  const script = `${RUNTIME}\nstartJungle({\n${functions.join(',\n')}\n}, ${JSON.stringify(entry)});\n`;
  if (/<!--|<script/i.test(script)) throw new Error('single-file: the modules contain <!-- or <script');
  return { script: script.replace(/<\/script/gi, '<\\/script'), wasm: [...wasm][0] };
}

/** Writes `dist`/jungle.html from the built `dist`/index.html; returns its size in bytes. */
export function writeSingleFile(dist) {
  let html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*>\s*<\/script>/g)];
  if (entries.length !== 1 || attributes(entries[0][0]).type !== 'module' || /<script\b[^>]*>[^<\s]/.test(html)) {
    throw new Error('single-file: index.html should have exactly one script, a module with src');
  }
  const entry = resolvePath('index.html', attributes(entries[0][0]).src);
  const { script, wasm } = bundle(dist, entry);
  html = html
    .replace(entries[0][0], '')
    .replace(/<link\b[^>]*>/g, (tag) => inlineLink(dist, tag))
    .replace(/<img\b[^>]*\bsrc="([^"]+)"/g, (tag, src) => (src.startsWith('data:') ? tag : tag.replace(src, dataUrl(dist, src))));
  const base64 = readFileSync(join(dist, wasm)).toString('base64');
  const tail = `<script type="application/octet-stream" id="jungle-wasm">${base64}</script>\n<script>\n${script}</script>\n`;
  if (!html.includes('</body>')) throw new Error('single-file: index.html has no </body>');
  html = html.replace('</body>', () => `${tail}</body>`);
  writeFileSync(join(dist, 'jungle.html'), html);
  return Buffer.byteLength(html);
}
