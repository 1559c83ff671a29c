// A tournament's settings as the page handles them: the form's values and defaults, the clock
// presets, the request they make (POST api/tournaments, PATCH api/tournaments/{id}), what is
// wrong with them (the server's limits, src/server/tournaments/settings.rs: a Rust test reads
// LIMITS here), and the settings as one reads them (format, length, a gauntlet's challenger
// and games, who may enter when bots may, clock, rules, rated, no-show time, bye and late-entry points,
// start time). Pure but for the page's words (the
// rules' are the engine's, and so handed in).

import { language, t } from '../page/i18n.js';
import { clockText } from '../online/clock-text.js';
import { dateTimeText } from '../page/date-text.js';
import { pointsText } from './tournament-tables.js';

/** @typedef {import('../server/online-client.js').ClockSpec} ClockSpec */
/** @typedef {import('./tournament-tables.js').Tournament} Tournament */

/**
 * The server's limits (src/server/tournaments/settings.rs and game/clock.rs).
 */
export const LIMITS = Object.freeze({
  name: 60, // characters
  rounds: 30, // of a Swiss
  minutes: 1440, // of an arena
  noShowSeconds: 3600,
  clockSeconds: 10800, // a side's time on a live clock
  increment: 180, // seconds a move
  days: 30, // a move, by correspondence
  gamesEach: 20, // of a gauntlet's challenger against each
});

/** The formats, as the server names them. */
export const FORMATS = /** @type {const} */ (['swiss', 'round-robin', 'double-round-robin', 'arena', 'gauntlet']);

/** Who may enter, as the server names it: members only, members and bots, bots only (an engine match). */
export const ENTRANTS = /** @type {const} */ (['members', 'members-and-bots', 'bots']);

/** A member's name, as the server takes it (src/server/members/names.rs). */
const MEMBER_NAME = /^[A-Za-z0-9_-]{3,20}$/;

/** The clocks offered by name: live ones as minutes+increment, correspondence ones as days a move. */
export const CLOCK_PRESETS = Object.freeze(/** @type {Record<string, ClockSpec>} */ ({
  '1+0': { kind: 'live', seconds: 60, increment: 0 },
  '3+2': { kind: 'live', seconds: 180, increment: 2 },
  '5+3': { kind: 'live', seconds: 300, increment: 3 },
  '10+5': { kind: 'live', seconds: 600, increment: 5 },
  '15+10': { kind: 'live', seconds: 900, increment: 10 },
  '1d': { kind: 'correspondence', days: 1 },
  '3d': { kind: 'correspondence', days: 3 },
  '7d': { kind: 'correspondence', days: 7 },
  none: { kind: 'none' },
}));

/**
 * What the form holds. `clock` is a preset's name, or `live` / `days` for one's own clock of
 * `clockMinutes` + `increment` or `days`; `noShowMinutes` may have a fraction; `startsAt` is
 * the text of a datetime-local input ('' : the director starts it).
 * @typedef {object} FormValues
 * @property {string} name
 * @property {typeof FORMATS[number]} format
 * @property {number} rounds
 * @property {number} minutes
 * @property {string} clock
 * @property {number} clockMinutes
 * @property {number} increment
 * @property {number} days
 * @property {string} rules
 * @property {boolean} rated
 * @property {boolean} overTheBoard played on real boards (not an arena's): results entered or reported
 * @property {typeof ENTRANTS[number]} entrants who may enter
 * @property {string} challenger a gauntlet's, by member name
 * @property {number} gamesEach a gauntlet's games of the challenger against each
 * @property {number} noShowMinutes
 * @property {number} byePoints
 * @property {number} lateEntryPoints
 * @property {string} startsAt
 */

/** A new tournament's values: a Swiss of 5 rounds at 5+3, rated, standard rules. */
export const DEFAULTS = Object.freeze(/** @type {FormValues} */ ({
  name: '', format: 'swiss', rounds: 5, minutes: 60, clock: '5+3', clockMinutes: 10, increment: 5, days: 3,
  rules: '', rated: true, overTheBoard: false, entrants: 'members', challenger: '', gamesEach: 2, noShowMinutes: 3, byePoints: 1,
  lateEntryPoints: 0, startsAt: '',
}));

/**
 * The preset that is `clock`, or `live` / `days` for a clock of one's own.
 * @param {ClockSpec} clock
 */
