// What the page's address asks of tournaments: `?tournaments=1` the list, `?tournament=<id>` a
// tournament, and in an embedded page (`embed=1`) `tournament=<id>` its live standings alone or
// `leaderboard=<rules>` the club's rating list. Pure: read from the query's text alone.

/** The shape of a tournament id (the server's ids: src/server/game/token.rs). */
const TOURNAMENT_ID = /^[a-km-np-z2-9]{12}$/;
/** The longest rules text a leaderboard link may name (the server's limit, MAX_RULES_BYTES). */
const MAX_RULES = 512;

/**
 * What the address asks for; `bad` names a parameter whose value cannot be right.
 * @typedef {{view: 'none' | 'list', embed: boolean}
 *   | {view: 'tournament', id: string, embed: boolean}
 *   | {view: 'leaderboard', rules: string, embed: boolean}
 *   | {view: 'bad', param: 'tournament' | 'leaderboard', embed: boolean}} TournamentLink
 */

/**
 * Reads the query `search` (`?a=b&…`).
 * @param {string} search
 * @returns {TournamentLink}
 */
export function tournamentLink(search) {
  const query = new URLSearchParams(search);
  const embed = query.get('embed') === '1';
  const id = query.get('tournament');
  if (id !== null) return TOURNAMENT_ID.test(id) ? { view: 'tournament', id, embed } : { view: 'bad', param: 'tournament', embed };
  const rules = query.get('leaderboard');
  if (embed && rules !== null) {
    return rules.length <= MAX_RULES ? { view: 'leaderboard', rules, embed } : { view: 'bad', param: 'leaderboard', embed };
  }
  return { view: query.get('tournaments') === '1' ? 'list' : 'none', embed };
}

/**
 * The address `href` showing `view` (a tournament's id, the list, or nothing).
 * @param {string} href
 * @param {string | 'list' | null} view
 */
export function tournamentAddress(href, view) {
  const url = new URL(href);
  url.searchParams.delete('tournament');
  url.searchParams.delete('tournaments');
  if (view === 'list') url.searchParams.set('tournaments', '1');
  else if (view) url.searchParams.set('tournament', view);
  return url.href;
}
