// A tournament's settings in the page (www/tournaments/tournament-settings.js): the clock
// presets, the start time between a datetime-local input and ms, the form's values of a
// tournament and the request they make (a gauntlet's and an engine match's too), what the form
// refuses (as the server would), and the settings as one reads them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { laterWords } from '../../www/page/i18n.js';
import {
  CLOCK_PRESETS, DEFAULTS, clockOf, durationText, limitText, localInput, msOfInput, presetOf, problemOf, requestOf,
  settingsLines, valuesOf,
} from '../../www/tournaments/tournament-settings.js';

await laterWords();

// Times are read in the time zone of the device: one with summer time, for the test.
process.env.TZ = 'Europe/Berlin';
const NOW = Date.UTC(2025, 2, 1, 12, 0);

/** A tournament as the server shows it. */
const SWISS = Object.freeze({
  id: 'k3mxz7q2ab9c', name: 'Club night', format: 'swiss', rules: 'dog-swims=yes', rated: false, state: 'registering',
  round: 0, rounds: 3, minutes: 0, clock: { kind: 'live', seconds: 180, increment: 2 }, no_show_seconds: 300,
  bye_points: 0.5, late_entry_points: 0.5, starts_at: Date.UTC(2025, 5, 14, 17, 30), director: null,
});

test('a clock is its preset, or one of one’s own; the form’s choice gives the clock back', () => {
  assert.equal(presetOf({ kind: 'live', seconds: 180, increment: 2 }), '3+2');
  assert.equal(presetOf({ increment: 2, kind: 'live', seconds: 180 }), '3+2', 'as the server orders its keys');
  assert.equal(presetOf({ kind: 'correspondence', days: 3 }), '3d');
  assert.equal(presetOf({ kind: 'none' }), 'none');
  assert.equal(presetOf({ kind: 'live', seconds: 240, increment: 1 }), 'live');
  assert.equal(presetOf({ kind: 'correspondence', days: 2 }), 'days');
  for (const [id, clock] of Object.entries(CLOCK_PRESETS)) assert.deepEqual(clockOf({ ...DEFAULTS, clock: id }), clock);
  assert.deepEqual(clockOf({ ...DEFAULTS, clock: 'live', clockMinutes: 2.5, increment: 1 }), { kind: 'live', seconds: 150, increment: 1 });
  assert.deepEqual(clockOf({ ...DEFAULTS, clock: 'days', days: 2 }), { kind: 'correspondence', days: 2 });
  assert.deepEqual(clockOf(DEFAULTS), { kind: 'live', seconds: 300, increment: 3 }, 'a live clock unless one is chosen');
});

test('a start time is written and read in the device’s time zone, summer time included', () => {
  assert.equal(localInput(Date.UTC(2025, 5, 14, 17, 30)), '2025-06-14T19:30');
  assert.equal(localInput(Date.UTC(2025, 0, 14, 17, 30)), '2025-01-14T18:30');
  assert.equal(msOfInput('2025-06-14T19:30'), Date.UTC(2025, 5, 14, 17, 30));
  assert.equal(msOfInput('2025-01-14T18:30'), Date.UTC(2025, 0, 14, 17, 30));
  for (const bad of ['', '2025-06-14', 'tomorrow', '2025-13-40T25:99']) assert.equal(msOfInput(bad), null, bad);
});

test('a tournament’s values make the request of its settings again', () => {
  const values = valuesOf(SWISS);
  assert.equal(values.clock, '3+2');
  assert.equal(values.noShowMinutes, 5);
  assert.equal(values.startsAt, '2025-06-14T19:30');
  assert.deepEqual(requestOf(values), {
    name: 'Club night', format: 'swiss', rounds: 3, entrants: 'members', clock: SWISS.clock, rules: 'dog-swims=yes', rated: false,
    over_the_board: false, no_show_seconds: 300, bye_points: 0.5, late_entry_points: 0.5, starts_at: SWISS.starts_at,
  });
  // A gauntlet names its challenger and its games against each; an engine match is never over the board.
  const gauntlet = valuesOf({ ...SWISS, format: 'gauntlet', challenger: 'DeepBot', games_each: 4, entrants: 'bots', over_the_board: true });
  const asked = requestOf(gauntlet);
  assert.deepEqual([asked.challenger, asked.games_each, asked.entrants, asked.over_the_board, 'rounds' in asked], ['DeepBot', 4, 'bots', false, false]);
  assert.equal('challenger' in requestOf({ ...gauntlet, format: 'round-robin' }), false);
  // Over the board, kept; never for an arena, whose games the server pairs as players come free.
  const overTheBoard = valuesOf({ ...SWISS, over_the_board: true });
  assert.equal(overTheBoard.overTheBoard, true);
  assert.equal(requestOf(overTheBoard).over_the_board, true);
  assert.equal(requestOf({ ...overTheBoard, format: 'round-robin' }).over_the_board, true);
  assert.equal(requestOf({ ...overTheBoard, format: 'arena' }).over_the_board, false);
  assert.equal(DEFAULTS.overTheBoard, false);
  // An arena is given its minutes and no rounds; an empty start time asks the director to start it.
  const arena = requestOf({ ...values, format: 'arena', minutes: 45, startsAt: '' });
  assert.equal(arena.minutes, 45);
  assert.equal('rounds' in arena, false);
  assert.equal(arena.starts_at, null);
  const roundRobin = requestOf({ ...values, format: 'round-robin' });
  assert.equal('rounds' in roundRobin || 'minutes' in roundRobin, false);
});

