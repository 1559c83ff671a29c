// The card over the board when a puzzle's line is played out (solved, or its solution shown):
// how it ended, what it did to the rating, and "Next puzzle" (the game's own end banner, which
// would only say who won the position, is hidden in the puzzle mode: puzzles.css). It looks
// like that banner; "See the board" closes it.

import { el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';

/** @typedef {{title: string, detail: string, missed: boolean}} EndWords */

export class PuzzleEnd {
  /**
   * The card, put over `board`; `next()` runs on "Next puzzle".
   * @param {HTMLElement} board
   * @param {() => void} next
   */
  constructor(board, next) {
    this.title = el('p', { id: 'puzzle-end-title', className: 'banner-title' });
    this.detail = el('p', { id: 'puzzle-end-detail', className: 'banner-reason' });
    this.nextButton = el('button', { type: 'button', id: 'puzzle-end-next', onclick: next });
    this.closeButton = el('button', { type: 'button', id: 'puzzle-end-close', className: 'secondary', onclick: () => this.hide() });
    this.card = el('div', { id: 'puzzle-end', className: 'banner puzzle-end', role: 'group', hidden: true, 'aria-labelledby': 'puzzle-end-title' },
      this.title, this.detail, this.nextButton, this.closeButton);
    board.append(this.card);
    /** @type {(() => EndWords) | null} the words shown, worded again when the language changes */
    this.shown = null;
    this.words();
    onLanguageChange(() => this.words());
  }

  /** The buttons' words, in the page's language. */
  words() {
    this.nextButton.textContent = t('puzzle.next');
    this.closeButton.textContent = t('action.seeBoard');
    if (this.shown && !this.card.hidden) this.fill(this.shown());
  }

  /**
   * Shows the end: `words` (null: hides the card). The focus goes to "Next puzzle" if it was
   * on the board (or nowhere), so that the keyboard goes on from there.
   * @param {(() => EndWords) | null} words
   */
  show(words) {
    this.shown = words;
    if (!words) {
      this.hide();
      return;
    }
    this.fill(words());
    this.card.hidden = false;
    const focus = document.activeElement;
    if (!focus || focus === document.body || this.card.parentElement?.contains(focus)) {
      this.nextButton.focus({ preventScroll: true });
    }
  }

  /** @param {EndWords} words */
  fill({ title, detail, missed }) {
    this.title.textContent = title;
    this.detail.textContent = detail;
    this.card.dataset.result = missed ? 'missed' : 'solved';
  }

  hide() {
    this.card.hidden = true;
  }
}
