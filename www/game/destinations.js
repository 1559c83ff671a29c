// The moves of a position by the square they start from, as the snapshots give them
// (movesFrom, premovesFrom): the engine lists moves like `a3a4`; a view asks for one square's.

/**
 * A function giving the destinations of the piece on a square, indexed on first use.
 * @param {string[]} legal
 * @returns {(square: string) => string[]}
 */
export function destinations(legal) {
  /** @type {Map<string, string[]> | null} */
  let index = null;
  return (square) => {
    if (!index) {
      index = new Map();
      for (const move of legal) {
        const from = move.slice(0, 2);
        const list = index.get(from) ?? [];
        list.push(move.slice(2));
        index.set(from, list);
      }
      for (const list of index.values()) Object.freeze(list);
    }
    return index.get(square) ?? [];
  };
}
