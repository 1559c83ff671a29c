// The words of the director's desk (director-desk.js), pure: who directs a tournament, the
// boards whose result a director may set and the results they may set, the question each
// action asks once, and a line of the tournament's log (GET api/tournaments/{id}/log, whose
// entries carry their detail's parts as `params` where the server knows its form) in the
// page's language.

import { hasText, language, t } from '../page/i18n.js';
import { nameOf, roundsPaired } from './tournament-tables.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-tables.js').Pairing} Pairing
 * @typedef {{at: number, by: string | null, action: string, detail: string, params?: Record<string, any> | null}} LogEntry
 * @typedef {{title: string, text: string, yes: string}} Question
 */

/** The results a director may set, as the server names them. */
export const RESULTS = ['red', 'blue', 'draw', 'red-forfeits', 'blue-forfeits', 'double-forfeit'];

/**
 * Whether the member `me` directs `tournament`: an admin, or the member the server names as its
 * director (its creator, where the club lets members make tournaments).
 * @param {Tournament} tournament
 * @param {{name: string, admin: boolean} | null} me
 */
export function directs(tournament, me) {
  return me !== null && (me.admin || (tournament.director != null && tournament.director === me.name));
}

/**
 * A result in words: "Red wins", "Draw", "Both forfeit".
 * @param {string} result
 */
export function resultWords(result) {
  return t(`tournament.desk.result.${result}`);
}

/**
 * The boards with a game (not a bye) of every round, the latest round first.
 * @param {Tournament} tournament
 */
export function adjustableBoards(tournament) {
  const rounds = roundsPaired(tournament);
  return (tournament.pairings ?? [])
    .filter((p) => p.blue !== null)
    .sort((a, b) => rounds.indexOf(a.round) - rounds.indexOf(b.round) || a.board - b.board);
}

/**
 * A board as the desk names it: "Round 2, board 1: Ann – Bob (Draw)".
 * @param {Tournament} tournament
 * @param {Pairing} pairing
 */
export function boardLabel(tournament, pairing) {
  const params = { round: pairing.round, board: pairing.board, redPlayer: nameOf(tournament, pairing.red), bluePlayer: nameOf(tournament, pairing.blue) };
  const label = t('tournament.desk.boardLabel', params);
  return pairing.result ? `${label} (${resultWords(pairing.result)})` : label;
}

/**
 * The question asked before setting `pairing`'s result to `result`.
 * @param {Tournament} tournament
 * @param {Pairing} pairing
 * @param {string} result
 * @returns {Question}
 */
export function adjustQuestion(tournament, pairing, result) {
  const params = { round: pairing.round, board: pairing.board, red: nameOf(tournament, pairing.red),
    blue: nameOf(tournament, pairing.blue), result: resultWords(result) };
  return { title: t('tournament.desk.adjustTitle'), text: t('tournament.desk.adjustText', params), yes: t('tournament.desk.adjustYes') };
}

/**
 * The question asked before removing player `name`.
 * @param {string} name
 * @returns {Question}
 */
export function removeQuestion(name) {
  return { title: t('tournament.desk.removeTitle', { name }), text: t('tournament.desk.removeText', { name }), yes: t('tournament.desk.removeYes', { name }) };
}

/**
 * The question asked before `change` (`pause`, `resume`, `end`, or `rounds`: pairing round
 * `round` now).
 * @param {'pause' | 'resume' | 'end' | 'rounds'} change
 * @param {number} [round]
 * @returns {Question}
 */
export function changeQuestion(change, round) {
  return { title: t(`tournament.desk.${change}Title`, { round }), text: t(`tournament.desk.${change}Text`, { round }), yes: t(`tournament.desk.${change}Yes`, { round }) };
}

/**
 * When a log entry was made, in the page's language.
 * @param {number} at ms since the Unix epoch
 */
export function whenText(at) {
  return new Intl.DateTimeFormat(language(), { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at));
}

/**
 * What a log entry says was done, in words: known actions with their parts, anything else as
 * the server wrote it.
 * @param {LogEntry} entry
 * @param {Tournament} tournament
 */
export function whatText(entry, tournament) {
  const params = entry.params ?? null;
  const key = `tournament.log.${entry.action.replace(/ /g, '-')}`;
  const asWritten = entry.detail ? `${entry.action}: ${entry.detail}` : entry.action;
  const name = (/** @type {number | null} */ number) => nameOf(tournament, number);
  switch (entry.action) {
    case 'created':
      return params && hasText(`tournament.format.${params.format}`) ? t(key, { format: t(`tournament.format.${params.format}`) }) : asWritten;
    case 'paired':
      return params ? t(key, { round: params.round }) : asWritten;
    case 'result':
      return params ? t(key, { round: params.round, board: params.board,
        from: params.from ? resultWords(params.from) : t('tournament.log.noResult'), to: resultWords(params.to) }) : asWritten;
    case 'ratings':
      if (params?.kept) return t('tournament.log.ratingsKept', { round: params.round, board: params.board });
      return params?.red && params.blue ? t(key, { round: params.round, board: params.board,
        red: params.red.name, redFrom: params.red.from, redTo: params.red.to,
        blue: params.blue.name, blueFrom: params.blue.from, blueTo: params.blue.to }) : asWritten;
    case 'removed':
      return params ? t(key, { name: name(params.player) }) : asWritten;
    case 'entered':
      return params ? t(key, { name: params.name }) : asWritten;
    case 'no-show': {
      if (!params) return asWritten;
      if (params.side === 'both') return t('tournament.log.noShowBoth');
      const board = (tournament.pairings ?? []).find((p) => p.game === params.game);
      return t(key, { name: board ? name(params.side === 'red' ? board.red : board.blue) : t(`Side.${params.side}`) });
    }
    case 'finished':
      if (params) return t(`tournament.log.finished.${params.reason}`);
      return entry.detail ? asWritten : t(key);
    default:
      return hasText(key) && !entry.detail ? t(key) : asWritten;
  }
}

/**
 * Who made a log entry: the member, or the server by itself.
 * @param {LogEntry} entry
 */
export function whoText(entry) {
  return entry.by ?? t('tournament.log.server');
}
