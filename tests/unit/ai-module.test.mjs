// Which build of the AI's module a browser gets (www/computer/ai-module.js): the SIMD128 probe is
// a module that needs SIMD128, and the choice follows what WebAssembly.validate says of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIMD_PROBE, aiModuleUrl, hasSimd } from '../../www/computer/ai-module.js';

test('the probe is a whole, valid module for an engine with SIMD128 (as Node has)', () => {
  // Hand-written bytes: a wrong length or opcode would make every browser look as if it had no SIMD128.
  assert.equal(WebAssembly.validate(SIMD_PROBE), true);
  assert.deepEqual(WebAssembly.Module.exports(new WebAssembly.Module(SIMD_PROBE)), []);
});

test('a browser whose validate accepts the probe has SIMD128; one that refuses or throws has not', () => {
  const seen = [];
  assert.equal(hasSimd((bytes) => { seen.push(bytes); return true; }), true);
  assert.deepEqual(seen, [SIMD_PROBE]);
  assert.equal(hasSimd(() => false), false);
  assert.equal(hasSimd(() => { throw new TypeError('no WebAssembly'); }), false);
});

test('the SIMD128 build and the scalar one sit beside the glue', () => {
  const glue = new URL('../../jungle-web.js', import.meta.url);
  assert.equal(aiModuleUrl(true).href, new URL('jungle-web-simd_bg.wasm', glue).href);
  assert.equal(aiModuleUrl(false).href, new URL('jungle-web_bg.wasm', glue).href);
  assert.equal(aiModuleUrl().href, aiModuleUrl(hasSimd()).href);
});
