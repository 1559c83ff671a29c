// The endgame tables in a review (aids/review.js): for the position looked at, when the tables
// hold it (standard rules, up to 3 animals), who wins and in how many plies, and the move that
// led there marked as the tables value it — with its sign, words and colour, and, when it threw
// a win away or turned a draw into a loss, the move that kept the better result. Hidden for
// other positions; a set that cannot be had says so quietly.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { lineWords } from './move-words.js';
import { probeTables } from './endgame-tables.js';
import { moveValueWords, valueSign, verdictWords } from './endgame-words.js';

/** @typedef {import('./endgame-tables.js').TableVerdict} TableVerdict */
/** @typedef {import('../game/types.js').PlyView} PlyView */
/** @typedef {import('../page/pieces.js').AnimalTable} AnimalTable */

/** Results from the mover's side, worst first: a move is marked when it ranks below the best. */
const RANK = { loss: 0, draw: 1, win: 2 };

/**
 * What the tables say of a looked-at position and the move that led there.
 * @typedef {{after: TableVerdict | null, before: TableVerdict | null, played: string | null,
 *   fenBefore: string | null, failed: boolean}} Told
 */

export class ReviewEndgame {
  constructor() {
    this.line = el('p', { id: 'review-endgame', className: 'review-endgame', hidden: true, 'aria-live': 'polite' });
    /** The position last asked about: a late answer for another is dropped. */
    this.asked = '';
    /** @type {Told | null} */
    this.told = null;
    /** @type {AnimalTable | null} */
    this.animals = null;
  }

  /**
   * Asks the tables about the position `view` of a game under `rules` (null: the review ended)
   * and the move that led there; `animals` names the pieces in the move's words.
   * @param {string} rules
   * @param {PlyView | null} view
   * @param {AnimalTable} [animals]
   */
  async follow(rules, view, animals) {
    this.animals = animals ?? null;
    const key = view ? `${rules} ${view.fenBefore} ${view.fen}` : '';
    if (key === this.asked) {
      this.draw();
      return;
    }
    this.asked = key;
    if (!view) {
      this.told = null;
      this.draw();
      return;
    }
    /** @type {Told} */
    const told = { after: null, before: null, played: view.history.at(-1)?.move ?? null, fenBefore: view.fenBefore, failed: false };
    try {
      [told.after, told.before] = await Promise.all([probeTables(rules, view.fen), view.fenBefore ? probeTables(rules, view.fenBefore) : null]);
    } catch (error) {
      console.warn('endgame tables:', error);
      told.failed = true;
    }
    if (this.asked !== key) return;
    this.told = told;
    this.draw();
  }

  /** Shows what the tables said (again after a change of language). */
  draw() {
    const told = this.told;
    const { line } = this;
    line.hidden = !told || (!told.after && !told.before && !told.failed);
    line.replaceChildren();
    delete line.dataset.result;
    delete line.dataset.played;
    if (!told || line.hidden) return;
    if (told.failed) {
      line.textContent = t('endgame.unavailable');
      return;
    }
    if (told.after) {
      line.append(`${t('endgame.title')}: ${verdictWords(told.after, t)}.`);
      line.dataset.result = told.after.result;
    }
    const played = told.before?.moves.find((m) => m.move === told.played);
    const best = told.before?.moves[0];
    if (!played || !best || !told.fenBefore || !this.animals) return;
    line.dataset.played = played.result;
    const said = (/** @type {string} */ move) => lineWords([move], /** @type {string} */ (told.fenBefore), /** @type {AnimalTable} */ (this.animals))[0];
    const better = RANK[played.result] < RANK[best.result] ? t(`endgame.review.better.${best.result}`, { move: said(best.move) }) : '';
    line.append(' ', el('span', { className: `endgame-move endgame-${played.result}` },
      el('span', { className: 'endgame-sign', 'aria-hidden': 'true' }, valueSign(played)), ' ',
      t('endgame.review.played', { value: moveValueWords(played, t) })), better ? ` ${better}` : '');
  }
}
