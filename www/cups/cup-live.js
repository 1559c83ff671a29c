// Following a cup live: the server's event stream (src/server/cups/live.rs), as a
// tournament's. The browser's EventSource comes back by itself after a lost connection.

/**
 * @typedef {import('./cup-types.js').Cup} Cup
 * @typedef {{state: (cup: Cup) => void, roundStarted?: (round: number) => void, finished?: () => void}} CupListeners
 */

/**
 * Follows cup `id`: its state on connecting and after each change, and its new rounds and end.
 * Returns the way to stop.
 * @param {string} id
 * @param {CupListeners} listeners
 */
export function followCup(id, { state, roundStarted, finished }) {
  const source = new EventSource(new URL(`api/cups/${encodeURIComponent(id)}/events`, document.baseURI));
  source.addEventListener('message', (event) => state(JSON.parse(event.data)));
  source.addEventListener('round-started', (event) => roundStarted?.(JSON.parse(/** @type {MessageEvent} */ (event).data).round));
  source.addEventListener('tournament-finished', () => finished?.());
  return () => source.close();
}
