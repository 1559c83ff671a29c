// When "Claim the win" is offered: exactly when the server grants it (the room's referee and
// `check_away` in src/server/connection/session.rs): the game is being played, the opponent is
// to move, and the opponent has had no connection for the server's claim time (`claim_after`,
// sent on subscribing). The server says how long each seat had been away with every whole game
// and every change of presence; the page counts on from when it heard it, which is never
// sooner than the server counts, so the claim is never offered and then refused.

/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {Record<Side, number | null>} AwaySince when (performance.now()) each seat's player was away from, null while connected */

/**
 * Since when each seat has been away, as of a message heard at `now` that says which are
 * `connected` and for how long they had been `away` (ms; missing: from now).
 * @param {Record<Side, boolean>} connected
 * @param {Partial<Record<Side, number>> | undefined} away
 * @param {number} now
 * @returns {AwaySince}
 */
export function awaySince(connected, away, now) {
  const since = (/** @type {Side} */ side) => (connected[side] ? null : now - (away?.[side] ?? 0));
  return { red: since('red'), blue: since('blue') };
}

/**
 * From when (performance.now()) the player on `seat` may claim the win, or null while they may
 * not (not playing, their own turn, an opponent connected, no claim time known).
 * @param {Pick<import('../server/online-client.js').GameView, 'status' | 'turn' | 'players'>} view
 * @param {Side | null} seat
 * @param {AwaySince} away
 * @param {number | null} claimAfter
 */
export function claimFrom(view, seat, away, claimAfter) {
  if (!seat || claimAfter === null || view.status !== 'playing' || view.turn === seat || !view.players[view.turn]) return null;
  const since = away[view.turn];
  return since === null ? null : since + claimAfter;
}
