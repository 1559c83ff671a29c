// The account screen's danger zone: deleting the account, apart from everything else and in
// two steps. The first button only opens the second step, which names what is lost and asks
// who is there: the password, or (a member who signed up with a passkey and has no password)
// one of the member's passkeys; the server refuses a deletion without that proof.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { field } from '../page/forms.js';
import { setMember } from './member.js';
import { passkeyProof } from './passkey-views.js';

/** @typedef {import('./account-dialog.js').AccountDialog} AccountDialog */

/** The longest password the server reads. */
const MAX_PASSWORD = 256;

/**
 * The danger zone's content, for member `name` (`hasPassword`: whether the account has one).
 * @param {AccountDialog} screen
 * @param {string} name
 * @param {boolean} hasPassword
 */
export function dangerZone(screen, name, hasPassword) {
  const step = el('form', { id: 'delete-confirm', className: 'account-danger-step', 'aria-labelledby': 'delete-confirm-title', hidden: true });
  const start = el('button', {
    type: 'button', id: 'delete-start', className: 'danger', 'aria-expanded': 'false', 'aria-controls': 'delete-confirm',
    onclick: () => open(true),
  }, t('account.delete'));
  /** @param {boolean} shown */
  function open(shown) {
    step.hidden = !shown;
    start.hidden = shown;
    start.setAttribute('aria-expanded', String(shown));
    screen.say(null);
    (shown ? /** @type {HTMLElement} */ (step.querySelector('input, button.danger')) : start)?.focus();
  }
  const password = hasPassword
    ? field('delete-password', t('account.password'), { type: 'password', autocomplete: 'current-password', maxLength: MAX_PASSWORD })
    : null;
  const submit = el('button', { type: 'submit', id: 'delete-submit', className: 'danger' },
    t(hasPassword ? 'account.deleteWithPassword' : 'account.deleteWithPasskey'));
  const cancel = el('button', { type: 'button', id: 'delete-cancel', onclick: () => open(false) }, t('account.deleteCancel'));
  step.append(...[
    el('h4', { id: 'delete-confirm-title' }, t('account.deleteSure', { name })),
    el('p', { id: 'delete-lost' }, t('account.deleteText')),
    el('p', {}, t(hasPassword ? 'account.deleteProvePassword' : 'account.deleteProvePasskey')),
    password?.row,
    el('div', { className: 'account-links' }, submit, cancel)].filter((child) => child !== undefined));
  step.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      const proof = password ? { password: password.input.value } : await passkeyProof(screen);
      if (!proof) return;
      const body = password ? proof : { passkey: proof };
      if (await screen.ask('api/me', body, 'DELETE')) {
        setMember(null);
        screen.say(null, t('account.deleted'));
        screen.home();
      } else {
        password?.input.focus();
      }
    } finally {
      submit.disabled = false;
    }
  });
  return [el('p', { className: 'account-danger-text' }, t('account.deleteIntro')), start, step];
}
