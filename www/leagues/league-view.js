// A league as its screen and its embed show it, pure of requests: the state line, each
// division's standings (who goes up or down as things stand, who withdrew) and a member's
// pairings with their windows.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { timeText } from '../online/clock-text.js';
import { pointsText } from '../tournaments/tournament-tables.js';
import { resultWords } from '../tournaments/desk-words.js';

/**
 * @typedef {{rank: number, name: string, points: number, tie_breaks: number[], withdrawn: boolean, move: 'up' | 'down' | null}} Line
 * @typedef {{division: number, players: {name: string, rating: number, seed: number, withdrawn: boolean}[], standings: Line[], annulled: string[]}} Division
 * @typedef {{division: number, round: number, board: number, red: string, blue: string, opens_at: number, deadline: number, started_by: string | null, game: string | null, result: string | null}} LeaguePairing
 * @typedef {{id: string, name: string, state: 'open' | 'drafted' | 'running' | 'over', season: number, division_size: number, promote: number, relegate: number, round_days: number, clock: unknown, rated: boolean, director?: string | null, now?: number, members?: string[], divisions?: Division[], pairings?: LeaguePairing[]}} League
 */

/**
 * The league's state in words: "Season 2 being played".
 * @param {League} league
 */
export function stateText(league) {
  return t(`league.state.${league.state}`, { season: league.season });
}

/**
 * A division's standings as a table.
 * @param {Division} division
 */
export function standingsTable(division) {
  const move = (/** @type {Line} */ line) => {
    if (line.withdrawn) return t('league.withdrew');
    if (line.move === 'up') return t('league.up');
    if (line.move === 'down') return t('league.down');
    return '';
  };
  const rows = division.standings.map((line) => el('tr', { className: line.move ? `league-${line.move}` : null },
    el('td', {}, String(line.rank)), el('th', { scope: 'row' }, line.name),
    el('td', {}, pointsText(line.points)), el('td', {}, pointsText(line.tie_breaks[0] ?? 0)), el('td', {}, move(line))));
  const title = t('league.division', { n: division.division });
  return el('section', { className: 'league-division', 'aria-labelledby': `league-division-${division.division}` },
    el('h4', { id: `league-division-${division.division}` }, title),
    el('table', { className: 'league-table' },
      el('thead', {}, el('tr', {}, ['#', t('tournament.player'), t('tournament.points'), t('league.sb'), ''].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows)),
    division.annulled.length ? el('p', { className: 'league-note' }, t('league.annulled', { names: division.annulled.join(', ') })) : null);
}

/**
 * Where pairing `p` stands at `now`: its result, or when it opens or its deadline.
 * @param {LeaguePairing} p
 * @param {number} now
 */
export function pairingStatus(p, now) {
  if (p.result) return resultWords(p.result);
  if (now < p.opens_at) return t('league.opens', { time: timeText(p.opens_at - now, true) });
  return t('league.deadline', { time: timeText(Math.max(0, p.deadline - now), true) });
}

/**
 * The pairings of member `name`, in round order.
 * @param {League} league
 * @param {string} name
 */
export function pairingsOf(league, name) {
  return (league.pairings ?? []).filter((p) => p.red === name || p.blue === name);
}
