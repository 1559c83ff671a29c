// The board on a canvas: terrain, highlights, pieces and their movements.
// It draws whatever state it is given; redraws are batched on requestAnimationFrame and
// the canvas follows its CSS size at the screen's pixel density.

import { drawTerrain } from './terrain-drawing.js';
import { drawPiece } from './piece-drawing.js';
import { FILES, FILE_COUNT, RANK_COUNT, SQUARE_COUNT, screenCell, squareAtCell } from './squares.js';

const SLIDE_MS = 240;
/** The wooden frame around the squares, where the coordinates are written, in squares. */
export const FRAME = 0.3;
const FRAME_COLOR = '#6d4b2a';
const LAST_MOVE = 'rgba(255, 221, 87, 0.5)';
const SELECTED = 'rgba(255, 196, 0, 0.75)';
const TARGET = 'rgba(20, 60, 30, 0.45)';
const LABEL_FONT = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';

const easeOut = (t) => 1 - (1 - t) ** 3;

export class BoardView {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.state = {
      board: '.'.repeat(SQUARE_COUNT),
      terrain: '.'.repeat(SQUARE_COUNT),
      animals: {},
      flipped: false,
      lastMove: null,
      selected: -1,
      targets: [],
    };
    this.drag = null;
    this.animation = null;
    this.frame = 0;
    this.width = 0;
    this.height = 0;
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.watchPixelRatio();
  }

  /** Changes part of what is shown: {board, terrain, animals, flipped, lastMove, selected, targets}. */
  update(changes) {
    Object.assign(this.state, changes);
    this.schedule();
  }

  /** Shows `piece` sliding from square `from` to `to` (indices), taking `captured` there. */
  animateMove(from, to, piece, captured, slide = true) {
    this.animation = { from, to, piece, captured, slide, start: performance.now() };
    this.schedule();
  }

  /** Shows the piece on `from` following the pointer at client (x, y), or ends the drag with null. */
  setDrag(drag) {
    this.drag = drag;
    this.schedule();
  }

  /** The square index under a client point, or -1. */
  squareAt(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const size = rect.width / (FILE_COUNT + 2 * FRAME);
    const column = Math.floor((clientX - rect.left) / size - FRAME);
    const row = Math.floor((clientY - rect.top) / size - FRAME);
    return squareAtCell(column, row, this.state.flipped);
  }

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    this.width = rect.width;
    this.height = rect.height;
    this.canvas.width = Math.max(1, Math.round(rect.width * ratio));
    this.canvas.height = Math.max(1, Math.round(rect.height * ratio));
    this.schedule();
  }

  watchPixelRatio() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener('change', () => {
      this.resize();
      this.watchPixelRatio();
    }, { once: true });
  }

  schedule() {
    if (!this.frame) {
      this.frame = requestAnimationFrame((now) => {
        this.frame = 0;
        this.draw(now);
      });
    }
  }

  draw(now) {
    const { ctx } = this;
    const size = this.width / (FILE_COUNT + 2 * FRAME);
    if (!size) return;
    const scaleX = this.canvas.width / this.width;
    const scaleY = this.canvas.height / this.height;
    ctx.setTransform(scaleX, 0, 0, scaleY, 0, 0);
    ctx.fillStyle = FRAME_COLOR;
    ctx.fillRect(0, 0, this.width, this.height);
    this.drawCoordinates(size);
    // From here on, (0, 0) is the corner of the squares.
    ctx.setTransform(scaleX, 0, 0, scaleY, FRAME * size * scaleX, FRAME * size * scaleY);
    this.drawSquares(size);
    this.drawHighlights(size);
    const progress = this.animationProgress(now);
    this.drawPieces(size, progress);
    this.drawTargets(size);
    if (this.drag) {
      const rect = this.canvas.getBoundingClientRect();
      const piece = this.state.board[this.drag.from];
      const offset = FRAME * size;
      drawPiece(ctx, piece, this.state.animals, this.drag.x - rect.left - offset, this.drag.y - rect.top - offset, size,
        { lifted: true, scale: 1.12 });
    }
    if (progress < 1) this.schedule();
  }

  animationProgress(now) {
    if (!this.animation) return 1;
    const t = Math.min(1, (now - this.animation.start) / SLIDE_MS);
    if (t >= 1) this.animation = null;
    return t;
  }

  origin(index, size) {
    const { column, row } = screenCell(index, this.state.flipped);
    return { x: column * size, y: row * size };
  }

  drawSquares(size) {
    const { ctx } = this;
    const { terrain, flipped } = this.state;
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const { x, y } = this.origin(i, size);
      const { column, row } = screenCell(i, flipped);
      drawTerrain(ctx, terrain[i], x, y, size, (column + row) % 2);
    }
    ctx.strokeStyle = 'rgba(60, 90, 40, 0.25)';
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

  /** File letters above and below the squares, rank numbers on both sides, in the frame. */
  drawCoordinates(size) {
    const { ctx } = this;
    const { flipped } = this.state;
    const edge = FRAME * size;
    ctx.font = `600 ${Math.max(8, Math.round(edge * 0.7))}px ${LABEL_FONT}`;
    ctx.fillStyle = '#f3e3c8';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let column = 0; column < FILE_COUNT; column++) {
      const x = edge + (column + 0.5) * size;
      const file = FILES[squareAtCell(column, 0, flipped) % FILE_COUNT];
      ctx.fillText(file, x, edge / 2);
      ctx.fillText(file, x, this.height - edge / 2);
    }
    for (let row = 0; row < RANK_COUNT; row++) {
      const y = edge + (row + 0.5) * size;
      const rank = String(Math.floor(squareAtCell(0, row, flipped) / FILE_COUNT) + 1);
      ctx.fillText(rank, edge / 2, y);
      ctx.fillText(rank, this.width - edge / 2, y);
    }
  }

  drawHighlights(size) {
    const { ctx } = this;
    const { lastMove, selected } = this.state;
    if (lastMove) {
      ctx.fillStyle = LAST_MOVE;
      for (const i of [lastMove.from, lastMove.to]) {
        const { x, y } = this.origin(i, size);
        ctx.fillRect(x, y, size, size);
      }
    }
    if (selected >= 0) {
      const { x, y } = this.origin(selected, size);
      ctx.fillStyle = SELECTED;
      ctx.fillRect(x, y, size, size);
    }
  }

  drawPieces(size, progress) {
    const { ctx } = this;
    const { board, animals } = this.state;
    const moving = this.animation;
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const piece = board[i];
      if (piece === '.' || (moving && i === moving.to)) continue;
      const { x, y } = this.origin(i, size);
      const ghost = this.drag && this.drag.from === i;
      drawPiece(ctx, piece, animals, x + size / 2, y + size / 2, size, { alpha: ghost ? 0.35 : 1 });
    }
    if (!moving) return;
    const to = this.origin(moving.to, size);
    if (moving.captured && moving.captured !== '.') {
      drawPiece(ctx, moving.captured, animals, to.x + size / 2, to.y + size / 2, size,
        { alpha: 1 - progress, scale: 1 - 0.4 * progress });
    }
    const from = this.origin(moving.from, size);
    const t = moving.slide ? easeOut(progress) : 1;
    const x = from.x + (to.x - from.x) * t + size / 2;
    const y = from.y + (to.y - from.y) * t + size / 2;
    drawPiece(ctx, moving.piece, animals, x, y, size, { lifted: progress < 1 });
  }

  drawTargets(size) {
    const { ctx } = this;
    const { targets, board } = this.state;
    ctx.fillStyle = TARGET;
    ctx.strokeStyle = TARGET;
    for (const i of targets) {
      const { x, y } = this.origin(i, size);
      ctx.beginPath();
      if (board[i] === '.') {
        ctx.arc(x + size / 2, y + size / 2, size * 0.14, 0, Math.PI * 2);
        ctx.fill();
      } else {
        ctx.lineWidth = size * 0.08;
        ctx.arc(x + size / 2, y + size / 2, size * 0.46, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
  }
}
