// Following a tournament or a leaderboard live: the server's event streams
// (src/server/tournaments/live.rs). The browser's EventSource comes back by itself after a lost
// connection, and the server then sends the whole state again.

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {{state: (tournament: Tournament) => void, roundStarted?: (round: number) => void, finished?: () => void}} TournamentListeners
 */

/**
 * A stream of the page's own server.
 * @param {string} path
 */
function open(path) {
  return new EventSource(new URL(path, document.baseURI));
}

/**
 * Follows tournament `id`: its state on connecting and after each change, and its new rounds
 * and end. Returns the way to stop.
 * @param {string} id
 * @param {TournamentListeners} listeners
 */
export function followTournament(id, { state, roundStarted, finished }) {
  const source = open(`api/tournaments/${encodeURIComponent(id)}/events`);
  source.addEventListener('message', (event) => state(JSON.parse(event.data)));
  source.addEventListener('round-started', (event) => roundStarted?.(JSON.parse(/** @type {MessageEvent} */ (event).data).round));
  source.addEventListener('tournament-finished', () => finished?.());
  return () => source.close();
}

/**
 * Follows the leaderboard of `rules`: on connecting and whenever ratings change. Returns the
 * way to stop.
 * @param {string} rules
 * @param {(board: {rules: string, rule_sets: string[], players: {name: string, rating: number, deviation: number, games: number, provisional: boolean}[]}) => void} shown
 */
export function followLeaderboard(rules, shown) {
  const source = open(`api/leaderboard/events?rules=${encodeURIComponent(rules)}`);
  source.addEventListener('message', (event) => shown(JSON.parse(event.data)));
  return () => source.close();
}
