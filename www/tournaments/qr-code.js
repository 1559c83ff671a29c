// A QR code drawn from its modules (the engine encodes: qrModules, src/wasm/qr.rs): one SVG path
// of its dark runs, a row at a time, on white with the quiet zone of four modules that readers
// need around it. Vector, so that it prints sharp at any size.

import { svgEl } from '../page/dom.js';

/** The light margin around a QR code, in modules (the standard's quiet zone). */
const QUIET_ZONE = 4;

/**
 * The side of the code whose modules are `modules` (a square, row by row), and the path of its
 * dark modules: each run of dark modules in a row is one rectangle, one module high.
 * @param {ArrayLike<number>} modules 1 dark, 0 light
 * @returns {{side: number, path: string}}
 */
export function qrPath(modules) {
  const side = Math.round(Math.sqrt(modules.length));
  if (side * side !== modules.length) throw new Error(`qrPath(): ${modules.length} modules make no square`);
  const runs = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (!modules[y * side + x]) continue;
      let end = x;
      while (end + 1 < side && modules[y * side + end + 1]) end++;
      runs.push(`M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`);
      x = end;
    }
  }
  return { side, path: runs.join('') };
}

/**
 * The QR code of `modules` as an image named `label` for screen readers.
 * @param {ArrayLike<number>} modules
 * @param {string} label
 */
export function qrImage(modules, label) {
  const { side, path } = qrPath(modules);
  const size = side + 2 * QUIET_ZONE;
  const svg = svgEl('svg', { viewBox: `${-QUIET_ZONE} ${-QUIET_ZONE} ${size} ${size}`, class: 'qr-code', role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges' });
  svg.append(
    svgEl('rect', { x: -QUIET_ZONE, y: -QUIET_ZONE, width: size, height: size, fill: '#fff' }),
    svgEl('path', { d: path, fill: '#000' }));
  return svg;
}
