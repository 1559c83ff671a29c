// What the page's address asks of tournaments: `?tournaments=1` the list, `?tournament=<id>` a
// tournament (with `report=<round>-<board>`: the panel where the players of that board of an
// over-the-board tournament report its result), and in an embedded page (`embed=1`)
// `tournament=<id>` its live standings alone or `leaderboard=<rules>` the club's rating list.
// Pure: read from the query's text alone.

/** The shape of a tournament id (the server's ids: src/server/game/token.rs). */
const TOURNAMENT_ID = /^[a-km-np-z2-9]{12}$/;
/** The longest rules text a leaderboard link may name (the server's limit, MAX_RULES_BYTES). */
const MAX_RULES = 512;
/** A board to report: `<round>-<board>`, each a number from 1, of 3 and 4 digits at most (a Swiss has 30 rounds at most). */
const REPORT = /^([1-9]\d{0,2})-([1-9]\d{0,3})$/;

/**
 * A board of a tournament's round.
 * @typedef {{round: number, board: number}} BoardRef
 */

/**
 * What the address asks for; `bad` names a parameter whose value cannot be right.
 * @typedef {{view: 'none' | 'list', embed: boolean}
 *   | {view: 'tournament', id: string, embed: boolean, report?: BoardRef}
 *   | {view: 'leaderboard', rules: string, embed: boolean}
 *   | {view: 'bad', param: 'tournament' | 'leaderboard' | 'report', embed: boolean}} TournamentLink
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
  if (id !== null) {
    if (!TOURNAMENT_ID.test(id)) return { view: 'bad', param: 'tournament', embed };
    const report = query.get('report');
    if (report === null) return { view: 'tournament', id, embed };
    const board = REPORT.exec(report);
    return board ? { view: 'tournament', id, embed, report: { round: Number(board[1]), board: Number(board[2]) } }
      : { view: 'bad', param: 'report', embed };
  }
  const rules = query.get('leaderboard');
  if (embed && rules !== null) {
    return rules.length <= MAX_RULES ? { view: 'leaderboard', rules, embed } : { view: 'bad', param: 'leaderboard', embed };
  }
  return { view: query.get('tournaments') === '1' ? 'list' : 'none', embed };
}

/**
 * The address `href` showing `view` (a tournament's id, the list, or nothing), and with a
 * tournament the board `report` whose result is to report.
 * @param {string} href
 * @param {string | 'list' | null} view
 * @param {BoardRef | null} [report]
 */
export function tournamentAddress(href, view, report = null) {
  const url = new URL(href);
  url.searchParams.delete('tournament');
  url.searchParams.delete('tournaments');
  url.searchParams.delete('report');
  if (view === 'list') url.searchParams.set('tournaments', '1');
  else if (view) url.searchParams.set('tournament', view);
  if (view && view !== 'list' && report) url.searchParams.set('report', `${report.round}-${report.board}`);
  return url.href;
}

/**
 * The address where the players of `board` report its result (`tournament=<id>&report=<round>-<board>`)
 * on the club whose game page is at `root` (its folder, as a phone opens it from a QR code: short,
 * and in the phone's own language).
 * @param {string} root
 * @param {string} id
 * @param {BoardRef} board
 */
export function reportAddress(root, id, { round, board }) {
  const url = new URL(root);
  url.search = '';
  url.hash = '';
  url.searchParams.set('tournament', id);
  url.searchParams.set('report', `${round}-${board}`);
  return url.href;
}
