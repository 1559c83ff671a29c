// The member's email address on the account tab, next to the password (only when the club
// sends mail): the address (a link to confirm it is mailed to it), whether it is confirmed,
// the daily digest's switch (once confirmed), and removing it. Results are said in the
// screen's status line.

import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { field, form } from '../page/forms.js';

/** @typedef {{address: string | null, verified: boolean, digest: boolean}} Shown */
/** @typedef {import('./account-dialog.js').AccountDialog} AccountDialog */

/** The longest address the server takes. */
const MAX_ADDRESS = 254;

/**
 * The email panel, filled once the server has said the address.
 * @param {AccountDialog} screen
 */
export function emailPanel(screen) {
  const box = el('div', { id: 'account-email', className: 'account-email' });
  /** @param {Shown} shown */
  const draw = (shown) => box.replaceChildren(...emailParts(screen, shown, draw));
  screen.ask('api/me/email').then((done) => {
    if (done) draw(done.answer);
  });
  return box;
}

/**
 * @param {AccountDialog} screen
 * @param {Shown} shown
 * @param {(shown: Shown) => void} draw
 */
function emailParts(screen, shown, draw) {
  const address = field('email-address', t('email.address'), { type: 'email', autocomplete: 'email', maxLength: MAX_ADDRESS, value: shown.address ?? '' }, t('email.hint'));
  const state = shown.address
    ? el('p', { id: 'email-state', className: 'account-note-plain' }, t(shown.verified ? 'email.verified' : 'email.waiting', { address: shown.address }))
    : null;
  const rows = [address.row, state].filter((row) => row !== null);
  const saved = form('email-form', t('email.title'), rows, t('email.save'), async () => {
    const done = await screen.ask('api/me/email', { address: address.input.value, lang: language() }, 'PUT');
    if (!done) return address.input.focus();
    draw(done.answer);
    screen.say(null, t(done.answer.verified ? 'email.verified' : 'email.waiting', { address: done.answer.address }));
  });
  if (!shown.address) return [saved];
  const digest = el('input', { type: 'checkbox', id: 'email-digest', checked: shown.digest, disabled: !shown.verified });
  digest.addEventListener('change', async () => {
    const done = await screen.ask('api/me/email', { digest: digest.checked }, 'PUT');
    if (done) screen.say(null, t(done.answer.digest ? 'email.digestOn' : 'email.digestOff'));
    else digest.checked = !digest.checked;
  });
  const switchRow = el('div', { className: 'account-switch' },
    digest, el('label', { htmlFor: 'email-digest' }, t('email.digest')));
  const remove = el('button', { type: 'button', id: 'email-remove', onclick: async () => {
    if (await screen.ask('api/me/email', undefined, 'DELETE')) {
      draw({ address: null, verified: false, digest: false });
      screen.say(null, t('email.removed'));
    }
  } }, t('email.remove'));
  return [saved, switchRow, remove];
}
