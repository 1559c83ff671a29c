// The board on a canvas: terrain, highlights, pieces and their movements.
// It draws whatever state it is given; redraws are batched on requestAnimationFrame and
// the canvas follows its CSS size at the screen's pixel density.

import { BoardBackground, FRAME } from './board-background.js';
import { PieceSprites } from './piece-sprites.js';
import { FILE_COUNT, SQUARE_COUNT, screenCell, squareAtCell } from './squares.js';

const SLIDE_MS = 240;
const LAST_MOVE = 'rgba(255, 221, 87, 0.5)';
const SELECTED = 'rgba(255, 196, 0, 0.75)';
const TARGET = 'rgba(20, 60, 30, 0.45)';
const HOVER = 'rgba(20, 60, 30, 0.25)';

/** @typedef {import('./types.js').BoardState} BoardState */
/**
 * A piece moving: from square `from` to `to`, taking `captured`, since `start` (ms).
 * @typedef {{from: number, to: number, piece: string, captured: string, slide: boolean, start: number}} Animation
 */
/** @typedef {{from: number, x: number, y: number}} Drag a piece dragged from `from` to client (x, y) */

const easeOut = (/** @type {number} */ t) => 1 - (1 - t) ** 3;

/**
 * The 2D context of `canvas` (a browser without one cannot show the game).
 * @param {HTMLCanvasElement} canvas
 */
function context2d(canvas) {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('BoardView: this browser draws no 2D canvas');
  return ctx;
}

export class BoardView {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = context2d(canvas);
    /** @type {BoardState} */
    this.state = {
      board: '.'.repeat(SQUARE_COUNT),
      terrain: '.'.repeat(SQUARE_COUNT),
      animals: {},
      flipped: false,
      lastMove: null,
      selected: -1,
      targets: [],
    };
    this.background = new BoardBackground();
    this.sprites = new PieceSprites();
    /** @type {Drag | null} */
    this.drag = null;
    /** @type {Animation | null} */
    this.animation = null;
    this.frame = 0;
    this.width = 0;
    this.height = 0;
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.watchPixelRatio();
  }

  /**
   * Changes part of what is shown: {board, terrain, animals, flipped, lastMove, selected, targets}.
   * @param {Partial<BoardState>} changes
   */
  update(changes) {
    Object.assign(this.state, changes);
    this.schedule();
  }

  /**
   * Shows `piece` sliding from square `from` to `to` (indices), taking `captured` there.
   * @param {number} from
   * @param {number} to
   * @param {string} piece
   * @param {string} captured
   */
  animateMove(from, to, piece, captured, slide = true) {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    this.animation = { from, to, piece, captured, slide, start: performance.now() };
    this.schedule();
  }

  /**
   * Shows the piece on `from` following the pointer at client (x, y), or ends the drag with null.
   * @param {Drag | null} drag
   */
  setDrag(drag) {
    this.drag = drag;
    this.schedule();
  }

  /**
   * The square index under a client point, or -1.
   * @param {number} clientX
   * @param {number} clientY
   */
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
    // Draw the pieces' sprites in a task of their own before the frame that shows them: the
    // first frame would otherwise be one long task.
    setTimeout(() => this.prepareSprites());
  }

  prepareSprites() {
    const size = this.width / (FILE_COUNT + 2 * FRAME);
    if (!size) return;
    this.sprites.prepare(size, this.canvas.width / this.width, this.state.animals);
    for (const piece of new Set(this.state.board)) {
      if (piece !== '.') this.sprites.sprite(piece, false);
    }
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

  /** @param {number} now the frame's time (ms) */
  draw(now) {
    const { ctx, canvas, width, height, state } = this;
    const size = width / (FILE_COUNT + 2 * FRAME);
    if (!size) return;
    const scaleX = canvas.width / width;
    const scaleY = canvas.height / height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.background.get(canvas.width, canvas.height, width, height, state.terrain, state.flipped), 0, 0);
    this.sprites.prepare(size, scaleX, state.animals);
    // From here on, (0, 0) is the corner of the squares.
    ctx.setTransform(scaleX, 0, 0, scaleY, FRAME * size * scaleX, FRAME * size * scaleY);
    this.drawHighlights(size);
    const progress = this.animationProgress(now);
    this.drawPieces(size, progress);
    this.drawTargets(size);
    if (this.drag) {
      const rect = canvas.getBoundingClientRect();
      const offset = FRAME * size;
      const piece = state.board[this.drag.from];
      this.sprites.draw(ctx, piece, this.drag.x - rect.left - offset, this.drag.y - rect.top - offset, { lifted: true });
    }
    if (progress < 1) this.schedule();
  }

  /**
   * How far the moving piece has gone (0 … 1; 1 when nothing moves).
   * @param {number} now
   */
  animationProgress(now) {
    if (!this.animation) return 1;
    const t = Math.min(1, (now - this.animation.start) / SLIDE_MS);
    if (t >= 1) this.animation = null;
    return t;
  }

  /**
   * The top left corner of square `index` on the canvas, for squares `size` wide.
   * @param {number} index
   * @param {number} size
   */
  origin(index, size) {
    const { column, row } = screenCell(index, this.state.flipped);
    return { x: column * size, y: row * size };
  }

  /** @param {number} size a square's width */
  drawHighlights(size) {
    const { ctx } = this;
    const { lastMove, selected, targets } = this.state;
    if (this.drag) {
      // The destination under a dragged piece.
      const over = this.squareAt(this.drag.x, this.drag.y);
      if (targets.includes(over)) {
        const { x, y } = this.origin(over, size);
        ctx.fillStyle = HOVER;
        ctx.fillRect(x, y, size, size);
      }
    }
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

  /**
   * @param {number} size a square's width
   * @param {number} progress how far the moving piece has gone
   */
  drawPieces(size, progress) {
    const { ctx, sprites } = this;
    const { board } = this.state;
    const moving = this.animation;
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const piece = board[i];
      if (piece === '.' || (moving && i === moving.to)) continue;
      const { x, y } = this.origin(i, size);
      const ghost = this.drag && this.drag.from === i;
      sprites.draw(ctx, piece, x + size / 2, y + size / 2, { alpha: ghost ? 0.35 : 1 });
    }
    if (!moving) return;
    const to = this.origin(moving.to, size);
    if (moving.captured && moving.captured !== '.') {
      sprites.draw(ctx, moving.captured, to.x + size / 2, to.y + size / 2,
        { alpha: 1 - progress, scale: 1 - 0.4 * progress });
    }
    const from = this.origin(moving.from, size);
    const t = moving.slide ? easeOut(progress) : 1;
    const x = from.x + (to.x - from.x) * t + size / 2;
    const y = from.y + (to.y - from.y) * t + size / 2;
    sprites.draw(ctx, moving.piece, x, y, { lifted: progress < 1 });
  }

  /** @param {number} size a square's width */
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
