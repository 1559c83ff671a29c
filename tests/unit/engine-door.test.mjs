// The page's one door to the engine: no file of www/ but game/engine.js (and the AI worker, a
// script of its own) imports the wasm-bindgen glue.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

const WWW = new URL('../../www/', import.meta.url);
const DOORS = ['game/engine.js', 'computer/ai-worker.js'];

/** Every .js file under www/, by its path there. */
function sources(dir = '') {
  return readdirSync(new URL(dir, WWW), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return sources(`${path}/`);
    return path.endsWith('.js') ? [path] : [];
  });
}

test('only engine.js and the AI worker import the wasm glue', () => {
  const importers = sources().filter((path) => /from\s+['"][./]*jungle-web\.js['"]|import\(\s*['"][./]*jungle-web\.js['"]/
    .test(readFileSync(new URL(path, WWW), 'utf8')));
  assert.deepEqual(importers.sort(), DOORS.sort());
});
