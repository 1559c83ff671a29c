// The shapes of a cup as the server shows it (src/server/cups/shown.rs), and what the pages
// work out of it: players by seed, a round's name, the member's own match.

/**
 * @typedef {{seed: number | null, name: string, rating: number, withdrawn: boolean}} CupPlayer
 * @typedef {{number: number, game_id: string, red: 'top' | 'bottom', tie_break: boolean, result: string | null}} CupGame
 * @typedef {{round: number, slot: number, top: number, bottom: number | null, winner: number | null,
 *   decided_by: string | null, deadline: number, score: {top: number, bottom: number}, tie_break: boolean,
 *   next_red: 'top' | 'bottom' | null, games: CupGame[]}} CupMatch
 * @typedef {import('../server/online-client.js').ClockSpec} Clock
 * @typedef {{id: string, name: string, rules: string, rated: boolean, state: 'registering' | 'running' | 'finished',
 *   clock: Clock | null, tie_break_clock: Clock | null, games: number, tie_break: 'extra-games' | 'armageddon',
 *   round_hours: number, winner: number | null, director: string | null, players: CupPlayer[], round: number, rounds: number,
 *   matches: CupMatch[], placing: {winner: number, runner_up: number, semi_finalists: number[]} | null}} Cup
 * @typedef {Omit<Cup, 'players' | 'round' | 'rounds' | 'matches' | 'placing' | 'director'> & {players: number}} ListedCup
 */

import { t } from '../page/i18n.js';

/**
 * The name of the player of `seed` in `cup` ('' for none).
 * @param {Cup} cup
 * @param {number | null} seed
 */
export function nameOf(cup, seed) {
  return cup.players.find((p) => p.seed === seed)?.name ?? '';
}

/**
 * A round's name: the final, the semi-finals, the quarter-finals, else its number.
 * @param {number} round
 * @param {number} rounds
 */
export function roundName(round, rounds) {
  const left = rounds - round;
  if (left === 0) return t('cup.final');
  if (left === 1) return t('cup.semiFinals');
  if (left === 2) return t('cup.quarterFinals');
  return t('cup.round', { round });
}

/**
 * The match of the member called `name` still to play in `cup`, with their side, if any.
 * @param {Cup} cup
 * @param {string | null} name
 * @returns {{match: CupMatch, side: 'top' | 'bottom'} | null}
 */
export function myMatch(cup, name) {
  const seed = cup.players.find((p) => p.name === name)?.seed ?? null;
  if (seed === null) return null;
  const match = cup.matches.find((m) => m.winner === null && m.bottom !== null && (m.top === seed || m.bottom === seed));
  return match ? { match, side: match.top === seed ? 'top' : 'bottom' } : null;
}

/**
 * The state line of `cup`.
 * @param {Cup | ListedCup} cup
 */
export function cupStatus(cup) {
  return t(`cup.state.${cup.state}`);
}

/**
 * Whether the member `me` directs `cup`: an admin, or the member the server names its director.
 * @param {Cup} cup
 * @param {{name: string, admin: boolean} | null} me
 */
export function directsCup(cup, me) {
  return me !== null && (me.admin || (cup.director !== null && cup.director === me.name));
}
