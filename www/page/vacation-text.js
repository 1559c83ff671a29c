// "On vacation until 12 Mar 2026, 19:30": a member whose correspondence clocks stand until then.

import { dateTimeText } from './date-text.js';
import { t } from './i18n.js';

/**
 * The words for a vacation ending at `until` (ms since the epoch).
 * @param {number} until
 */
export function vacationText(until) {
  return t('online.vacationUntil', { date: dateTimeText(until) });
}
