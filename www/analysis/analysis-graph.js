// The analysis board's evaluation graph: the engine's value after each move of the tree's main
// line, asked of the analyst one position after the other as a review does (assessAll), drawn
// by the review's graph. A click on it goes to that move; so do ← → Home End while it has the
// focus (it is a slider, each point read out as its move, in the move list's words, and its
// value). The move shown is
// marked; on a side line, the main line's move it branches from.

import { ReviewGraph } from './review-graph.js';
import { outcomeValue, valueText } from '../computer/eval-value.js';
import { characters, onLanguageChange, t } from '../page/i18n.js';
import { moveNumber, turnAfter } from './move-numbers.js';
import { animalTable } from '../page/pieces.js';
import { el } from '../page/dom.js';
import { lineWords } from './move-words.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../computer/analysis.js').Analyst} Analyst */
/** @typedef {import('../computer/analysis.js').Assessment} Assessment */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */

/**
 * The main line evaluated: its moves, the tree's node after each ply (the root first) and
 * the assessment of each position (null until known).
 * @typedef {{key: string, facts: import('../computer/analysis.js').GameFacts, nodes: number[],
 *   assessed: (Assessment | null)[]}} MainLine
 */

/** The tree's root node (tree.rs: MoveTree::ROOT). */
const ROOT = 0;

export class AnalysisGraph {
  /**
   * The graph of `owner`'s analysis board, evaluated by `analyst`, in `slot` (the board's).
   * @param {GameController} owner
   * @param {Analyst} analyst
   * @param {HTMLElement} slot
   */
  constructor(owner, analyst, slot) {
    this.owner = owner;
    this.analyst = analyst;
    this.title = el('h3', { className: 'analysis-subtitle', id: 'analysis-graph-title' });
    this.help = el('span', { className: 'visually-hidden', id: 'analysis-graph-help' });
    this.root = el('div', {
      id: 'analysis-graph',
      className: 'analysis-graph',
      tabIndex: 0,
      role: 'slider',
      'aria-labelledby': 'analysis-graph-title',
      'aria-describedby': 'analysis-graph-help',
      'aria-valuemin': '0',
      onkeydown: (/** @type {KeyboardEvent} */ event) => this.key(event),
    });
    slot.replaceChildren(this.title, this.root, this.help);
    this.graph = new ReviewGraph(this.root, (ply) => this.go(ply));
    /** @type {MainLine | null} */
    this.line = null;
    this.session = 0;
    this.ply = 0;
    /** @type {Snapshot['animals']} the animals of the tree's game, to name its moves */
    this.animals = [];
    owner.subscribe((snapshot) => this.follow(snapshot));
    onLanguageChange(() => this.draw());
    if (owner.snapshot) this.follow(owner.snapshot);
  }

  /**
   * Follows the tree of `snapshot`: a new main line is evaluated (the analyst remembers the
   * positions seen before), and the move shown marked.
   * @param {Snapshot} snapshot
   */
  follow(snapshot) {
    const tree = snapshot.analysis;
    if (!tree) {
      this.line = null;
      this.session++;
      return;
    }
    this.animals = snapshot.animals;
    const main = tree.words.filter((word) => word.kind === 'move' && word.depth === 0);
    const moves = main.map((word) => /** @type {string} */ (word.move));
    const key = `${snapshot.rules}|${snapshot.startFen}|${moves.join(' ')}`;
    if (key !== this.line?.key) this.evaluate(snapshot, key, moves, [ROOT, ...main.map((word) => /** @type {number} */ (word.node))]);
    let ply = 0;
    while (ply < tree.line.length && tree.line[ply] === moves[ply]) ply++;
    this.ply = ply;
    this.draw();
  }

  /**
   * Starts evaluating the main line `moves` (known as `key`) of the game of `snapshot`.
   * @param {Snapshot} snapshot
   * @param {string} key
   * @param {string[]} moves
   * @param {number[]} nodes
   */
  async evaluate(snapshot, key, moves, nodes) {
    const { rules, startFen } = snapshot;
    const turns = [...moves.keys(), moves.length].map((ply) => turnAfter(startFen, ply));
    /** @type {(Assessment | null)[]} */
    const assessed = [...moves, null].map(() => null);
    const end = this.owner.analysisEnd(moves);
    if (end) assessed[moves.length] = { value: outcomeValue(end), best: null };
    const line = { key, facts: { rules, startFen, moves, turns }, nodes, assessed };
    this.line = line;
    const session = ++this.session;
    delete this.root.dataset.analysed;
    const finished = await this.analyst.assessAll(line.facts, assessed, () => session === this.session, { answered: () => this.draw() });
    if (finished) this.root.dataset.analysed = 'yes';
  }

  /** Draws the main line's values, the move shown marked, in the page's language. */
  draw() {
    const { line, ply } = this;
    this.title.textContent = t('analysis.graph');
    this.help.textContent = t('analysis.graphHelp');
    if (!line) return;
    const values = line.assessed.map((assessment) => assessment?.value ?? null);
    this.graph.draw(values, [], ply, t('review.graph'));
    const { moves, startFen } = line.facts;
    const said = ply ? lineWords(moves.slice(0, ply), startFen, animalTable(this.animals, characters()))[ply - 1] : '';
    const where = ply ? `${moveNumber(startFen, ply - 1)} ${said}` : t('review.start');
    const value = values[ply];
    this.root.setAttribute('aria-valuemax', String(moves.length));
    this.root.setAttribute('aria-valuenow', String(ply));
    this.root.setAttribute('aria-valuetext', value ? `${where}: ${valueText(value)}` : where);
  }

  /**
   * Goes to the position after `ply` moves of the main line (brought within it).
   * @param {number} ply
   */
  go(ply) {
    const nodes = this.line?.nodes;
    if (nodes) this.owner.analysisGo(nodes[Math.max(0, Math.min(nodes.length - 1, ply))]);
  }

  /**
   * The keys of the slider: ← → one move along the main line, Home and End to its ends.
   * @param {KeyboardEvent} event
   */
  key(event) {
    const last = this.line ? this.line.nodes.length - 1 : 0;
    const target = { ArrowLeft: this.ply - 1, ArrowDown: this.ply - 1, ArrowRight: this.ply + 1, ArrowUp: this.ply + 1, Home: 0, End: last }[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    // Taken here, the board's own keys (which follow a side line) leave it alone.
    event.preventDefault();
    this.go(target);
  }
}
