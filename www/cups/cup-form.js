// The form of a new cup (POST api/cups): its name, the games of a match, the tie-break and its
// clock, the main clock and the days a match has. The server's refusals are said on the form.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { field, form } from '../page/forms.js';
import { askFor } from '../server/ask.js';
import { clockText } from '../online/clock-text.js';
import { CLOCK_PRESETS } from '../tournaments/tournament-settings.js';

/**
 * A labelled select of `options` ([value, words]).
 * @param {string} id
 * @param {string} label
 * @param {[string, string][]} options
 */
function choice(id, label, options) {
  const select = el('select', { id, name: id }, options.map(([one, words]) => el('option', { value: one }, words)));
  return { row: el('div', { className: 'account-field' }, el('label', { htmlFor: id }, label), select), input: select };
}

/** The tie-break clocks offered: short live clocks. */
const TIE_BREAK_CLOCKS = [[60, 0], [180, 2], [300, 0]];

/**
 * The form to make a cup; `done(cup)` once made.
 * @param {(cup: {id: string}) => void} done
 */
export function cupForm(done) {
  const name = field('cup-name', t('cup.form.name'), { maxLength: 60, required: true });
  const clocks = Object.entries(CLOCK_PRESETS);
  const clock = choice('cup-clock', t('cup.form.clock'), clocks.map(([key, spec]) => [key, clockText(spec)]));
  const games = choice('cup-games', t('cup.form.games'), [1, 2, 3, 5].map((n) => [String(n), t('cup.form.bestOf', { n })]));
  const tieBreak = choice('cup-tie-break', t('cup.form.tieBreak'), [['extra-games', t('cup.tieBreak.extra-games')], ['armageddon', t('cup.tieBreak.armageddon')]]);
  const tieClock = choice('cup-tie-clock', t('cup.form.tieBreakClock'), TIE_BREAK_CLOCKS.map(([seconds, increment]) =>
    [`${seconds}+${increment}`, clockText({ kind: 'live', seconds, increment })]));
  const days = field('cup-days', t('cup.form.days'), { type: 'number', min: 1, max: 60, value: '7', inputMode: 'numeric' });
  const alert = el('p', { className: 'tool-error', role: 'alert', id: 'cup-form-error' });
  const ask = askFor(alert);
  const rows = [name.row, clock.row, games.row, tieBreak.row, tieClock.row, days.row, alert];
  return form('cup-form', t('cup.form.title'), rows, t('cup.form.create'), async () => {
    const [seconds, increment] = tieClock.input.value.split('+').map(Number);
    const body = {
      name: name.input.value,
      clock: CLOCK_PRESETS[clock.input.value],
      games: Number(games.input.value),
      tie_break: tieBreak.input.value,
      tie_break_clock: { kind: 'live', seconds, increment },
      round_hours: Number(days.input.value) * 24,
    };
    const answer = await ask('api/cups', body, 'POST');
    if (answer) done(answer.answer);
  });
}
