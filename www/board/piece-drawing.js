// One piece as a tile: the animal's face, its character and its rank, in its side's colour.

import { drawAnimal } from './animal-art.js';
import { SIDE_COLORS, sideOf } from '../page/pieces.js';
import { pieceStyle } from './piece-style.js';

const CJK_FONT = '"Noto Sans CJK TC", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif';
const NUMBER_FONT = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
function roundedRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/**
 * Draws the piece of FEN letter `letter` centred at (x, y) in a square `size` wide.
 * `animals` is the table of pieces.js's animalTable; `lifted` draws it raised (dragged).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} letter
 * @param {import('../page/pieces.js').AnimalTable} animals
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
export function drawPiece(ctx, letter, animals, x, y, size, { lifted = false, alpha = 1, scale = 1 } = {}) {
  const animal = animals[letter.toUpperCase()];
  if (!animal) return;
  const colors = SIDE_COLORS[sideOf(letter)];
  const s = size * 0.86 * scale;
  const left = x - s / 2;
  const top = y - s / 2;
  const radius = s * 0.16;

  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
  ctx.shadowBlur = s * (lifted ? 0.18 : 0.06);
  ctx.shadowOffsetY = s * (lifted ? 0.1 : 0.04);
  const gradient = ctx.createLinearGradient(0, top, 0, top + s);
  gradient.addColorStop(0, colors.main);
  gradient.addColorStop(1, colors.dark);
  roundedRect(ctx, left, top, s, s, radius);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.shadowColor = 'transparent';

  if (pieceStyle() === 'characters') drawCharacterFace(ctx, animal, colors.dark, x, top, s);
  else drawPictureFace(ctx, animal, x, top, s, radius);
  ctx.restore();
}

/**
 * The animal's picture on a light panel, with its character and rank below.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{name: string, rank: number, character: string}} animal
 * @param {number} x
 * @param {number} top
 * @param {number} s
 * @param {number} radius
 */
function drawPictureFace(ctx, animal, x, top, s, radius) {
  const left = x - s / 2;
  const inset = s * 0.07;
  const panelHeight = s * 0.64;
  roundedRect(ctx, left + inset, top + inset, s - 2 * inset, panelHeight, radius * 0.7);
  ctx.fillStyle = '#fff8ea';
  ctx.fill();
  drawAnimal(ctx, animal.name, x, top + inset + panelHeight / 2, panelHeight);

  const bandY = top + inset + panelHeight + (s - panelHeight - inset) / 2;
  const textSize = Math.max(7, s * 0.24);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.font = `${Math.round(textSize)}px ${CJK_FONT}`;
  ctx.fillText(animal.character, x - s * 0.2, bandY + s * 0.01);
  ctx.font = `bold ${Math.round(textSize)}px ${NUMBER_FONT}`;
  ctx.fillText(String(animal.rank), x + s * 0.22, bandY + s * 0.01);
}

/**
 * The character alone, large, in the side's dark colour on a light disc; the rank in a corner.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{name: string, rank: number, character: string}} animal
 * @param {string} ink
 * @param {number} x
 * @param {number} top
 * @param {number} s
 */
function drawCharacterFace(ctx, animal, ink, x, top, s) {
  const y = top + s / 2;
  ctx.beginPath();
  ctx.arc(x, y, s * 0.38, 0, Math.PI * 2);
  ctx.fillStyle = '#fff8ea';
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.font = `bold ${Math.round(Math.max(9, s * 0.5))}px ${CJK_FONT}`;
  ctx.fillText(animal.character, x, y + s * 0.02);
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${Math.round(Math.max(7, s * 0.2))}px ${NUMBER_FONT}`;
  ctx.fillText(String(animal.rank), x + s * 0.38, top + s * 0.86);
}
