// The player's puzzle rating: Elo, each puzzle a game against the puzzle's own rating (from its
// difficulty). New players move faster (K = 40 for their first 20 puzzles, then 20). Kept in
// localStorage under `jungle.puzzles` with the ids played, so "next" prefers new puzzles and
// a puzzle is rated once only: played again (the daily one too), it changes nothing. When a
// puzzle counts as solved or missed is the score's (puzzle-score.js; README, "Puzzles").

/** Where the rating is kept. */
export const RATING_KEY = 'jungle.puzzles';
/** A new player's rating. */
export const START_RATING = 1200;
/** Puzzles before the rating settles (its K factor drops). */
const SETTLING = 20;
/** The most ids remembered (the oldest are forgotten first): more than every shipped puzzle. */
const MAX_PLAYED = 5000;

/**
 * @typedef {object} RatingState
 * @property {number} rating
 * @property {number} solved puzzles solved without help
 * @property {number} failed puzzles with a wrong move, a hint or the solution shown
 * @property {string[]} played ids, oldest first
 */

/** A new player's state. */
export function freshState() {
  return { rating: START_RATING, solved: 0, failed: 0, played: [] };
}

/**
 * A puzzle's rating from its difficulty (1 → 900 … 5 → 1700).
 * @param {number} difficulty
 */
export function puzzleRating(difficulty) {
  return 700 + 200 * difficulty;
}

/**
 * The expected score of a player rated `player` against a puzzle rated `puzzle`.
 * @param {number} player
 * @param {number} puzzle
 */
export function expectedScore(player, puzzle) {
  return 1 / (1 + 10 ** ((puzzle - player) / 400));
}

/**
 * Whether puzzle `id` was rated already (solved or missed): it is not rated again.
 * @param {RatingState} state
 * @param {string} id
 */
export function ratedBefore(state, id) {
  return state.played.includes(id);
}

/**
 * The state after one puzzle `id` of `difficulty`, solved without help (`won`) or not; the
 * same state if `id` was rated before.
 * @param {RatingState} state
 * @param {string} id
 * @param {number} difficulty
 * @param {boolean} won
 * @returns {RatingState}
 */
export function rate(state, id, difficulty, won) {
  if (ratedBefore(state, id)) return state;
  const k = state.solved + state.failed < SETTLING ? 40 : 20;
  const change = k * ((won ? 1 : 0) - expectedScore(state.rating, puzzleRating(difficulty)));
  return {
    rating: Math.max(100, Math.round(state.rating + change)),
    solved: state.solved + (won ? 1 : 0),
    failed: state.failed + (won ? 0 : 1),
    played: [...state.played, id].slice(-MAX_PLAYED),
  };
}

/**
 * What missing puzzle `id` of `difficulty` would do to the rating of `state` (0 or less; 0 if
 * it was rated before): what a hint or the solution costs, said before it is asked.
 * @param {RatingState} state
 * @param {string} id
 * @param {number} difficulty
 */
export function missCost(state, id, difficulty) {
  return rate(state, id, difficulty, false).rating - state.rating;
}

/**
 * A rating change as shown: `+12`, `−8` (a minus sign), `±0`.
 * @param {number} change
 */
export function signed(change) {
  if (change > 0) return `+${change}`;
  return change < 0 ? `\u2212${-change}` : '\u00b10';
}

/**
 * The state kept in `storage` (a fresh one when there is none or it cannot be read).
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @returns {RatingState}
 */
export function loadState(storage) {
  try {
    const data = JSON.parse(storage?.getItem(RATING_KEY) ?? 'null');
    const count = (/** @type {unknown} */ n) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    if (!data || !count(data.rating) || !count(data.solved) || !count(data.failed) || !Array.isArray(data.played)) {
      return freshState();
    }
    return { rating: data.rating, solved: data.solved, failed: data.failed, played: data.played.filter((/** @type {unknown} */ p) => typeof p === 'string') };
  } catch {
    return freshState();
  }
}

/**
 * Keeps `state` in `storage`; false if the storage refused (full, or none).
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {RatingState} state
 */
export function saveState(storage, state) {
  try {
    storage?.setItem(RATING_KEY, JSON.stringify(state));
    return Boolean(storage);
  } catch {
    return false;
  }
}
