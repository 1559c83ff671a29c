// While an online game goes on, the engine helps neither of its players: no hint, no
// evaluation, no review (each would be the computer playing for them). Spectators and finished
// games keep every aid.

/**
 * Whether the page must not lend the engine to the player of `snapshot` now.
 * @param {import('./types.js').Snapshot} snapshot
 */
export function engineBarred(snapshot) {
  return Boolean(snapshot.online?.seat) && !snapshot.outcome;
}
