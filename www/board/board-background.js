// The parts of the board that do not move — the wooden frame with its coordinates, the
// terrain and the grid — drawn once into an offscreen canvas and reused for every frame.

import { el } from '../page/dom.js';
import { drawTerrain } from './terrain-drawing.js';
import { FILES, FILE_COUNT, RANK_COUNT, SQUARE_COUNT, screenCell, squareAtCell } from './squares.js';

/** The wooden frame around the squares, where the coordinates are written, in squares. */
export const FRAME = 0.3;
/** @typedef {import('./board-colors.js').BoardColors} BoardColors */

const LABEL_FONT = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';

/**
 * File letters above and below the squares, rank numbers on both sides.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} size
 * @param {number} width
 * @param {number} height
 * @param {boolean} flipped
 * @param {BoardColors} colors
 */
function drawCoordinates(ctx, size, width, height, flipped, colors) {
  const edge = FRAME * size;
  ctx.font = `600 ${Math.max(8, Math.round(edge * 0.7))}px ${LABEL_FONT}`;
  ctx.fillStyle = colors.label;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let column = 0; column < FILE_COUNT; column++) {
    const x = edge + (column + 0.5) * size;
    const file = FILES[squareAtCell(column, 0, flipped) % FILE_COUNT];
    ctx.fillText(file, x, edge / 2);
    ctx.fillText(file, x, height - edge / 2);
  }
  for (let row = 0; row < RANK_COUNT; row++) {
    const y = edge + (row + 0.5) * size;
    const rank = String(Math.floor(squareAtCell(0, row, flipped) / FILE_COUNT) + 1);
    ctx.fillText(rank, edge / 2, y);
    ctx.fillText(rank, width - edge / 2, y);
  }
}

/**
 * The squares, with (0, 0) at the corner of the first one.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} size
 * @param {string} terrain
 * @param {boolean} flipped
 * @param {BoardColors} colors
 */
function drawSquares(ctx, size, terrain, flipped, colors) {
  for (let i = 0; i < SQUARE_COUNT; i++) {
    const { column, row } = screenCell(i, flipped);
    drawTerrain(ctx, terrain[i], column * size, row * size, size, (column + row) % 2, colors);
  }
  ctx.strokeStyle = colors.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let c = 1; c < FILE_COUNT; c++) {
    ctx.moveTo(c * size, 0);
    ctx.lineTo(c * size, RANK_COUNT * size);
  }
  for (let r = 1; r < RANK_COUNT; r++) {
    ctx.moveTo(0, r * size);
    ctx.lineTo(FILE_COUNT * size, r * size);
  }
  ctx.stroke();
}

export class BoardBackground {
  constructor() {
    this.canvas = el('canvas');
    this.key = '';
    /** @type {BoardColors | null} */
    this.colors = null;
  }

  /**
   * The background for a canvas of `pixelWidth` × `pixelHeight` showing `width` × `height`
   * CSS pixels in `colors`, redrawn only when one of these, the terrain or the orientation
   * changes.
   * @param {number} pixelWidth
   * @param {number} pixelHeight
   * @param {number} width
   * @param {number} height
   * @param {string} terrain
   * @param {boolean} flipped
   * @param {BoardColors} colors
   */
  get(pixelWidth, pixelHeight, width, height, terrain, flipped, colors) {
    const key = `${pixelWidth}x${pixelHeight}|${width}|${flipped}|${terrain}`;
    if (key !== this.key || colors !== this.colors) {
      this.key = key;
      this.colors = colors;
      const { canvas } = this;
      canvas.width = pixelWidth;
      canvas.height = pixelHeight;
      const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      const scaleX = pixelWidth / width;
      const scaleY = pixelHeight / height;
      const size = width / (FILE_COUNT + 2 * FRAME);
      ctx.setTransform(scaleX, 0, 0, scaleY, 0, 0);
      ctx.fillStyle = colors.frame;
      ctx.fillRect(0, 0, width, height);
      drawCoordinates(ctx, size, width, height, flipped, colors);
      ctx.setTransform(scaleX, 0, 0, scaleY, FRAME * size * scaleX, FRAME * size * scaleY);
      drawSquares(ctx, size, terrain, flipped, colors);
    }
    return this.canvas;
  }
}
