// The puzzle sets, fetched from the site's puzzle folder on first use and kept for the visit
// (a set that failed to load is fetched again when asked again).

import { PUZZLE_FOLDER, PUZZLE_SETS, parsePuzzles } from './puzzle-data.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */

export class PuzzleSets {
  constructor() {
    /** @type {Map<string, Promise<Puzzle[]>>} set id → its puzzles */
    this.sets = new Map();
  }

  /**
   * The puzzles of set `id` (an unknown id: the first set).
   * @param {string} id
   */
  load(id) {
    let loading = this.sets.get(id);
    if (!loading) {
      const set = PUZZLE_SETS.find((s) => s.id === id) ?? PUZZLE_SETS[0];
      loading = fetch(new URL(PUZZLE_FOLDER + set.file, document.baseURI))
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
          return response.text();
        })
        .then((text) => parsePuzzles(text, set.id));
      loading.catch(() => this.sets.delete(id));
      this.sets.set(id, loading);
    }
    return loading;
  }
}
