// The squares of the board: grass, water, traps and dens, in the colours of a theme
// (board-colors.js; light unless told).

import { BOARD_THEMES } from './board-colors.js';

/** @typedef {import('./board-colors.js').BoardColors} BoardColors */

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} shade
 * @param {BoardColors} colors
 */
function grass(ctx, x, y, size, shade, colors) {
  ctx.fillStyle = colors.grass[shade];
  ctx.fillRect(x, y, size, size);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {BoardColors} colors
 */
function water(ctx, x, y, size, colors) {
  ctx.fillStyle = colors.water;
  ctx.fillRect(x, y, size, size);
  ctx.strokeStyle = colors.wave;
  ctx.lineWidth = Math.max(1, size * 0.035);
  ctx.lineCap = 'round';
  for (const [dy, dx] of [[0.3, 0.12], [0.55, 0.42], [0.8, 0.2]]) {
    const wy = y + size * dy;
    const wx = x + size * dx;
    const w = size * 0.36;
    ctx.beginPath();
    ctx.moveTo(wx, wy);
    ctx.quadraticCurveTo(wx + w / 4, wy - size * 0.07, wx + w / 2, wy);
    ctx.quadraticCurveTo(wx + (3 * w) / 4, wy + size * 0.07, wx + w, wy);
    ctx.stroke();
  }
}

/**
 * A trap: a rope net over the grass, edged in its owner's colour.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {'red' | 'blue'} owner
 * @param {BoardColors} colors
 */
function trap(ctx, x, y, size, owner, colors) {
  const pad = size * 0.12;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x + pad, y + pad, size - 2 * pad, size - 2 * pad);
  ctx.clip();
  ctx.strokeStyle = colors.net;
  ctx.lineWidth = Math.max(1, size * 0.035);
  const step = size / 5;
  for (let d = -size; d <= size * 2; d += step) {
    ctx.beginPath();
    ctx.moveTo(x + d, y);
    ctx.lineTo(x + d + size, y + size);
    ctx.moveTo(x + d + size, y);
    ctx.lineTo(x + d, y + size);
    ctx.stroke();
  }
  ctx.restore();
  ctx.strokeStyle = colors.edge[owner];
  ctx.lineWidth = Math.max(1.5, size * 0.05);
  ctx.strokeRect(x + pad, y + pad, size - 2 * pad, size - 2 * pad);
}

/**
 * A den: a cave in a mound, under a flag of its owner's colour.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {'red' | 'blue'} owner
 * @param {BoardColors} colors
 */
function den(ctx, x, y, size, owner, colors) {
  ctx.fillStyle = colors.den[owner];
  ctx.fillRect(x, y, size, size);
  const cx = x + size / 2;
  const base = y + size * 0.86;
  ctx.beginPath();
  ctx.ellipse(cx, base, size * 0.4, size * 0.46, 0, Math.PI, 0);
  ctx.fillStyle = colors.mound;
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(cx, base, size * 0.17, size * 0.24, 0, Math.PI, 0);
  ctx.fillStyle = colors.cave;
  ctx.fill();
  const poleX = cx + size * 0.08;
  ctx.strokeStyle = colors.cave;
  ctx.lineWidth = Math.max(1, size * 0.03);
  ctx.beginPath();
  ctx.moveTo(poleX, y + size * 0.42);
  ctx.lineTo(poleX, y + size * 0.1);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(poleX, y + size * 0.1);
  ctx.lineTo(poleX + size * 0.26, y + size * 0.17);
  ctx.lineTo(poleX, y + size * 0.25);
  ctx.closePath();
  ctx.fillStyle = colors.edge[owner];
  ctx.fill();
}

/**
 * Draws one square of terrain code `kind` ('.', '~', 'T', 't', 'D', 'd'; see JungleGame.terrain).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} kind
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} shade
 * @param {BoardColors} [colors]
 */
export function drawTerrain(ctx, kind, x, y, size, shade, colors = BOARD_THEMES.light) {
  switch (kind) {
    case '~':
      water(ctx, x, y, size, colors);
      break;
    case 'T':
    case 't':
      grass(ctx, x, y, size, shade, colors);
      trap(ctx, x, y, size, kind === 'T' ? 'red' : 'blue', colors);
      break;
    case 'D':
    case 'd':
      den(ctx, x, y, size, kind === 'D' ? 'red' : 'blue', colors);
      break;
    default:
      grass(ctx, x, y, size, shade, colors);
  }
}
