// The links the club mails, opened on the page: `?verify-email=TOKEN` confirms an address,
// `?reset=TOKEN` asks for a new password (twice), `?unsubscribe=TOKEN` turns the digest off
// (no sign-in needed for any). Each is used once, then taken out of the address so that a
// reload does not send it again. And the sign-in form's "Forgot your password?".

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { field, form } from '../page/forms.js';
import { setMember } from './member.js';

/** @typedef {import('./account-dialog.js').AccountDialog} AccountDialog */
/** @typedef {{kind: 'verify-email' | 'reset' | 'unsubscribe', token: string}} EmailLink */

const KINDS = /** @type {const} */ (['verify-email', 'reset', 'unsubscribe']);
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 256;

/**
 * The mailed link the query `search` holds, if any.
 * @param {string} search
 * @returns {EmailLink | null}
 */
export function emailLink(search) {
  const query = new URLSearchParams(search);
  for (const kind of KINDS) {
    const token = query.get(kind);
    if (token !== null) return { kind, token };
  }
  return null;
}

/** Takes the mailed link out of the page's address. */
function forget() {
  const url = new URL(location.href);
  for (const kind of KINDS) url.searchParams.delete(kind);
  history.replaceState(history.state, '', url.href);
}

/**
 * Shows what `link` does on `screen`, and does it.
 * @param {AccountDialog} screen
 * @param {EmailLink} link
 */
export async function followEmailLink(screen, link) {
  forget();
  screen.say(null);
  if (link.kind === 'reset') {
    screen.show([newPasswordForm(screen, link.token)]);
    return;
  }
  const text = el('p', { id: 'email-landing-text', className: 'account-note-plain' });
  screen.show([el('h3', { id: 'email-landing-title' }, t('email.title')), text]);
  const path = link.kind === 'verify-email' ? 'api/email/verify' : 'api/email/unsubscribe';
  const done = await screen.ask(path, { token: link.token });
  if (!done) return;
  text.textContent = link.kind === 'verify-email' ? t('email.verifiedLanding', { address: done.answer.address }) : t('email.unsubscribed');
  screen.say(null, text.textContent);
}

/**
 * The form of a new password for the reset link's `token`; once set, the sign-in form.
 * @param {AccountDialog} screen
 * @param {string} token
 */
function newPasswordForm(screen, token) {
  const rules = { type: 'password', autocomplete: 'new-password', minLength: MIN_PASSWORD, maxLength: MAX_PASSWORD };
  const fresh = field('reset-password', t('account.newPassword'), rules, t('account.passwordHint'));
  const again = field('reset-password-again', t('email.passwordAgain'), rules);
  return form('reset-password-form', t('email.newPasswordTitle'), [fresh.row, again.row], t('email.setPassword'), async () => {
    if (fresh.input.value !== again.input.value) {
      screen.say(t('email.mismatch'));
      again.input.focus();
      return;
    }
    const done = await screen.ask('api/password-reset/complete', { token, password: fresh.input.value });
    if (!done) return;
    setMember(null); // every session ended, this page's too
    screen.tab = 'signin';
    screen.home();
    const name = document.getElementById('signin-name');
    if (name instanceof HTMLInputElement) name.value = done.answer.name;
    document.getElementById('signin-password')?.focus();
    screen.say(null, t('email.resetDone'));
  });
}

/**
 * The sign-in tab's way to a reset link: a button that shows the address form.
 * @param {AccountDialog} screen
 */
export function forgotPassword(screen) {
  return el('button', { type: 'button', id: 'forgot-password', className: 'account-forgot', onclick: () => {
    screen.say(null);
    const address = field('reset-address', t('email.address'), { type: 'email', autocomplete: 'email', maxLength: 254 });
    screen.show([form('reset-form', t('email.resetTitle'), [address.row], t('email.resetSend'), async () => {
      if (await screen.ask('api/password-reset', { address: address.input.value })) screen.say(null, t('email.resetSent'));
    })]);
  } }, t('email.forgot'));
}
