// Review mode: steps through the game (finished or not) move by move — buttons first /
// previous / next / last, the keys Home, ←, →, End, a click on the graph or on a move of the
// move list — with the evaluation after each move as a graph (review-graph.js). Each move is
// judged from the evaluations before and after it (move-grades.js): a blunder, a mistake or an
// inaccuracy shows its sign, the engine's better move in words and as an arrow on the board,
// and a summary per side counts them. "Play from here" starts a new game from the position
// looked at (the game reviewed goes into the recent games, like any game replaced).
//
// The position looked at is the owner's (viewPly: the snapshot's `view`), so the board, the
// status, the evaluation bar, the captured pieces and the move list all show it. While the
// review is open it holds the board (the owner's setTool): no one moves and the computer does
// not think.

import { gameFacts } from '../computer/analysis.js';
import { el } from '../page/dom.js';
import { characters, onLanguageChange, t } from '../page/i18n.js';
import { outcomeValue, valueText } from '../computer/eval-value.js';
import { barButton, engineBarred } from '../game/fair-play.js';
import { SYMBOLS, judgeMove, summarize } from '../computer/move-grades.js';
import { moveText, numberedMove } from '../page/notation.js';
import { animalTable } from '../page/pieces.js';
import { ReviewGraph } from '../analysis/review-graph.js';
import { squareIndex } from '../board/squares.js';
import { analyseGame } from '../analysis/open-analysis.js';
import { ReviewEndgame } from '../analysis/review-endgame.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../computer/analysis.js').Analyst} Analyst */
/** @typedef {import('../computer/analysis.js').Assessment} Assessment */
/** @typedef {import('../computer/analysis.js').GameFacts} GameFacts */
/** @typedef {import('../game/types.js').HistoryEntry} HistoryEntry */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('../computer/move-grades.js').Grade} Grade */

/**
 * The review's page elements.
 * @typedef {object} ReviewElements
 * @property {HTMLElement} root
 * @property {import('../board/board.js').Board} board
 * @property {HTMLElement} toggle
 * @property {HTMLButtonElement} first
 * @property {HTMLButtonElement} prev
 * @property {HTMLButtonElement} next
 * @property {HTMLButtonElement} last
 * @property {HTMLElement} close
 * @property {HTMLElement} position
 * @property {HTMLElement} graph
 * @property {HTMLElement} progress
 * @property {HTMLElement} moments the list of blunders and mistakes
 */

/**
 * A move judged: who played it, its grade, what it lost, and the engine's move there.
 * @typedef {{mover: Side, grade: Grade, loss: number, unitsLost: number, best: string | null, played: string}} Judged
 */

/**
 * An open review: the game reviewed and what the engine made of each of its positions.
 * @typedef {object} Reviewing
 * @property {GameFacts} facts
 * @property {readonly HistoryEntry[]} history
 * @property {import('../page/pieces.js').AnimalTable} animals
 * @property {(Assessment | null)[]} assessed per ply, null until known
 */

/** @typedef {'first' | 'prev' | 'next' | 'last'} Step */

/** @type {Record<string, Step | undefined>} */
const KEYS = { Home: 'first', End: 'last', ArrowLeft: 'prev', ArrowRight: 'next' };
/** The grades listed among the moments to look at. */
const LISTED = ['blunder', 'mistake'];

/**
 * The board before `entry` was played, from the board after it.
 * @param {string} after
 * @param {HistoryEntry} entry
 */
function boardBefore(after, entry) {
  const squares = after.split('');
  squares[squareIndex(entry.from)] = entry.piece;
  squares[squareIndex(entry.to)] = entry.captured ?? '.';
  return squares.join('');
}