test('the form refuses what the server refuses, and a start time that has passed', () => {
  const good = { ...DEFAULTS, name: 'Club night' };
  assert.equal(problemOf(good, NOW), null);
  const cases = [
    [{ name: '  ' }, 'name'], [{ name: 'x'.repeat(61) }, 'name'], [{ name: 'Club\u202Enight' }, 'name'],
    [{ rounds: 0 }, 'rounds'], [{ rounds: 31 }, 'rounds'], [{ rounds: 2.5 }, 'rounds'],
    [{ format: 'arena', minutes: 1441 }, 'minutes'], [{ format: 'arena', minutes: 0 }, 'minutes'],
    [{ clock: 'live', clockMinutes: 181 }, 'clock'], [{ clock: 'live', clockMinutes: 0 }, 'clock'],
    [{ clock: 'live', clockMinutes: Number.NaN }, 'clock'], [{ clock: 'live', increment: 181 }, 'clock'],
    [{ clock: 'live', increment: 1.5 }, 'clock'], [{ clock: 'days', days: 31 }, 'clock'],
    [{ noShowMinutes: 0 }, 'no_show_seconds'], [{ noShowMinutes: 61 }, 'no_show_seconds'],
    [{ startsAt: '2025-03-01T12:00' }, 'starts_at'], [{ startsAt: 'soon' }, 'starts_at'],
    [{ format: 'gauntlet', challenger: '' }, 'challenger'], [{ format: 'gauntlet', challenger: 'Deep Bot' }, 'challenger'],
    [{ format: 'gauntlet', challenger: 'DeepBot', gamesEach: 21 }, 'games_each'],
    [{ format: 'gauntlet', challenger: 'DeepBot', gamesEach: 0 }, 'games_each'],
  ];
  for (const [change, field] of cases) assert.equal(problemOf({ ...good, ...change }, NOW), field, JSON.stringify(change));
  // What the format does not use is not checked; the longest of each limit passes.
  assert.equal(problemOf({ ...good, format: 'round-robin', rounds: 0, minutes: 0, challenger: '', gamesEach: 0 }, NOW), null);
  assert.equal(problemOf({ ...good, format: 'gauntlet', challenger: 'DeepBot', gamesEach: 20 }, NOW), null);
  const longest = { name: 'x'.repeat(60), rounds: 30, clock: 'live', clockMinutes: 180, increment: 180, noShowMinutes: 60, startsAt: '2025-03-01T14:00' };
  assert.equal(problemOf({ ...good, ...longest }, NOW), null);
  assert.equal(problemOf({ ...good, noShowMinutes: 1 / 60 }, NOW), null, 'one second');
  assert.equal(limitText('rounds'), 'A Swiss has 1 to 30 rounds.');
  assert.equal(limitText('clock'), 'A clock gives each side up to 3 hours plus 0 to 180 whole seconds a move, or 1 to 30 whole days a move.');
  assert.equal(limitText('no_show_seconds'), 'The no-show time is 1 second to 60 minutes.');
  assert.equal(limitText('games_each'), 'The challenger plays 1 to 20 games against each.');
});

test('the settings read as a director wrote them, only those of the format', () => {
  const lines = Object.fromEntries(settingsLines(SWISS, (rules) => `rules ${rules}`));
  assert.deepEqual(lines, {
    Format: 'Swiss', Rounds: '3', Clock: '3 min + 2 s', Rules: 'rules dog-swims=yes', Rated: 'no',
    'No-show time': '5 minutes', 'Points for a bye': '½', 'Points for each round a late entry missed': '½',
    'Start time': new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(SWISS.starts_at)),
  });
  assert.match(lines['Start time'], /Jun 14, 2025, 7:30\sPM/);
  const arena = Object.fromEntries(settingsLines({ ...SWISS, format: 'arena', minutes: 90, clock: { kind: 'correspondence', days: 3 }, starts_at: null }, String));
  assert.equal(arena.Length, '90 minutes');
  assert.equal(arena.Clock, '3 days a move');
  assert.equal(arena['Start time'], 'when the director starts it');
  assert.equal('Rounds' in arena || 'Points for a bye' in arena, false);
  const roundRobin = Object.fromEntries(settingsLines({ ...SWISS, format: 'round-robin', clock: { kind: 'none' } }, String));
  assert.equal(roundRobin.Clock, 'No clock');
  assert.equal('Points for each round a late entry missed' in roundRobin, false);
  // A gauntlet's challenger and games; who may enter, said when bots may.
  const gauntlet = Object.fromEntries(settingsLines({ ...SWISS, format: 'gauntlet', challenger: 'DeepBot', games_each: 2, entrants: 'bots' }, String));
  assert.deepEqual([gauntlet.Format, gauntlet.Challenger, gauntlet['Games against each'], gauntlet['Who may enter']],
    ['Gauntlet', 'DeepBot', '2', 'Bots only (an engine match)']);
  assert.equal('Points for a bye' in gauntlet || 'Points for each round a late entry missed' in gauntlet, false);
  assert.equal('Who may enter' in lines, false, 'members only, as ever');
  assert.deepEqual([180, 90, 3600].map(durationText), ['3 minutes', '90 seconds', '60 minutes']);
});
