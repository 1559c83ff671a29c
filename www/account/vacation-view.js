// The account screen's vacation tab: days off from one's correspondence games (their clocks
// stand meanwhile), out of the club's yearly allowance — begin one now for N days, or end it
// early (the whole days not begun come back). The server keeps the days (api/me/vacation).

import { el } from '../page/dom.js';
import { capitalize, t } from '../page/i18n.js';
import { field } from '../page/forms.js';
import { vacationText } from '../page/vacation-text.js';

/** @typedef {import('./account-dialog.js').AccountDialog} AccountDialog */
/** @typedef {{days_per_year: number, days_left: number, until: number | null}} Vacation */

/**
 * The vacation tab's content, filled once the server answers.
 * @param {AccountDialog} screen
 */
export function vacationView(screen) {
  const view = el('div', { id: 'account-vacation', className: 'account-view' });
  /** @param {{answer: unknown} | null} done */
  const show = (done) => {
    if (done) view.replaceChildren(...vacationParts(screen, /** @type {Vacation} */ (done.answer), show));
  };
  screen.ask('api/me/vacation').then(show);
  return view;
}

/**
 * @param {AccountDialog} screen
 * @param {Vacation} vacation
 * @param {(done: {answer: unknown} | null) => void} show
 */
function vacationParts(screen, vacation, show) {
  const intro = el('p', { id: 'vacation-intro' }, t('vacation.intro'));
  const left = el('p', { id: 'vacation-left' }, t('vacation.daysLeft', { n: vacation.days_left, of: vacation.days_per_year }));
  if (vacation.until !== null) {
    const end = el('button', { type: 'button', id: 'vacation-end', onclick: async () => {
      end.disabled = true;
      const done = await screen.ask('api/me/vacation', undefined, 'DELETE');
      end.disabled = false;
      show(done);
      if (done) screen.say(null, t('vacation.ended'));
    } }, t('vacation.end'));
    return [intro, el('p', { id: 'vacation-now', className: 'vacation-now' }, capitalize(vacationText(vacation.until))), left, end];
  }
  if (vacation.days_left === 0) return [intro, left];
  const days = field('vacation-days', t('vacation.days'), { type: 'number', min: '1', max: String(vacation.days_left), value: String(Math.min(7, vacation.days_left)), inputMode: 'numeric' });
  const begin = el('button', { type: 'submit', id: 'vacation-begin', className: 'primary' }, t('vacation.begin'));
  const form = el('form', { id: 'vacation-form', className: 'account-form' }, days.row, begin);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    begin.disabled = true;
    const done = await screen.ask('api/me/vacation', { days: Number(days.input.value) });
    begin.disabled = false;
    show(done);
    if (done) screen.say(null, t('vacation.begun'));
  });
  return [intro, left, form];
}
