// The form of a tournament's settings: a new one's (POST api/tournaments) or, before its start,
// a tournament's own, filled in (PATCH api/tournaments/{id}). Every setting the server takes;
// those the format does not use are hidden. Bad values are said next to the form, on the field
// (the server's refusals too, by the field they name), in the page's words.

import { el } from '../page/dom.js';
import { hasText, t } from '../page/i18n.js';
import { field, form } from '../page/forms.js';
import { askFor } from '../server/ask.js';
import { errorWords } from '../server/online-words.js';
import { rulePresets } from '../game/engine.js';
import { clockText } from '../online/clock-text.js';
import { summaryText } from '../tools/variants.js';
import { pointsText } from './tournament-tables.js';
import {
  CLOCK_PRESETS, DEFAULTS, FORMATS, LIMITS, limitText, problemOf, requestOf, valuesOf,
} from './tournament-settings.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-settings.js').FormValues} FormValues
 */

/**
 * A labelled select of `options` ([value, words]).
 * @param {string} id
 * @param {string} label
 * @param {[string, string][]} options
 * @param {string} value
 */
function choice(id, label, options, value) {
  const select = el('select', { id, name: id }, options.map(([one, words]) => el('option', { value: one }, words)));
  select.value = value;
  return { row: el('div', { className: 'account-field' }, el('label', { htmlFor: id }, label), select), input: select };
}

/**
 * A labelled number field.
 * @param {string} id
 * @param {string} label
 * @param {number} value
 * @param {{min: number, max: number, step?: number | 'any'}} range
 * @param {string} [hint]
 */
function number(id, label, value, { min, max, step = 1 }, hint) {
  return field(id, label, { type: 'number', min, max, step, value: String(value), inputMode: step === 1 ? 'numeric' : 'decimal' }, hint);
}

/**
 * The rules presets to choose from, and the rules of a tournament that are none of them.
 * @param {string} rules
 * @returns {{options: [string, string][], value: string, rulesOf: (value: string) => string}}
 */
function rulesChoice(rules) {
  /** @type {{id: string, rules: string}[]} */
  const presets = rulePresets();
  const own = presets.find((preset) => preset.rules === rules) ? null : rules;
  /** @type {[string, string][]} */
  const options = presets.map((preset) => [preset.id, t(`preset.${preset.id}`)]);
  if (own !== null) options.push(['custom', `${t('preset.custom')}: ${summaryText(own)}`]);
  return {
    options,
    value: own === null ? presets.find((preset) => preset.rules === rules)?.id ?? '' : 'custom',
    rulesOf: (value) => (value === 'custom' ? own ?? '' : presets.find((preset) => preset.id === value)?.rules ?? ''),
  };
}

/**
 * The form of a new tournament (`tournament` null), or of `tournament`'s settings. `done` is
 * given the tournament as the server answers; `cancel`, when given, is a button's.
 * @param {{tournament: Tournament | null, done: (tournament: Tournament) => void, cancel?: () => void}} options
 * @returns {HTMLFormElement}
 */
