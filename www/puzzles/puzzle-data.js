// The puzzle files (www/puzzles/*.txt, made by `jungle puzzles`, format in src/puzzles/format.rs):
// one puzzle a line, tab-separated: id, rules (`-` for the standard ones), FEN, the solution
// (the solver's moves and the defender's replies, alternating), themes, difficulty 1-5, and the
// goal when it is not a win of the game (`gain=N`: win N points of material, kept after any reply).
// Read here, chosen by theme and difficulty, and the puzzle of the day picked by the date.
// No page here, so that it can be tested alone.

/**
 * @typedef {object} Puzzle
 * @property {string} id six characters 0-9a-z
 * @property {string} set the id of its set
 * @property {string} rules `option=value,…`, empty for the standard rules
 * @property {string} fen the board and the side to move (the solver)
 * @property {string[]} solution moves like `a3a4`, the solver's first and last
 * @property {string[]} themes
 * @property {number} difficulty 1 (easy) to 5 (hard)
 * @property {'win' | 'gain'} goal win the game, or win material (the line ends with the gain)
 */

/**
 * The sets of puzzles: one per rules, each in its own file of `PUZZLE_FOLDER`, loaded when
 * first chosen (never with the page: they are no part of its first download).
 */
export const PUZZLE_SETS = Object.freeze([
  { id: 'standard', rules: '', file: 'standard.txt' },
  { id: 'elephant-takes-rat', rules: 'elephant-takes-rat=yes', file: 'elephant-takes-rat.txt' },
  { id: 'competition', rules: 'chase-rules=on', file: 'competition.txt' },
]);

/** Where the puzzle files and the mode's style sheet are, from the game's page (dist/index.html). */
export const PUZZLE_FOLDER = 'www/puzzles/';

/** The themes, in the files' order (words: `puzzle.theme.<name>`). */
export const THEMES = Object.freeze(['den', 'trap', 'jump', 'rat-elephant', 'blocked-jump', 'no-move', 'zugzwang', 'endgame']);

/** The goals (words: `puzzle.goal.<name>`). */
export const GOALS = Object.freeze(['win', 'gain']);

const GAIN = /^gain=[1-9][0-9]*$/;

const MOVE = /^[a-g][1-9][a-g][1-9]$/;
const ID = /^[0-9a-z]{6}$/;

/**
 * The puzzles of a file's text; lines that cannot be read are left out.
 * @param {string} text
 * @param {string} set the set's id
 * @returns {Puzzle[]}
 */
export function parsePuzzles(text, set) {
  /** @type {Puzzle[]} */
  const puzzles = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const fields = line.replace(/\r$/, '').split('\t');
    if (fields.length !== 6 && fields.length !== 7) continue;
    const [id, rules, fen, moves, themes, difficulty, goal = 'win'] = fields;
    if (goal !== 'win' && !GAIN.test(goal)) continue;
    const solution = moves.split(' ');
    const level = Number(difficulty);
    if (!ID.test(id) || !solution.every((m) => MOVE.test(m)) || solution.length % 2 === 0) continue;
    if (!Number.isInteger(level) || level < 1 || level > 5) continue;
    puzzles.push({
      id,
      set,
      rules: rules === '-' ? '' : rules,
      fen,
      solution,
      themes: themes === '-' ? [] : themes.split(','),
      difficulty: level,
      goal: goal === 'win' ? 'win' : 'gain',
    });
  }
  return puzzles;
}

/**
 * The puzzles with `theme` (any if empty), `difficulty` (any if 0) and `goal` (any if empty or left out).
 * @param {readonly Puzzle[]} puzzles
 * @param {{theme: string, difficulty: number, goal?: string}} choice
 */
export function choose(puzzles, { theme, difficulty, goal = '' }) {
  return puzzles.filter((p) => (!theme || p.themes.includes(theme)) && (!difficulty || p.difficulty === difficulty)
    && (!goal || p.goal === goal));
}

/**
 * A puzzle of `puzzles` to play next: one not yet `done` if any is left, picked by `random()`
 * (0 ≤ x < 1); null when there is none.
 * @param {readonly Puzzle[]} puzzles
 * @param {ReadonlySet<string>} done ids already played
 * @param {() => number} random
 */
export function pickNext(puzzles, done, random) {
  const fresh = puzzles.filter((p) => !done.has(p.id));
  const from = fresh.length ? fresh : puzzles;
  return from.length ? from[Math.floor(random() * from.length) % from.length] : null;
}

/**
 * The puzzle of the day `date` (`YYYY-MM-DD`): the same for everyone on that day.
 * @param {readonly Puzzle[]} puzzles
 * @param {string} date
 */
export function dailyPuzzle(puzzles, date) {
  if (!puzzles.length) return null;
  let hash = 2166136261;
  for (const c of date) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0;
  return puzzles[hash % puzzles.length];
}

/**
 * Today's date in the visitor's time zone, `YYYY-MM-DD`.
 * @param {Date} now
 */
export function localDate(now) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
