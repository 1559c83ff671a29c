// An evaluation from Red's point of view — {cp} (hundredths of a piece-like unit), {mate}
// (moves to a forced win, positive for Red), {won: side} or {draw} at the end of a game — in
// words and as a share of a bar.

import { t } from '../page/i18n.js';

/**
 * An evaluation from Red's point of view: one of `cp`, `mate`, `won` or `draw`.
 * @typedef {{cp?: number, mate?: number, won?: import('../game/types.js').Side, draw?: boolean}} Value
 */

/**
 * The value at the end of a game, from its outcome ({winner}).
 * @param {{winner: import('../game/types.js').Side | null}} outcome
 * @returns {Value}
 */
export function outcomeValue(outcome) {
  return outcome.winner ? { won: outcome.winner } : { draw: true };
}

/**
 * "Red +0.35", "Blue wins in 3", "Red has won", "even".
 * @param {Value} value
 */
export function valueText(value) {
  const Side = (/** @type {string} */ side) => t(`Side.${side}`);
  if (value.won) return t('score.won', { Side: Side(value.won) });
  if (value.draw) return t('outcome.draw');
  if (value.mate) return t('score.mate', { Side: Side(value.mate > 0 ? 'red' : 'blue'), n: Math.abs(value.mate) });
  const cp = value.cp ?? 0;
  if (cp === 0) return t('score.even');
  return t('score.ahead', { Side: Side(cp > 0 ? 'red' : 'blue'), value: (Math.abs(cp) / 100).toFixed(2) });
}

/**
 * The value on a scale from -1 (Blue wins) to 1 (Red wins); evaluations flatten out gently.
 * @param {Value} value
 */
export function valueShare(value) {
  if (value.won) return value.won === 'red' ? 1 : -1;
  if (value.mate) return Math.sign(value.mate);
  return Math.tanh((value.cp ?? 0) / 600);
}
