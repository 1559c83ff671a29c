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
// This module plays the mode; the panel (puzzle-panel.js), the sets (puzzle-sets.js), the
// score (puzzle-score.js) and the timers that hold the board (board-hold.js) have their own.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { squareIndex } from '../board/squares.js';
import { t } from '../page/i18n.js';
import { PUZZLE_SETS, choose, dailyPuzzle, localDate, pickNext } from './puzzle-data.js';
import { PuzzlePanel } from './puzzle-panel.js';
import { PuzzleSets } from './puzzle-sets.js';
import { PuzzleScore } from './puzzle-score.js';
import { BoardHold } from './board-hold.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Change} Change */
/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {{say: (text: string) => void, board: import('../board/board.js').Board}} PuzzlePage */

/** How long a wrong move stays on the board, and the pause before the defender answers (ms). */
const WRONG_MOVE_SHOWN = 900;
const REPLY_DELAY = 450;

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
    /** @type {Puzzle | null} */
    this.puzzle = null;
    this.sets = new PuzzleSets();
    this.hold = new BoardHold(owner, () => this.owner.snapshot?.puzzle === this.puzzle?.id);
    this.panel = new PuzzlePanel(side, {
      hint: () => this.hint(),
      solution: () => this.showSolution(),
      next: () => this.next(),
      daily: () => this.daily(),
      leave: () => this.leave(),
    }, (text) => page.say(text));
    this.score = new PuzzleScore((state) => this.panel.showRating(state));
    this.panel.showRating(this.score.state);
    this.unsubscribe = () => {};
  }

  /** Whether the mode is open. */
  get open() {
    return this.panel.open;
  }

  /**
   * Opens the mode: `request` one puzzle by id, the daily one, or (none) the next of the choice.
   * @param {{id: string} | {daily: true} | null} [request]
   */
  async enter(request = null) {
    if (!this.open) {
      this.panel.open = true;
      this.unsubscribe = this.owner.subscribe((snapshot, change) => this.follow(snapshot, change));
    }
    if (request && 'id' in request) await this.byId(request.id);
    else if (request) await this.daily();
    else await this.next();
    this.panel.title.focus({ preventScroll: true });
  }

  /** Leaves the mode and brings the player's game back (the one that waited, else a new one). */
  leave() {
    this.close();
    if (!this.owner.resume()) this.owner.startGame({});
  }

  /** Closes the panel (another game has replaced the puzzle, or leave()). */
  close() {
    this.hold.clear();
    this.unsubscribe();
    this.unsubscribe = () => {};
    this.puzzle = null;
    this.panel.open = false;
    this.clearHint();
    this.hold.release();
  }

  /**
   * Loads set `id`, saying so, and telling why if it cannot; null then.
   * @param {string} id
   */
  async loadShown(id) {
    this.panel.tell(t('puzzle.loading'));
    try {
      return await this.sets.load(id);
    } catch (error) {
      this.panel.tell(t('puzzle.loadFailed', { error: error instanceof Error ? error.message : String(error) }));
      return null;
    }
  }

  /** The next puzzle of the chosen set, theme and difficulty, preferring ones not played. */
  async next() {
    const { set, ...choice } = this.panel.choice;
    const puzzles = await this.loadShown(set);
    if (!puzzles) return;
    this.panel.offerChoices(puzzles);
    const chosen = choose(puzzles, choice);
    const puzzle = pickNext(chosen.filter((p) => p.id !== this.puzzle?.id), new Set(this.score.state.played), Math.random)
      ?? (chosen.length ? chosen[0] : null);
    if (puzzle) this.start(puzzle, false);
    else this.panel.tell(t('puzzle.none'));
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
    this.panel.tell(t('puzzle.notFound', { id }));
  }

  /**
   * Sets `puzzle` up on the board.
   * @param {Puzzle} puzzle
   * @param {boolean} daily
   */
  start(puzzle, daily) {
    this.hold.clear();
    this.clearHint();
    this.puzzle = puzzle;
    this.score.begin(puzzle);
    this.owner.startPuzzle({ id: puzzle.id, rules: puzzle.rules, fen: puzzle.fen });
    this.panel.show(puzzle, daily);
    this.panel.introduce(this.score.before ? t('puzzle.playedBefore') : '');
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
    if (change.type === 'tool' || this.hold.busy) return;
    this.clearHint();
    const moves = snapshot.history.map((entry) => entry.move);
    const wrong = moves.findIndex((move, i) => move !== puzzle.solution[i]);
    if (wrong >= 0) {
      if (change.type === 'move') this.wrongMove(moves[wrong]);
      this.hold.later(WRONG_MOVE_SHOWN, () => this.owner.undo());
    } else if (moves.length === puzzle.solution.length) {
      this.panel.tell(this.score.solved());
    } else if (moves.length % 2 === 1) {
      this.hold.later(REPLY_DELAY, () => this.owner.play(puzzle.solution[moves.length]));
    } else if (change.type === 'move') {
      this.panel.note(t('puzzle.right'));
    }
  }

  /** @param {string} move */
  wrongMove(move) {
    this.panel.tell(t(this.puzzle?.goal === 'gain' ? 'puzzle.wrong.gain' : 'puzzle.wrong', { move: squares(move) }));
    this.score.fail();
  }

  /** Shows the piece to move: its square is marked and named. */
  hint() {
    const { puzzle } = this;
    const snapshot = this.owner.snapshot;
    if (!puzzle || !snapshot || snapshot.puzzle !== puzzle.id || snapshot.outcome || this.hold.busy) return;
    const move = puzzle.solution[snapshot.ply];
    if (!move) return;
    this.score.fail();
    const from = move.slice(0, 2);
    this.clearHint();
    this.page.board.mark('puzzle-hint', squareIndex(from));
    this.panel.tell(t('puzzle.hintText', { square: from }));
  }

  clearHint() {
    this.page.board.mark('puzzle-hint', -1);
  }

  /** Plays the rest of the solution, a move at a time. */
  showSolution() {
    const { puzzle } = this;
    if (!puzzle) return;
    this.score.fail();
    this.panel.tell(t('puzzle.solutionText', { moves: puzzle.solution.map(squares).join(', ') }));
    const step = () => {
      const snapshot = this.owner.snapshot;
      if (!snapshot || snapshot.puzzle !== puzzle.id) return;
      const moves = snapshot.history.map((entry) => entry.move);
      if (moves.some((move, i) => move !== puzzle.solution[i])) {
        this.owner.undo();
      } else if (moves.length < puzzle.solution.length) {
        this.hold.busy = true; // the answers are the solution's own: follow() stays out of the way
        this.owner.play(puzzle.solution[moves.length]);
        this.hold.busy = false;
      } else {
        return;
      }
      this.hold.after(REPLY_DELAY, step);
    };
    this.hold.clear();
    this.hold.release();
    step();
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
