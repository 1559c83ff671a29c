// How good each move of a game was, from the evaluations before and after it: a blunder (??),
// a mistake (?), an inaccuracy (?!) or good, and a summary per side. Pure: no page, no engine.
//
// A move is judged by what it cost its player in expected score (1 a sure win, 0.5 even, 0 a
// sure loss) rather than in raw evaluation units, so that the same two pieces matter less
// when the game is already decided: Red +12 → +6 is still a won game, Red +0.4 → Blue +6 is a
// lost one. The expected score is a logistic curve of the evaluation, whose unit is the
// engine's (a rat is worth about 245, a cat 188, a wolf 348, an elephant 693).

/** @typedef {import('./eval-value.js').Value} Value */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {'blunder' | 'mistake' | 'inaccuracy' | 'good'} Grade */

/** The evaluation at which the side ahead scores 73% (1 / (1 + e⁻¹)). */
export const SCALE = 400;
/**
 * The least loss of expected score for each grade, worst first. From an even game that is
 * 80 units for an inaccuracy, 162 for a mistake (a cat, a rat or a leopard given away) and
 * 339 for a blunder (a wolf or more); a won game thrown back to even is a blunder, Red +12 →
 * Red +6 only a mistake.
 * @type {readonly [Exclude<Grade, 'good'>, number][]}
 */
export const THRESHOLDS = Object.freeze([['blunder', 0.2], ['mistake', 0.1], ['inaccuracy', 0.05]]);
/** The signs written after a move of each grade. */
export const SYMBOLS = Object.freeze({ blunder: '??', mistake: '?', inaccuracy: '?!', good: '' });
/** The evaluation a forced win (or a game won) counts as in the average loss. */
export const CAP = 1000;

/**
 * Red's expected score in the position valued `value`, from 0 (Blue wins) to 1 (Red wins).
 * @param {Value} value
 */
export function redExpectation(value) {
  if (value.won) return value.won === 'red' ? 1 : 0;
  if (value.draw) return 0.5;
  if (value.mate) return value.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-(value.cp ?? 0) / SCALE));
}

/**
 * The value in evaluation units for `side`, forced wins and results counted as ±CAP.
 * @param {Value} value
 * @param {Side} side
 */
export function sideUnits(value, side) {
  let red;
  if (value.won) red = value.won === 'red' ? CAP : -CAP;
  else if (value.draw) red = 0;
  else if (value.mate) red = value.mate > 0 ? CAP : -CAP;
  else red = Math.max(-CAP, Math.min(CAP, value.cp ?? 0));
  return side === 'red' ? red : -red;
}

/**
 * The grade of a move that lost `loss` of expected score.
 * @param {number} loss
 * @returns {Grade}
 */
export function gradeOf(loss) {
  return THRESHOLDS.find(([, least]) => loss >= least)?.[0] ?? 'good';
}

/**
 * A move of a game judged: `mover` played `played` where the evaluation was `before` (with
 * `best` the engine's choice there, null if unknown), leading to `after`. Values are from
 * Red's side. The engine's own choice is good whatever the numbers say (two searches of
 * neighbouring positions do not agree to the last unit).
 * @param {{mover: Side, before: Value, after: Value, played: string, best: string | null}} move
 * @returns {{grade: Grade, loss: number, unitsLost: number}} `loss` in expected score (0–1),
 *   `unitsLost` in evaluation units; neither below 0
 */
export function judgeMove({ mover, before, after, played, best }) {
  if (played === best) return { grade: 'good', loss: 0, unitsLost: 0 };
  const forMover = (/** @type {Value} */ value) => (mover === 'red' ? redExpectation(value) : 1 - redExpectation(value));
  const loss = Math.max(0, forMover(before) - forMover(after));
  const unitsLost = Math.max(0, sideUnits(before, mover) - sideUnits(after, mover));
  return { grade: gradeOf(loss), loss, unitsLost };
}

/**
 * A side's moves summed up: how many of each bad grade, and the average loss per move in
 * evaluation units (0 when it has no judged move).
 * @typedef {{blunder: number, mistake: number, inaccuracy: number, moves: number, averageLoss: number}} SideSummary
 */

/**
 * The summary of each side's judged moves.
 * @param {readonly ({mover: Side, grade: Grade, unitsLost: number} | null)[]} judged one per move, null if not judged yet
 * @returns {Record<Side, SideSummary>}
 */
export function summarize(judged) {
  /** @type {Record<Side, SideSummary>} */
  const sums = {
    red: { blunder: 0, mistake: 0, inaccuracy: 0, moves: 0, averageLoss: 0 },
    blue: { blunder: 0, mistake: 0, inaccuracy: 0, moves: 0, averageLoss: 0 },
  };
  for (const move of judged) {
    if (!move) continue;
    const sum = sums[move.mover];
    if (move.grade !== 'good') sum[move.grade]++;
    sum.averageLoss = (sum.averageLoss * sum.moves + move.unitsLost) / (sum.moves + 1);
    sum.moves++;
  }
  return sums;
}
