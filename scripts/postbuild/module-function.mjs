// Turns one ES module of the game into an async function, for the one-file page (a page opened
// from disk can import no module file and start no module worker). Only the forms the game's
// code and wasm-bindgen's glue use are understood; anything else stops the build with an error
// rather than making a page that fails later.
//
//   import a, { b, c as d } from './x.js'   →  const { default: a, b, c: d } = await __import('www/x.js');
//   import * as n from './x.js'              →  const n = await __import('www/x.js');
//   import './x.js'                          →  await __import('www/x.js');
//   import('./x.js')                         →  __import('www/x.js')
//   new URL('./x.js', import.meta.url)       →  __url('www/x.js')
//   export function f / class C / const v    →  the declaration, and f, C, v in the returned exports
//   export { a, b as c }                     →  a and c in the returned exports
//   export default <value>                   →  const __default = <value>, the default export

const IMPORT_FROM = /^import\s+([^'";]+?)\s+from\s*(['"])([^'"]+)\2\s*;?/gm;
const IMPORT_BARE = /^import\s*(['"])([^'"]+)\1\s*;?/gm;
const IMPORT_CALL = /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g;
const URL_OF_FILE = /\bnew\s+URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;
const EXPORT_DECLARATION = /^export\s+(default\s+)?((?:async\s+)?function\*?|class|const|let|var)\s+([\w$]+)/gm;
const EXPORT_LIST = /^export\s*\{([^}]*)\}\s*;?/gm;
const EXPORT_DEFAULT_VALUE = /^export\s+default\s+/gm;
const NAME = /^[\w$]+$/;

/** The path of the file `specifier` names in the file `from` (both relative to the dist root). */
export function resolvePath(from, specifier) {
  if (/^([a-z][\w+.-]*:|\/)/i.test(specifier)) throw new Error(`${from}: only relative paths can be inlined, not ${specifier}`);
  return new URL(specifier, `file:///${from}`).pathname.slice(1);
}

/** `a as b` → ['a', 'b']; `a` → ['a', 'a']. */
function binding(text, where) {
  const [name, alias = name] = text.trim().split(/\s+as\s+/);
  if (!NAME.test(name) || !NAME.test(alias)) throw new Error(`${where}: cannot read the binding "${text.trim()}"`);
  return [name, alias];
}

/** The named bindings of `{ a, b as c }` as the destructuring `a, b: c`. */
function namedImports(list, where) {
  return list.split(',').filter((item) => item.trim()).map((item) => {
    const [name, alias] = binding(item, where);
    return name === alias ? name : `${name}: ${alias}`;
  });
}

/** The statement that replaces one `import … from` clause. */
function importStatement(clause, path, where) {
  const source = `await __import(${JSON.stringify(path)})`;
  const match = clause.match(/^(?:([\w$]+)\s*(?:,\s*|$))?(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))?$/);
  if (!match) throw new Error(`${where}: cannot read the import "${clause}"`);
  const [, defaultName, named, namespace] = match;
  const parts = [...(defaultName ? [`default: ${defaultName}`] : []), ...(named ? namedImports(named, where) : [])];
  const lines = [];
  if (namespace) lines.push(`const ${namespace} = ${source};`);
  if (parts.length) lines.push(`const { ${parts.join(', ')} } = ${namespace ?? source};`);
  return lines.join(' ');
}

/**
 * The module at `path` (relative to the dist root) with text `source`, as the source of an
 * async function `(__import, __url) => exports`, and the paths it needs: `imports` (modules)
 * and `urls` (files it loads by URL: workers, WebAssembly).
 */
export function moduleFunction(path, source) {
  const imports = new Set();
  const urls = new Set();
  const exports = [];
  const need = (set, specifier) => {
    if (set === imports && !specifier.startsWith('.')) throw new Error(`${path}: cannot bundle the import of ${specifier}`);
    const target = resolvePath(path, specifier);
    set.add(target);
    return target;
  };
  const quoted = (set, specifier) => JSON.stringify(need(set, specifier));
  let body = source
    .replace(IMPORT_FROM, (_, clause, __, specifier) => importStatement(clause.trim(), need(imports, specifier), path))
    .replace(IMPORT_BARE, (_, __, specifier) => `await __import(${quoted(imports, specifier)});`)
    .replace(IMPORT_CALL, (_, __, specifier) => `__import(${quoted(imports, specifier)})`)
    .replace(URL_OF_FILE, (_, __, specifier) => `__url(${quoted(urls, specifier)})`)
    .replace(EXPORT_DECLARATION, (_, isDefault, kind, name) => {
      exports.push(isDefault ? `default: ${name}` : name);
      return `${kind} ${name}`;
    })
    .replace(EXPORT_LIST, (_, list) => {
      for (const item of list.split(',').filter((i) => i.trim())) {
        const [name, alias] = binding(item, path);
        exports.push(name === alias ? name : `${alias}: ${name}`);
      }
      return '';
    })
    .replace(EXPORT_DEFAULT_VALUE, () => {
      exports.push('default: __default');
      return 'const __default = ';
    });
  const left = body.match(/^\s*(?:import|export)\b.*$|\bimport\.meta\b.*$|\bimport\s*\(.*$/m);
  if (left) throw new Error(`${path}: cannot bundle "${left[0].trim()}"`);
  body = `async function (__import, __url) {\n'use strict';\n${body}\nreturn { ${exports.join(', ')} };\n}`;
  return { body, imports: [...imports], urls: [...urls] };
}
