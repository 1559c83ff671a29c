// The board: one component that holds the canvas (board-canvas.js), the square buttons over it
// (square-buttons.js), the pointer and keyboard input (pointer-input.js), the piece picked up
// and the markers: the last move, a move on its way, a premove, arrows (arrow-layer.js), marked squares. Like
// chessground's board it knows no rules: the legal destinations come in as data, and the
// player's move goes out through one callback. Every board of the site is one: the game's
// (panels/app.js: play, puzzles, review, the editor) and the guide's demo boards.
//
//   const board = new Board(element, { onMove: (from, to) => owner.play(…) });
//   board.set({ position, terrain, weakening, animals, flipped, dests, lastMove });
//   board.set({ position, dests, lastMove }, { animate: true });   // the last move slides in
//   board.arrow('hint', { from, to });   board.mark('puzzle-hint', square);
//   board.focus(square);   board.destroy();
//
// Squares are indices, a1 = 0, b1 = 1, …, g9 = 62 (squares.js). The element holds a <canvas>
// and a `.squares` grid (in the page's markup, so that the board is laid out before any script
// runs): the canvas draws, the buttons are what the keyboard, screen readers and tests press.

import { ArrowLayer } from './arrow-layer.js';
import { BoardCanvas } from './board-canvas.js';
import { listenToPointer } from './pointer-input.js';
import { SquareButtons } from './square-buttons.js';
import { SQUARE_COUNT } from './squares.js';

/** @typedef {import('../page/pieces.js').AnimalTable} AnimalTable */
/** @typedef {{from: number, to: number}} SquareMove */
/** @typedef {ReadonlyMap<number, readonly number[]>} Dests where the piece of each square may go (squares with none left out) */

/**
 * What the board shows; set() takes any part of it.
 * @typedef {object} BoardShown
 * @property {string} position 63 characters, a1 first: a piece's FEN letter or `.`
 * @property {string} terrain 63 terrain codes (JungleGame.terrain)
 * @property {string} weakening 63 characters: where a trap leaves a piece no strength
 * @property {AnimalTable} animals the pieces' names and characters
 * @property {boolean} flipped whether Blue's side is at the foot of the board
 * @property {Dests} dests the pieces the player may pick up, and where each may go (empty: none)
 * @property {boolean} free free placement (the editor): each square chosen goes to onSquare,
 *   nothing is picked up
 * @property {SquareMove | null} lastMove
 * @property {{square: number, label: string} | null} pending a move on its way: its square is
 *   marked (`data-pending`, shown as `label`)
 * @property {SquareMove | null} premove a move queued for the player's next turn: both squares
 *   marked (`data-premove`), unlike the last move
 */

/**
 * What the board says (each callback optional), and how it labels its squares.
 * @typedef {object} BoardOptions
 * @property {(from: number, to: number) => void} [onMove] the player moved the piece picked up
 *   to one of its destinations (a click, a tap, a drag, Enter)
 * @property {(square: number) => void} [onSquare] a square chosen while the board is `free`
 * @property {() => void} [onCancel] a right-click on the board: the piece picked up is dropped,
 *   and the owner may drop what it queued (a premove)
 * @property {(square: number) => void} [onSelect] a square chosen that is not a move: the piece
 *   there picked up, or the selection dropped (`board.selected` says which)
 * @property {boolean} [trapWords] whether a square's label says that its piece is trapped
 *   (default true; the guide's boards leave it to their captions)
 */

/**
 * Everything the canvas draws and the buttons label (the parts of the component read it).
 * @typedef {object} BoardState
 * @property {string} board the position
 * @property {string} terrain
 * @property {AnimalTable} animals
 * @property {boolean} flipped
 * @property {SquareMove | null} lastMove
 * @property {number} selected the square of the piece picked up, or -1
 * @property {readonly number[]} targets where it may go
 * @property {string} weakening
 * @property {{square: number, label: string} | null} pending
 * @property {SquareMove | null} premove
 */

/** @type {Dests} */
const NO_DESTS = new Map();

export class Board {
  /**
   * Makes the board in `element` (which holds a <canvas> and a `.squares` element).
   * @param {HTMLElement} element
   * @param {BoardOptions} options
   */
  constructor(element, options) {
    this.element = element;
    this.events = options;
    /** @type {BoardState} */
    this.state = {
      board: '.'.repeat(SQUARE_COUNT),
      terrain: '.'.repeat(SQUARE_COUNT),
      animals: {},
      flipped: false,
      lastMove: null,
      selected: -1,
      targets: [],
      weakening: '.'.repeat(SQUARE_COUNT),
      pending: null,
      premove: null,
    };
    this.dests = NO_DESTS;
    this.free = false;
    /** Whether the next move shown slides (false during a drop: the piece is there already). */
    this.sliding = true;
    /** @type {Map<string, ArrowLayer>} */
    this.arrows = new Map();
    this.listening = new AbortController();
    const canvas = element.querySelector('canvas');
    const squares = element.querySelector('.squares');
    if (!canvas || !(squares instanceof HTMLElement)) throw new Error('Board: the element holds no <canvas> and .squares');
    this.canvas = new BoardCanvas(canvas, this.state);
    this.buttons = new SquareButtons(squares, {
      onActivate: (i) => this.activate(i),
      onCancel: () => this.deselect(),
      trapWords: options.trapWords ?? true,
    });
    listenToPointer(squares, this.canvas, {
      pick: (i) => this.pick(i),
      tap: (i) => this.tap(i),
      drop: (from, to) => this.drop(from, to),
    }, this.listening.signal);
    squares.addEventListener('contextmenu', (event) => this.cancel(event), { signal: this.listening.signal });
  }

