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
  CLOCK_PRESETS, DEFAULTS, ENTRANTS, FORMATS, LIMITS, limitText, problemOf, requestOf, valuesOf,
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
 * The fields of the form, holding `values`.
 * @param {FormValues} values
 */
function fieldsOf(values) {
  /** @type {[string, string][]} */
  const clocks = Object.entries(CLOCK_PRESETS).filter(([id]) => id !== 'none').map(([id, clock]) => [id, clockText(clock)]);
  clocks.push(['live', t('clock.custom')], ['days', t('online.clock.correspondence')], ['none', clockText(CLOCK_PRESETS.none)]);
  const rules = rulesChoice(values.rules);
  const points = (/** @type {number[]} */ choices) => choices.map((n) => /** @type {[string, string]} */ ([String(n), pointsText(n)]));
  return {
    name: field('tournament-name', t('tournament.name'), { maxLength: LIMITS.name, value: values.name, autocomplete: 'off' }),
    format: choice('tournament-format', t('tournament.format'), FORMATS.map((one) => [one, t(`tournament.format.${one}`)]), values.format),
    rounds: number('tournament-rounds', t('tournament.rounds'), values.rounds, { min: 1, max: LIMITS.rounds }),
    minutes: number('tournament-minutes', t('tournament.minutes'), values.minutes, { min: 1, max: LIMITS.minutes }),
    challenger: field('tournament-challenger', t('tournament.challenger'), { maxLength: 20, value: values.challenger, autocomplete: 'off' },
      t('tournament.challengerHint')),
    gamesEach: number('tournament-games-each', t('tournament.gamesEach'), values.gamesEach, { min: 1, max: LIMITS.gamesEach }),
    entrants: choice('tournament-entrants', t('tournament.entrants'), ENTRANTS.map((one) => [one, t(`tournament.entrants.${one}`)]), values.entrants),
    clock: choice('tournament-clock', t('tournament.clock'), clocks, values.clock),
    clockMinutes: number('tournament-clock-minutes', t('clock.minutes'), values.clockMinutes, { min: 0.5, max: LIMITS.clockSeconds / 60, step: 'any' }),
    increment: number('tournament-increment', t('clock.increment'), values.increment, { min: 0, max: LIMITS.increment }),
    days: number('tournament-days', t('online.clock.days'), values.days, { min: 1, max: LIMITS.days }),
    rules: { ...choice('tournament-rules', t('rules.preset'), rules.options, rules.value), rulesOf: rules.rulesOf },
    rated: el('input', { type: 'checkbox', id: 'tournament-rated', checked: values.rated }),
    overTheBoard: el('input', { type: 'checkbox', id: 'tournament-otb', checked: values.overTheBoard }),
    noShow: number('tournament-no-show', t('tournament.noShowMinutes'), values.noShowMinutes,
      { min: 0.5, max: LIMITS.noShowSeconds / 60, step: 0.5 }, t('tournament.noShowHint')),
    bye: choice('tournament-bye', t('tournament.byePoints'), points([0, 0.5, 1]), String(values.byePoints)),
    late: choice('tournament-late', t('tournament.latePoints'), points([0, 0.5]), String(values.lateEntryPoints)),
    startsAt: field('tournament-starts-at', t('tournament.startsAt'), { type: 'datetime-local', value: values.startsAt, required: false },
      t('tournament.startsAtHint')),
  };
}

/** @typedef {ReturnType<typeof fieldsOf>} Fields */

/**
 * What the fields hold.
 * @param {Fields} f
 * @returns {FormValues}
 */
function valuesIn(f) {
  return {
    name: f.name.input.value, format: /** @type {FormValues['format']} */ (f.format.input.value),
    rounds: Number(f.rounds.input.value), minutes: Number(f.minutes.input.value),
    challenger: f.challenger.input.value, gamesEach: Number(f.gamesEach.input.value),
    entrants: /** @type {FormValues['entrants']} */ (f.entrants.input.value),
    clock: f.clock.input.value, clockMinutes: Number(f.clockMinutes.input.value), increment: Number(f.increment.input.value),
    days: Number(f.days.input.value), rules: f.rules.rulesOf(f.rules.input.value), rated: f.rated.checked,
    overTheBoard: f.overTheBoard.checked,
    noShowMinutes: Number(f.noShow.input.value), byePoints: Number(f.bye.input.value),
    lateEntryPoints: Number(f.late.input.value), startsAt: f.startsAt.input.value,
  };
}

