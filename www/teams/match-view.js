// A team match as the teams screen and the live embed show it: the two teams and the score,
// its state (and winner), and each board: the players, the home team's colour, the result
// from the home team's side, and a link to its game. Followed live through the server's event
// stream (src/server/teams/match_routes.rs).

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { resultText } from '../tournaments/tournament-view.js';

/**
 * @typedef {{id: string, name: string, captain: string | null, members: string[]}} Team
 * @typedef {{board: number, game_id: string, home: string, away: string, home_color: 'red' | 'blue', result: string | null}} Board
 * @typedef {{id: string, home: Team, away: Team, board_count: number, rules: string, clock: import('../server/online-client.js').ClockSpec,
 *   rated: boolean, starts_at: number | null, state: string, proposed_by: string, outcome: string | null, score: {home: number, away: number},
 *   line_ups_given: {home: boolean, away: boolean}, boards: Board[]}} TeamMatch
 */

/**
 * Points as a team match counts them: 2½, ½, 3.
 * @param {number} points
 */
export function pointsText(points) {
  const whole = Math.floor(points);
  if (points === whole) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

/**
 * "Lions 2½ – 1½ Tigers".
 * @param {TeamMatch} match
 */
export function scoreLine(match) {
  return `${match.home.name} ${pointsText(match.score.home)} – ${pointsText(match.score.away)} ${match.away.name}`;
}

/**
 * The match's state in words, with its winner once it is over.
 * @param {TeamMatch} match
 */
export function stateText(match) {
  const { outcome } = match;
  if (match.state !== 'finished' || !outcome) return t(`teams.state.${match.state}`);
  if (outcome === 'tie') return t('teams.outcome.tie');
  const team = outcome.startsWith('home') ? match.home.name : match.away.name;
  return t(outcome.endsWith('count-back') ? 'teams.outcome.countBack' : 'teams.outcome.won', { team });
}

/**
 * A board's result from the home team's side (1–0 for a home win), or nothing yet.
 * @param {Board} board
 */
function homeResult(board) {
  const text = resultText(board.result);
  return board.home_color === 'red' || !text.includes('–') ? text : text.split('–').reverse().join('–');
}

/**
 * The boards of `match` as a table; `link(board)` gives the link to its game (or null).
 * @param {TeamMatch} match
 * @param {(board: Board) => HTMLElement | null} link
 */
export function boardsTable(match, link) {
  const side = (/** @type {'red' | 'blue'} */ color) => el('span', { className: `team-color team-color-${color}` }, t(`Side.${color}`));
  const away = (/** @type {'red' | 'blue'} */ color) => (color === 'red' ? 'blue' : 'red');
  const rows = match.boards.map((board) => el('tr', { dataset: { board: String(board.board) } },
    el('td', {}, String(board.board)),
    el('td', {}, board.home, ' ', side(board.home_color)),
    el('td', {}, board.away, ' ', side(away(board.home_color))),
    el('td', { className: 'team-result' }, homeResult(board)),
    el('td', {}, link(board) ?? '')));
  const headers = [t('tournament.board'), match.home.name, match.away.name, t('tournament.result'), t('tournament.game')];
  return el('div', { className: 'team-boards-frame' },
    el('table', { className: 'tournament-table team-boards' },
      el('caption', {}, t('teams.boards')),
      el('thead', {}, el('tr', {}, headers.map((header) => el('th', { scope: 'col' }, header)))),
      el('tbody', {}, rows)));
}

/**
 * Follows match `id`: `shown` is called with it on connecting and after each change. Returns
 * the way to stop.
 * @param {string} id
 * @param {(match: TeamMatch) => void} shown
 */
export function followMatch(id, shown) {
  const source = new EventSource(new URL(`api/team-matches/${encodeURIComponent(id)}/events`, document.baseURI));
  source.addEventListener('message', (event) => shown(JSON.parse(event.data)));
  return () => source.close();
}
