// The board's canvas (a part of board.js): terrain, highlights, pieces and their movements.
// It draws whatever state it is given; redraws are batched on requestAnimationFrame and
// the canvas follows its CSS size at the screen's pixel density.

import { nextTask } from '../page/after-start.js';
import { BoardBackground, FRAME } from './board-background.js';
import { boardColors } from './board-colors.js';
import { PieceSprites } from './piece-sprites.js';
import { isTrapped } from '../page/pieces.js';
import { FILE_COUNT, SQUARE_COUNT, screenCell, squareAtCell } from './squares.js';

const SLIDE_MS = 240;

/** @typedef {import('./board-colors.js').Marker} Marker */

/** @typedef {import('./board.js').BoardState} BoardState */
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
  if (!ctx) throw new Error('BoardCanvas: this browser draws no 2D canvas');
  return ctx;
}

export class BoardCanvas {
  /**
   * Draws on `canvas`, from `state` to begin with.
   * @param {HTMLCanvasElement} canvas
   * @param {BoardState} state
   */
  constructor(canvas, state) {
    this.canvas = canvas;
    this.ctx = context2d(canvas);
    /** @type {BoardState} */
    this.state = { ...state };
    this.background = new BoardBackground();
    this.colors = boardColors(undefined);
    this.followTheme();
    this.sprites = new PieceSprites();
    /** @type {Drag | null} */
    this.drag = null;
    /** @type {Animation | null} */
    this.animation = null;
    this.frame = 0;
    this.preparing = false;
    this.width = 0;
    this.height = 0;
    this.sizes = new ResizeObserver(() => this.resize());
    this.sizes.observe(canvas);
    /** Ends the watch of the screen's pixel density (destroy). */
    this.stopWatching = new AbortController();
    this.watchPixelRatio();
  }