/**
 * The input of a setting, by the server's name of it (the clock's: its own minutes or days
 * when one's own), if the form has one.
 * @param {Fields} f
 * @param {string} key
 * @returns {HTMLElement | null}
 */
function inputOf(f, key) {
  if (key === 'clock') return { live: f.clockMinutes.input, days: f.days.input }[f.clock.input.value] ?? f.clock.input;
  const inputs = { name: f.name, format: f.format, rounds: f.rounds, minutes: f.minutes, challenger: f.challenger,
    games_each: f.gamesEach, entrants: f.entrants, rules: f.rules,
    no_show_seconds: f.noShow, bye_points: f.bye, late_entry_points: f.late, starts_at: f.startsAt };
  return inputs[/** @type {keyof typeof inputs} */ (key)]?.input ?? null;
}

/**
 * The rows of the fields, those the format and clock chosen do not use hidden, and kept so.
 * @param {Fields} f
 */
function rowsOf(f) {
  const ownClock = el('div', { className: 'tournament-clock-own' }, f.clockMinutes.row, f.increment.row);
  const overTheBoard = el('div', { className: 'tournament-check' }, f.overTheBoard, el('label', { htmlFor: 'tournament-otb' }, t('tournament.otbCheck')));
  const fit = () => {
    const format = f.format.input.value;
    // Over the board: no games on the server, so nobody is forfeited for not coming. Bots
    // play on the server only.
    overTheBoard.hidden = format === 'arena' || f.entrants.input.value !== 'members';
    f.noShow.row.hidden = !overTheBoard.hidden && f.overTheBoard.checked;
    f.rounds.row.hidden = format !== 'swiss';
    f.minutes.row.hidden = format !== 'arena';
    f.challenger.row.hidden = format !== 'gauntlet';
    f.gamesEach.row.hidden = format !== 'gauntlet';
    f.bye.row.hidden = format === 'arena' || format === 'gauntlet';
    f.late.row.hidden = format !== 'swiss' && format !== 'arena';
    ownClock.hidden = f.clock.input.value !== 'live';
    f.days.row.hidden = f.clock.input.value !== 'days';
  };
  f.format.input.addEventListener('change', fit);
  f.entrants.input.addEventListener('change', fit);
  f.clock.input.addEventListener('change', fit);
  f.overTheBoard.addEventListener('change', fit);
  fit();
  return [f.name.row, f.format.row, f.rounds.row, f.minutes.row, f.challenger.row, f.gamesEach.row, f.entrants.row, f.clock.row, ownClock, f.days.row, f.rules.row,
    el('div', { className: 'tournament-check' }, f.rated, el('label', { htmlFor: 'tournament-rated' }, t('tournament.rated'))),
    overTheBoard, f.noShow.row, f.bye.row, f.late.row, f.startsAt.row];
}

/**
 * The form of a new tournament (`tournament` null), or of `tournament`'s settings. `done` is
 * given the tournament as the server answers; `cancel`, when given, is a button's.
 * @param {{tournament: Tournament | null, done: (tournament: Tournament) => void, cancel?: () => void}} options
 * @returns {HTMLFormElement}
 */
export function tournamentForm({ tournament, done, cancel }) {
  const f = fieldsOf(tournament ? valuesOf(tournament) : DEFAULTS);
  const alert = el('p', { id: 'tournament-form-error', className: 'tool-error', role: 'alert' });
  /** Marks the field named (none: none) as the one wrong, and focuses it. */
  const mark = (/** @type {string | null} */ bad) => {
    for (const input of made.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    const input = bad === null ? null : inputOf(f, bad);
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
  const id = tournament ? 'tournament-edit' : 'tournament-create';
  const title = t(tournament ? 'tournament.editTitle' : 'tournament.create');
  const made = form(id, title, [alert, ...rowsOf(f)], t(tournament ? 'tournament.save' : 'tournament.createButton'), async () => {
    const chosen = valuesIn(f);
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
