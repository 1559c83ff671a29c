// Conditional moves in an online game (issue 37): while the opponent is to move, "Conditional
// moves" opens the planning board (plan-board.js: the game's owner lends it the board, the
// online game itself never changes), where the player plays the move they expect and their
// answer (and on), and saves the line; the lines kept are listed in the move list's words,
// each with Delete. A move the server played from a line is said: "Played by your
// conditional move".

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { characters, onLanguageChange, t } from '../page/i18n.js';
import { animalTable } from '../page/pieces.js';
import { lineWords } from '../analysis/move-words.js';
import { errorWords } from '../server/online-words.js';
import { answerPlayed, loadLines, plannedLine, saveLines, withLine } from './conditional-lines.js';
import { PlanBoard } from './plan-board.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/**
 * What the panel follows of the online game shown: the server's game, the seat and its token.
 * @typedef {{view: import('../server/online-client.js').GameView | null, seat: import('../game/types.js').Side | null, token: string | null}} Followed
 */
/** @typedef {import('./conditional-lines.js').Kept} Kept */

/**
 * A button.
 * @param {string} id
 * @param {() => void} onclick
 */
function button(id, onclick, className = 'secondary') {
  return el('button', { type: 'button', id, className, onclick });
}

export class ConditionalPanel {
  /**
   * The panel, put before `before`.
   * @param {GameController} owner
   * @param {HTMLElement} before
   */
  constructor(owner, before) {
    // The panel's looks, loaded with it (a path from the page, as the online panel's).
    document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/conditional/conditional.css', document.baseURI).href }));
    this.owner = owner;
    this.plan = new PlanBoard(owner, () => this.show());
    /** @type {{id: string, token: string, moves: string[], mine: boolean} | null} the online game played, `mine` on the seat's move */
    this.game = null;
    /** @type {Kept | null} the lines kept, as last heard */
    this.kept = null;
    /** @type {string | null} the answer a line played last */
    this.played = null;
    this.title = el('h2', { id: 'conditional-title' });
    this.help = el('p', { id: 'conditional-help', className: 'conditional-help' });
    this.planned = el('p', { id: 'conditional-planned', className: 'conditional-planned' });
    this.playedText = el('p', { id: 'conditional-played', className: 'conditional-played' });
    this.buttons = {
      open: button('conditional-open', () => this.open()),
      save: button('conditional-save', () => this.save(), 'primary'),
      undo: button('conditional-undo', () => this.plan.undo()),
      done: button('conditional-done', () => this.plan.close()),
    };
    this.listTitle = el('h3', { id: 'conditional-list-title' });
    this.list = el('ul', { id: 'conditional-lines', className: 'conditional-lines' });
    this.list.setAttribute('aria-labelledby', 'conditional-list-title');
    this.status = el('p', { id: 'conditional-status', className: 'conditional-status', role: 'status' });
    const { open, ...planning } = this.buttons;
    this.root = el('section', { className: 'panel conditional', id: 'conditional', hidden: true },
      this.title, this.playedText, this.help, this.planned, open,
      el('div', { className: 'conditional-actions' }, Object.values(planning)),
      this.listTitle, this.list, this.status);
    this.root.setAttribute('aria-labelledby', 'conditional-title');
    before.before(this.root);
    onLanguageChange(() => this.show());
    owner.subscribe((snapshot) => {
      // The board taken by something else (a review, the editor, another game): the plan ends.
      if (this.plan.game && snapshot.tool !== this.plan) this.plan.close();
      this.show();
    });
  }

  /**
   * The online game shown has changed (null: none).
   * @param {Followed | null} online
   */
  follow(online) {
    const view = online?.view;
    const { seat, token } = online ?? {};
    if (!view || !seat || !token || view.status !== 'playing') {
      this.plan.close();
      this.game = null;
      this.show();
      return;
    }
    const { moves } = view;
    const same = this.game?.id === view.id;
    const moved = !same || this.game?.moves.length !== moves.length;
    const answer = same && this.kept ? answerPlayed(this.kept, moves) : null;
    if (moved) {
      this.played = answer;
      this.status.textContent = '';
    }
    // The position planned from is gone: a new plan starts from the new one.
    if (moved) this.plan.close();
    this.game = { id: view.id, token, moves, mine: view.turn === seat };
    // The lines kept until then stay known on the seat's move: its answer may come from them.
    if (moved && !this.game.mine) this.refresh();
    this.show();
  }

