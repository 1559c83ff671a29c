// Writes a brotli (`x.br`) and a gzip (`x.gz`) copy beside each file of dist/ worth
// compressing, once, at the strongest settings: jungle-server sends the copy a browser accepts
// (src/server/http/files.rs) instead of compressing on every request; other hosts may do the same
// (nginx's gzip_static and brotli_static) or ignore them. A copy no smaller than its file is
// not written. Runs last: the service worker's list of files holds no copies.

import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { listFiles } from './list-files.mjs';

/** Text and WebAssembly; images are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.webmanifest', '.txt']);

function brotli(bytes) {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Writes the compressed copies of the files of `dist`; returns how many files have them. */
export function compressDist(dist) {
  let count = 0;
  for (const file of listFiles(dist).filter((name) => COMPRESSIBLE.has(extname(name)))) {
    const path = join(dist, file);
    const bytes = readFileSync(path);
    const copies = [['br', brotli(bytes)], ['gz', gzipSync(bytes, { level: 9 })]].filter(([, copy]) => copy.length < bytes.length);
    for (const [ending, copy] of copies) writeFileSync(`${path}.${ending}`, copy);
    if (copies.length) count += 1;
  }
  return count;
}
