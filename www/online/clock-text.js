// A clock as the page writes it: how a game is timed ("10 + 5", "3 days a move" or "No clock"),
// and a time left on it ("4:05", "9.4", "2 d 5 h").

import { formatTime } from '../game/clock.js';
import { language, t } from '../page/i18n.js';

const DAY_MS = 24 * 3600 * 1000;

/** @typedef {import('../server/online-client.js').ClockSpec} ClockSpec */

/**
 * "10 + 5", "3 days a move" or "No clock".
 * @param {ClockSpec} clock
 */
export function clockText(clock) {
  if (clock.kind === 'live') return t('online.clock.liveText', { m: +(clock.seconds / 60).toFixed(2), s: clock.increment });
  if (clock.kind === 'correspondence') return t('online.clock.daysEach', { n: clock.days });
  return t('online.clock.none');
}

/**
 * A clock's time: "4:05", "9.4", or "2 d 5 h" for a correspondence game's days.
 * @param {number} ms
 */
export function timeText(ms) {
  if (ms < DAY_MS) return formatTime(ms, language());
  return t('online.daysHours', { d: Math.floor(ms / DAY_MS), h: Math.floor((ms % DAY_MS) / 3_600_000) });
}
