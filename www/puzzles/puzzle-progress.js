// The puzzle on the board survives a reload: its id is in the page's address (`?puzzle=<id>`,
// which opens it again), and how far the attempt went (the moves of the solution played, the
// wrong tries, hint and solution asked, what the rating did) is kept in localStorage under
// PROGRESS_KEY, so that the attempt goes on where it was, rated as it was.

/** Where the attempt at the puzzle on the board is kept. */
export const PROGRESS_KEY = 'jungle.puzzles.current';

/** The address's parameters that open puzzles. */
const PARAMS = ['puzzle', 'puzzles'];

/**
 * How an attempt at a puzzle stands, as the score keeps it (puzzle-score.js).
 * @typedef {object} Attempt
 * @property {boolean} wrong a wrong move was tried
 * @property {boolean} hint the hint was asked
 * @property {boolean} shown the solution was asked
 * @property {boolean} before the puzzle was rated before this attempt
 * @property {number | null} change the rating change this attempt made (null: none yet)
 */

/**
 * The attempt at the puzzle on the board, with where it stands.
 * @typedef {Attempt & {id: string, daily: boolean, ply: number}} Progress
 */

/** localStorage, or null when the browser keeps nothing. */
export function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The progress kept in `storage`, if it is readable (else null).
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @returns {Progress | null}
 */
export function loadProgress(storage) {
  try {
    const data = JSON.parse(storage?.getItem(PROGRESS_KEY) ?? 'null');
    const flag = (/** @type {unknown} */ v) => typeof v === 'boolean';
    if (!data || typeof data.id !== 'string' || !Number.isInteger(data.ply) || data.ply < 0) return null;
    if (![data.daily, data.wrong, data.hint, data.shown, data.before].every(flag)) return null;
    if (data.change !== null && !Number.isInteger(data.change)) return null;
    const { id, daily, ply, wrong, hint, shown, before, change } = data;
    return { id, daily, ply, wrong, hint, shown, before, change };
  } catch {
    return null;
  }
}

/**
 * Keeps `progress` in `storage` (null: forgets it); false if the storage refused.
 * @param {Pick<Storage, 'setItem' | 'removeItem'> | null} storage
 * @param {Progress | null} progress
 */
export function saveProgress(storage, progress) {
  try {
    if (progress) storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
    else storage?.removeItem(PROGRESS_KEY);
    return Boolean(storage);
  } catch {
    return false;
  }
}

/**
 * The address `href` naming puzzle `id` (null: no puzzle); null if it needs no change.
 * @param {string} href
 * @param {string | null} id
 */
export function puzzleAddress(href, id) {
  const url = new URL(href);
  const before = url.href;
  for (const name of PARAMS) url.searchParams.delete(name);
  if (id) url.searchParams.set('puzzle', id);
  return url.href === before ? null : url.href;
}

/**
 * Writes puzzle `id` in the page's address (null: takes the puzzle off it).
 * @param {string | null} id
 */
export function showInAddress(id) {
  const href = puzzleAddress(location.href, id);
  if (href) history.replaceState(history.state, '', href);
}
