// What the end banner offers once a game is over, from the owner's snapshot: against the
// computer a review, a rematch and the next level down and up; by two people a review and a
// rematch; online a review, the way back to the lobby (a tournament's game: the way back to
// the tournament, tournament-game.js) and a new game; a puzzle, none (the puzzle has its own).

/** @typedef {import('../game/types.js').Snapshot} Snapshot */

/** The computer's levels. */
export const LEVELS = { lowest: 1, highest: 8 };

/**
 * What the banner offers: a level is the one a button starts (null: no such button).
 * @typedef {object} Offers
 * @property {boolean} review
 * @property {boolean} rematch
 * @property {number | null} levelDown
 * @property {number | null} levelUp
 * @property {boolean} lobby
 * @property {boolean} newGame
 */

/**
 * The offers after the game of `snapshot`; `ways` says what the page can do (a review once the
 * aids are in, the lobby on a game server).
 * @param {Snapshot} snapshot
 * @param {{review: boolean, lobby: boolean}} ways
 * @returns {Offers}
 */
export function afterGame({ puzzle, analysis, online, settings }, ways) {
  const none = { review: false, rematch: false, levelDown: null, levelUp: null, lobby: false, newGame: false };
  if (puzzle) return none;
  if (analysis) return { ...none, newGame: true };
  if (online) {
    const lobby = ways.lobby && !online.tournament;
    return { ...none, review: ways.review, lobby, newGame: !online.tournament };
  }
  const { mode, level } = settings;
  const computer = mode === 'computer';
  return {
    ...none,
    review: ways.review,
    rematch: true,
    levelDown: computer && level > LEVELS.lowest ? level - 1 : null,
    levelUp: computer && level < LEVELS.highest ? level + 1 : null,
  };
}
