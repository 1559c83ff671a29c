// Puts the service worker (www/sw.js) at the root of dist/, where it controls index.html, with
// the list of files to keep offline and a version: a hash of those files and of the service
// worker's own code, so that every build that changes any of them is a new version with its
// own cache.

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Files of dist/ that are not part of the offline game: the worker itself, the one-file page,
 * the static host's answer to the game server's API (api/: never cached, see sw.js), and the
 * endgame tables (tablebase/: each kept by sw.js on first use, not all on install).
 */
const NOT_CACHED = new Set(['sw.js', 'www/sw.js', 'jungle.html']);
const NOT_CACHED_FOLDERS = ['api/', 'tablebase/'];

/** Every file under `dir`, as paths relative to `root` with `/`, sorted. */
function listFiles(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(root, path) : [relative(root, path).split(sep).join('/')];
    })
    .sort();
}

/** Writes `dist`/sw.js from `template` (the source of www/sw.js); returns its version. */
export function writeServiceWorker(dist, template) {
  const files = listFiles(dist).filter((file) => !NOT_CACHED.has(file) && !NOT_CACHED_FOLDERS.some((folder) => file.startsWith(folder)));
  const hash = createHash('sha256').update(template).update('\0'); // a new service worker is a new version too
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(dist, file))).update('\0');
  const version = hash.digest('hex').slice(0, 16);
  const filled = fill(fill(template, 'const VERSION = \'\';', `const VERSION = '${version}';`),
    'const FILES = [];', `const FILES = ${JSON.stringify(files, null, 2)};`);
  writeFileSync(join(dist, 'sw.js'), filled);
  rmSync(join(dist, 'www/sw.js'), { force: true }); // Trunk's copy of the unfilled source
  return version;
}

function fill(text, line, replacement) {
  if (!text.includes(line)) throw new Error(`www/sw.js no longer has the line ${line}`);
  return text.replace(line, () => replacement);
}
