// Review mode: steps through the game (finished or not) move by move on the board — buttons
// first / previous / next / last, or the keys Home, ←, →, End — with the evaluation after each
// move as a graph (review-graph.js) and the moves where it swung against the side that moved
// listed as likely mistakes. While it is open the game waits: the board belongs to the review
// (the owner's setTool), so no one moves and the computer does not think.

import { JungleGame } from '../jungle-web.js';
import { gameFacts } from './analysis.js';
import { byId, el } from './dom.js';
import { characters, onLanguageChange, t } from './i18n.js';
import { outcomeValue, valueShare, valueText } from './eval-value.js';
import { moveText } from './notation.js';
import { animalTable } from './pieces.js';
import { ReviewGraph } from './review-graph.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {import('./analysis.js').Analyst} Analyst */
/** @typedef {import('./analysis.js').GameFacts} GameFacts */
/** @typedef {import('./eval-value.js').Value} Value */
/** @typedef {import('./types.js').EngineView} EngineView */

/**
 * The review's page elements.
 * @typedef {object} ReviewElements
 * @property {HTMLElement} root
 * @property {HTMLElement} toggle
 * @property {HTMLButtonElement} first
 * @property {HTMLButtonElement} prev
 * @property {HTMLButtonElement} next
 * @property {HTMLButtonElement} last
 * @property {HTMLElement} close
 * @property {HTMLElement} position
 * @property {HTMLElement} graph
 * @property {HTMLElement} progress
 * @property {HTMLElement} swings
 */

/**
 * An open review: the game reviewed, replayed in an engine game of its own.
 * @typedef {object} Reviewing
 * @property {GameFacts} facts
 * @property {readonly import('./types.js').HistoryEntry[]} history
 * @property {import('./pieces.js').AnimalTable} animals
 * @property {JungleGame} game
 * @property {EngineView} position the position reviewed
 * @property {(Value | null)[]} values the evaluation after each ply, null until known
 */

/** @typedef {'first' | 'prev' | 'next' | 'last'} Step */

/** A change of this much on the bar's scale (−1 … 1) by one move is a swing. */
const SWING = 0.3;
/** The most swings listed. */
const MAX_SWINGS = 6;
/** @type {Record<string, Step | undefined>} */
const KEYS = { Home: 'first', End: 'last', ArrowLeft: 'prev', ArrowRight: 'next' };

export class Review {
  /**
   * Reviews the game of `owner`, evaluated by `analyst`, in the elements `els`.
   * @param {GameController} owner
   * @param {Analyst} analyst
   * @param {ReviewElements} els
   */
  constructor(owner, analyst, els) {
    this.owner = owner;
    this.analyst = analyst;
    this.name = 'review';
    this.els = els;
    this.graph = new ReviewGraph(els.graph, (ply) => this.go(ply));
    /** @type {Reviewing | null} */
    this.open = null;
    this.session = 0;
    els.toggle.addEventListener('click', () => (this.open ? this.close() : this.start()));
    els.close.addEventListener('click', () => this.close());
    for (const step of /** @type {Step[]} */ (['first', 'prev', 'next', 'last'])) {
      els[step].addEventListener('click', () => this.step(step));
    }
    document.addEventListener('keydown', (event) => {
      const step = KEYS[event.key];
      if (!this.open || !step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof Element && event.target.closest('input, select, textarea, #squares')) return;
      event.preventDefault();
      this.step(step);
    });
    // Left when anything else takes the board or starts a game.
    owner.subscribe((snapshot) => {
      if (this.open && snapshot.tool !== this) this.leave();
    });
    onLanguageChange(() => this.show());
  }

  /** Opens the review at the last move of the game as it is now. */
  start() {
    const snapshot = this.owner.started().current;
    if (snapshot.tool) return;
    const facts = gameFacts(snapshot);
    const game = new JungleGame(facts.rules, facts.startFen);
    /** @type {(Value | null)[]} */
    const values = facts.moves.map(() => null).concat(null);
    if (snapshot.outcome) values[values.length - 1] = outcomeValue(snapshot.outcome);
    this.open = {
      facts,
      history: snapshot.history,
      animals: animalTable(snapshot.animals, characters()),
      game,
      position: game.replay(facts.moves),
      values,
    };
    this.owner.setTool(this);
    byId('board').dataset.reviewing = 'yes';
    this.els.root.hidden = false;
    delete this.els.root.dataset.analysed;
    this.els.toggle.setAttribute('aria-pressed', 'true');
    this.show();
    this.analyse(this.open, ++this.session);
  }

