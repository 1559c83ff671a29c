// Each piece drawn once per size into a small offscreen canvas, then stamped onto the board:
// a frame of the board then costs a few image copies instead of gradients and shadows.

import { el } from '../page/dom.js';
import { drawPiece } from './piece-drawing.js';

/** @typedef {import('../page/pieces.js').AnimalTable} AnimalTable */

/** Lifted (dragged, moving) pieces are shown this much bigger. */
const LIFT_SCALE = 1.12;
/** A sprite is this many squares wide, leaving room for the lifted size and the shadow. */
const SPRITE_SQUARES = 1.4;

export class PieceSprites {
  constructor() {
    /** @type {Map<string, HTMLCanvasElement>} */
    this.sprites = new Map();
    this.key = '';
    /** @type {AnimalTable} */
    this.animals = {};
    this.size = 0;
    this.ratio = 1;
  }

  /**
   * Forgets every sprite unless the square size, pixel ratio and animals are the same.
   * @param {number} size a square's width (CSS pixels)
   * @param {number} ratio device pixels per CSS pixel
   * @param {AnimalTable} animals
   */
  prepare(size, ratio, animals) {
    const key = `${size}|${ratio}`;
    if (key !== this.key || animals !== this.animals) {
      this.key = key;
      this.animals = animals;
      this.size = size;
      this.ratio = ratio;
      this.sprites.clear();
    }
  }

  /**
   * The sprite of piece `letter`, drawn on first use.
   * @param {string} letter
   * @param {boolean} lifted
   */
  sprite(letter, lifted) {
    const key = lifted ? `${letter}+` : letter;
    let sprite = this.sprites.get(key);
    if (!sprite) {
      const side = this.size * SPRITE_SQUARES;
      const width = Math.ceil(side * this.ratio);
      sprite = el('canvas', { width, height: width });
      const ctx = sprite.getContext('2d');
      if (!ctx) return sprite; // no 2D canvas: BoardCanvas has already said so
      ctx.scale(this.ratio, this.ratio);
      drawPiece(ctx, letter, this.animals, side / 2, side / 2, this.size, { lifted, scale: lifted ? LIFT_SCALE : 1 });
      this.sprites.set(key, sprite);
    }
    return sprite;
  }

  /**
   * Stamps piece `letter` centred at (x, y) in the context's current coordinates (CSS pixels);
   * `scale` shrinks it (a capture). It lands on whole device pixels, so it stays sharp.
   * @param {CanvasRenderingContext2D} ctx
   * @param {string} letter
   * @param {number} x
   * @param {number} y
   * @param {{lifted?: boolean, alpha?: number, scale?: number}} [options]
   */
  draw(ctx, letter, x, y, { lifted = false, alpha = 1, scale = 1 } = {}) {
    const sprite = this.sprite(letter, lifted);
    const transform = ctx.getTransform();
    const centre = transform.transformPoint(new DOMPoint(x, y));
    const side = sprite.width * scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = alpha;
    ctx.drawImage(sprite, Math.round(centre.x - side / 2), Math.round(centre.y - side / 2), side, side);
    ctx.globalAlpha = 1;
    ctx.setTransform(transform);
  }
}