export function presetOf(clock) {
  // The server's JSON has its own order of keys: compared field by field.
  const fields = (/** @type {ClockSpec} */ spec) => Object.entries(spec).sort().join();
  const same = Object.entries(CLOCK_PRESETS).find(([, preset]) => fields(preset) === fields(clock));
  if (same) return same[0];
  return clock.kind === 'correspondence' ? 'days' : 'live';
}

/**
 * The clock the form's values give.
 * @param {Pick<FormValues, 'clock' | 'clockMinutes' | 'increment' | 'days'>} values
 * @returns {ClockSpec}
 */
export function clockOf({ clock, clockMinutes, increment, days }) {
  if (clock === 'live') return { kind: 'live', seconds: Math.round(clockMinutes * 60), increment: Math.round(increment) };
  if (clock === 'days') return { kind: 'correspondence', days: Math.round(days) };
  return CLOCK_PRESETS[clock] ?? CLOCK_PRESETS.none;
}

/**
 * `ms` since the epoch as a datetime-local input writes it, in this device's time zone.
 * @param {number} ms
 */
export function localInput(ms) {
  const at = new Date(ms);
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/**
 * A datetime-local input's text as ms since the epoch (a time of this device's zone); null
 * when empty or not a time.
 * @param {string} text
 */
export function msOfInput(text) {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(text)) return null;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The form's values of `tournament`.
 * @param {Tournament} tournament
 * @returns {FormValues}
 */
export function valuesOf(tournament) {
  const clock = tournament.clock ?? CLOCK_PRESETS.none;
  return {
    name: tournament.name,
    format: tournament.format,
    rounds: tournament.format === 'swiss' ? tournament.rounds : DEFAULTS.rounds,
    minutes: tournament.format === 'arena' ? tournament.minutes ?? DEFAULTS.minutes : DEFAULTS.minutes,
    clock: presetOf(clock),
    clockMinutes: clock.kind === 'live' ? clock.seconds / 60 : DEFAULTS.clockMinutes,
    increment: clock.kind === 'live' ? clock.increment : DEFAULTS.increment,
    days: clock.kind === 'correspondence' ? clock.days : DEFAULTS.days,
    rules: tournament.rules,
    rated: tournament.rated,
    overTheBoard: tournament.over_the_board ?? false,
    entrants: tournament.entrants ?? 'members',
    challenger: tournament.challenger ?? '',
    gamesEach: tournament.games_each ?? DEFAULTS.gamesEach,
    noShowMinutes: (tournament.no_show_seconds ?? 180) / 60,
    byePoints: tournament.bye_points ?? DEFAULTS.byePoints,
    lateEntryPoints: tournament.late_entry_points ?? DEFAULTS.lateEntryPoints,
    startsAt: tournament.starts_at ? localInput(tournament.starts_at) : '',
  };
}

/**
 * What is wrong with `values`: the first setting wrong, by the server's name of it, or null.
 * A start time that has passed is refused here, though the server would start the tournament
 * at once: a director who picks one has made a slip.
 * @param {FormValues} values
 * @param {number} now ms since the epoch
 * @returns {string | null}
 */
export function problemOf(values, now) {
  const whole = (/** @type {number} */ n, /** @type {number} */ min, /** @type {number} */ max) => Number.isInteger(n) && n >= min && n <= max;
  const name = values.name.trim();
  if (name.length === 0 || [...name].length > LIMITS.name || /[\p{Cc}\p{Cf}]/u.test(name)) return 'name';
  if (values.format === 'swiss' && !whole(values.rounds, 1, LIMITS.rounds)) return 'rounds';
  if (values.format === 'arena' && !whole(values.minutes, 1, LIMITS.minutes)) return 'minutes';
  if (values.format === 'gauntlet' && !MEMBER_NAME.test(values.challenger.trim())) return 'challenger';
  if (values.format === 'gauntlet' && !whole(values.gamesEach, 1, LIMITS.gamesEach)) return 'games_each';
  const clock = clockOf(values);
  const clockFits = clock.kind === 'live'
    ? whole(clock.seconds, 1, LIMITS.clockSeconds) && whole(values.increment, 0, LIMITS.increment)
    : clock.kind !== 'correspondence' || whole(values.days, 1, LIMITS.days);
  if (!clockFits) return 'clock';
  if (!whole(Math.round(values.noShowMinutes * 60), 1, LIMITS.noShowSeconds)) return 'no_show_seconds';
  if (values.startsAt !== '') {
    const at = msOfInput(values.startsAt);
    if (at === null || at <= now) return 'starts_at';
  }
  return null;
}

/**
 * What a setting must be, in the page's words (`field`: the server's name of it, one of
 * `tournament.limit.*`).
 * @param {string} field
 */
export function limitText(field) {
  /** @type {Record<string, Record<string, number>>} */
  const params = {
    name: { max: LIMITS.name },
    rounds: { max: LIMITS.rounds },
    minutes: { max: LIMITS.minutes },
    clock: { hours: LIMITS.clockSeconds / 3600, increment: LIMITS.increment, days: LIMITS.days },
    no_show_seconds: { max: LIMITS.noShowSeconds / 60 },
    games_each: { max: LIMITS.gamesEach },
  };
  return t(`tournament.limit.${field}`, params[field] ?? {});
}

/**
 * The request of `values` (checked by problemOf): every setting, so that an edit sets them all.
 * @param {FormValues} values
 */
export function requestOf(values) {
  return {
    name: values.name.trim(),
    format: values.format,
    ...(values.format === 'swiss' ? { rounds: values.rounds } : {}),
    ...(values.format === 'arena' ? { minutes: values.minutes } : {}),
    ...(values.format === 'gauntlet' ? { challenger: values.challenger.trim(), games_each: values.gamesEach } : {}),
    entrants: values.entrants,
    clock: clockOf(values),
    rules: values.rules,
    rated: values.rated,
    // An arena pairs its games as players come free, and bots play on the server: never over the board.
    over_the_board: values.format !== 'arena' && values.entrants === 'members' && values.overTheBoard,
    no_show_seconds: Math.round(values.noShowMinutes * 60),
    bye_points: values.byePoints,
    late_entry_points: values.lateEntryPoints,
    starts_at: msOfInput(values.startsAt),
  };
}

/**
 * A length of time in the page's language, in minutes when whole ones: "3 minutes", "90 seconds".
 * @param {number} seconds
 */
export function durationText(seconds) {
  const [value, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(language(), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * The settings of `tournament` as one reads them, each as [label, text] (`rulesText` words its
 * rules). Late entries are only a Swiss's or an arena's: the other formats lay out their table
 * at the start.
 * @param {Tournament} tournament
 * @param {(rules: string) => string} rulesText
 * @returns {[string, string][]}
 */
export function settingsLines(tournament, rulesText) {
  const lines = /** @type {[string, string][]} */ ([[t('tournament.format'), t(`tournament.format.${tournament.format}`)]]);
  if (tournament.format === 'swiss') lines.push([t('tournament.rounds'), String(tournament.rounds)]);
  if (tournament.format === 'arena') lines.push([t('tournament.length'), durationText((tournament.minutes ?? 0) * 60)]);
  if (tournament.format === 'gauntlet') {
    lines.push([t('tournament.challenger'), tournament.challenger ?? ''], [t('tournament.gamesEach'), String(tournament.games_each ?? 0)]);
  }
  // Members only, as ever, unless said.
  if (tournament.entrants && tournament.entrants !== 'members') lines.push([t('tournament.entrants'), t(`tournament.entrants.${tournament.entrants}`)]);
  lines.push(
    [t('tournament.clock'), clockText(tournament.clock ?? CLOCK_PRESETS.none)],
    [t('tournament.rules'), rulesText(tournament.rules)],
    [t('tournament.rated'), t(tournament.rated ? 'tournament.yes' : 'tournament.no')],
    [t('tournament.noShow'), durationText(tournament.no_show_seconds ?? 180)],
  );
  // A gauntlet has no byes: the opponents who do not play a round sit it out.
  if (tournament.format !== 'arena' && tournament.format !== 'gauntlet') lines.push([t('tournament.byePoints'), pointsText(tournament.bye_points ?? 1)]);
  if (['swiss', 'arena'].includes(tournament.format)) {
    lines.push([t('tournament.latePoints'), pointsText(tournament.late_entry_points ?? 0)]);
  }
  lines.push([t('tournament.startsAt'), tournament.starts_at ? dateTimeText(tournament.starts_at) : t('tournament.startsByHand')]);
  return lines;
}
