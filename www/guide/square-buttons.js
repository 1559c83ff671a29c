// The squares of a guide board as real buttons laid over its canvas, so that the board
// works with the keyboard and with screen readers. One button is in the tab order at a time;
// the arrow keys move between them.

import { FILE_COUNT, RANK_COUNT, SQUARE_COUNT, screenCell, squareAtCell, squareName } from '../squares.js';

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class SquareButtons {
  /** Fills `container` (a CSS grid of 7 × 9) with the buttons; `onActivate(index)` runs on a click. */
  constructor(container, onActivate) {
    this.focusIndex = 0;
    this.buttons = [];
    const order = [];
    for (let i = 0; i < SQUARE_COUNT; i++) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'square';
      button.dataset.square = squareName(i);
      button.tabIndex = i === 0 ? 0 : -1;
      const { column, row } = screenCell(i, false);
      button.style.gridColumn = String(column + 1);
      button.style.gridRow = String(row + 1);
      button.addEventListener('click', () => onActivate(i));
      button.addEventListener('focus', () => this.setRovingFocus(i));
      this.buttons.push(button);
      order[row * FILE_COUNT + column] = button;
    }
    container.replaceChildren(...order);
    container.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Sets each button's piece (FEN letter or '') and label from `labelOf(index)`. */
  update(board, labelOf) {
    this.buttons.forEach((button, i) => {
      button.dataset.piece = board[i] === '.' ? '' : board[i];
      button.setAttribute('aria-label', labelOf(i));
    });
  }

  setRovingFocus(index) {
    this.buttons[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    this.buttons[index].tabIndex = 0;
  }

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