  /** Asks the server for the lines kept. */
  async refresh() {
    const game = this.game;
    if (!game) return;
    try {
      const kept = await loadLines(game.id, game.token);
      if (this.game === game) this.kept = kept;
    } catch (error) {
      this.status.textContent = errorWords(error);
    }
    this.show();
  }

  /** Opens the planning board on the game's position. */
  open() {
    this.status.textContent = '';
    this.plan.open();
    this.show();
    this.buttons.done.focus();
  }

  /** Saves the line planned with the others kept. */
  async save() {
    const game = this.game;
    const line = plannedLine(this.plan.moves, 0);
    if (!game) return;
    if (line.length === 0) {
      this.status.textContent = t('conditional.needPair');
      return;
    }
    try {
      this.kept = await saveLines(game.id, game.token, withLine(this.kept?.lines ?? [], line));
      this.status.textContent = t('conditional.saved');
      this.plan.clear();
    } catch (error) {
      this.status.textContent = errorWords(error);
    }
    this.show();
  }

  /**
   * Deletes line number `n` of the lines kept.
   * @param {number} n
   */
  async remove(n) {
    const game = this.game;
    if (!game || !this.kept) return;
    try {
      this.kept = await saveLines(game.id, game.token, this.kept.lines.filter((_, i) => i !== n));
      this.status.textContent = t('conditional.deleted');
    } catch (error) {
      this.status.textContent = errorWords(error);
    }
    this.show();
    (this.plan.active ? this.buttons.done : this.buttons.open).focus();
  }

  /** The panel as things stand. */
  show() {
    const game = this.game;
    const planning = this.plan.active;
    const waiting = Boolean(game && !game.mine && this.kept);
    this.root.hidden = !planning && !waiting && !this.played;
    if (this.root.hidden || !game) return;
    this.title.textContent = t('conditional.title');
    this.help.textContent = t('conditional.help');
    this.help.hidden = !planning;
    this.planned.hidden = !planning;
    this.planned.textContent = this.plan.moves.length > 0 ? this.words(this.plan.moves).join(', ') : t('conditional.nothingPlanned');
    this.playedText.hidden = !this.played;
    if (this.played) this.playedText.textContent = t('conditional.playedForYou', { move: this.words([this.played], game.moves.length - 1)[0] });
    const words = { open: 'conditional.open', save: 'conditional.save', undo: 'conditional.undo', done: 'conditional.done' };
    for (const [name, key] of Object.entries(words)) {
      const control = /** @type {HTMLButtonElement} */ (this.buttons[/** @type {keyof typeof words} */ (name)]);
      control.textContent = t(key);
      control.hidden = name === 'open' ? planning || !waiting : !planning;
    }
    this.buttons.undo.disabled = this.plan.moves.length === 0;
    this.showLines(planning || waiting);
  }

  /**
   * The lines kept, each in the move list's words with its Delete (when `shown`).
   * @param {boolean} shown
   */
  showLines(shown) {
    const lines = shown ? this.kept?.lines ?? [] : [];
    this.listTitle.hidden = this.list.hidden = !shown;
    this.listTitle.textContent = t('conditional.listTitle');
    this.list.replaceChildren(...lines.map((line, n) => {
      const words = this.words(line).join(', ');
      const remove = button('', () => this.remove(n), 'secondary conditional-delete');
      remove.removeAttribute('id');
      remove.textContent = t('conditional.delete');
      remove.setAttribute('aria-label', t('conditional.deleteLine', { line: words }));
      return el('li', {}, el('span', { className: 'conditional-line' }, words), remove);
    }));
    if (shown && lines.length === 0) this.list.append(el('li', { className: 'conditional-none' }, t('conditional.none')));
  }

  /**
   * `moves` from the game's position after `ply` of its moves (all by default), in the move
   * list's words.
   * @param {string[]} moves
   * @param {number} [ply]
   */
  words(moves, ply = this.game?.moves.length ?? 0) {
    const snapshot = this.owner.snapshot;
    if (!snapshot || !this.game) return moves;
    const all = [...this.game.moves.slice(0, ply), ...moves];
    return lineWords(all, snapshot.startFen, animalTable(snapshot.animals, characters())).slice(ply);
  }
}
