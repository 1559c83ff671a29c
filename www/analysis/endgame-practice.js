// Practice with the tables (lichess's "practice with the computer"): from a position of the
// analysis board the tables say is won, the player plays the winning side and the tables
// defend, always with the longest defence (their best move for the loser). A move that
// throws the win away is named ("That move draws: the win was …") and may be taken back; the
// defence waits until it is. Every move goes through the game's owner, as the player's own:
// the practice only decides when the defender moves and what it plays.

import { el } from '../page/dom.js';
import { characters, t } from '../page/i18n.js';
import { animalTable } from '../page/pieces.js';
import { lineWords } from './move-words.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('./endgame-tables.js').TableVerdict} TableVerdict */

export class EndgamePractice {
  /** @param {GameController} owner */
  constructor(owner) {
    this.owner = owner;
    this.toggle = el('button', { type: 'button', id: 'endgame-practice', onclick: () => this.startOrStop() });
    this.note = el('p', { id: 'endgame-practice-note', className: 'endgame-practice-note', role: 'status' });
    this.takeBack = el('button', { type: 'button', id: 'endgame-take-back', hidden: true, onclick: () => owner.analysisDelete() });
    this.panel = el('div', { className: 'endgame-practice' }, this.toggle, this.note, this.takeBack);
    /** The side the player wins with, while practising. @type {Side | null} */
    this.side = null;
    /** The player's last position to move in, and what the tables said of it. @type {{snapshot: Snapshot, verdict: TableVerdict} | null} */
    this.before = null;
    /** The position now and the tables' verdict. @type {{snapshot: Snapshot, verdict: TableVerdict | null} | null} */
    this.now = null;
    /** How the player's last move threw the win away. @type {{result: string, best: string} | null} */
    this.thrown = null;
  }

  /** Starts practising from a won position, or stops. */
  startOrStop() {
    const verdict = this.now?.verdict;
    if (this.side || !this.now || verdict?.result !== 'win') this.side = null;
    else {
      this.side = verdict.turn;
      this.before = { snapshot: this.now.snapshot, verdict };
    }
    this.thrown = null;
    this.draw();
  }

  /**
   * Follows the board: the tables' verdict on the position of `snapshot` (null: they do not
   * hold it, or the game is over). Judges the player's move, and answers it for the defender.
   * @param {Snapshot} snapshot
   * @param {TableVerdict | null} verdict
   */
  follow(snapshot, verdict) {
    this.now = { snapshot, verdict };
    if (this.side && !snapshot.outcome && verdict) {
      if (verdict.turn === this.side) {
        this.before = { snapshot, verdict };
        this.thrown = null;
      } else this.judge(snapshot, verdict);
    }
    this.draw();
  }

  /**
   * The player has moved: a move that keeps the win is answered, one that throws it is named.
   * @param {Snapshot} snapshot
   * @param {TableVerdict} verdict
   */
  judge(snapshot, verdict) {
    const before = this.before;
    const played = snapshot.history.at(-1)?.move;
    const value = before && snapshot.history.length === before.snapshot.history.length + 1
      ? before.verdict.moves.find((m) => m.move === played) : undefined;
    if (!before || !value) {
      this.side = null; // the board went elsewhere: the practice is over
      return;
    }
    if (value.result !== 'win') {
      this.thrown = { result: value.result, best: before.verdict.moves[0].move };
      return;
    }
    const defence = verdict.moves[0]?.move;
    if (defence) this.owner.play(defence);
  }

  /** Shows the button, and the practice's note. */
  draw() {
    const snapshot = this.now?.snapshot;
    const won = Boolean(this.side && snapshot?.outcome?.winner === this.side);
    this.panel.hidden = !this.side && this.now?.verdict?.result !== 'win';
    this.toggle.textContent = t(this.side ? 'endgame.practice.stop' : 'endgame.practice');
    this.takeBack.hidden = !this.thrown;
    this.takeBack.textContent = t('endgame.practice.takeBack');
    if (!this.side || !snapshot) this.note.textContent = '';
    else if (won) this.note.textContent = t('endgame.practice.won');
    else if (this.thrown && this.before) {
      const animals = animalTable(snapshot.animals, characters());
      const best = lineWords([this.thrown.best], this.before.snapshot.fen, animals)[0];
      this.note.textContent = t(`endgame.practice.thrown.${this.thrown.result}`, { move: best });
    } else this.note.textContent = t('endgame.practice.on');
    this.panel.dataset.state = won ? 'won' : this.thrown ? 'thrown' : this.side ? 'on' : '';
  }
}
