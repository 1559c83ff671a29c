// Passkeys in the account screen: signing in (no name asked) and signing up with a passkey,
// offered first when the browser has WebAuthn; a member's passkeys, added and removed; and a
// passkey asked for as proof of who is there (before deleting the account: proof.rs on the server).

import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { field, form } from '../page/forms.js';
import { createPasskey, usePasskey } from './webauthn.js';

/** The longest password the server reads. */
const MAX_PASSWORD = 256;

/**
 * @typedef {import('./account-dialog.js').AccountDialog} AccountDialog
 * @typedef {{id: string, created: number, used: number}} Listed
 */

/**
 * Begins the ceremony at `path` with `body` and does the browser's part with `browser`: the
 * ceremony's id and the credential, or null (the problem said).
 * @param {AccountDialog} screen
 * @param {string} path
 * @param {unknown} body
 * @param {(options: any) => Promise<unknown>} browser
 * @returns {Promise<{ceremony: string, credential: unknown} | null>}
 */
async function browserPart(screen, path, body, browser) {
  const begun = await screen.ask(path, body);
  if (!begun) return null;
  const credential = await browser(begun.answer);
  if (!credential) {
    screen.say(t('account.passkeyFailed'));
    return null;
  }
  return { ceremony: begun.answer.ceremony, credential };
}

/**
 * Runs the ceremony begun at `path` with `body`, the browser's part done by `browser`, and
 * finished at `path`/finish: the server's answer, or null (the problem said).
 * @param {AccountDialog} screen
 * @param {string} path
 * @param {unknown} body
 * @param {(options: any) => Promise<unknown>} browser
 */
async function ceremony(screen, path, body, browser) {
  const part = await browserPart(screen, path, body, browser);
  return part && screen.ask(`${path}/finish`, part);
}

/**
 * The signed-in member's proof of who they are, made with one of their passkeys for the
 * request that needs it: `{ceremony, credential}`, or null (the problem said).
 * @param {AccountDialog} screen
 */
export function passkeyProof(screen) {
  return browserPart(screen, 'api/me/passkeys/confirm', {}, usePasskey);
}

/**
 * The passkey sign-in: a button (no name asked).
 * @param {AccountDialog} screen
 */
export function passkeySignIn(screen) {
  const signIn = el('button', {
    type: 'button', id: 'passkey-signin', className: 'primary',
    onclick: async () => {
      signIn.disabled = true;
      const done = await ceremony(screen, 'api/passkeys/sign-in', {}, usePasskey).finally(() => { signIn.disabled = false; });
      if (done) screen.entered(done.answer);
    },
  }, t('account.passkeySignIn'));
  return el('div', { id: 'passkey-start', className: 'account-links' }, signIn);
}

/**
 * The passkey sign-up form.
 * @param {AccountDialog} screen
 * @param {NameRules} rules
 * @typedef {{pattern: string, invite: boolean}} NameRules
 */
export function passkeySignUp(screen, rules) {
  const name = field('passkey-name', t('account.name'), { autocomplete: 'username webauthn', pattern: rules.pattern, maxLength: 20 }, t('account.nameHint'));
  const invite = rules.invite ? field('passkey-invite', t('account.invite'), { autocomplete: 'off', required: false }, t('account.inviteHint')) : null;
  const rows = [name.row, invite?.row ?? null].filter((row) => row !== null);
  return form('passkey-signup-form', t('account.passkeySignUp'), rows, t('account.passkeySignUp'), async () => {
    const code = invite?.input.value.trim();
    const body = { name: name.input.value.trim(), ...(code ? { invite: code } : {}) };
    const done = await ceremony(screen, 'api/passkeys/sign-up', body, createPasskey);
    if (done) screen.entered(done.answer);
    else name.input.focus();
  });
}

/**
 * The signed-in member's passkeys (the content of the tab of this heading): each with a remove
 * button, and a button to add one, which first asks who is there, as the server does: the
 * password (`hasPassword`: the member has one), else one of the member's passkeys.
 * @param {AccountDialog} screen
 * @param {string} heading the id of the list's heading
 * @param {boolean} hasPassword
 */
export function passkeyPanel(screen, heading, hasPassword) {
  const list = el('ul', { id: 'passkey-list', className: 'account-list', 'aria-labelledby': heading });
  const none = el('p', { id: 'passkey-none', hidden: true }, t('account.noPasskeys'));
  const password = hasPassword
    ? field('passkey-add-password', t('account.password'), { type: 'password', autocomplete: 'current-password', maxLength: MAX_PASSWORD }, t('account.addPasskeyProof'))
    : null;
  const add = el('button', {
    type: 'button', id: 'passkey-add',
    onclick: async () => {
      add.disabled = true;
      try {
        const passkey = password ? null : await passkeyProof(screen);
        if (!password && !passkey) return;
        const done = await ceremony(screen, 'api/me/passkeys', passkey ? { passkey } : { password: password?.input.value }, createPasskey);
        if (done) {
          if (password) password.input.value = '';
          screen.say(null, t('account.passkeyAdded'));
          await fill();
        }
      } finally {
        add.disabled = false;
      }
    },
  }, t('account.addPasskey'));
  const dates = new Intl.DateTimeFormat(language(), { dateStyle: 'medium' });
  async function fill() {
    const done = await screen.ask('api/me/passkeys');
    if (!done) return;
    /** @type {Listed[]} */
    const passkeys = done.answer;
    none.hidden = passkeys.length > 0;
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
  return [list, none, password?.row ?? null, el('div', { className: 'account-links' }, add)];
}
