// The files of a folder of the build, for the steps of scripts/postbuild-web.mjs.

import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under `dir`, as paths relative to `root` with `/`. */
export function listFiles(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, path) : [relative(root, path).split(sep).join('/')];
  });
}
