// A moment as the page's language writes a date and time: "12 Mar 2025, 19:30".

import { language } from './i18n.js';

/**
 * `ms` since the epoch as a date and time in the page's language and this device's time zone.
 * @param {number} ms
 */
export function dateTimeText(ms) {
  return new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}
