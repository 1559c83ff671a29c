// After `trunk build` (scripts/build-web runs this): puts the service worker with its list of
// files at the root of dist/, then writes dist/jungle.html, the whole game in one file.
// Usage: node scripts/postbuild-web.mjs [dist folder, default dist]

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeServiceWorker } from './postbuild/precache.mjs';
import { writeSingleFile } from './postbuild/single-file.mjs';

const root = new URL('..', import.meta.url);
const dist = process.argv[2] ?? fileURLToPath(new URL('dist', root));

const version = writeServiceWorker(dist, readFileSync(new URL('www/sw.js', root), 'utf8'));
const bytes = writeSingleFile(dist);
console.log(`postbuild-web: sw.js version ${version}; jungle.html ${Math.round(bytes / 1024)} KiB`);
