// After `trunk build` (scripts/build-web runs this): minifies the style sheets and joins the
// page's into one (dist/www/page.css); writes
// dist/jungle.html, the whole game in one file; bundles the page's scripts (each page's module
// and each worker into one minified module, with chunks for what loads later, preloaded from
// the page's head); minifies the scripts left (the WebAssembly glue); names the scripts, style
// sheets and WebAssembly modules after their content (fingerprint.mjs); puts the service
// worker with its list of files at the root of dist/; and last writes the brotli and gzip copies
// of every file worth compressing (compress.mjs). It also writes dist/api/health, the
// answer of a host that serves files only: no game server, so the page shows no online play
// (jungle-server answers that address itself).
// Usage: node scripts/postbuild-web.mjs [dist folder, default dist]

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleDist } from './postbuild/bundle.mjs';
import { compressDist } from './postbuild/compress.mjs';
import { fingerprintDist } from './postbuild/fingerprint.mjs';
import { minifyDist, minifyFile } from './postbuild/minify.mjs';
import { writeServiceWorker } from './postbuild/precache.mjs';
import { writeSingleFile } from './postbuild/single-file.mjs';
import { joinStyles } from './postbuild/styles.mjs';

const root = new URL('..', import.meta.url);
const dist = process.argv[2] ?? fileURLToPath(new URL('dist', root));
/** Trunk's copy of the service worker's source: precache.mjs writes the real one. */
const SW_SOURCE = 'www/sw.js';

let saved = minifyDist(dist, (path) => path.endsWith('.css'));
const sheets = joinStyles(dist, 'index.html', 'www/page.css');
const bytes = await writeSingleFile(dist);
const bundles = new Set(await bundleDist(dist));
saved += minifyDist(dist, (path) => path.endsWith('.js') && !bundles.has(path) && path !== SW_SOURCE);
mkdirSync(join(dist, 'api'), { recursive: true });
writeFileSync(join(dist, 'api/health'), '{"ok":false}\n');
const renamed = fingerprintDist(dist);
const version = writeServiceWorker(dist, readFileSync(new URL(SW_SOURCE, root), 'utf8'));
minifyFile(dist, 'sw.js');
const compressed = compressDist(dist);
console.log(`postbuild-web: ${sheets} style sheets joined; ${bundles.size} bundles and chunks; jungle.html ${Math.round(bytes / 1024)} KiB; ` +
  `style sheets and glue minified, ${Math.round(saved / 1024)} KiB less; ${renamed.size} files named after their content; ` +
  `sw.js version ${version}; ${compressed} files with brotli and gzip copies`);
