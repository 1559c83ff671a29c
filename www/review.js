// Review mode: steps through the game (finished or not) move by move on the board — buttons
// first / previous / next / last, or the keys Home, ←, →, End — with the evaluation after each
// move as a graph (review-graph.js) and the moves where it swung against the side that moved
// listed as likely mistakes. While it is open the game waits: the board belongs to the review
// (the owner's setTool), so no one moves and the computer does not think.

import { JungleGame } from '../jungle-web.js';
import { gameFacts } from './analysis.js';
import { byId } from './dom.js';
import { characters, onLanguageChange, t } from './i18n.js';
import { outcomeValue, valueShare, valueText } from './eval-value.js';
import { moveText } from './notation.js';
import { animalTable } from './pieces.js';
import { ReviewGraph } from './review-graph.js';

/** @typedef {import('./game-controller.js').GameController} GameController */

/** A change of this much on the bar's scale (−1 … 1) by one move is a swing. */
const SWING = 0.3;
/** The most swings listed. */
const MAX_SWINGS = 6;
const KEYS = { Home: 'first', End: 'last', ArrowLeft: 'prev', ArrowRight: 'next' };

export class Review {
  /**
   * Reviews the game of `owner`. `els`: {root, toggle, first, prev, next, last, close, position,
   * graph, progress, swings}.
   * @param {GameController} owner
   */
  constructor(owner, analyst, els) {
    this.owner = owner;
    this.analyst = analyst;
    this.name = 'review';
    this.els = els;
    this.graph = new ReviewGraph(els.graph, (ply) => this.go(ply));
    this.game = null;
    this.session = 0;
    els.toggle.addEventListener('click', () => (this.game ? this.close() : this.open()));
    els.close.addEventListener('click', () => this.close());
    for (const step of ['first', 'prev', 'next', 'last']) els[step].addEventListener('click', () => this.step(step));
    document.addEventListener('keydown', (event) => {
      const step = KEYS[event.key];
      if (!this.game || !step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target.closest('input, select, textarea, #squares')) return;
      event.preventDefault();
      this.step(step);
    });
    // Left when anything else takes the board or starts a game.
    owner.subscribe((snapshot) => {
      if (this.game && snapshot.tool !== this) this.leave();
    });
    onLanguageChange(() => this.show());
  }

  /** Opens the review at the last move of the game as it is now. */
  open() {
    const snapshot = this.owner.snapshot;
    if (snapshot.tool) return;
    this.facts = gameFacts(snapshot);
    this.history = snapshot.history;
    this.animals = animalTable(snapshot.animals, characters());
    this.game = new JungleGame(this.facts.rules, this.facts.startFen);
    this.position = this.game.replay(this.facts.moves);
    this.values = this.facts.moves.map(() => null).concat(null);
    if (snapshot.outcome) this.values[this.values.length - 1] = outcomeValue(snapshot.outcome);
    this.owner.setTool(this);
    byId('board').dataset.reviewing = 'yes';
    this.els.root.hidden = false;
    delete this.els.root.dataset.analysed;
    this.els.toggle.setAttribute('aria-pressed', 'true');
    this.show();
    this.analyse(++this.session);
  }

  /** Gives the board back to the game. */
  close() {
    if (this.game) this.owner.setTool(null);
  }

  /** Ends the review (the board was given back or taken by something else). */
  leave() {
    this.session++;
    this.game.free();
    this.game = null;
    this.els.root.hidden = true;
    this.els.toggle.setAttribute('aria-pressed', 'false');
    delete byId('board').dataset.reviewing;
  }

  get total() {
    return this.facts.moves.length;
  }

  step(step) {
    const { ply } = this.position;
    const target = { first: 0, prev: ply - 1, next: ply + 1, last: this.total }[step];
    this.go(target);
  }

  go(target) {
    const ply = Math.max(0, Math.min(this.total, target));
    while (this.position.ply > ply) this.position = this.game.undo();
    while (this.position.ply < ply) this.position = this.game.redo();
    this.owner.setTool(this);
    this.show();
  }

  /** The board of the move reviewed (a BoardTool's view). */
  view() {
    const last = this.history[this.position.ply - 1];
    return { board: this.position.board, lastMove: last ? { from: last.from, to: last.to } : null };
  }

  /** Squares chosen on the board do nothing while reviewing. */
  activate() {}

  /** Evaluates every position of the game, one after the other, drawing the graph as they come. */
  async analyse(session) {
    const wanted = () => session === this.session;
    for (let ply = 0; ply < this.values.length; ply++) {
      if (this.values[ply]) continue;
      this.els.progress.textContent = t('review.analysing', { done: ply + 1, total: this.values.length });
      let value;
      try {
        value = await this.analyst.evaluate(this.facts, ply, wanted);
      } catch {
        value = null;
      }
      if (!wanted()) return;
      this.values[ply] = value;
      this.show();
    }
    this.els.progress.textContent = '';
    this.els.root.dataset.analysed = 'yes';
  }

  /** The plies whose move swung the evaluation against the side that played it. */
  swings() {
    const found = [];
    for (let ply = 1; ply < this.values.length; ply++) {
      const before = this.values[ply - 1];
      const after = this.values[ply];
      if (!before || !after) continue;
      const change = valueShare(after) - valueShare(before);
      const against = this.history[ply - 1].color === 'red' ? -change : change;
      if (against >= SWING) found.push({ ply, against });
    }
    return found;
  }

  moveWords(ply) {
    const entry = this.history[ply - 1];
    return `${entry.number}${entry.color === 'red' ? '.' : '…'} ${moveText(entry, this.animals)}`;
  }

  show() {
    if (!this.game) return;
    const { ply } = this.position;
    const value = this.values[ply];
    let where = ply === 0 ? t('review.start') : t('review.at', { ply, total: this.total, move: this.moveWords(ply) });
    if (value) where += ` · ${valueText(value)}`;
    this.els.position.textContent = where;
    this.els.root.dataset.ply = String(ply);
    this.els.first.disabled = this.els.prev.disabled = ply === 0;
    this.els.next.disabled = this.els.last.disabled = ply === this.total;
    const swings = this.swings();
    this.graph.draw(this.values, swings.map((s) => s.ply), ply, t('review.graph'));
    const biggest = swings.sort((a, b) => b.against - a.against).slice(0, MAX_SWINGS).sort((a, b) => a.ply - b.ply);
    this.els.swings.replaceChildren(...biggest.map(({ ply: at }) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = t('review.swing', {
        move: this.moveWords(at),
        before: valueText(this.values[at - 1]),
        after: valueText(this.values[at]),
      });
      button.addEventListener('click', () => this.go(at));
      item.append(button);
      return item;
    }));
    if (!biggest.length && this.els.root.dataset.analysed === 'yes') {
      const item = document.createElement('li');
      item.textContent = t('review.noSwing');
      this.els.swings.replaceChildren(item);
    }
  }
}
