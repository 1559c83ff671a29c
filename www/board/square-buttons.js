// The accessible board (a part of board.js): one real <button> per square over the canvas,
// transparent, with the square and piece in its label, and what its ground means (square-notes.js).
// Arrow keys move between squares; Enter or Space (or a screen reader's click) activates one.
// These buttons are also what the tests press.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { isTrapped, pieceName } from '../page/pieces.js';
import { SquareNotes } from './square-notes.js';
import { FILE_COUNT, RANK_COUNT, SQUARE_COUNT, screenCell, squareAtCell, squareName } from './squares.js';

/** @type {Record<string, string | undefined>} */
const TERRAIN_KEYS = { '~': 'square.water', T: 'square.trap.red', t: 'square.trap.blue', D: 'square.den.red', d: 'square.den.blue' };
/** @type {Record<string, [number, number] | undefined>} */
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * What a square holds, in words: its piece and its kind of ground.
 * @param {string} piece a FEN letter or `.`
 * @param {string} terrainKind the square's terrain character
 * @param {import('../page/pieces.js').AnimalTable} animals
 */
function describe(piece, terrainKind, animals) {
  const key = TERRAIN_KEYS[terrainKind];
  const place = key && t(key);
  if (piece === '.') return place || t('square.empty');
  const name = pieceName(piece, animals);
  if (!place) return name;
  return terrainKind === '~' ? t('square.inWater', { piece: name }) : t('square.onPlace', { piece: name, place });
}

export class SquareButtons {
  /**
   * Builds the buttons inside `container`; `onActivate(index)` runs for keyboard and assistive
   * clicks, `onCancel()` for Escape; `trapWords` whether a label says its piece is trapped.
   * @param {HTMLElement} container
   * @param {{onActivate: (index: number) => void, onCancel: () => void, trapWords: boolean}} handlers
   */
  constructor(container, { onActivate, onCancel, trapWords }) {
    this.container = container;
    this.trapWords = trapWords;
    /** Ends the keyboard's listening (destroy). */
    this.listening = new AbortController();
    /** @type {boolean | null} null until first arranged */
    this.flipped = null;
    this.focusIndex = 0;
    /** @type {HTMLButtonElement[]} */
    this.buttons = [];
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const button = el('button', {
        type: 'button',
        className: 'square',
        dataset: { square: squareName(i), piece: '' },
        tabIndex: -1,
        // Pointer clicks are handled by the pointer input; detail 0 means keyboard or assistive tech.
        onclick: (/** @type {MouseEvent} */ event) => { if (event.detail === 0) onActivate(i); },
        onfocus: () => this.setRovingFocus(i),
      });
      this.buttons.push(button);
    }
    this.notes = new SquareNotes(container, this.listening.signal);
    container.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') onCancel();
      else this.onArrow(event);
    }, { signal: this.listening.signal });
  }

  /** Takes the buttons out of the page. */
  destroy() {
    this.listening.abort();
    this.container.replaceChildren();
    this.notes.remove();
  }

  /**
   * Shows a state: {board, terrain, animals, flipped, selected, targets, weakening, pending, premove}.
   * @param {import('./board.js').BoardState} state
   */
  update({ board, terrain, animals, flipped, selected, targets, weakening, pending, premove }) {
    if (flipped !== this.flipped) this.arrange(flipped);
    const targetSet = new Set(targets);
    this.notes.relabel();
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const button = this.buttons[i];
      const piece = board[i];
      this.notes.describe(button, terrain[i]);
      button.dataset.piece = piece === '.' ? '' : piece;
      const parts = [describe(piece, terrain[i], animals)];
      if (this.trapWords && isTrapped(piece, weakening[i])) parts.push(t('square.trapped'));
      if (i === selected) parts.push(t('square.selected'));
      if (targetSet.has(i)) parts.push(t(piece === '.' ? 'square.canMove' : 'square.canCapture'));
      const premoved = premove?.from === i ? 'from' : premove?.to === i ? 'to' : null;
      if (premoved) parts.push(t('square.premove'));
      button.setAttribute('aria-label', t('square.label', { square: squareName(i), what: parts.join(t('square.separator')) }));
      // A move on its way (online: "sending…") is marked on its square.
      if (pending?.square === i) button.dataset.pending = pending.label;
      else delete button.dataset.pending;
      // A premove's two squares: `data-premove` says which end each is.
      if (premoved) button.dataset.premove = premoved;
      else delete button.dataset.premove;
    }
  }

  /**
   * Gives the class `className` to the button of square `index` alone (to none with -1).
   * @param {string} className
   * @param {number} index
   */
  mark(className, index) {
    this.buttons.forEach((button, i) => button.classList.toggle(className, i === index));
  }

  /**
   * Lays the buttons out in screen order (so reading order matches what is seen).
   * @param {boolean} flipped
   */
  arrange(flipped) {
    this.flipped = flipped;
    const order = [];
    for (let row = 0; row < RANK_COUNT; row++) {
      for (let column = 0; column < FILE_COUNT; column++) {
        const i = squareAtCell(column, row, flipped);
        const button = this.buttons[i];
        button.style.gridColumn = String(column + 1);
        button.style.gridRow = String(row + 1);
        order.push(button);
      }
    }
    this.container.replaceChildren(...order);
    this.setRovingFocus(this.focusIndex);
  }

  /**
   * Makes square `index` the one the Tab key reaches.
   * @param {number} index
   */
  setRovingFocus(index) {
    this.buttons[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    this.buttons[index].tabIndex = 0;
  }

  /**
   * Moves keyboard focus to square `index`.
   * @param {number} index
   */
  focus(index) {
    this.setRovingFocus(index);
    this.buttons[index].focus();
  }

  /** @param {KeyboardEvent} event */
  onArrow(event) {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const flipped = Boolean(this.flipped);
    const { column, row } = screenCell(this.focusIndex, flipped);
    const next = squareAtCell(
      Math.min(FILE_COUNT - 1, Math.max(0, column + step[0])),
      Math.min(RANK_COUNT - 1, Math.max(0, row + step[1])),
      flipped,
    );
    this.focus(next);
  }
}
