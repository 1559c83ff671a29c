// Premoves: a move the person queues during the opponent's turn (against the computer or
// online), played at once when the turn comes if it is legal then, dropped otherwise. The rules
// of it, pure, for the game's owner (game-controller.js) and the page (app.js).

/** @typedef {import('./types.js').Snapshot} Snapshot */
/** @typedef {import('./types.js').Premove} Premove */
/** @typedef {import('./types.js').Side} Side */

/**
 * The side whose person may queue a premove in `snapshot`, or null: theirs while the
 * opponent (the computer, or the other seat online) is to move in a game that goes on, and
 * not in a puzzle, a review or the editor.
 * @param {Pick<Snapshot, 'outcome' | 'tool' | 'view' | 'puzzle' | 'settings' | 'online' | 'turn'>} snapshot
 * @returns {Side | null}
 */
export function premoveSide({ outcome, tool, view, puzzle, settings, online, turn }) {
  if (outcome || tool || view || puzzle) return null;
  const mine = online ? online.seat : settings.mode === 'computer' ? settings.side : null;
  return mine && mine !== turn ? mine : null;
}

/**
 * What becomes of `premove` once the opponent has played `entry` and the position is the one
 * with moves `legal` and outcome `over`: `play` it if it is legal now; else it is dropped,
 * with why: `taken` (its piece was taken), `over` (the game ended) or `illegal`.
 * @param {Premove} premove
 * @param {{legal: readonly string[], over: boolean, entry: {to: string}}} after
 * @returns {'play' | 'taken' | 'over' | 'illegal'}
 */
export function premoveFate(premove, { legal, over, entry }) {
  if (over) return 'over';
  if (legal.includes(premove.move)) return 'play';
  return entry.to === premove.from ? 'taken' : 'illegal';
}
