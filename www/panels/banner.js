// The end-of-game banner over the board.

export class Banner {
  /** @param {{root: HTMLElement, title: HTMLElement, reason: HTMLElement, close: HTMLElement}} els */
  constructor({ root, title, reason, close }) {
    this.root = root;
    this.title = title;
    this.reason = reason;
    /** @type {string | null} the result shown, and the one the player closed */
    this.shownKey = null;
    /** @type {string | null} */
    this.closedKey = null;
    close.addEventListener('click', () => this.hide());
  }

  /**
   * Shows the result (the banner stays closed if the player closed it for this same result).
   * @param {{title: string, reason: string}} words
   * @param {string | null} winner
   */
  show({ title, reason }, winner) {
    const key = `${title}|${reason}`;
    if (key === this.closedKey) return;
    this.shownKey = key;
    this.title.textContent = title;
    this.reason.textContent = reason;
    this.root.dataset.winner = winner ?? 'draw';
    this.root.hidden = false;
  }

  /** Closes the banner for the result it shows. */
  hide() {
    this.closedKey = this.shownKey;
    this.root.hidden = true;
  }

  /** Hides the banner for a while (a review), remembering whether the player closed it. */
  conceal() {
    this.shownKey = null;
    this.root.hidden = true;
  }

  /** Forgets a closed result (a new game, or the game taken back). */
  reset() {
    this.closedKey = null;
    this.shownKey = null;
    this.root.hidden = true;
  }
}
