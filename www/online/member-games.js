// The signed-in member's games open or in play on any device (GET api/me/games: those at their
// move first, the least time left first), as entries of "your games": a click plays the seat
// here by the member's session (MEMBER_SEAT), no token needed.

import { member } from '../account/member.js';
import { t } from '../page/i18n.js';
import { timeText } from './clock-text.js';
import { vacationText } from '../page/vacation-text.js';
import { MEMBER_SEAT, request } from '../server/online-client.js';

/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('../panels/your-games.js').GameEntry} GameEntry */

/**
 * A game as api/me/games lists it.
 * @typedef {object} MemberGame
 * @property {string} id
 * @property {'open' | 'playing'} status
 * @property {Side} color the member's side
 * @property {Side} turn
 * @property {boolean} your_move
 * @property {import('../server/online-client.js').ClockSpec} clock
 * @property {string} rules
 * @property {{name: string, rating: import('../server/online-client.js').Shown | null, vacation: number | null} | null} opponent
 * @property {Record<Side, number> | null} time_left
 */

/** The member's games, or none for a guest (or when the server cannot say now). */
export async function memberGames() {
  if (!member()) return [];
  try {
    /** @type {{games: MemberGame[]}} */
    const answer = await request('api/me/games');
    return answer.games;
  } catch {
    return [];
  }
}

/**
 * Game `game` as an entry; `open(id, seat)` goes there.
 * @param {MemberGame} game
 * @param {(id: string, token: string) => void} open
 * @returns {GameEntry}
 */
export function memberEntry(game, open) {
  const parts = game.status === 'open' ? [t('online.waiting')] : [t(`status.toMove.${game.turn}`)];
  if (game.status === 'playing' && game.time_left) {
    parts.push(t('yours.clock', { time: timeText(game.time_left[game.color], game.clock.kind === 'correspondence') }));
  }
  if (game.opponent?.vacation) parts.push(vacationText(game.opponent.vacation));
  return {
    id: game.id,
    title: game.opponent ? t('yours.against', { name: game.opponent.name }) : t('yours.online'),
    facts: parts.join(' · '),
    yourMove: game.your_move,
    action: t('online.play'),
    open: () => open(game.id, MEMBER_SEAT),
  };
}
