// The player's score over puzzles, by the puzzle rating rules (README, "Puzzles"): a puzzle is
// rated once, on its first result. Solved with no wrong move, no hint and no solution shown, it
// is won; the first wrong move, hint or solution asked is a miss, rated at once (what a hint
// or the solution would cost is said on its button before it is asked: `cost`). The player may
// still finish a missed puzzle: it is then said solved after a wrong try, or with a hint, and
// stays missed. A puzzle rated before changes nothing. The rating (puzzle-rating.js) is kept
// in this browser.

import { t } from '../page/i18n.js';
import { loadState, missCost, rate, ratedBefore, saveState, signed } from './puzzle-rating.js';
import { browserStorage } from './puzzle-progress.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */
/** @typedef {import('./puzzle-rating.js').RatingState} RatingState */
/** @typedef {import('./puzzle-progress.js').Attempt} Attempt */
/** @typedef {'wrong' | 'hint' | 'shown'} Miss */

/**
 * The words at the end of an attempt: how it ended, and what it did to the rating.
 * @param {Attempt} attempt
 * @returns {{title: string, detail: string, missed: boolean}}
 */
export function endWords({ wrong, hint, shown, before, change }) {
  const how = shown ? 'shown' : hint ? 'withHint' : wrong ? 'afterMiss' : 'solved';
  const title = t(`puzzle.end.${how}`);
  const missed = wrong || hint || shown;
  if (before || change === null) return { title, detail: t('puzzle.end.unrated'), missed };
  return { title, detail: t(missed ? 'puzzle.end.missed' : 'puzzle.end.won', { change: signed(change) }), missed };
}

export class PuzzleScore {
  /** @param {(state: RatingState) => void} changed runs with the state after each rating */
  constructor(changed) {
    this.changed = changed;
    this.state = loadState(browserStorage());
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** @type {Attempt} */
    this.attempt = { wrong: false, hint: false, shown: false, before: false, change: null };
  }

  /**
   * An attempt at `puzzle` starts, or goes on as `saved` left it (after a reload).
   * @param {Puzzle} puzzle
   * @param {Attempt | null} [saved]
   */
  begin(puzzle, saved = null) {
    this.puzzle = puzzle;
    this.attempt = saved
      ? { wrong: saved.wrong, hint: saved.hint, shown: saved.shown, before: saved.before, change: saved.change }
      : { wrong: false, hint: false, shown: false, before: ratedBefore(this.state, puzzle.id), change: null };
  }

  /** Whether the current puzzle is rated already (before, or by this attempt). */
  get rated() {
    return this.attempt.before || this.attempt.change !== null;
  }

  /** What a miss would do to the rating now: 0 or less (0 once the puzzle is rated). */
  get cost() {
    const { puzzle } = this;
    return puzzle && !this.rated ? missCost(this.state, puzzle.id, puzzle.difficulty) : 0;
  }

  /**
   * Counts `how` the puzzle was missed; the first miss rates it. Returns the rating change it
   * made (null: none, the puzzle was rated already).
   * @param {Miss} how
   */
  miss(how) {
    this.attempt[how] = true;
    return this.rated ? null : this.record(false);
  }

  /** The puzzle's line is played out: rated if it was not (a win), and the words that say how. */
  finish() {
    if (!this.rated) this.record(true);
    return endWords(this.attempt);
  }

  /**
   * Rates the current puzzle: the change made.
   * @param {boolean} won
   */
  record(won) {
    const { puzzle } = this;
    if (!puzzle) return null;
    const before = this.state.rating;
    this.state = rate(this.state, puzzle.id, puzzle.difficulty, won);
    this.attempt.change = this.state.rating - before;
    saveState(browserStorage(), this.state);
    this.changed(this.state);
    return this.attempt.change;
  }
}
