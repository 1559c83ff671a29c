// A page needs every module its entry imports before its board works. esbuild puts a module
// in a chunk by the set of entries that reach it, and each `import()` is an entry: so what the
// page needs from the start came in as many chunks as there were different sets (ten for the
// game's page), each a request on the way to the first board. This esbuild plugin makes every
// module the page loads later (`import()`) import the page's own dependencies first: they are
// then reached by the same entries, and esbuild puts them in one chunk. The later modules load
// after the page has run those dependencies anyway, so this costs them nothing.
//
// The entry itself is left out of that list: it awaits some of those `import()`s at its top
// level, and a module they imported back would wait for it in turn.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';

const NAMESPACE = 'jungle-later';

/** The absolute paths of the modules that the module `entry` (absolute) imports statically. */
export async function staticImports(entry) {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [{
      name: 'jungle-first-level',
      setup(builder) {
        builder.onResolve({ filter: /.*/ }, ({ path, importer, resolveDir, kind }) =>
          importer && kind === 'import-statement' ? { path: resolve(resolveDir, path), external: true } : undefined);
      },
    }],
  });
  return Object.values(metafile.inputs).flatMap(({ imports }) =>
    imports.filter(({ kind }) => kind === 'import-statement').map(({ path }) => resolve(path)));
}

/** The plugin; `first`: the absolute paths of the modules the page imports from the start. */
export function oneCoreChunk(first) {
  return {
    name: 'jungle-one-core-chunk',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async ({ path, resolveDir, kind, namespace }) => {
        if (kind !== 'dynamic-import' || namespace !== 'file') return undefined;
        const target = resolve(resolveDir, path);
        // A module that imports nothing (a language's words) cannot reach the page's modules.
        return (await staticImports(target)).length > 0 ? { path: target, namespace: NAMESPACE } : undefined;
      });
      builder.onLoad({ filter: /.*/, namespace: NAMESPACE }, ({ path }) => {
        const lines = first.map((module) => `import ${JSON.stringify(module)};`);
        lines.push(`export * from ${JSON.stringify(path)};`);
        if (/^export default\b/m.test(readFileSync(path, 'utf8'))) lines.push(`export { default } from ${JSON.stringify(path)};`);
        return { contents: lines.join('\n'), resolveDir: dirname(path), loader: 'js' };
      });
    },
  };
}
