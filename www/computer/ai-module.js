// Which build of the AI's WebAssembly module this browser runs: the one compiled with SIMD128
// (`jungle-web-simd_bg.wasm`, whose net evaluation works on eight lanes at once, so the search is
// faster) where the browser has SIMD128, the scalar one (`jungle-web_bg.wasm`) elsewhere. scripts/build-web makes both from the same code with the same glue (jungle-web.js),
// so either can be given to its init. The AI's worker and the page's loadToolEngine() ask here.

/**
 * The smallest module that needs SIMD128: one function `() -> v128` whose body is
 * `v128.const 0`. A browser without SIMD128 refuses the type v128 and the instruction.
 */
export const SIMD_PROBE = Uint8Array.of(
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: one type, func () -> (v128)
  0x03, 0x02, 0x01, 0x00, // function section: one function, of type 0
  0x0a, 0x16, 0x01, 0x14, 0x00, // code section: one body of 20 bytes, no locals
  0xfd, 0x0c, ...new Array(16).fill(0x00), // v128.const with its 16 bytes
  0x0b, // end
);

/**
 * Whether `validate` (by default the browser's WebAssembly.validate, looked up at the call)
 * accepts SIMD128.
 * @param {(bytes: BufferSource) => boolean} [validate]
 */
export function hasSimd(validate = WebAssembly.validate) {
  try {
    return validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/**
 * The address of the AI's module for a browser with SIMD128 or without (by default, this one),
 * for the glue's init: `init({ module_or_path: aiModuleUrl() })`.
 * @param {boolean} [simd]
 */
export function aiModuleUrl(simd = hasSimd()) {
  return simd ? new URL('../../jungle-web-simd_bg.wasm', import.meta.url) : new URL('../../jungle-web_bg.wasm', import.meta.url);
}
