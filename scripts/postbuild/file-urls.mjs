// The game's code names the files it loads beside itself (the AI's worker, the WebAssembly
// module) by `new URL('./x', import.meta.url)`. A bundle moves that code into another file, so
// this esbuild plugin rewrites each such URL with `rewrite(path)` (`path`: the named file,
// relative to the dist root) and lists the files it met in `found`. Any other use of
// `import.meta` stops the build: the bundle could not keep its meaning.

import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

/** `new URL('<specifier>', import.meta.url)`, the specifier in group 2. */
export const URL_OF_FILE = /\bnew\s+URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;
/** `import.meta` in code, not in a comment line. */
const IMPORT_META_LEFT = /^(?!\s*(?:\/\/|\*|\/\*)).*\bimport\.meta\b.*$/m;

/** The path of the file `specifier` names in the file `from` (both relative to the dist root). */
export function resolvePath(from, specifier) {
  if (/^([a-z][\w+.-]*:|\/)/i.test(specifier)) throw new Error(`${from}: only relative paths can be bundled, not ${specifier}`);
  return new URL(specifier, `file:///${from}`).pathname.slice(1);
}

/** The plugin, for the scripts under the folder `dist`. */
export function fileUrls(dist, rewrite, found) {
  return {
    name: 'jungle-file-urls',
    setup(build) {
      build.onLoad({ filter: /\.m?js$/ }, ({ path }) => {
        const from = relative(dist, path).split(sep).join('/');
        const source = readFileSync(path, 'utf8');
        const left = source.replace(URL_OF_FILE, '').match(IMPORT_META_LEFT);
        if (left) throw new Error(`${from}: cannot bundle "${left[0].trim()}"`);
        const contents = source.replace(URL_OF_FILE, (_, __, specifier) => {
          const target = resolvePath(from, specifier);
          found.add(target);
          return rewrite(target);
        });
        return { contents, loader: 'js' };
      });
    },
  };
}