export class Review {
  /**
   * Reviews the game of `owner`, evaluated by `analyst`, in the elements `els`;
   * `onGrades(grades)` receives the grade of each move (by ply − 1) as they come, and an
   * empty list when the review ends.
   * @param {GameController} owner
   * @param {Analyst} analyst
   * @param {ReviewElements} els
   * @param {(grades: readonly (Grade | null)[]) => void} onGrades
   */
  constructor(owner, analyst, els, onGrades) {
    this.owner = owner;
    this.analyst = analyst;
    this.name = 'review';
    this.els = els;
    this.onGrades = onGrades;
    this.graph = new ReviewGraph(els.graph, (ply) => this.go(ply));
    this.verdict = el('p', { id: 'review-verdict', className: 'review-verdict' });
    this.endgame = new ReviewEndgame();
    els.position.after(this.verdict, this.endgame.line);
    this.summary = el('table', { id: 'review-summary', className: 'review-summary' });
    this.playWith = {
      computer: el('button', { type: 'button', id: 'review-play-computer', onclick: () => this.playFrom('computer') }),
      people: el('button', { type: 'button', id: 'review-play-people', onclick: () => this.playFrom('people') }),
    };
    this.playLabel = el('span', { className: 'review-play-label' });
    this.analyseButton = el('button', { type: 'button', id: 'review-analyse', onclick: () => analyseGame(owner, owner.snapshot?.view?.ply) });
    els.moments.after(this.summary, el('p', { className: 'review-play' }, this.playLabel, ' ', this.playWith.computer, ' ', this.playWith.people),
      el('p', { className: 'review-play' }, this.analyseButton));
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
    owner.subscribe((snapshot, change) => this.follow(snapshot, change));
    onLanguageChange(() => {
      const { snapshot } = owner;
      if (snapshot) barButton(/** @type {HTMLButtonElement} */ (this.els.toggle), snapshot);
      if (this.open) this.open.animals = animalTable(owner.started().current.animals, characters());
      this.show();
    });
  }

  /**
   * Opens when a position of the game is looked at (a move picked in the list); ends when
   * anything else takes the board, the game changes, or the game now is shown again.
   * @param {Snapshot} snapshot
   * @param {import('../game/types.js').Change} change
   */
  follow(snapshot, change) {
    barButton(/** @type {HTMLButtonElement} */ (this.els.toggle), snapshot);
    if (!this.open) {
      if (snapshot.view && !snapshot.tool && !engineBarred(snapshot)) this.start(snapshot.view.ply);
    } else if (snapshot.tool !== this || (!snapshot.view && change.type !== 'tool')) {
      this.leave();
    } else if (change.type === 'view' || change.type === 'flip') {
      this.show();
    }
  }

  /**
   * Opens the review at move `ply` (by default the last) of the game as it is now.
   * @param {number} [ply]
   */
  start(ply) {
    const snapshot = this.owner.started().current;
    if (snapshot.tool || engineBarred(snapshot)) return;
    const facts = gameFacts(snapshot);
    /** @type {(Assessment | null)[]} */
    const assessed = facts.moves.map(() => null).concat(null);
    if (snapshot.outcome) assessed[assessed.length - 1] = { value: outcomeValue(snapshot.outcome), best: null };
    const open = { facts, history: snapshot.history, animals: animalTable(snapshot.animals, characters()), assessed };
    this.open = open;
    this.owner.setTool(this);
    this.els.board.element.dataset.reviewing = 'yes';
    this.els.root.hidden = false;
    delete this.els.root.dataset.analysed;
    this.els.toggle.setAttribute('aria-pressed', 'true');
    this.owner.viewPly(ply ?? facts.moves.length);
    this.analyse(open, ++this.session);
  }

  /** Gives the board back to the game now. */
  close() {
    if (this.open) this.owner.viewPly(null);
  }

  /** Ends the review, and gives back what it still holds of the owner's (the view, the board). */
  leave() {
    this.session++;
    this.open = null;
    this.els.root.hidden = true;
    this.els.toggle.setAttribute('aria-pressed', 'false');
    delete this.els.board.element.dataset.reviewing;
    this.els.board.arrow('review', null);
    void this.endgame.follow('', null);
    this.onGrades([]);
    const now = this.owner.started().current;
    if (now.view) this.owner.viewPly(null);
    if (now.tool === this) this.owner.setTool(null);
  }

  /** The ply looked at (0 when none). */
  get ply() {
    return this.owner.snapshot?.view?.ply ?? 0;
  }

  /** @param {Step} step */
  step(step) {
    if (!this.open) return;
    const { ply } = this;
    this.go({ first: 0, prev: ply - 1, next: ply + 1, last: this.open.facts.moves.length }[step]);
  }

  /**
   * Looks at the position after `target` moves (brought within the game).
   * @param {number} target
   */
  go(target) {
    if (this.open) this.owner.viewPly(Math.max(0, Math.min(this.open.facts.moves.length, target)));
  }

