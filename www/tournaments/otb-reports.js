// Results reported by the players of an over-the-board tournament: what a player's "I won",
// "Draw" or "I lost" reports (as the server takes it: the winning side, or a draw), and what
// the report panel shows for a board, from the tournament as GET api/tournaments/{id} gives it
// (each board without a result carries what each player reported). Pure.

import { currentBoards, nameOf } from './tournament-tables.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-tables.js').Pairing} Pairing
 * @typedef {import('./tournament-link.js').BoardRef} BoardRef
 * @typedef {'red' | 'blue' | 'draw'} Reported a result as the server takes a report
 * @typedef {'won' | 'draw' | 'lost'} Choice a result in the player's own terms
 * @typedef {'open' | 'theirs' | 'waiting' | 'disputed'} ReportState the board's reports, seen by one of its players:
 *   none from them yet (`theirs`: the opponent's is in), theirs awaited, or the two differ
 */

/** The choices of the panel's buttons, in their order. */
export const CHOICES = /** @type {const} */ (['won', 'draw', 'lost']);

/**
 * The result that the player of `side` reports by `choice`.
 * @param {Choice} choice
 * @param {'red' | 'blue'} side
 * @returns {Reported}
 */
export function reportedResult(choice, side) {
  if (choice === 'draw') return 'draw';
  const other = side === 'red' ? 'blue' : 'red';
  return choice === 'won' ? side : other;
}

/**
 * The choice of the player of `side` that reported `reported` (null: none yet).
 * @param {Reported | null | undefined} reported
 * @param {'red' | 'blue'} side
 * @returns {Choice | null}
 */
export function choiceOf(reported, side) {
  if (reported === 'draw') return 'draw';
  if (reported === 'red' || reported === 'blue') return reported === side ? 'won' : 'lost';
  return null;
}

/**
 * The reports of board `pairing` as its player of `side` sees them.
 * @param {Pairing} pairing
 * @param {'red' | 'blue'} side
 * @returns {ReportState}
 */
export function reportState(pairing, side) {
  const mine = pairing.reports?.[side] ?? null;
  const theirs = pairing.reports?.[side === 'red' ? 'blue' : 'red'] ?? null;
  if (mine === null) return theirs === null ? 'open' : 'theirs';
  if (theirs === null) return 'waiting';
  // Two equal reports enter the result: the server then shows the result, not the reports.
  return mine === theirs ? 'waiting' : 'disputed';
}

/**
 * What the report panel shows for the member called `name` (null: not signed in): the board
 * the address `asked` for, else the member's own board of the current round while its result
 * is not in; null when there is nothing to report.
 * - `online`: the tournament is played on the server; `unknown`: it has no such board (or it
 *   is a bye); `closed`: the board's result is in (`result`), or its round is over;
 * - `sign-in`: only its players report, signed in; `not-yours`: the member is not one of them;
 * - `player`: the member plays on it, as `side`, against `opponent`, the reports in `state`.
 * @param {Tournament} tournament
 * @param {string | null} name
 * @param {BoardRef | null} asked
 * @returns {null | {kind: 'online'} | {kind: 'unknown'}
 *   | {kind: 'closed', pairing: Pairing} | {kind: 'sign-in', pairing: Pairing} | {kind: 'not-yours', pairing: Pairing}
 *   | {kind: 'player', pairing: Pairing, side: 'red' | 'blue', opponent: string, state: ReportState, mine: Choice | null}}
 */
export function reportView(tournament, name, asked) {
  const me = tournament.players?.find((p) => p.name === name) ?? null;
  if (!tournament.over_the_board) return asked ? { kind: 'online' } : null;
  const pairing = asked
    ? (tournament.pairings ?? []).find((p) => p.round === asked.round && p.board === asked.board)
    : currentBoards(tournament).find((p) => me !== null && p.blue !== null && !p.result && (p.red === me.number || p.blue === me.number));
  if (!pairing || pairing.blue === null) return asked ? { kind: 'unknown' } : null;
  if (pairing.result || pairing.round !== tournament.round || tournament.state !== 'running') return { kind: 'closed', pairing };
  if (name === null) return { kind: 'sign-in', pairing };
  const side = me?.number === pairing.red ? 'red' : me?.number === pairing.blue ? 'blue' : null;
  if (side === null) return { kind: 'not-yours', pairing };
  const opponent = nameOf(tournament, side === 'red' ? pairing.blue : pairing.red);
  return { kind: 'player', pairing, side, opponent, state: reportState(pairing, side), mine: choiceOf(pairing.reports?.[side], side) };
}