  /** Gives the board back to the game. */
  close() {
    if (this.open) this.owner.setTool(null);
  }

  /** Ends the review (the board was given back or taken by something else). */
  leave() {
    this.session++;
    this.open?.game.free();
    this.open = null;
    this.els.root.hidden = true;
    this.els.toggle.setAttribute('aria-pressed', 'false');
    delete byId('board').dataset.reviewing;
  }

  /** @param {Step} step */
  step(step) {
    if (!this.open) return;
    const { ply } = this.open.position;
    const target = { first: 0, prev: ply - 1, next: ply + 1, last: this.open.facts.moves.length }[step];
    this.go(target);
  }

  /**
   * Shows the position after `target` moves (within the game).
   * @param {number} target
   */
  go(target) {
    const open = this.open;
    if (!open) return;
    const ply = Math.max(0, Math.min(open.facts.moves.length, target));
    while (open.position.ply > ply) open.position = open.game.undo();
    while (open.position.ply < ply) open.position = open.game.redo();
    this.owner.setTool(this);
    this.show();
  }

  /**
   * The board of the move reviewed (a BoardTool's view).
   * @returns {{board: string, lastMove: import('./types.js').Move | null}}
   */
  view() {
    if (!this.open) return { board: '', lastMove: null };
    const { history, position } = this.open;
    const last = history[position.ply - 1];
    return { board: position.board, lastMove: last ? { from: last.from, to: last.to } : null };
  }

  /** Squares chosen on the board do nothing while reviewing. */
  activate() {}

  /**
   * Evaluates every position of the game `open`, one after the other, drawing the graph as
   * they come, while the review `session` lasts.
   * @param {Reviewing} open
   * @param {number} session
   */
  async analyse(open, session) {
    const wanted = () => session === this.session;
    const { values } = open;
    for (let ply = 0; ply < values.length; ply++) {
      if (values[ply]) continue;
      this.els.progress.textContent = t('review.analysing', { done: ply + 1, total: values.length });
      let value;
      try {
        value = await this.analyst.evaluate(open.facts, ply, wanted);
      } catch {
        value = null;
      }
      if (!wanted()) return;
      values[ply] = value;
      this.show();
    }
    this.els.progress.textContent = '';
    this.els.root.dataset.analysed = 'yes';
  }

  /**
   * The plies whose move swung the evaluation against the side that played it.
   * @param {Reviewing} open
   */
  swings({ values, history }) {
    const found = [];
    for (let ply = 1; ply < values.length; ply++) {
      const before = values[ply - 1];
      const after = values[ply];
      if (!before || !after) continue;
      const change = valueShare(after) - valueShare(before);
      const against = history[ply - 1].color === 'red' ? -change : change;
      if (against >= SWING) found.push({ ply, against, before, after });
    }
    return found;
  }

  /**
   * "12. rat g3–g4", the move that led to `ply`.
   * @param {Reviewing} open
   * @param {number} ply
   */
  moveWords({ history, animals }, ply) {
    const entry = history[ply - 1];
    return `${entry.number}${entry.color === 'red' ? '.' : '…'} ${moveText(entry, animals)}`;
  }

  show() {
    const open = this.open;
    if (!open) return;
    const { ply } = open.position;
    const total = open.facts.moves.length;
    const value = open.values[ply];
    let where = ply === 0 ? t('review.start') : t('review.at', { ply, total, move: this.moveWords(open, ply) });
    if (value) where += ` · ${valueText(value)}`;
    this.els.position.textContent = where;
    this.els.root.dataset.ply = String(ply);
    this.els.first.disabled = this.els.prev.disabled = ply === 0;
    this.els.next.disabled = this.els.last.disabled = ply === total;
    const swings = this.swings(open);
    this.graph.draw(open.values, swings.map((s) => s.ply), ply, t('review.graph'));
    const biggest = swings.sort((a, b) => b.against - a.against).slice(0, MAX_SWINGS).sort((a, b) => a.ply - b.ply);
    this.els.swings.replaceChildren(...biggest.map(({ ply: at, before, after }) => el('li', {},
      el('button', { type: 'button', onclick: () => this.go(at) }, t('review.swing', {
        move: this.moveWords(open, at),
        before: valueText(before),
        after: valueText(after),
      })))));
    if (!biggest.length && this.els.root.dataset.analysed === 'yes') {
      this.els.swings.replaceChildren(el('li', {}, t('review.noSwing')));
    }
  }
}