  /**
   * The board of the move looked at (a BoardTool's view; the page draws the snapshot's view).
   * @returns {{board: string, lastMove: import('../game/types.js').Move | null}}
   */
  view() {
    const { current } = this.owner.started();
    return current.view ?? current;
  }

  /** Squares chosen on the board do nothing while reviewing. */
  activate() {}

  /**
   * Starts a new game from the position looked at: `mode` 'computer' (you play the side to
   * move there) or 'people'. The game reviewed goes into the recent games.
   * @param {'computer' | 'people'} mode
   */
  playFrom(mode) {
    const open = this.open;
    const view = this.owner.snapshot?.view;
    if (!open || !view || view.outcome) return;
    const { rules, startFen, moves } = open.facts;
    this.owner.startGame({
      rules,
      fen: startFen,
      moves: moves.slice(0, view.ply),
      settings: mode === 'computer' ? { mode, side: view.turn } : { mode },
    });
  }

  /**
   * Evaluates every position of the game `open`, one after the other, showing them as they
   * come, while the review `session` lasts.
   * @param {Reviewing} open
   * @param {number} session
   */
  async analyse(open, session) {
    const wanted = () => session === this.session;
    const { assessed } = open;
    const finished = await this.analyst.assessAll(open.facts, assessed, wanted, {
      asking: (ply) => { this.els.progress.textContent = t('review.analysing', { done: ply + 1, total: assessed.length }); },
      answered: () => {
        this.onGrades(this.judged(open).map((judged) => judged?.grade ?? null));
        this.show();
      },
    });
    if (!finished) return;
    // A position the engine could not evaluate (its worker failed twice) leaves the moves
    // beside it unjudged: say so rather than let them pass for good moves.
    const missing = assessed.filter((assessment) => !assessment).length;
    this.els.progress.textContent = missing ? t('review.unanalysed', { n: missing }) : '';
    this.els.root.dataset.analysed = 'yes';
    this.onGrades(this.judged(open).map((judged) => judged?.grade ?? null));
    this.show();
  }

  /**
   * Each move judged (by ply − 1), null while the positions before or after it are not known.
   * @param {Reviewing} open
   * @returns {(Judged | null)[]}
   */
  judged({ assessed, history }) {
    return history.map((entry, i) => {
      const before = assessed[i];
      const after = assessed[i + 1];
      if (!before || !after) return null;
      const move = { mover: entry.color, before: before.value, after: after.value, played: entry.move, best: before.best };
      return { ...judgeMove(move), mover: entry.color, best: before.best, played: entry.move };
    });
  }

  show() {
    const open = this.open;
    const snapshot = this.owner.snapshot;
    const view = snapshot?.view;
    if (!open || !snapshot || !view) return;
    const { ply } = view;
    const total = open.facts.moves.length;
    const judged = this.judged(open);
    const here = ply > 0 ? judged[ply - 1] : null;
    const value = open.assessed[ply]?.value;
    // Counted in moves as the list numbers them (a move: Red's and Blue's), never in plies.
    const moves = open.history.at(-1)?.number ?? 0;
    const entry = open.history[ply - 1];
    let where = entry ? t('review.at', { n: entry.number, total: moves, move: numberedMove(entry, open.animals) }) : t('review.start');
    if (here && SYMBOLS[here.grade]) where += ` ${SYMBOLS[here.grade]}`;
    if (value) where += ` · ${valueText(value)}`;
    this.els.position.textContent = where;
    this.els.root.dataset.ply = String(ply);
    if (here) this.els.root.dataset.grade = here.grade;
    else delete this.els.root.dataset.grade;
    this.els.first.disabled = this.els.prev.disabled = ply === 0;
    this.els.next.disabled = this.els.last.disabled = ply === total;
    this.showVerdict(open, ply, here, view.board);
    void this.endgame.follow(open.facts.rules, view, open.animals);
    const values = open.assessed.map((assessment) => assessment?.value ?? null);
    const marks = judged.flatMap((move, i) => (move && move.grade !== 'good' ? [{ ply: i + 1, grade: move.grade }] : []));
    this.graph.draw(values, marks, ply, t('review.graph'));
    this.showMoments(open, judged);
    this.showSummary(judged);
    this.playLabel.textContent = t('review.playFrom');
    this.playWith.computer.textContent = t('review.playComputer');
    this.playWith.people.textContent = t('review.playPeople');
    this.analyseButton.textContent = t('review.analyse');
    this.playWith.computer.disabled = this.playWith.people.disabled = Boolean(view.outcome);
  }

