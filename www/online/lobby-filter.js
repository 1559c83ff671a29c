// The lobby's filters: games waiting for an opponent by clock category and by their creator's
// rating (a guest's game has none, so a rating range hides it). Kept on this device, so the
// lobby opens as it was left; the server does the filtering (api/lobby?clock=…&min_rating=…).

import { CATEGORIES } from '../account/ratings.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';

const KEY = 'jungle.online.lobbyFilter';

/** @typedef {{clock: string, min: string, max: string}} Filter '' where not set */

/** The filter kept on this device. @returns {Filter} */
function kept() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    const text = (/** @type {unknown} */ value) => (typeof value === 'string' ? value : '');
    return { clock: CATEGORIES.includes(saved.clock) ? saved.clock : '', min: text(saved.min), max: text(saved.max) };
  } catch {
    return { clock: '', min: '', max: '' };
  }
}

/**
 * The query of the lobby for `filter`: `?clock=blitz&min_rating=1400`, or ''.
 * @param {Filter} filter
 */
export function lobbyQuery(filter) {
  const params = new URLSearchParams();
  if (filter.clock) params.set('clock', filter.clock);
  const rating = (/** @type {string} */ text) => /^\d{1,4}$/.test(text.trim()) ? String(Number(text)) : null;
  const min = rating(filter.min);
  const max = rating(filter.max);
  if (min !== null) params.set('min_rating', min);
  if (max !== null) params.set('max_rating', max);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export class LobbyFilter {
  /** @param {() => void} changed called after each change */
  constructor(changed) {
    const filter = kept();
    this.clock = el('select', { id: 'lobby-clock' },
      el('option', { value: '' }, t('online.filter.anyClock')),
      CATEGORIES.map((category) => el('option', { value: category }, t(`category.${category}`))));
    this.clock.value = filter.clock;
    const rating = (/** @type {string} */ id, /** @type {string} */ value) =>
      el('input', { id, type: 'number', min: 0, max: 4000, step: 50, inputMode: 'numeric', value });
    this.min = rating('lobby-min-rating', filter.min);
    this.max = rating('lobby-max-rating', filter.max);
    this.element = el('fieldset', { id: 'lobby-filter', className: 'online-lobby-filter' },
      el('legend', {}, t('online.filter.legend')),
      el('label', {}, t('online.filter.clock'), ' ', this.clock),
      el('label', {}, t('online.filter.minRating'), ' ', this.min),
      el('label', {}, t('online.filter.maxRating'), ' ', this.max));
    for (const field of [this.clock, this.min, this.max]) {
      field.addEventListener('change', () => {
        try {
          localStorage.setItem(KEY, JSON.stringify(this.filter()));
        } catch {
          // Not kept: the filter lasts while the page is open.
        }
        changed();
      });
    }
  }

  /** The filter as set now. @returns {Filter} */
  filter() {
    return { clock: this.clock.value, min: this.min.value, max: this.max.value };
  }

  /** The lobby's address with the filter. */
  path() {
    return `api/lobby${lobbyQuery(this.filter())}`;
  }
}
