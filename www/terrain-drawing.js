// The squares of the board: grass, water, traps and dens.

import { SIDE_COLORS } from './pieces.js';

const GRASS = ['#cfe7a9', '#c4df9b'];
const WATER = '#4f9fdd';
const WAVE = '#9fd0f4';
const NET = '#8a5a2b';

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} shade
 */
function grass(ctx, x, y, size, shade) {
  ctx.fillStyle = GRASS[shade];
  ctx.fillRect(x, y, size, size);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function water(ctx, x, y, size) {
  ctx.fillStyle = WATER;
  ctx.fillRect(x, y, size, size);
  ctx.strokeStyle = WAVE;
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
 */
function trap(ctx, x, y, size, owner) {
  const pad = size * 0.12;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x + pad, y + pad, size - 2 * pad, size - 2 * pad);
  ctx.clip();
  ctx.strokeStyle = NET;
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
  ctx.strokeStyle = SIDE_COLORS[owner].main;
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
 */
function den(ctx, x, y, size, owner) {
  const colors = SIDE_COLORS[owner];
  ctx.fillStyle = colors.light;
  ctx.fillRect(x, y, size, size);
  const cx = x + size / 2;
  const base = y + size * 0.86;
  ctx.beginPath();
  ctx.ellipse(cx, base, size * 0.4, size * 0.46, 0, Math.PI, 0);
  ctx.fillStyle = '#9a7448';
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(cx, base, size * 0.17, size * 0.24, 0, Math.PI, 0);
  ctx.fillStyle = '#3b2a1a';
  ctx.fill();
  const poleX = cx + size * 0.08;
  ctx.strokeStyle = '#3b2a1a';
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
  ctx.fillStyle = colors.main;
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
 */
export function drawTerrain(ctx, kind, x, y, size, shade) {
  switch (kind) {
    case '~':
      water(ctx, x, y, size);
      break;
    case 'T':
    case 't':
      grass(ctx, x, y, size, shade);
      trap(ctx, x, y, size, kind === 'T' ? 'red' : 'blue');
      break;
    case 'D':
    case 'd':
      den(ctx, x, y, size, kind === 'D' ? 'red' : 'blue');
      break;
    default:
      grass(ctx, x, y, size, shade);
  }
}
