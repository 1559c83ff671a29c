// A clock as the page writes it: "10 + 5", "3 days a move" or "No clock".

import { t } from '../page/i18n.js';

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
