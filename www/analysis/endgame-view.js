// The endgame tables' part of the analysis board: for a position they hold (standard rules,
// up to 3 animals) who wins and in how many plies, and every legal move marked as winning,
// drawing or losing with its distance (a sign, words and a colour), the best on the board as
// an arrow; and practice from a won position (endgame-practice.js). Hidden for other positions; a set that cannot be had reads, quietly, "Endgame table
// not available". The probe time of the last position is kept in data-probe-ms (the e2e test reads it).

import { el } from '../page/dom.js';
import { characters, t } from '../page/i18n.js';
import { animalTable } from '../page/pieces.js';
import { squareIndex } from '../board/squares.js';
import { lineWords } from './move-words.js';
import { probeTables } from './endgame-tables.js';
import { EndgamePractice } from './endgame-practice.js';
import { moveValueWords, valueSign, verdictWords } from './endgame-words.js';

/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('./endgame-tables.js').TableVerdict} TableVerdict */

export class EndgameView {
  /**
   * @param {import('../game/game-controller.js').GameController} owner
   * @param {import('../board/board.js').Board} board
   */
  constructor(owner, board) {
    this.board = board;
    this.practice = new EndgamePractice(owner);
    this.title = el('h3', { className: 'analysis-subtitle' });
    this.verdict = el('p', { id: 'endgame-verdict', className: 'endgame-verdict', 'aria-live': 'polite' });
    this.moves = el('ul', { id: 'endgame-moves', className: 'endgame-moves' });
    this.panel = el('section', { id: 'endgame', className: 'endgame', hidden: true }, this.title, this.verdict, this.practice.panel, this.moves);
    /** The position last asked about: a late answer for another is dropped. */
    this.asked = '';
    /** @type {{snapshot: Snapshot, verdict: TableVerdict | null, failed: boolean} | null} */
    this.shown = null;
  }

  /**
   * Asks the tables about the position of `snapshot` (null: the board is closed).
   * @param {Snapshot | null} snapshot
   */
  async follow(snapshot) {
    this.asked = snapshot?.fen ?? '';
    if (!snapshot) {
      this.practice.side = null;
      this.draw(null);
      return;
    }
    const started = performance.now();
    let verdict = null;
    let failed = false;
    try {
      verdict = await probeTables(snapshot.rules, snapshot.fen);
    } catch (error) {
      console.warn('endgame tables:', error);
      failed = true;
    }
    if (this.asked !== snapshot.fen) return;
    this.panel.dataset.probeMs = String(Math.round(performance.now() - started));
    this.draw({ snapshot, verdict, failed });
    this.practice.follow(snapshot, verdict);
  }

  /**
   * Shows what the tables said (again after a change of language).
   * @param {{snapshot: Snapshot, verdict: TableVerdict | null, failed: boolean} | null} [shown]
   */
  draw(shown = this.shown) {
    this.shown = shown;
    const verdict = shown?.verdict;
    this.panel.hidden = !verdict && !shown?.failed && !this.practice.side;
    this.title.textContent = t('endgame.title');
    this.practice.draw();
    this.board.arrow('endgame', null);
    if (!shown || !verdict) {
      this.verdict.textContent = shown?.failed ? t('endgame.unavailable') : '';
      this.panel.dataset.result = shown?.failed ? 'unavailable' : '';
      this.moves.replaceChildren();
      return;
    }
    const past = verdict.pastLimit && verdict.result !== 'draw' ? ` ${t('endgame.pastLimit')}` : '';
    this.verdict.textContent = verdictWords(verdict, t) + past;
    this.panel.dataset.result = verdict.result;
    const animals = animalTable(shown.snapshot.animals, characters());
    // Each move from the same position: its words alone, not as a line.
    const said = (/** @type {string} */ move) => lineWords([move], shown.snapshot.fen, animals)[0];
    this.moves.replaceChildren(...verdict.moves.map((m) => el('li', { className: `endgame-move endgame-${m.result}`, dataset: { move: m.move, result: m.result } },
      el('span', { className: 'endgame-sign', 'aria-hidden': 'true' }, valueSign(m)), ' ',
      el('span', { className: 'endgame-said' }, said(m.move)), ' ',
      el('span', { className: 'endgame-value' }, moveValueWords(m, t)))));
    const best = verdict.moves[0]?.move;
    if (best) this.board.arrow('endgame', { from: squareIndex(best.slice(0, 2)), to: squareIndex(best.slice(2, 4)) });
  }
}
