// The end-of-game banner over the board: the result, and what may come next (after-game.js
// says which): a review, a rematch, a level up or down against the computer, the way back to
// the lobby, a new game.

import { t } from '../page/i18n.js';

/** @typedef {import('./after-game.js').Offers} Offers */

/**
 * The banner's buttons.
 * @typedef {object} BannerElements
 * @property {HTMLElement} root
 * @property {HTMLElement} title
 * @property {HTMLElement} reason
 * @property {HTMLElement} close
 * @property {HTMLElement} review
 * @property {HTMLElement} rematch
 * @property {HTMLElement} levelDown
 * @property {HTMLElement} levelUp
 * @property {HTMLElement} lobby
 * @property {HTMLElement} newGame
 */

/**
 * Shows `button` when it takes the player to `level` (null: hides it).
 * @param {HTMLElement} button
 * @param {number | null} level
 */
function offerLevel(button, level) {
  button.hidden = level === null;
  if (level === null) return;
  button.dataset.level = String(level);
  button.textContent = t('banner.tryLevel', { level });
}

export class Banner {
  /** @param {BannerElements} els */
  constructor(els) {
    this.els = els;
    this.root = els.root;
    /** @type {string | null} the result shown, and the one the player closed */
    this.shownKey = null;
    /** @type {string | null} */
    this.closedKey = null;
    els.close.addEventListener('click', () => this.hide());
  }

  /**
   * Shows the result and what may follow (the banner stays closed if the player closed it for
   * this same result).
   * @param {{title: string, reason: string}} words
   * @param {string | null} winner
   * @param {Offers} offers
   */
  show({ title, reason }, winner, offers) {
    const key = `${title}|${reason}`;
    if (key === this.closedKey) return;
    this.shownKey = key;
    const { els } = this;
    els.title.textContent = title;
    els.reason.textContent = reason;
    els.review.hidden = !offers.review;
    els.rematch.hidden = !offers.rematch;
    offerLevel(els.levelDown, offers.levelDown);
    offerLevel(els.levelUp, offers.levelUp);
    els.lobby.hidden = !offers.lobby;
    els.newGame.hidden = !offers.newGame;
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
