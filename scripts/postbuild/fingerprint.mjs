// Names the scripts, style sheets and WebAssembly modules of dist/ after their content
// (`main.js` → `main-K3ZQ7A2B.js`), so that a host may let browsers keep them for a year
// without asking again (jungle-server does: src/server/http/caching.rs): a changed file is a new
// name. The pages and the files that name such a file (`"./chunk-….js"`, `'jungle-web_bg.wasm'`,
// `href="www/page.css"`) are rewritten to the new names; a file is named only once the files it
// names have their final names, so its hash covers theirs. Only files named so, by a path
// relative to the file that names them, are renamed: a file the code finds by an address it
// builds (a style sheet loaded with the page's address in front) keeps its name, and so do the
// service worker (`sw.js`, whose address must stay) and the pages; the one-file page names no
// file. A name esbuild already hashed (`chunk-674M5QO5.js`) gets a new hash the same way.

import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { resolvePath } from './file-urls.mjs';
import { listFiles } from './list-files.mjs';

/** The kinds of files named after their content. */
const RENAMED = /\.(?:js|css|wasm)$/;
/** The one-file page names no file: its keys are its own. */
const NOT_READ = new Set(['jungle.html']);
/**
 * How each kind of file names another, the path in group 2: a script by `import … from "x"`,
 * `import("x")` and `new URL("x", import.meta.url)` (what esbuild and wasm-bindgen write), a
 * page by `href` and `src`. A string such as `'sw.js'` that the code resolves against the
 * page's address is none of these.
 */
const NAMING = {
  '.js': [/(\bfrom\s*["']|\bimport\s*\(?\s*["'])([\w./-]+)(?=["'])/g, /(\bnew\s+URL\(\s*["'])([\w./-]+)(?=["']\s*,\s*import\.meta\.url\b)/g],
  '.html': [/(\b(?:href|src)=")([\w./-]+)(?=")/g],
};
/** An address with a scheme, or from the root: not a file's relative path. */
const ABSOLUTE = /^([a-z][\w+.-]*:|\/)/i;
/** An esbuild or earlier hash at the end of a name: `-674M5QO5`. */
const OLD_HASH = /-[A-Z2-7]{8}$/;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Eight base-32 characters of the SHA-256 of `bytes` (the alphabet of src/server/http/caching.rs). */
function contentHash(bytes) {
  const digest = createHash('sha256').update(bytes).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  return Array.from({ length: 8 }, (_, i) => BASE32[Number((bits >> BigInt(35 - 5 * i)) & 31n)]).join('');
}

/** The files of `candidates` that the text of `path` names. */
function references(dist, path, candidates) {
  const text = readFileSync(join(dist, path), 'utf8');
  return NAMING[posix.extname(path)]
    .flatMap((pattern) => [...text.matchAll(pattern)].map(([, , specifier]) => specifier))
    .filter((specifier) => !ABSOLUTE.test(specifier))
    .map((specifier) => resolvePath(path, specifier))
    .filter((target) => candidates.has(target) && target !== path);
}

/** `text` of the file `path` with each path naming a renamed file pointed at its new name. */
function rewrite(text, path, names) {
  return NAMING[posix.extname(path)].reduce((result, pattern) => result.replace(pattern, (whole, before, specifier) => {
    const target = ABSOLUTE.test(specifier) ? undefined : names.get(resolvePath(path, specifier));
    if (!target) return whole;
    return before + specifier.slice(0, specifier.length - posix.basename(specifier).length) + posix.basename(target);
  }), text);
}

/** The new name of `path` for the content `bytes`. */
function hashedName(path, bytes) {
  const extension = posix.extname(path);
  const stem = path.slice(0, -extension.length).replace(OLD_HASH, '');
  return `${stem}-${contentHash(bytes)}${extension}`;
}

/**
 * The groups of `paths` that name each other (strongly connected components of `needs`, by
 * Tarjan's algorithm), each group after every group its files name.
 */
function groupsInOrder(paths, needs) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (path) => {
    index.set(path, index.size);
    low.set(path, index.get(path));
    stack.push(path);
    for (const target of needs.get(path) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(path, Math.min(low.get(path), low.get(target)));
      } else if (stack.includes(target)) {
        low.set(path, Math.min(low.get(path), index.get(target)));
      }
    }
    if (low.get(path) !== index.get(path)) return;
    const group = stack.splice(stack.indexOf(path));
    groups.push(group.sort());
  };
  for (const path of paths) if (!index.has(path)) visit(path);
  return groups;
}

/**
 * Renames the scripts, style sheets and WebAssembly modules of `dist` after their content and
 * points every page and file at the new names; returns the map old path → new path. Files that
 * name each other (the page's chunk and a module it loads later, which imports it back) are
 * named together, after the content of all of them.
 */
export function fingerprintDist(dist) {
  const files = listFiles(dist);
  const candidates = new Set(files.filter((path) => RENAMED.test(path)));
  const readers = files.filter((path) => NAMING[posix.extname(path)] && !NOT_READ.has(path));
  const needs = new Map(readers.map((path) => [path, references(dist, path, candidates)]));
  const renamed = new Set([...needs.values()].flat());
  const names = new Map();
  const read = (path) => {
    const before = readFileSync(join(dist, path));
    return needs.has(path) ? Buffer.from(rewrite(before.toString('utf8'), path, names)) : before;
  };
  for (const group of groupsInOrder([...renamed, ...readers], needs)) {
    const together = group.length > 1 ? Buffer.concat(group.map(read)) : null;
    for (const path of group) {
      const key = together ? Buffer.concat([together, Buffer.from(path)]) : read(path);
      names.set(path, renamed.has(path) ? hashedName(path, key) : path);
    }
    for (const path of group) {
      writeFileSync(join(dist, path), read(path));
      if (names.get(path) !== path) renameSync(join(dist, path), join(dist, names.get(path)));
    }
  }
  return new Map([...names].filter(([path, after]) => path !== after));
}
