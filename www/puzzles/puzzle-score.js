// The player's score over puzzles: a puzzle is rated once, at its first attempt; a wrong move,
// a hint or the solution fails it, and the rating (puzzle-rating.js) is kept in this browser.

import { t } from '../page/i18n.js';
import { loadState, rate, ratedBefore, saveState } from './puzzle-rating.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */
/** @typedef {import('./puzzle-rating.js').RatingState} RatingState */

/** localStorage, or null when the browser keeps nothing. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export class PuzzleScore {
  /** @param {(state: RatingState) => void} changed runs with the state after each rating */
  constructor(changed) {
    this.changed = changed;
    this.state = loadState(storage());
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** Whether the current puzzle was failed (a wrong move, a hint, the solution) or rated. */
    this.helped = false;
    this.rated = false;
    /** Whether the current puzzle was rated before this attempt (then it is not rated again). */
    this.before = false;
  }

  /**
   * An attempt at `puzzle` starts.
   * @param {Puzzle} puzzle
   */
  begin(puzzle) {
    this.puzzle = puzzle;
    this.helped = false;
    this.before = ratedBefore(this.state, puzzle.id);
    this.rated = this.before;
  }

  /** Counts the puzzle as failed (once): a wrong move, a hint or the solution. */
  fail() {
    this.helped = true;
    if (!this.rated) this.record(false);
  }

  /** The puzzle is solved: rated if it was not, and the words that say so. */
  solved() {
    const before = this.state.rating;
    if (!this.rated) this.record(true);
    const change = this.state.rating - before;
    if (this.helped) return t('puzzle.solvedHelped');
    if (this.before) return t('puzzle.solvedBefore');
    return t('puzzle.solved', { change: change >= 0 ? `+${change}` : String(change) });
  }

  /** @param {boolean} won */
  record(won) {
    const { puzzle } = this;
    if (!puzzle) return;
    this.rated = true;
    this.state = rate(this.state, puzzle.id, puzzle.difficulty, won);
    saveState(storage(), this.state);
    this.changed(this.state);
  }
}
