// The squares of a guide board as real buttons laid over its canvas, so that the board
// works with the keyboard and with screen readers. One button is in the tab order at a time;
// the arrow keys move between them.

import { el } from '../page/dom.js';
import { FILE_COUNT, RANK_COUNT, SQUARE_COUNT, screenCell, squareAtCell, squareName } from '../board/squares.js';

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class SquareButtons {
  /**
   * Fills `container` (a CSS grid of 7 × 9) with the buttons; `onActivate(index)` runs on a click.
   * @param {HTMLElement} container
   * @param {(index: number) => void} onActivate
   */
  constructor(container, onActivate) {
    this.focusIndex = 0;
    /** @type {HTMLButtonElement[]} */
    this.buttons = [];
    /** @type {HTMLButtonElement[]} */
    const order = [];
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const { column, row } = screenCell(i, false);
      const button = el('button', {
        type: 'button', className: 'square', dataset: { square: squareName(i) }, tabIndex: i === 0 ? 0 : -1,
        onclick: () => onActivate(i), onfocus: () => this.setRovingFocus(i),
      });
      button.style.gridColumn = String(column + 1);
      button.style.gridRow = String(row + 1);
      this.buttons.push(button);
      order[row * FILE_COUNT + column] = button;
    }
    container.replaceChildren(...order);
    container.addEventListener('keydown', (event) => this.onKey(event));
  }

  /**
   * Sets each button's piece (FEN letter or '') and label from `labelOf(index)`.
   * @param {string} board The FEN letter or '.' of each square, a1 first.
   * @param {(index: number) => string} labelOf
   */
  update(board, labelOf) {
    this.buttons.forEach((button, i) => {
      button.dataset.piece = board[i] === '.' ? '' : board[i];
      button.setAttribute('aria-label', labelOf(i));
    });
  }

  /** @param {number} index */
  setRovingFocus(index) {
    this.buttons[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    this.buttons[index].tabIndex = 0;
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const { column, row } = screenCell(this.focusIndex, false);
    const next = squareAtCell(
      Math.min(FILE_COUNT - 1, Math.max(0, column + step[0])),
      Math.min(RANK_COUNT - 1, Math.max(0, row + step[1])),
      false,
    );
    this.setRovingFocus(next);
    this.buttons[next].focus();
  }
}
