// The page's words come in two tables per language (www/page/i18n.js): the first board's
// (www/i18n/<lang>.js), loaded with it, and the later one (www/i18n/later/), loaded by the
// parts that come after it. So every key that the modules of a page's start name must be in
// the first table, and every part loaded later must load the later words before it runs.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { build } from 'esbuild';
import first from '../../www/i18n/en.js';
import later from '../../www/i18n/later/en.js';

const ROOT = new URL('../../', import.meta.url);
/** The entry scripts of the site's pages, and their markup. */
const ENTRIES = ['www/main.js', 'www/guide/main.js', 'www/print.js'];
const MARKUP = ['index.html', 'www/guide.html', 'www/print.html'];
const ALL_KEYS = Object.keys({ ...first, ...later });

/**
 * The modules the pages run from their start: what their entries import statically, not
 * through `import()` (the parts loaded later), leaving out the word tables themselves.
 */
async function startModules() {
  const { metafile } = await build({
    entryPoints: ENTRIES.map((entry) => new URL(entry, ROOT).pathname),
    absWorkingDir: new URL('.', ROOT).pathname,
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'unused',
    logLevel: 'silent',
    plugins: [{
      name: 'start-only',
      setup(builder) {
        builder.onResolve({ filter: /.*/ }, ({ path, kind }) =>
          kind === 'dynamic-import' || /jungle-web/.test(path) ? { path, external: true } : undefined);
      },
    }],
  });
  return Object.keys(metafile.inputs).filter((path) => !/^www\/(i18n\/|guide\/text-)/.test(path));
}

/**
 * The keys a source names: a string equal to a key, a string or a template's head ending with
 * a dot (`'online.reason.'`, `` `Side.${side}` ``) for every key under it.
 * @param {string} source
 */
function namedKeys(source) {
  const named = new Set();
  const mark = (text) => {
    if (ALL_KEYS.includes(text)) named.add(text);
    else if (/^[A-Za-z]+\.(?:[A-Za-z-]+\.)*$/.test(text)) ALL_KEYS.filter((key) => key.startsWith(text)).forEach((key) => named.add(key));
  };
  for (const [, text] of source.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)) mark(text);
  for (const [, text] of source.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) mark(text);
  for (const [, text] of source.matchAll(/`([A-Za-z]+\.[A-Za-z0-9.-]*)(?:`|\$\{)/g)) mark(text);
  return named;
}

test('every key the pages name from their start is in the first table, not the later one', async () => {
  const modules = await startModules();
  assert.ok(modules.includes('www/game/game-controller.js') && modules.length > 40, modules.join(', '));
  const misplaced = [];
  for (const file of [...modules, ...MARKUP]) {
    for (const key of namedKeys(readFileSync(new URL(file, ROOT), 'utf8'))) {
      if (!(key in first)) misplaced.push(`${file}: ${key}`);
    }
  }
  assert.deepEqual(misplaced, []);
});

test('the scan finds keys by name, by a template’s head and by a prefix', () => {
  const found = namedKeys("t('status.label'); t(`Side.${side}`); const k = 'online.reason.'; t('no.key');");
  assert.ok(found.has('status.label') && found.has('Side.red') && found.has('online.reason.aborted'));
  assert.ok(![...found].some((key) => key.startsWith('no.')));
});

test('every part loaded later (`import()` of a module of www/) loads the later words first', () => {
  const parts = new Set();
  for (const file of scripts('www/')) {
    // A call, not a type's `{import('…').Name}`: at a line's start or after `await`, `=>`, `=`,
    // and not followed by a name.
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/(?:^|await|=>|=|return)\s*import\('(\.[^']+)'\)(?!\.[A-Z])/gm)) {
      if (!/\/i18n\/|text-|jungle-web/.test(path)) parts.add(new URL(path, file).pathname);
    }
  }
  assert.ok(parts.size >= 10, [...parts].join(', '));
  const without = [...parts].filter((path) => !/^import '(\.\/|\.\.\/page\/)later-words\.js';/m.test(readFileSync(path, 'utf8')));
  assert.deepEqual(without, []);
});

/**
 * Every .js file under `dir` (relative to the root), as URLs.
 * @param {string} dir
 * @returns {URL[]}
 */
function scripts(dir) {
  return readdirSync(new URL(dir, ROOT), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return scripts(`${dir}${entry.name}/`);
    return entry.name.endsWith('.js') ? [new URL(`${dir}${entry.name}`, ROOT)] : [];
  });
}
