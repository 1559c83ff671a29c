// The Puzzles mode: a panel beside the board with a position where the side to move forces a
// win, or a gain of material (the puzzle is solved when its line's last move is played).
// The player finds the moves; the defender's replies come from the puzzle's solution; a
// wrong move is shown, then taken back. Hint (the piece to move), solution, choice by rules,
// theme and difficulty, the puzzle of the day, and a personal rating (puzzle-rating.js): a
// puzzle is rated once, and the engine's own aids are off meanwhile (fair-play.js), as the
// panel says.
//
// Every game goes through the owner (game-controller.js): a puzzle is started with
// `startPuzzle`, which sets the player's game aside (it waits, and stays the saved one) and
// comes back with "Back to my game" (the owner's resume), or when the page is opened again.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { squareIndex } from '../board/squares.js';
import { el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { GOALS, PUZZLE_FOLDER, PUZZLE_SETS, THEMES, choose, dailyPuzzle, localDate, parsePuzzles, pickNext } from './puzzle-data.js';
import { loadState, rate, ratedBefore, saveState } from './puzzle-rating.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Change} Change */
/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {{say: (text: string) => void, board: import('../board/board.js').Board}} PuzzlePage */

/** How long a wrong move stays on the board, and the pause before the defender answers (ms). */
const WRONG_MOVE_SHOWN = 900;
const REPLY_DELAY = 450;

/** localStorage, or null when the browser keeps nothing. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * `a3a4` as `a3–a4`.
 * @param {string} move
 */
function squares(move) {
  return `${move.slice(0, 2)}–${move.slice(2)}`;
}

/**
 * The puzzle link's request: `?puzzle=<id>` one puzzle, `?puzzles=1` the mode (the daily puzzle).
 * @param {string} search the address's query
 * @returns {{id: string} | {daily: true} | null}
 */
export function puzzleLink(search) {
  const params = new URLSearchParams(search);
  const id = params.get('puzzle');
  if (id) return { id: id.toLowerCase() };
  const flag = params.get('puzzles');
  return flag && flag !== '0' ? { daily: true } : null;
}

export class PuzzleMode {
  /**
   * @param {GameController} owner
   * @param {PuzzlePage} page the App: words for screen readers, the board
   * @param {HTMLElement} side the column beside the board
   */
  constructor(owner, page, side) {
    this.owner = owner;
    this.page = page;
    /** @type {Map<string, Promise<Puzzle[]>>} set id → its puzzles */
    this.sets = new Map();
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** Whether the current puzzle was failed (a wrong move, a hint, the solution) or rated. */
    this.helped = false;
    this.rated = false;
    /** Whether the current puzzle was rated before this attempt (then it is not rated again). */
    this.before = false;
    /** The date of the daily puzzle shown, '' for another. */
    this.dailyDate = '';
    /** Whether the puzzle is waiting to answer or take back (the board is held meanwhile). */
    this.busy = false;
    this.state = loadState(storage());
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    /** A board tool that holds the board while the puzzle answers: clicks are ignored. */
    this.hold = {
      name: 'puzzle',
      view: () => {
        const { board, lastMove } = this.owner.started().current;
        return { board, lastMove };
      },
      activate: () => {},
    };
    document.head.append(el('link', { rel: 'stylesheet', href: new URL(`${PUZZLE_FOLDER}puzzles.css`, document.baseURI).href }));
    this.title = el('h2', { id: 'puzzle-title', className: 'puzzle-title' });
    this.task = el('p', { id: 'puzzle-task', className: 'puzzle-task' });
    this.meta = el('p', { id: 'puzzle-meta', className: 'puzzle-meta' });
    this.feedback = el('p', { id: 'puzzle-feedback', className: 'puzzle-feedback', 'aria-live': 'polite' });
    this.ratingLine = el('p', { id: 'puzzle-rating', className: 'puzzle-rating' });
    this.aidsLine = el('p', { id: 'puzzle-aids', className: 'puzzle-aids' });
    const button = (/** @type {string} */ id, /** @type {() => void} */ onclick) => el('button', { type: 'button', id, onclick });
    this.hintButton = button('puzzle-hint', () => this.hint());
    this.solutionButton = button('puzzle-solution', () => this.showSolution());
    this.nextButton = button('puzzle-next', () => this.next());
    this.dailyButton = button('puzzle-daily', () => this.daily());
    this.leaveButton = button('puzzle-leave', () => this.leave());
    this.setField = el('select', { id: 'puzzle-set', onchange: () => this.next() },
      PUZZLE_SETS.map((s) => el('option', { value: s.id })));
    this.themeField = el('select', { id: 'puzzle-theme', onchange: () => this.next() },
      el('option', { value: '' }), THEMES.map((name) => el('option', { value: name })));
    this.difficultyField = el('select', { id: 'puzzle-difficulty', onchange: () => this.next() },
      el('option', { value: '0' }), [1, 2, 3, 4, 5].map((n) => el('option', { value: String(n) })));
    this.goalField = el('select', { id: 'puzzle-goal', onchange: () => this.next() },
      el('option', { value: '' }), GOALS.map((name) => el('option', { value: name })));
    this.labels = [
      el('label', { htmlFor: 'puzzle-set' }),
      el('label', { htmlFor: 'puzzle-theme' }),
      el('label', { htmlFor: 'puzzle-difficulty' }),
      el('label', { htmlFor: 'puzzle-goal' }),
    ];
    const fields = [this.setField, this.themeField, this.difficultyField, this.goalField];
    this.panel = el('section', { id: 'puzzles', className: 'panel puzzle-panel', hidden: true, 'aria-labelledby': 'puzzle-title' },
      el('div', { className: 'puzzle-head' }, this.title, this.leaveButton),
      this.task, this.meta, this.feedback,
      el('div', { className: 'puzzle-actions' }, this.hintButton, this.solutionButton, this.nextButton, this.dailyButton),
      el('div', { className: 'puzzle-choice' }, this.labels.map((label, i) => el('div', { className: 'puzzle-field' }, label, fields[i]))),
      this.ratingLine, this.aidsLine);
    const status = side.querySelector('.status-panel');
    if (status) status.after(this.panel);
    else side.prepend(this.panel);
    this.words();
    this.unsubscribe = () => {};
    onLanguageChange(() => this.words());
  }

  /** The panel's words, in the page's language. */
  words() {
    this.hintButton.textContent = t('puzzle.hint');
    this.solutionButton.textContent = t('puzzle.solution');
    this.nextButton.textContent = t('puzzle.next');
    this.dailyButton.textContent = t('puzzle.daily');
    this.leaveButton.textContent = t('puzzle.leave');
    this.labels[0].textContent = t('puzzle.set');
    this.labels[1].textContent = t('puzzle.theme');
    this.labels[2].textContent = t('puzzle.difficulty');
    this.labels[3].textContent = t('puzzle.goal');
    this.aidsLine.textContent = t('puzzle.aidsOff');
    [...this.setField.options].forEach((o) => { o.textContent = t(`puzzle.set.${o.value}`); });
    [...this.themeField.options].forEach((o) => { o.textContent = t(o.value ? `puzzle.theme.${o.value}` : 'puzzle.any'); });
    [...this.goalField.options].forEach((o) => { o.textContent = t(o.value ? `puzzle.goal.${o.value}` : 'puzzle.any'); });
    [...this.difficultyField.options].forEach((o) => {
      o.textContent = o.value === '0' ? t('puzzle.any') : t('puzzle.level', { n: o.value });
    });
    this.showPuzzle();
    this.showRating();
  }

  /** Whether the mode is open. */
  get open() {
    return !this.panel.hidden;
  }

  /**
   * Opens the mode: `request` one puzzle by id, the daily one, or (none) the next of the choice.
   * @param {{id: string} | {daily: true} | null} [request]
   */
  async enter(request = null) {
    if (!this.open) {
      this.panel.hidden = false;
      document.body.classList.add('puzzle-mode');
      this.unsubscribe = this.owner.subscribe((snapshot, change) => this.follow(snapshot, change));
    }
    if (request && 'id' in request) await this.byId(request.id);
    else if (request) await this.daily();
    else await this.next();
    this.title.focus({ preventScroll: true });
  }

  /** Leaves the mode and brings the player's game back (the one that waited, else a new one). */
  leave() {
    this.close();
    if (!this.owner.resume()) this.owner.startGame({});
  }

  /** Closes the panel (another game has replaced the puzzle, or leave()). */
  close() {
    this.clearTimers();
    this.unsubscribe();
    this.unsubscribe = () => {};
    this.puzzle = null;
    this.panel.hidden = true;
    document.body.classList.remove('puzzle-mode');
    this.clearHint();
    if (this.owner.snapshot?.tool === this.hold) this.owner.setTool(null);
  }

  /**
   * The puzzles of set `id`, loaded on first use.
   * @param {string} id
   */
  load(id) {
    let loading = this.sets.get(id);
    if (!loading) {
      const set = PUZZLE_SETS.find((s) => s.id === id) ?? PUZZLE_SETS[0];
      loading = fetch(new URL(PUZZLE_FOLDER + set.file, document.baseURI))
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
          return response.text();
        })
        .then((text) => parsePuzzles(text, set.id));
      loading.catch(() => this.sets.delete(id));
      this.sets.set(id, loading);
    }
    return loading;
  }

  /**
   * Loads set `id`, saying so, and telling why if it cannot; null then.
   * @param {string} id
   */
  async loadShown(id) {
    this.tell(t('puzzle.loading'));
    try {
      return await this.load(id);
    } catch (error) {
      this.tell(t('puzzle.loadFailed', { error: error instanceof Error ? error.message : String(error) }));
      return null;
    }
  }

  /** The next puzzle of the chosen set, theme and difficulty, preferring ones not played. */
  async next() {
    const puzzles = await this.loadShown(this.setField.value);
    if (!puzzles) return;
    this.offerChoices(puzzles);
    const chosen = choose(puzzles, {
      theme: this.themeField.value, difficulty: Number(this.difficultyField.value), goal: this.goalField.value,
    });
    const puzzle = pickNext(chosen.filter((p) => p.id !== this.puzzle?.id), new Set(this.state.played), Math.random)
      ?? (chosen.length ? chosen[0] : null);
    if (puzzle) this.start(puzzle, false);
    else this.tell(t('puzzle.none'));
  }

  /**
   * Offers only the themes, difficulties and goals that some puzzle of the set has.
   * @param {readonly Puzzle[]} puzzles
   */
  offerChoices(puzzles) {
    for (const option of this.themeField.options) {
      option.disabled = Boolean(option.value) && !puzzles.some((p) => p.themes.includes(option.value));
    }
    for (const option of this.difficultyField.options) {
      option.disabled = option.value !== '0' && !puzzles.some((p) => p.difficulty === Number(option.value));
    }
    for (const option of this.goalField.options) {
      option.disabled = Boolean(option.value) && !puzzles.some((p) => p.goal === option.value);
    }
  }

  /** Today's puzzle (standard rules), the same for everyone on this date. */
  async daily() {
    const puzzles = await this.loadShown(PUZZLE_SETS[0].id);
    const puzzle = puzzles && dailyPuzzle(puzzles, localDate(new Date()));
    if (puzzle) this.start(puzzle, true);
  }

  /**
   * The puzzle `id`, whatever its set.
   * @param {string} id
   */
  async byId(id) {
    for (const set of PUZZLE_SETS) {
      const puzzles = await this.loadShown(set.id);
      const puzzle = puzzles?.find((p) => p.id === id);
      if (puzzle) {
        this.start(puzzle, false);
        return;
      }
    }
    await this.next();
    this.tell(t('puzzle.notFound', { id }));
  }

  /**
   * Sets `puzzle` up on the board.
   * @param {Puzzle} puzzle
   * @param {boolean} daily
   */
  start(puzzle, daily) {
    this.clearTimers();
    this.clearHint();
    this.puzzle = puzzle;
    this.dailyDate = daily ? localDate(new Date()) : '';
    this.helped = false;
    this.before = ratedBefore(this.state, puzzle.id);
    this.rated = this.before;
    this.busy = false;
    this.setField.value = puzzle.set;
    this.owner.startPuzzle({ id: puzzle.id, rules: puzzle.rules, fen: puzzle.fen });
    this.showPuzzle();
    this.feedback.textContent = this.before ? t('puzzle.playedBefore') : '';
    this.say([this.task.textContent, this.feedback.textContent].filter(Boolean).join(' '));
  }

  /** The title, the task and the themes of the puzzle shown. */
  showPuzzle() {
    const { puzzle } = this;
    if (!puzzle) {
      this.title.textContent = t('puzzle.title.none');
      this.task.textContent = '';
      this.meta.textContent = '';
      return;
    }
    this.title.textContent = t(this.dailyDate ? 'puzzle.title.daily' : 'puzzle.title', { id: puzzle.id });
    this.title.tabIndex = -1;
    const side = puzzle.fen.endsWith(' b') ? 'blue' : 'red';
    const task = puzzle.goal === 'gain' ? `puzzle.task.gain.${side}` : `puzzle.task.${side}`;
    this.task.textContent = t(task, { n: Math.ceil(puzzle.solution.length / 2) });
    this.task.dataset.side = side;
    this.task.dataset.goal = puzzle.goal;
    const themes = puzzle.themes.map((name) => t(`puzzle.theme.${name}`));
    this.meta.textContent = [t('puzzle.level', { n: puzzle.difficulty }), ...themes].join(' · ');
  }

  showRating() {
    const { rating, solved, failed } = this.state;
    this.ratingLine.textContent = t('puzzle.rating', { rating, solved, failed });
  }

  /**
   * Follows the game: checks each move against the solution, answers for the defender, takes
   * wrong moves back. Another game started (not a puzzle) closes the mode.
   * @param {Snapshot} snapshot
   * @param {Change} change
   */
  follow(snapshot, change) {
    const { puzzle } = this;
    if (!puzzle) return;
    if (snapshot.puzzle !== puzzle.id) {
      if (change.type === 'new-game' && !snapshot.puzzle) this.close();
      return;
    }
    if (change.type === 'tool' || this.busy) return;
    this.clearHint();
    const moves = snapshot.history.map((entry) => entry.move);
    const wrong = moves.findIndex((move, i) => move !== puzzle.solution[i]);
    if (wrong >= 0) {
      if (change.type === 'move') this.wrongMove(moves[wrong]);
      this.later(WRONG_MOVE_SHOWN, () => this.owner.undo());
    } else if (moves.length === puzzle.solution.length) {
      this.solved();
    } else if (moves.length % 2 === 1) {
      this.later(REPLY_DELAY, () => this.owner.play(puzzle.solution[moves.length]));
    } else if (change.type === 'move') {
      this.feedback.textContent = t('puzzle.right');
    }
  }

  /**
   * After `delay` ms, `action` with the board held meanwhile.
   * @param {number} delay
   * @param {() => void} action
   */
  later(delay, action) {
    this.busy = true;
    this.owner.setTool(this.hold);
    this.timers.push(setTimeout(() => {
      if (this.owner.snapshot?.tool === this.hold) this.owner.setTool(null);
      this.busy = false;
      if (this.owner.snapshot?.puzzle === this.puzzle?.id) action();
    }, delay));
  }

  clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.busy = false;
  }

  /** @param {string} move */
  wrongMove(move) {
    this.tell(t(this.puzzle?.goal === 'gain' ? 'puzzle.wrong.gain' : 'puzzle.wrong', { move: squares(move) }));
    this.fail();
  }

  solved() {
    const { puzzle } = this;
    if (!puzzle) return;
    const before = this.state.rating;
    if (!this.rated) this.record(true);
    const change = this.state.rating - before;
    let text = t('puzzle.solved', { change: change >= 0 ? `+${change}` : String(change) });
    if (this.helped) text = t('puzzle.solvedHelped');
    else if (this.before) text = t('puzzle.solvedBefore');
    this.tell(text);
  }

  /** Counts the puzzle as failed (once): a wrong move, a hint or the solution. */
  fail() {
    this.helped = true;
    if (!this.rated) this.record(false);
  }

  /** @param {boolean} won */
  record(won) {
    const { puzzle } = this;
    if (!puzzle) return;
    this.rated = true;
    this.state = rate(this.state, puzzle.id, puzzle.difficulty, won);
    saveState(storage(), this.state);
    this.showRating();
  }

  /** Shows the piece to move: its square is marked and named. */
  hint() {
    const { puzzle } = this;
    const snapshot = this.owner.snapshot;
    if (!puzzle || !snapshot || snapshot.puzzle !== puzzle.id || snapshot.outcome || this.busy) return;
    const move = puzzle.solution[snapshot.ply];
    if (!move) return;
    this.fail();
    const from = move.slice(0, 2);
    this.clearHint();
    this.page.board.mark('puzzle-hint', squareIndex(from));
    this.tell(t('puzzle.hintText', { square: from }));
  }

  clearHint() {
    this.page.board.mark('puzzle-hint', -1);
  }

  /** Plays the rest of the solution, a move at a time. */
  showSolution() {
    const { puzzle } = this;
    if (!puzzle) return;
    this.fail();
    this.tell(t('puzzle.solutionText', { moves: puzzle.solution.map(squares).join(', ') }));
    const step = () => {
      const snapshot = this.owner.snapshot;
      if (!snapshot || snapshot.puzzle !== puzzle.id) return;
      const moves = snapshot.history.map((entry) => entry.move);
      if (moves.some((move, i) => move !== puzzle.solution[i])) {
        this.owner.undo();
      } else if (moves.length < puzzle.solution.length) {
        this.busy = true; // the answers are the solution's own: follow() stays out of the way
        this.owner.play(puzzle.solution[moves.length]);
        this.busy = false;
      } else {
        return;
      }
      this.timers.push(setTimeout(step, REPLY_DELAY));
    };
    this.clearTimers();
    if (this.owner.snapshot?.tool === this.hold) this.owner.setTool(null);
    step();
  }

  /**
   * Shows `text` under the puzzle and says it to screen readers.
   * @param {string} text
   */
  tell(text) {
    this.feedback.textContent = text;
    this.say(text);
  }

  /** @param {string} text */
  say(text) {
    if (text) this.page.say(text);
  }
}

/**
 * The mode of the page, made on first use.
 * @param {GameController} owner
 * @param {PuzzlePage} page
 */
export function makePuzzleMode(owner, page) {
  const side = document.querySelector('.side');
  if (!(side instanceof HTMLElement)) throw new Error('PuzzleMode: the page has no .side column');
  return new PuzzleMode(owner, page, side);
}
