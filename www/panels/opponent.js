// Whom the player plays, in words for the game panel: the computer at its level, a friend on
// this device, an online opponent with their rating, a puzzle. Read from the owner's snapshot.

import { ratingText } from '../account/ratings.js';
import { t } from '../page/i18n.js';

/** @typedef {import('../game/types.js').Snapshot} Snapshot */

/**
 * The online opponent of the seat in `online`, or the words while the seat waits for one.
 * @param {NonNullable<Snapshot['online']>} online
 */
function onlineOpponent({ seat, players }) {
  if (!seat) return t('opponent.spectator');
  const other = players[seat === 'red' ? 'blue' : 'red'];
  if (!other) return t('opponent.waiting');
  return other.rating
    ? t('opponent.memberRated', { name: other.name, rating: ratingText(other.rating) })
    : t('opponent.member', { name: other.name });
}

/**
 * "Against the computer · level 3", "Against a friend on this device", "Against Ann (1520)",
 * "Solving a puzzle"; null on the analysis board (nobody is played there).
 * @param {Snapshot} snapshot
 */
export function opponentText({ puzzle, analysis, online, settings }) {
  if (puzzle) return t('opponent.puzzle');
  if (analysis) return null;
  if (online) return onlineOpponent(online);
  if (settings.mode === 'computer') return t('opponent.computer', { level: settings.level });
  if (settings.mode === 'watch') return t('opponent.watch', { level: settings.level });
  return t('opponent.friend');
}
