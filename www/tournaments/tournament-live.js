// Following a tournament or a leaderboard live: the server's event streams
// (src/server/tournaments/live.rs). The browser's EventSource comes back by itself after a lost
// connection, and the server then sends the whole state again.

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {{state: (tournament: Tournament) => void, roundStarted?: (round: number) => void, finished?: () => void}} TournamentListeners
 */

/**
 * A stream of the page's own server (whose game page is at `root`).
 * @param {string} path
 * @param {string} [root]
 */
function open(path, root = document.baseURI) {
  return new EventSource(new URL(path, root));
}

/**
 * Follows tournament `id`: its state on connecting and after each change, and its new rounds
 * and end. Returns the way to stop. `root`: the club's game page, for a page elsewhere (the
 * room's screen, www/sheets.html).
 * @param {string} id
 * @param {TournamentListeners} listeners
 * @param {string} [root]
 */
export function followTournament(id, { state, roundStarted, finished }, root) {
  const source = open(`api/tournaments/${encodeURIComponent(id)}/events`, root);
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
