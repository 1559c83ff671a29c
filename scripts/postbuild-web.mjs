// After `trunk build` (scripts/build-web runs this): writes dist/jungle.html, the whole game in
// one file, from the readable files; minifies the scripts and style sheets of dist/; then puts
// the service worker with its list of files at the root of dist/.
// Usage: node scripts/postbuild-web.mjs [dist folder, default dist]

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifyDist, minifyFile } from './postbuild/minify.mjs';
import { writeServiceWorker } from './postbuild/precache.mjs';
import { writeSingleFile } from './postbuild/single-file.mjs';

const root = new URL('..', import.meta.url);
const dist = process.argv[2] ?? fileURLToPath(new URL('dist', root));

const bytes = writeSingleFile(dist);
const saved = minifyDist(dist, new Set(['www/sw.js']));
const version = writeServiceWorker(dist, readFileSync(new URL('www/sw.js', root), 'utf8'));
minifyFile(dist, 'sw.js');
console.log(`postbuild-web: jungle.html ${Math.round(bytes / 1024)} KiB; minified, ${Math.round(saved / 1024)} KiB less; sw.js version ${version}`);
