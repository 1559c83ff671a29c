// A clock as the page writes it: how a game is timed ("10 + 5", "3 days a move" or "No clock"),
// and a time left on it ("4:05", "9.4", "2 d 5 h", "5 h 12 min").

import { formatTime } from '../game/clock.js';
import { language, t } from '../page/i18n.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** @typedef {import('../server/online-client.js').ClockSpec} ClockSpec */
/** @typedef {(key: string, params: Record<string, number>) => string} Words */

/**
 * "10 + 5", "3 days a move" or "No clock".
 * @param {ClockSpec} clock
 */
export function clockText(clock) {
  return clockWords(clock, t);
}

/**
 * {@link clockText} with the words `words`.
 * @param {ClockSpec} clock
 * @param {Words} words
 */
export function clockWords(clock, words) {
  if (clock.kind === 'live') return words('online.clock.liveText', { m: +(clock.seconds / 60).toFixed(2), s: clock.increment });
  if (clock.kind === 'correspondence') {
    return clock.days === 1 ? words('online.clock.dayEach', {}) : words('online.clock.daysEach', { n: clock.days });
  }
  return words('online.clock.none', {});
}

/**
 * A clock's time in the page's language: "2 d 5 h" from a day on; under a day "5 h 12 min" on
 * a correspondence clock, "4:05" or "9.4" on a live one.
 * @param {number} ms
 * @param {boolean} [correspondence] whether the clock counts days a move
 */
export function timeText(ms, correspondence = false) {
  return timeWords(ms, correspondence, t, language());
}

/**
 * {@link timeText} with the words `words` of language `lang`.
 * @param {number} ms
 * @param {boolean} correspondence
 * @param {Words} words
 * @param {string} lang
 */
export function timeWords(ms, correspondence, words, lang) {
  if (ms >= DAY_MS) return words('online.daysHours', { d: Math.floor(ms / DAY_MS), h: Math.floor((ms % DAY_MS) / HOUR_MS) });
  if (!correspondence) return formatTime(ms, lang);
  return words('online.hoursMinutes', { h: Math.floor(ms / HOUR_MS), m: Math.floor((ms % HOUR_MS) / MINUTE_MS) });
}
