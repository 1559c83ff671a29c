// The lobby's filters: games waiting for an opponent by rules (one of the presets), by clock
// category and by their creator's rating (a guest's game has none, so a rating range hides it).
// Kept on this device, so the lobby opens as it was left; the server does the filtering
// (api/lobby?rules=…&clock=…&min_rating=…).

import { CLOCK_CATEGORIES } from '../account/ratings.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';

const KEY = 'jungle.online.lobbyFilter';

/**
 * @typedef {{rules: string | null, clock: string, min: string, max: string}} Filter the rules
 * text of a preset (null: any rules), and '' where not set
 */
/** @typedef {{id: string, rules: string}} Preset */

/**
 * The filter kept on this device, its rules one of `presets`'.
 * @param {Preset[]} presets
 * @returns {Filter}
 */
function kept(presets) {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    const text = (/** @type {unknown} */ value) => (typeof value === 'string' ? value : '');
    const rules = presets.some((p) => p.rules === saved.rules) ? saved.rules : null;
    return { rules, clock: CLOCK_CATEGORIES.includes(saved.clock) ? saved.clock : '', min: text(saved.min), max: text(saved.max) };
  } catch {
    return { rules: null, clock: '', min: '', max: '' };
  }
}

/**
 * The query of the lobby for `filter`: `?rules=&clock=blitz&min_rating=1400` (an empty rules
 * text: the standard rules), or ''.
 * @param {Filter} filter
 */
export function lobbyQuery(filter) {
  const params = new URLSearchParams();
  if (filter.rules !== null) params.set('rules', filter.rules);
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
  /**
   * @param {Preset[]} presets the rule presets to choose among
   * @param {() => void} changed called after each change
   */
  constructor(presets, changed) {
    const filter = kept(presets);
    this.presets = presets;
    // The options' values are the presets' indexes: a rules text may be empty.
    this.rules = el('select', { id: 'lobby-rules' },
      el('option', { value: '' }, t('online.filter.anyRules')),
      presets.map((preset, index) => el('option', { value: String(index) }, t(`preset.${preset.id}`))));
    this.rules.value = filter.rules === null ? '' : String(presets.findIndex((p) => p.rules === filter.rules));
    this.clock = el('select', { id: 'lobby-clock' },
      el('option', { value: '' }, t('online.filter.anyClock')),
      CLOCK_CATEGORIES.map((category) => el('option', { value: category }, t(`category.${category}`))));
    this.clock.value = filter.clock;
    const rating = (/** @type {string} */ id, /** @type {string} */ value) =>
      el('input', { id, type: 'number', min: 0, max: 4000, step: 50, inputMode: 'numeric', value });
    this.min = rating('lobby-min-rating', filter.min);
    this.max = rating('lobby-max-rating', filter.max);
    this.element = el('fieldset', { id: 'lobby-filter', className: 'online-lobby-filter' },
      el('legend', {}, t('online.filter.legend')),
      el('label', {}, t('online.filter.rules'), ' ', this.rules),
      el('label', {}, t('online.filter.clock'), ' ', this.clock),
      el('label', {}, t('online.filter.minRating'), ' ', this.min),
      el('label', {}, t('online.filter.maxRating'), ' ', this.max));
    for (const field of [this.rules, this.clock, this.min, this.max]) {
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
    const rules = this.rules.value === '' ? null : this.presets[Number(this.rules.value)]?.rules ?? null;
    return { rules, clock: this.clock.value, min: this.min.value, max: this.max.value };
  }

  /** The lobby's address with the filter. */
  path() {
    return `api/lobby${lobbyQuery(this.filter())}`;
  }
}