export function tournamentForm({ tournament, done, cancel }) {
  const values = tournament ? valuesOf(tournament) : DEFAULTS;
  const alert = el('p', { id: 'tournament-form-error', className: 'tool-error', role: 'alert' });
  const name = field('tournament-name', t('tournament.name'), { maxLength: LIMITS.name, value: values.name, autocomplete: 'off' });
  const format = choice('tournament-format', t('tournament.format'), FORMATS.map((one) => [one, t(`tournament.format.${one}`)]), values.format);
  const rounds = number('tournament-rounds', t('tournament.rounds'), values.rounds, { min: 1, max: LIMITS.rounds });
  const minutes = number('tournament-minutes', t('tournament.minutes'), values.minutes, { min: 1, max: LIMITS.minutes });
  /** @type {[string, string][]} */
  const clocks = Object.entries(CLOCK_PRESETS).filter(([id]) => id !== 'none').map(([id, clock]) => [id, clockText(clock)]);
  clocks.push(['live', t('clock.custom')], ['days', t('online.clock.correspondence')], ['none', clockText(CLOCK_PRESETS.none)]);
  const clock = choice('tournament-clock', t('tournament.clock'), clocks, values.clock);
  const clockMinutes = number('tournament-clock-minutes', t('clock.minutes'), values.clockMinutes, { min: 0.5, max: LIMITS.clockSeconds / 60, step: 'any' });
  const increment = number('tournament-increment', t('clock.increment'), values.increment, { min: 0, max: LIMITS.increment });
  const days = number('tournament-days', t('online.clock.days'), values.days, { min: 1, max: LIMITS.days });
  const ownClock = el('div', { className: 'tournament-clock-own' }, clockMinutes.row, increment.row);
  const rulesOf = rulesChoice(values.rules);
  const rules = choice('tournament-rules', t('rules.preset'), rulesOf.options, rulesOf.value);
  const rated = el('input', { type: 'checkbox', id: 'tournament-rated', checked: values.rated });
  const noShow = number('tournament-no-show', t('tournament.noShowMinutes'), values.noShowMinutes,
    { min: 0.5, max: LIMITS.noShowSeconds / 60, step: 0.5 }, t('tournament.noShowHint'));
  const bye = choice('tournament-bye', t('tournament.byePoints'), [0, 0.5, 1].map((n) => [String(n), pointsText(n)]), String(values.byePoints));
  const late = choice('tournament-late', t('tournament.latePoints'), [0, 0.5].map((n) => [String(n), pointsText(n)]), String(values.lateEntryPoints));
  const startsAt = field('tournament-starts-at', t('tournament.startsAt'), { type: 'datetime-local', value: values.startsAt, required: false },
    t('tournament.startsAtHint'));

  /** Shows the fields of the format and clock chosen, and only those. */
  const fit = () => {
    const roundRobin = format.input.value.endsWith('round-robin');
    rounds.row.hidden = format.input.value !== 'swiss';
    minutes.row.hidden = format.input.value !== 'arena';
    bye.row.hidden = format.input.value === 'arena';
    late.row.hidden = roundRobin;
    ownClock.hidden = clock.input.value !== 'live';
    days.row.hidden = clock.input.value !== 'days';
  };
  format.input.addEventListener('change', fit);
  clock.input.addEventListener('change', fit);
  fit();

  /**
   * The input of a setting, by the server's name of it (the clock's: its own minutes or days
   * when one's own).
   * @param {string} key
   */
  const inputOf = (key) => {
    if (key === 'clock') return { live: clockMinutes.input, days: days.input }[clock.input.value] ?? clock.input;
    const inputs = { name: name.input, format: format.input, rounds: rounds.input, minutes: minutes.input, rules: rules.input,
      no_show_seconds: noShow.input, bye_points: bye.input, late_entry_points: late.input, starts_at: startsAt.input };
    return inputs[/** @type {keyof typeof inputs} */ (key)] ?? null;
  };
  /**
   * Marks the field the server or the check named (none: none), and focuses it.
   * @param {string | null} bad
   */
  const mark = (bad) => {
    for (const input of made.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    const input = bad === null ? null : inputOf(bad);
    input?.setAttribute('aria-invalid', 'true');
    input?.focus();
  };
  const ask = askFor(alert, {
    words: (error) => {
      const refused = /** @type {{code?: unknown, params?: {field?: unknown}}} */ (error ?? {});
      const bad = refused.code === 'bad_field' && typeof refused.params?.field === 'string' ? refused.params.field : null;
      mark(bad);
      return bad && hasText(`tournament.limit.${bad}`) ? limitText(bad) : errorWords(error);
    },
  });

  /** @returns {FormValues} */
  const read = () => ({
    name: name.input.value, format: /** @type {FormValues['format']} */ (format.input.value),
    rounds: Number(rounds.input.value), minutes: Number(minutes.input.value),
    clock: clock.input.value, clockMinutes: Number(clockMinutes.input.value), increment: Number(increment.input.value),
    days: Number(days.input.value), rules: rulesOf.rulesOf(rules.input.value), rated: rated.checked,
    noShowMinutes: Number(noShow.input.value), byePoints: Number(bye.input.value),
    lateEntryPoints: Number(late.input.value), startsAt: startsAt.input.value,
  });

  const rows = [alert, name.row, format.row, rounds.row, minutes.row, clock.row, ownClock, days.row, rules.row,
    el('div', { className: 'tournament-check' }, rated, el('label', { htmlFor: 'tournament-rated' }, t('tournament.rated'))),
    noShow.row, bye.row, late.row, startsAt.row];
  const id = tournament ? 'tournament-edit' : 'tournament-create';
  const title = t(tournament ? 'tournament.editTitle' : 'tournament.create');
  const made = form(id, title, rows, t(tournament ? 'tournament.save' : 'tournament.createButton'), async () => {
    const chosen = read();
    const bad = problemOf(chosen, Date.now());
    mark(bad);
    if (bad) {
      alert.textContent = limitText(bad);
      return;
    }
    const answered = tournament
      ? await ask(`api/tournaments/${encodeURIComponent(tournament.id)}`, requestOf(chosen), 'PATCH')
      : await ask('api/tournaments', requestOf(chosen));
    if (answered) done(answered.answer);
  });
  made.noValidate = true; // the page says what is wrong, in its own words
  made.classList.add('tournament-form');
  if (cancel) {
    const submit = made.querySelector('button[type="submit"]');
    made.append(el('div', { className: 'tournament-actions' }, submit, el('button', { type: 'button', id: `${id}-cancel`, onclick: cancel }, t('tournament.cancel'))));
  }
  return made;
}