  /**
   * The judgement of the move that led to `ply` and, when it was not good, the engine's better
   * move in words and as an arrow over `board` (the position after the move).
   * @param {Reviewing} open
   * @param {number} ply
   * @param {Judged | null} here
   * @param {string} board
   */
  showVerdict(open, ply, here, board) {
    const better = here && here.grade !== 'good' && here.best && here.best !== here.played ? here.best : null;
    this.els.board.arrow('review', better ? { from: squareIndex(better.slice(0, 2)), to: squareIndex(better.slice(2)) } : null);
    if (!here) {
      this.verdict.textContent = '';
      delete this.verdict.dataset.better;
      return;
    }
    let words;
    if (here.played === here.best) words = t('review.engineMove');
    else if (here.grade === 'good') words = t('review.goodMove');
    else words = t('review.verdict', { grade: t(`grade.${here.grade}`), symbol: SYMBOLS[here.grade] });
    if (better) {
      const before = boardBefore(board, open.history[ply - 1]);
      const [from, to] = [better.slice(0, 2), better.slice(2)];
      const taken = before[squareIndex(to)];
      const move = { from, to, piece: before[squareIndex(from)], captured: taken === '.' ? null : taken };
      const worth = open.assessed[ply - 1]?.value;
      words += ` ${t('review.better', { move: moveText(move, open.animals), value: worth ? valueText(worth) : '' })}`;
      this.verdict.dataset.better = better;
    } else {
      delete this.verdict.dataset.better;
    }
    this.verdict.textContent = words;
    this.verdict.dataset.grade = here.grade;
  }

  /**
   * The blunders and mistakes, each a button going to it ("No blunders or mistakes" once the
   * whole game is analysed without any).
   * @param {Reviewing} open
   * @param {(Judged | null)[]} judged
   */
  showMoments(open, judged) {
    const items = [];
    for (const [i, move] of judged.entries()) {
      if (!move || !LISTED.includes(move.grade)) continue;
      const [before, after] = [open.assessed[i]?.value, open.assessed[i + 1]?.value];
      if (!before || !after) continue;
      items.push(el('li', {}, el('button', { type: 'button', dataset: { ply: String(i + 1), grade: move.grade }, onclick: () => this.go(i + 1) },
        t('review.moment', {
          move: numberedMove(open.history[i], open.animals),
          symbol: SYMBOLS[move.grade],
          before: valueText(before),
          after: valueText(after),
        }))));
    }
    if (!items.length && this.els.root.dataset.analysed === 'yes') items.push(el('li', {}, t('review.noMistakes')));
    this.els.moments.replaceChildren(...items);
  }

  /**
   * A table of each side's blunders, mistakes, inaccuracies and average loss.
   * @param {(Judged | null)[]} judged
   */
  showSummary(judged) {
    const sums = summarize(judged);
    const head = el('tr', {}, el('th', { scope: 'col' }, ''),
      ...['blunder', 'mistake', 'inaccuracy'].map((grade) => el('th', { scope: 'col', title: t(`review.count.${grade}`), 'aria-label': t(`review.count.${grade}`) },
        SYMBOLS[/** @type {Grade} */ (grade)])),
      el('th', { scope: 'col' }, t('review.averageLoss')));
    const rows = /** @type {Side[]} */ (['red', 'blue']).map((side) => {
      const sum = sums[side];
      return el('tr', { dataset: { side } }, el('th', { scope: 'row' }, t(`Side.${side}`)),
        el('td', { dataset: { count: 'blunder' } }, sum.blunder),
        el('td', { dataset: { count: 'mistake' } }, sum.mistake),
        el('td', { dataset: { count: 'inaccuracy' } }, sum.inaccuracy),
        el('td', {}, sum.moves ? (sum.averageLoss / 100).toFixed(2) : '–'));
    });
    this.summary.replaceChildren(el('caption', {}, t('review.summary')), el('thead', {}, head), el('tbody', {}, ...rows));
  }
}
