// What the sheets page (www/sheets.html) shows, worked out before it is drawn: its address read,
// a round's boards and byes, which standings the sheet can honestly call "after round n", and
// the numbered lines of a score sheet. Pure.

import { tournamentLink } from './tournament-link.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-tables.js').Pairing} Pairing
 */

/** The moves a score sheet has lines for: more than most games of Jungle take. */
export const SHEET_MOVES = 60;
/** The columns of numbered lines on a score sheet, side by side. */
export const SHEET_COLUMNS = 2;
/** A round's number in the address: from 1, three digits at most (a Swiss has 30 rounds at most). */
const ROUND = /^[1-9]\d{0,2}$/;

/**
 * What the sheets page's address `search` asks: the printed sheets of tournament `id`'s round
 * (null: the current one), or its pairings on the room's screen (`show=screen`); null when the
 * address names no tournament or a round that cannot be.
 * @param {string} search
 * @returns {{id: string, view: 'print', round: number | null} | {id: string, view: 'screen'} | null}
 */
export function sheetsLink(search) {
  const link = tournamentLink(search);
  if (link.view !== 'tournament') return null;
  const query = new URLSearchParams(search);
  if (query.get('show') === 'screen') return { id: link.id, view: 'screen' };
  const round = query.get('round');
  if (round === null) return { id: link.id, view: 'print', round: null };
  return ROUND.test(round) ? { id: link.id, view: 'print', round: Number(round) } : null;
}

/**
 * The boards of `round` by board number: the games, and the players with the bye.
 * @param {Tournament} tournament
 * @param {number} round
 */
export function roundBoards(tournament, round) {
  const boards = (tournament.pairings ?? []).filter((p) => p.round === round).sort((a, b) => a.board - b.board);
  return { games: boards.filter((p) => p.blue !== null), byes: boards.filter((p) => p.blue === null).map((p) => p.red) };
}

/**
 * The caption of the standings as they are: after round n when the results in are exactly those
 * of the rounds finished (`after`, n = 0: none played), else while round n is played (`during`:
 * some of its results count already).
 * @param {Tournament} tournament
 * @returns {{when: 'after' | 'during', round: number}}
 */
export function standingsMoment(tournament) {
  const finished = tournament.rounds_finished ?? 0;
  const counted = (tournament.pairings ?? []).some((p) => p.round > finished && p.blue !== null && p.result);
  return counted ? { when: 'during', round: finished + 1 } : { when: 'after', round: finished };
}

/**
 * The numbered lines of a score sheet: `moves` numbers in `columns` columns side by side, the
 * first column from 1 down, the next going on where it ends.
 * @param {number} [moves]
 * @param {number} [columns]
 * @returns {number[][]}
 */
export function moveColumns(moves = SHEET_MOVES, columns = SHEET_COLUMNS) {
  const rows = Math.ceil(moves / columns);
  return Array.from({ length: columns }, (_, column) => Array.from({ length: Math.min(rows, moves - column * rows) }, (__, row) => column * rows + row + 1))
    .filter((lines) => lines.length > 0);
}
