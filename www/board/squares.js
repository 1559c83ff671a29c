// Square names and indices of the 7×9 board: a1 = 0, b1 = 1, …, g9 = 62 (the engine's order).

export const FILES = 'abcdefg';
export const FILE_COUNT = 7;
export const RANK_COUNT = 9;
export const SQUARE_COUNT = FILE_COUNT * RANK_COUNT;

/**
 * 'a1' for 0, 'g9' for 62.
 * @param {number} index
 */
export function squareName(index) {
  return FILES[index % FILE_COUNT] + String(Math.floor(index / FILE_COUNT) + 1);
}

/**
 * 0 for 'a1', 62 for 'g9'.
 * @param {string} name
 */
export function squareIndex(name) {
  return FILES.indexOf(name[0]) + FILE_COUNT * (Number(name.slice(1)) - 1);
}

/**
 * Where a square appears on screen: column 0–6 from the left, row 0–8 from the top.
 * @param {number} index
 * @param {boolean} flipped
 */
export function screenCell(index, flipped) {
  const file = index % FILE_COUNT;
  const rank = Math.floor(index / FILE_COUNT);
  return flipped
    ? { column: FILE_COUNT - 1 - file, row: rank }
    : { column: file, row: RANK_COUNT - 1 - rank };
}

/**
 * The square shown at a screen column and row, or -1 off the board.
 * @param {number} column
 * @param {number} row
 * @param {boolean} flipped
 */
export function squareAtCell(column, row, flipped) {
  if (column < 0 || column >= FILE_COUNT || row < 0 || row >= RANK_COUNT) return -1;
  const file = flipped ? FILE_COUNT - 1 - column : column;
  const rank = flipped ? row : RANK_COUNT - 1 - row;
  return file + FILE_COUNT * rank;
}

/**
 * The destinations of each square's piece by index, as board.js takes them, from
 * `movesFrom(square)` by square names (a snapshot's, the engine's JungleGame.movesFrom).
 * @param {(square: string) => readonly string[]} movesFrom
 * @returns {Map<number, number[]>}
 */
export function destinationsByIndex(movesFrom) {
  const dests = new Map();
  for (let i = 0; i < SQUARE_COUNT; i++) {
    const list = movesFrom(squareName(i));
    if (list.length) dests.set(i, list.map(squareIndex));
  }
  return dests;
}
