// The hint button: asks the AI (analysis.js) for a move for the side to move — the best move,
// whatever the computer's level, or one at the level the player chose for hints — and shows it
// as an arrow on the board, in words under the status with one line of why drawn from the
// search (hint-why.js), and to screen readers. The hint goes away when the position changes,
// or when a review or a tool shows another board; it is off while the engine may not help
// (fair-play.js: an online game, a puzzle), and the button says why.

import { gameFacts } from '../computer/analysis.js';
import { barButton } from '../game/fair-play.js';
import { isComputer } from '../game/settings.js';
import { el } from '../page/dom.js';
import { characters, t } from '../page/i18n.js';
import { moveSentence, moveText } from '../page/notation.js';
import { animalTable } from '../page/pieces.js';
import { squareIndex } from '../board/squares.js';
import { whyText } from './hint-why.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../page/notation.js').HistoryEntry} MoveWords a move as notation.js words it */

export class Hint {
  /**
   * Hints for the game of `owner`: `button` asks; `line` shows the words; `level()` gives the
   * hints' level (0: the best move); `say(text)` speaks to screen readers.
   * @param {GameController} owner
   * @param {import('../computer/analysis.js').Analyst} analyst
   * @param {{button: HTMLElement, line: HTMLElement, board: import('../board/board.js').Board}} els
   * @param {() => number} level
   * @param {(text: string) => void} say
   */
  constructor(owner, analyst, { button, line, board }, level, say) {
    this.owner = owner;
    this.analyst = analyst;
    this.line = line;
    this.level = level;
    this.say = say;
    this.board = board;
    /**
     * The position the hint is for (a snapshot's `position`), or null.
     * @type {number | null}
     */
    this.position = null;
    /**
     * The move shown, {from, to} (square indices), or null.
     * @type {{from: number, to: number} | null}
     */
    this.shown = null;
    /**
     * The move shown, in words, with the animals of its game and why the engine plays it.
     * @type {{move: MoveWords, animals: import('../page/pieces.js').AnimalTable, why: import('../game/types.js').HintWhy | null} | null}
     */
    this.entry = null;
    this.token = 0;
    this.button = /** @type {HTMLButtonElement} */ (button);
    button.addEventListener('click', () => this.ask());
    owner.subscribe((snapshot) => {
      this.gate(snapshot);
      // A hint is for the game's position now: gone when it changes, or when a review or a
      // tool shows another board.
      if (snapshot.position !== this.position || snapshot.view || snapshot.tool) this.clear();
    });
  }

  /**
   * Disables the button when no hint may be asked: the engine barred (saying why), a review
   * looking at another position, or the computer's own move (a hint would show its opponent
   * what it plans).
   * @param {import('../game/types.js').Snapshot} snapshot
   */
  gate(snapshot) {
    const computers = snapshot.settings.mode === 'computer' && isComputer(snapshot.settings, snapshot.turn);
    barButton(this.button, snapshot, computers || Boolean(snapshot.view));
  }

  clear() {
    this.token++;
    this.position = null;
    this.entry = null;
    this.shown = null;
    this.board.arrow('hint', null);
    this.line.hidden = true;
    delete this.line.dataset.move;
  }

  async ask() {
    const snapshot = this.owner.started().current;
    this.clear();
    if (snapshot.outcome) {
      this.write(t('notice.noHint'));
      return;
    }
    const token = this.token;
    this.position = snapshot.position;
    this.write(t('hint.thinking'));
    const level = this.level();
    let result;
    try {
      result = await this.analyst.suggest(gameFacts(snapshot), level);
    } catch {
      result = null;
    }
    if (token !== this.token || !result?.best) {
      if (token === this.token) this.line.hidden = true;
      return;
    }
    const { board } = snapshot;
    const from = squareIndex(result.best.slice(0, 2));
    const to = squareIndex(result.best.slice(2));
    const animals = animalTable(snapshot.animals, characters());
    const move = { piece: board[from], captured: board[to] === '.' ? null : board[to], from: result.best.slice(0, 2), to: result.best.slice(2) };
    this.entry = { move, animals, why: result.why ?? null };
    this.shown = { from, to };
    this.board.arrow('hint', this.shown);
    this.line.dataset.move = result.best;
    this.relabel();
    const why = this.whyLine();
    this.say([t('hint.say', { sentence: moveSentence(move, animals) }), why].filter(Boolean).join(' '));
  }

  /** The hint's line of why in the page's language, or null. */
  whyLine() {
    const entry = this.entry;
    return entry?.why ? whyText(entry.why, entry.move.piece, entry.animals) : null;
  }

  /** Writes the hint shown, and why the button is off, again in the page's language. */
  relabel() {
    if (this.owner.snapshot) this.gate(this.owner.snapshot);
    if (this.entry) this.write(t('hint.move', { move: moveText(this.entry.move, this.entry.animals) }), this.whyLine());
  }

  /**
   * Shows `text`, and under it `why` when there is one.
   * @param {string} text
   * @param {string | null} [why]
   */
  write(text, why = null) {
    this.line.replaceChildren(text, ...(why ? [el('span', { className: 'hint-why' }, why)] : []));
    this.line.hidden = false;
  }
}
