// Writes dist/jungle.html: the game in one file that plays when opened from disk, computer
// included. It is made from the built files themselves (index.html and what it loads), so there
// is no second copy of the game's code: styles and images are inlined, the page's module and
// each worker it starts are bundled by esbuild into one script each (the files they name by
// URL come from single-file-runtime.js), the WebAssembly module (the AI's scalar build) is
// base64 text. Inline scripts cannot run under the site's Content-Security-Policy; this file is
// meant to be saved and opened, not served. Elements of index.html marked `data-site-only`
// (links to the other pages of the site, which the one file does not hold) are hidden in it.

import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { build, transformSync } from 'esbuild';
import { fileUrls, resolvePath } from './file-urls.mjs';

const MEDIA_TYPES = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/**
 * The AI's SIMD128 build, which the code names beside the scalar one (www/computer/ai-module.js):
 * the one file holds the scalar module alone, which runs everywhere, and its loader answers every
 * module's address with it (single-file-runtime.js), so the file is not twice as large.
 */
const SIMD_MODULE = 'jungle-web-simd_bg.wasm';
/** Links of index.html that mean nothing in a file opened from disk. */
const DROPPED_LINKS = new Set(['modulepreload', 'preload', 'manifest']);
const RUNTIME = readFileSync(new URL('single-file-runtime.js', import.meta.url), 'utf8');
/** Elements that hold no content and have no end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

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
 * Hides the elements marked `data-site-only`, and fails on a link to a file of the site
 * outside them: the one file would offer a page it does not hold.
 */
function hideSiteOnly(html) {
  const open = [];
  for (const [tag, closing, name] of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)\b[^>]*>/g)) {
    const lower = name.toLowerCase();
    if (closing) {
      const at = open.findLastIndex((element) => element.name === lower);
      if (at >= 0) open.length = at;
      continue;
    }
    const siteOnly = /\sdata-site-only\b/.test(tag);
    const { href } = attributes(tag);
    if (lower === 'a' && href && !/^([a-z][\w+.-]*:|#)/i.test(href) && !siteOnly && !open.some((element) => element.siteOnly)) {
      throw new Error(`single-file: index.html links to ${href}, which jungle.html does not hold: mark the link (or what holds it) data-site-only`);
    }
    if (!VOID.has(lower) && !tag.endsWith('/>')) open.push({ name: lower, siteOnly });
  }
  return html.replace(/<([a-zA-Z][\w-]*)\b([^>]*\sdata-site-only\b[^>]*)>/g, (tag, name, rest) => (/\shidden\b/.test(rest) ? tag : `<${name}${rest} hidden>`));
}

/** Bundles the module `entry` (relative to dist/) and the workers it starts: {page, workers: Map(path → script)}. */
async function bundlePage(dist, entry) {
  const entries = new Set([entry]);
  for (;;) {
    const found = new Set();
    const { outputFiles, metafile } = await build({
      absWorkingDir: dist,
      entryPoints: [...entries],
      outdir: 'one-file',
      bundle: true,
      format: 'esm',
      minify: true,
      charset: 'utf8',
      legalComments: 'none',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [fileUrls(dist, (path) => `__jungleFile(${JSON.stringify(path)})`, found)],
    });
    const other = [...found].filter((path) => !path.endsWith('.wasm') && !entries.has(path));
    for (const path of other) {
      if (!/\.m?js$/.test(path)) throw new Error(`single-file: the code loads ${path}, which cannot be inlined`);
      entries.add(path);
    }
    if (other.length) continue;
    const wasm = [...found].filter((path) => path.endsWith('.wasm') && path !== SIMD_MODULE);
    if (wasm.length !== 1) throw new Error(`single-file: expected one WebAssembly module, found ${wasm.join(', ') || 'none'}`);
    const text = new Map(outputFiles.map((file) => [file.path, file.text]));
    const scripts = new Map(Object.entries(metafile.outputs).map(([output, { entryPoint }]) => [entryPoint, text.get(join(dist, output))]));
    const workers = new Map([...entries].filter((path) => path !== entry).map((path) => [path, classicScript(scripts.get(path), path)]));
    return { page: scripts.get(entry), workers, wasm: wasm[0] };
  }
}

/**
 * A module bundle (no imports or exports left, maybe `await` at its top) as a classic script,
 * for a worker: a page opened from disk can start no module worker. Its errors are thrown
 * again outside the promise, so that the page hears of them as of a module worker's.
 */
function classicScript(code, path) {
  const script = `(async () => {\n'use strict';\n${code}\n})().catch((error) => setTimeout(() => { throw error; }));\n`;
  try {
    transformSync(script, { loader: 'js' });
  } catch (error) {
    throw new Error(`single-file: the worker ${path} cannot run as a classic script: ${error.message}`, {
      cause: error,
    });
  }
  return script;
}

/** `text` checked and escaped to sit inside a `<script>` element. */
function scriptText(text, what) {
  if (/<!--|<script/i.test(text)) throw new Error(`single-file: ${what} contains <!-- or <script`);
  return text.replace(/<\/script/gi, '<\\/script');
}

/** Writes `dist`/jungle.html from the built `dist`/index.html; returns its size in bytes. */
export async function writeSingleFile(dist) {
  let html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*>\s*<\/script>/g)];
  if (entries.length !== 1 || attributes(entries[0][0]).type !== 'module' || /<script\b[^>]*>[^<\s]/.test(html)) {
    throw new Error('single-file: index.html should have exactly one script, a module with src');
  }
  const { page, workers, wasm } = await bundlePage(dist, resolvePath('index.html', attributes(entries[0][0]).src));
  html = hideSiteOnly(html)
    .replace(entries[0][0], '')
    .replace(/<link\b[^>]*>/g, (tag) => inlineLink(dist, tag))
    .replace(/<img\b[^>]*\bsrc="([^"]+)"/g, (tag, src) => (src.startsWith('data:') ? tag : tag.replace(src, dataUrl(dist, src))));
  const base64 = readFileSync(join(dist, wasm)).toString('base64');
  const tail = [
    `<script type="application/octet-stream" id="jungle-wasm">${base64}</script>`,
    ...[...workers].map(([path, code]) => `<script type="text/plain" data-path="${path}">${scriptText(code, path)}</script>`),
    `<script type="module">\n${scriptText(`${RUNTIME}\nconst __jungleFile = jungleFiles(document.getElementById('jungle-wasm').textContent.trim());\n${page}`, 'the page')}</script>`,
  ];
  if (!html.includes('</head>') || !html.includes('</body>')) throw new Error('single-file: index.html has no </head> or </body>');
  html = html
    .replace('</head>', () => '<style>[data-site-only]{display:none!important}</style>\n</head>')
    .replace('</body>', () => `${tail.join('\n')}\n</body>`);
  writeFileSync(join(dist, 'jungle.html'), html);
  return Buffer.byteLength(html);
}
