// Moves numbered from a position (its FEN: the side to move, then the move number), as the
// records write them: Red's move `12.`, Blue's `12...`.

/**
 * The side to move and the move number of `fen` ('' is the usual start).
 * @param {string} fen
 */
function counts(fen) {
  const fields = fen.split(' ');
  return { blue: fields[1] === 'b', number: Number(fields[3]) || 1 };
}

/**
 * The side to move after `ply` moves from `fen`.
 * @param {string} fen
 * @param {number} ply
 * @returns {import('../game/types.js').Side}
 */
export function turnAfter(fen, ply) {
  return (ply + Number(counts(fen).blue)) % 2 ? 'blue' : 'red';
}

/**
 * The number of the move made after `ply` moves from `fen`: `12.` for Red's, `12...` for Blue's.
 * @param {string} fen
 * @param {number} ply
 */
export function moveNumber(fen, ply) {
  const { blue, number } = counts(fen);
  const half = ply + Number(blue);
  return `${number + Math.floor(half / 2)}${half % 2 ? '...' : '.'}`;
}

/**
 * The moves of a line from the position `fen` (as squares or in words), numbered:
 * `12... a7a6 13. g3g4`.
 * @param {string[]} moves
 * @param {string} fen
 */
export function numberedLine(moves, fen) {
  return moves.map((move, i) => (i === 0 || turnAfter(fen, i) === 'red' ? `${moveNumber(fen, i)} ${move}` : move)).join(' ');
}
