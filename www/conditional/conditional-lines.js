// A seat's conditional moves on the server (api/games/{id}/conditional): lines of moves
// `[their move, my answer, …]` the server plays the answers of when their moves come. The seat
// is the one of the token this page holds, or the signed-in member's (MEMBER_SEAT: the cookie
// says who). The lines are kept whole: a new line replaces those it goes on from.

import { MEMBER_SEAT, request } from '../server/online-client.js';

/**
 * The lines the server keeps, and the ply of the opponent's move they answer.
 * @typedef {{ply: number, lines: string[][]}} Kept
 */

/**
 * The headers that name the seat of `token`.
 * @param {string} token
 * @returns {Record<string, string>}
 */
function seatHeaders(token) {
  return token === MEMBER_SEAT ? {} : { 'x-seat-token': token };
}

/**
 * The conditional moves of the seat of `token` in game `id`.
 * @param {string} id
 * @param {string} token
 * @returns {Promise<Kept>}
 */
export function loadLines(id, token) {
  return request(`api/games/${id}/conditional`, undefined, 'GET', seatHeaders(token));
}

/**
 * Leaves `lines` (all of them: they replace those kept) for the seat of `token` in game `id`;
 * the server's refusal (an illegal move, two answers to one move…) is thrown.
 * @param {string} id
 * @param {string} token
 * @param {string[][]} lines
 * @returns {Promise<Kept>}
 */
export function saveLines(id, token, lines) {
  return request(`api/games/${id}/conditional`, { lines }, 'PUT', seatHeaders(token));
}

/**
 * `lines` with `line` added: the lines it goes on from (its beginnings) give way to it, and it
 * is not added if a line goes on from it already.
 * @param {string[][]} lines
 * @param {string[]} line
 */
export function withLine(lines, line) {
  const begins = (/** @type {string[]} */ long, /** @type {string[]} */ short) => short.every((move, i) => long[i] === move);
  if (lines.some((kept) => begins(kept, line))) return lines;
  return [...lines.filter((kept) => !begins(line, kept)), line];
}

/**
 * The moves of the planning board after the game's `ply` moves, as a line: an even number,
 * each move of the opponent with its answer (a last move without an answer is left out).
 * @param {string[]} planned the planning board's moves from the game's start
 * @param {number} ply
 */
export function plannedLine(planned, ply) {
  const line = planned.slice(ply);
  return line.slice(0, line.length - (line.length % 2));
}

/**
 * The move of `seat` played by its conditional lines, if the game's `moves` went as one of the
 * `kept` lines foresaw from its ply (the opponent's move, then the answer): that answer.
 * @param {Kept} kept
 * @param {string[]} moves
 * @returns {string | null}
 */
export function answerPlayed(kept, moves) {
  const line = kept.lines.find((l) => moves[kept.ply] === l[0] && moves[kept.ply + 1] === l[1]);
  return line ? line[1] : null;
}
