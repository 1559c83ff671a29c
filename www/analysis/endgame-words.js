// What the endgame tables say, in words: the verdict of a position ("Red wins in 17 plies",
// "Draw") and each move's ("wins in 16 plies", "draws", "loses in 12 plies") with a sign that
// says the same without colour (+, =, −). Distances are always in plies, as the tables count.

/** @typedef {import('./endgame-tables.js').TableVerdict} TableVerdict */
/** @typedef {import('./endgame-tables.js').TableValue} TableValue */
/** @typedef {(key: string, params?: Record<string, string | number>) => string} Words */

/** @type {Record<TableValue['result'], string>} */
const SIGNS = { win: '+', draw: '=', loss: '−' };

/**
 * The verdict on the position for both sides: who wins and in how many plies, or a draw.
 * @param {TableVerdict} verdict
 * @param {Words} words
 */
export function verdictWords(verdict, words) {
  if (verdict.result === 'draw') return words('endgame.draw');
  const other = verdict.turn === 'red' ? 'blue' : 'red';
  const winner = verdict.result === 'win' ? verdict.turn : other;
  return words(`endgame.win.${winner}`, { plies: verdict.plies });
}

/**
 * A move's value for the side that plays it.
 * @param {TableValue} value
 * @param {Words} words
 */
export function moveValueWords(value, words) {
  return words(`endgame.move.${value.result}`, { plies: value.plies });
}

/**
 * The sign of a value, which the page shows beside its words and colour.
 * @param {TableValue} value
 */
export function valueSign(value) {
  return SIGNS[value.result];
}