  /** Stops drawing and watching: the theme, the size, the pixel density. */
  destroy() {
    this.themes?.disconnect();
    this.sizes.disconnect();
    this.stopWatching.abort();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  /**
   * Takes the board's colours from the page's theme (`data-theme` on <html>), now and
   * whenever it changes; the focus ring of the squares' buttons (style.css) gets them too.
   */
  followTheme() {
    const root = document.documentElement;
    const apply = () => {
      this.colors = boardColors(root.dataset.theme);
      const holder = this.canvas.parentElement;
      holder?.style.setProperty('--board-focus', this.colors.focus.ink);
      holder?.style.setProperty('--board-focus-halo', this.colors.focus.halo ?? this.colors.focus.ink);
      this.schedule();
    };
    this.themes = new MutationObserver(apply);
    this.themes.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    apply();
  }

  /**
   * Changes part of what is shown: {board, terrain, animals, flipped, lastMove, premove,
   * selected, targets, weakening}.
   * @param {Partial<BoardState>} changes
   */
  update(changes) {
    const { terrain, animals, flipped } = this.state;
    Object.assign(this.state, changes);
    const state = this.state;
    if (state.terrain !== terrain || state.animals !== animals || state.flipped !== flipped) this.prepareImages();
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
    this.prepareImages();
  }

  /**
   * Draws the board's background and the sprites of the pieces on it ahead of the frame that
   * shows them, each in a task of its own (after-start.js): that frame would otherwise be one
   * long task. What is ready already is not drawn again.
   */
  async prepareImages() {
    if (this.preparing) return;
    this.preparing = true;
    await nextTask();
    const { canvas, width, height, state } = this;
    if (width) {
      this.background.get(canvas.width, canvas.height, width, height, state.terrain, state.flipped, this.colors);
      for (const piece of new Set(state.board)) {
        if (piece === '.') continue;
        await nextTask();
        this.sprites.prepare(width / (FILE_COUNT + 2 * FRAME), canvas.width / width, state.animals);
        this.sprites.sprite(piece, false);
      }
    }
    this.preparing = false;
  }

  watchPixelRatio() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener('change', () => {
      this.resize();
      this.watchPixelRatio();
    }, { once: true, signal: this.stopWatching.signal });
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
    ctx.drawImage(this.background.get(canvas.width, canvas.height, width, height, state.terrain, state.flipped, this.colors), 0, 0);
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

  /**
   * A frame just inside square `index`, `width` wide, in `marker`'s ink edged by its halo,
   * over its tint.
   * @param {number} index
   * @param {number} size a square's width
   * @param {number} width
   * @param {Marker} marker
   */
  frameSquare(index, size, width, marker) {
    const { ctx } = this;
    const { x, y } = this.origin(index, size);
    if (marker.tint) {
      ctx.fillStyle = marker.tint;
      ctx.fillRect(x, y, size, size);
    }
    const edge = marker.halo ? width / 3 : 0;
    const inset = edge + width / 2;
    if (marker.halo) {
      ctx.strokeStyle = marker.halo;
      ctx.lineWidth = width + 2 * edge;
      ctx.strokeRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset);
    }
    ctx.strokeStyle = marker.ink;
    ctx.lineWidth = width;
    ctx.strokeRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset);
  }

  /** @param {number} size a square's width */
  drawHighlights(size) {
    const { lastMove, premove, selected, targets } = this.state;
    const { colors } = this;
    if (this.drag) {
      // The destination under a dragged piece.
      const over = this.squareAt(this.drag.x, this.drag.y);
      if (targets.includes(over)) this.frameSquare(over, size, size * 0.07, colors.hover);
    }
    if (lastMove) {
      for (const i of [lastMove.from, lastMove.to]) this.frameSquare(i, size, size * 0.045, colors.lastMove);
    }
    if (premove) {
      for (const i of [premove.from, premove.to]) this.frameSquare(i, size, size * 0.06, colors.premove);
    }
    if (selected >= 0) this.frameSquare(selected, size, size * 0.075, colors.selected);
  }

  /**
   * @param {number} size a square's width
   * @param {number} progress how far the moving piece has gone
   */
  drawPieces(size, progress) {
    const { ctx, sprites } = this;
    const { board, weakening } = this.state;
    const moving = this.animation;
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const piece = board[i];
      if (piece === '.' || (moving && i === moving.to)) continue;
      const { x, y } = this.origin(i, size);
      const ghost = this.drag && this.drag.from === i;
      const trapped = isTrapped(piece, weakening[i]);
      // A trapped piece keeps its side's colour: the ring and the badge say it is trapped.
      if (trapped && !ghost) this.drawTrappedRing(x, y, size);
      sprites.draw(ctx, piece, x + size / 2, y + size / 2, { alpha: ghost ? 0.35 : 1 });
      if (trapped && !ghost) this.drawTrappedBadge(x, y, size);
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

  /**
   * The ring around a piece left with no strength by a trap: a dashed line in the trapped
   * marker's ink on its halo, in the margin between the piece and its square's edge.
   * @param {number} x
   * @param {number} y
   * @param {number} size a square's width
   */
  drawTrappedRing(x, y, size) {
    const { ctx } = this;
    const { ink, halo = ink } = this.colors.trapped;
    const inset = size * 0.035;
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, size * 0.17);
    ctx.lineWidth = size * 0.06;
    ctx.strokeStyle = halo;
    ctx.stroke();
    ctx.setLineDash([size * 0.1, size * 0.07]);
    ctx.lineWidth = size * 0.035;
    ctx.strokeStyle = ink;
    ctx.stroke();
    ctx.restore();
  }

  /**
   * The badge of a piece left with no strength by a trap: a small net in a disc, at the middle
   * of the top edge of square (x, y) (the capture brackets keep to the corners).
   * @param {number} x
   * @param {number} y
   * @param {number} size a square's width
   */
  drawTrappedBadge(x, y, size) {
    const { ctx } = this;
    const { ink, halo = ink } = this.colors.trapped;
    const r = size * 0.16;
    const cx = x + size / 2;
    const cy = y + r + size * 0.01;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = ink;
    ctx.fill();
    ctx.lineWidth = Math.max(1, size * 0.025);
    ctx.strokeStyle = halo;
    ctx.stroke();
    // The net: two crossing pairs of lines.
    const d = r * 0.38;
    const reach = r * 0.62;
    ctx.beginPath();
    for (const offset of [-d, d]) {
      ctx.moveTo(cx + offset, cy - reach);
      ctx.lineTo(cx + offset, cy + reach);
      ctx.moveTo(cx - reach, cy + offset);
      ctx.lineTo(cx + reach, cy + offset);
    }
    ctx.lineWidth = Math.max(1, size * 0.022);
    ctx.stroke();
  }

  /**
   * Where the picked piece may go: a dot on an empty square, bold brackets at the corners of
   * a square whose piece it may take (drawn over the piece, so nothing hides them).
   * @param {number} size a square's width
   */
  drawTargets(size) {
    const { ctx, colors } = this;
    const { targets, board } = this.state;
    for (const i of targets) {
      const { x, y } = this.origin(i, size);
      if (board[i] === '.') {
        ctx.beginPath();
        ctx.arc(x + size / 2, y + size / 2, size * 0.13, 0, Math.PI * 2);
        if (colors.dot.halo) {
          ctx.lineWidth = size * 0.05;
          ctx.strokeStyle = colors.dot.halo;
          ctx.stroke();
        }
        ctx.fillStyle = colors.dot.ink;
        ctx.fill();
      } else {
        this.drawBrackets(x, y, size, colors.capture);
      }
    }
  }

  /**
   * An L at each corner of square (x, y), in `marker`'s ink edged by its halo.
   * @param {number} x
   * @param {number} y
   * @param {number} size
   * @param {Marker} marker
   */
  drawBrackets(x, y, size, marker) {
    const { ctx } = this;
    ctx.save();
    const width = size * 0.09;
    const arm = size * 0.22;
    const near = width / 2 + size * 0.02;
    const far = size - near;
    ctx.beginPath();
    for (const [cx, dx] of [[near, 1], [far, -1]]) {
      for (const [cy, dy] of [[near, 1], [far, -1]]) {
        ctx.moveTo(x + cx, y + cy + dy * arm);
        ctx.lineTo(x + cx, y + cy);
        ctx.lineTo(x + cx + dx * arm, y + cy);
      }
    }
    ctx.lineJoin = 'miter';
    ctx.lineCap = 'square';
    if (marker.halo) {
      ctx.lineWidth = width + size * 0.05;
      ctx.strokeStyle = marker.halo;
      ctx.stroke();
    }
    ctx.lineWidth = width;
    ctx.strokeStyle = marker.ink;
    ctx.stroke();
    ctx.restore();
  }
}