  /** The square of the piece picked up, or -1. */
  get selected() {
    return this.state.selected;
  }

  /**
   * Shows `shown` (any part of BoardShown). A new position, new destinations or a change of
   * `free` drop the piece picked up. With `animate`, the last move slides in from the position
   * shown before.
   * @param {Partial<BoardShown>} shown
   * @param {{animate?: boolean}} [options]
   */
  set(shown, { animate = false } = {}) {
    const before = this.state.board;
    const { position = before, dests = this.dests, free = this.free, ...rest } = shown;
    if (position !== before || dests !== this.dests || free !== this.free) this.clearSelection();
    this.dests = dests;
    this.free = free;
    Object.assign(this.state, rest, { board: position });
    const move = this.state.lastMove;
    if (animate && move && before[move.from] !== '.') {
      this.canvas.animateMove(move.from, move.to, before[move.from], before[move.to], this.sliding);
    }
    this.draw();
  }

  /**
   * Shows an arrow of `kind` (its CSS classes: `<kind>-layer`, `<kind>-arrow`, …) for `move`,
   * or none with null. It follows the board when it turns.
   * @param {string} kind
   * @param {SquareMove | null} move
   */
  arrow(kind, move) {
    let layer = this.arrows.get(kind);
    if (!layer) {
      layer = new ArrowLayer(this.element, kind);
      this.arrows.set(kind, layer);
    }
    layer.show(move, this.state.flipped);
  }

  /**
   * Marks square `square` alone (none with -1) with the class `className`, which the page
   * styles (the puzzle's hint: the piece to move).
   * @param {string} className
   * @param {number} square
   */
  mark(className, square) {
    this.buttons.mark(className, square);
  }

  /**
   * Moves the keyboard focus to square `index`.
   * @param {number} index
   */
  focus(index) {
    this.buttons.focus(index);
  }

  /** Takes the board out: its buttons and arrows leave the element, nothing listens or draws. */
  destroy() {
    this.listening.abort();
    this.canvas.destroy();
    this.buttons.destroy();
    for (const layer of this.arrows.values()) layer.remove();
    this.arrows.clear();
  }

  // --- The player's hand: picking up, moving, placing ---------------------------------------

  /**
   * A press on square `i`: picks up the piece there if it may move. True if it was picked up.
   * @param {number} i
   */
  pick(i) {
    const destinations = this.dests.get(i);
    if (this.free || this.state.targets.includes(i) || !destinations?.length) return false;
    this.state.selected = i;
    this.state.targets = destinations;
    this.draw();
    this.events.onSelect?.(i);
    return true;
  }

  /**
   * A tap on square `i` that picked nothing up.
   * @param {number} i
   */
  tap(i) {
    if (this.free) this.events.onSquare?.(i);
    else if (this.state.targets.includes(i)) this.move(this.state.selected, i);
    else this.deselect(i);
  }

  /**
   * A dragged piece let go over square `to` (-1: off the board).
   * @param {number} from
   * @param {number} to
   */
  drop(from, to) {
    if (from !== this.state.selected || !this.state.targets.includes(to)) {
      this.draw();
      return;
    }
    this.sliding = false;
    try {
      this.move(from, to);
    } finally {
      this.sliding = true;
    }
  }

  /**
   * Enter or Space on square `i` (or a screen reader's click).
   * @param {number} i
   */
  activate(i) {
    if (this.free) this.events.onSquare?.(i);
    else if (this.state.targets.includes(i)) this.move(this.state.selected, i);
    else if (i === this.state.selected || !this.pick(i)) this.deselect(i);
  }

  /**
   * The player's move: the selection stays until the position that follows is set.
   * @param {number} from
   * @param {number} to
   */
  move(from, to) {
    this.events.onMove?.(from, to);
  }

  /**
   * A right-click on the board: the piece picked up is dropped and onCancel told, instead of
   * the browser's menu.
   * @param {Event} event
   */
  cancel(event) {
    event.preventDefault();
    this.deselect();
    this.events.onCancel?.();
  }

  /**
   * Drops the piece picked up; `chosen`, the square chosen that dropped it, is told onSelect.
   * @param {number} [chosen]
   */
  deselect(chosen) {
    this.clearSelection();
    this.draw();
    if (chosen !== undefined) this.events.onSelect?.(chosen);
  }

  clearSelection() {
    this.state.selected = -1;
    this.state.targets = [];
  }

  draw() {
    this.canvas.update(this.state);
    this.buttons.update(this.state);
    for (const layer of this.arrows.values()) layer.show(layer.move, this.state.flipped);
  }
}

