// Passkeys in the account screen: signing in (no name asked) and signing up with a passkey,
// offered first when the browser has WebAuthn; and a member's passkeys, added and removed.

import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { field, form } from '../page/forms.js';
import { createPasskey, usePasskey } from './webauthn.js';

/**
 * @typedef {import('./account-dialog.js').AccountDialog} AccountDialog
 * @typedef {{id: string, created: number, used: number}} Listed
 */

/**
 * Runs the ceremony begun at `path` with `body`, the browser's part done by `browser`, and
 * finished at `path`/finish: the server's answer, or null (the problem said).
 * @param {AccountDialog} screen
 * @param {string} path
 * @param {unknown} body
 * @param {(options: any) => Promise<unknown>} browser
 */
async function ceremony(screen, path, body, browser) {
  const begun = await screen.ask(path, body);
  if (!begun) return null;
  const credential = await browser(begun.answer);
  if (!credential) {
    screen.say(t('account.passkeyFailed'));
    return null;
  }
  return screen.ask(`${path}/finish`, { ceremony: begun.answer.ceremony, credential });
}

/**
 * The passkey way in: a sign-in button and a sign-up form, then a line that the password
 * forms follow.
 * @param {AccountDialog} screen
 * @param {NameRules} rules
 * @typedef {{pattern: string, invite: boolean}} NameRules
 */
export function passkeyStart(screen, rules) {
  const signIn = el('button', {
    type: 'button', id: 'passkey-signin', className: 'primary',
    onclick: async () => {
      signIn.disabled = true;
      const done = await ceremony(screen, 'api/passkeys/sign-in', {}, usePasskey).finally(() => { signIn.disabled = false; });
      if (done) screen.entered(done.answer);
    },
  }, t('account.passkeySignIn'));
  const name = field('passkey-name', t('account.name'), { autocomplete: 'username webauthn', pattern: rules.pattern, maxLength: 20 }, t('account.nameHint'));
  const invite = rules.invite ? field('passkey-invite', t('account.invite'), { autocomplete: 'off', required: false }, t('account.inviteHint')) : null;
  const rows = [name.row, invite?.row ?? null].filter((row) => row !== null);
  const signUp = form('passkey-signup-form', t('account.passkeySignUp'), rows, t('account.passkeySignUp'), async () => {
    const code = invite?.input.value.trim();
    const body = { name: name.input.value.trim(), ...(code ? { invite: code } : {}) };
    const done = await ceremony(screen, 'api/passkeys/sign-up', body, createPasskey);
    if (done) screen.entered(done.answer);
    else name.input.focus();
  });
  return el('div', { id: 'passkey-start', className: 'account-passkeys' },
    el('div', { className: 'account-links' }, signIn), signUp,
    el('p', { id: 'passkey-or', className: 'account-note' }, t('account.orPassword')));
}

/**
 * The signed-in member's passkeys: each with a remove button, and a button to add one.
 * @param {AccountDialog} screen
 */
export function passkeyPanel(screen) {
  const list = el('ul', { id: 'passkey-list', className: 'account-list', 'aria-labelledby': 'passkey-title' });
  const add = el('button', {
    type: 'button', id: 'passkey-add',
    onclick: async () => {
      add.disabled = true;
      const done = await ceremony(screen, 'api/me/passkeys', {}, createPasskey).finally(() => { add.disabled = false; });
      if (done) {
        screen.say(null, t('account.passkeyAdded'));
        await fill();
      }
    },
  }, t('account.addPasskey'));
  const dates = new Intl.DateTimeFormat(language(), { dateStyle: 'medium' });
  async function fill() {
    const done = await screen.ask('api/me/passkeys');
    if (!done) return;
    /** @type {Listed[]} */
    const passkeys = done.answer;
    list.replaceChildren(...passkeys.map((passkey) => {
      const label = t('account.passkeyItem', { date: dates.format(new Date(passkey.created)) });
      const remove = el('button', {
        type: 'button', className: 'passkey-remove', 'aria-label': `${t('account.removePasskey')}: ${label}`,
        onclick: async () => {
          if (await screen.ask(`api/me/passkeys/${encodeURIComponent(passkey.id)}`, undefined, 'DELETE')) {
            screen.say(null, t('account.passkeyRemoved'));
            await fill();
            add.focus();
          }
        },
      }, t('account.removePasskey'));
      return el('li', { className: 'passkey-item' }, el('span', {}, label), remove);
    }));
  }
  void fill();
  return el('section', { id: 'passkey-panel', className: 'account-form' },
    el('h3', { id: 'passkey-title' }, t('account.passkeys')), list, add);
}
