// The club account screen: signing up (with an invite code when the club asks one), in and
// out (with a passkey first, passkey-views.js, when the browser can), out everywhere, a new password, deleting the account, exporting one's games; and the
// leaderboard and members' profiles (board-view.js, profile-view.js). Only on a game server
// with members; a guest plays as before without ever opening it.

import { confirmAct } from '../page/confirm-dialog.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { field, form } from '../page/forms.js';
import { member, setMember } from './member.js';
import { showBoard } from './board-view.js';
import { showProfile } from './profile-view.js';
import { passkeyPanel, passkeyStart } from './passkey-views.js';
import { passkeysAvailable } from './webauthn.js';

/** What a member name may be (the server's rule: src/server/members/names.rs). */
const NAME_PATTERN = '[A-Za-z0-9_\\-]{3,20}';
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 256;

export class AccountDialog {
  /** @param {'open' | 'invite'} signup how the club takes members */
  constructor(signup) {
    this.signup = signup;
    this.ui = makeDialog('account-dialog', t('account.title'));
    this.alert = el('p', { id: 'account-error', className: 'tool-error', role: 'alert' });
    this.note = el('p', { id: 'account-note', className: 'account-note', role: 'status' });
    this.view = el('div', { id: 'account-view', className: 'account-view' });
    this.ui.body.append(this.alert, this.note, this.view);
    this.ask = askFor(this.alert, { cleared: [this.note] });
    /** @type {import('../admin/admin-dialog.js').AdminDialog | null} */
    this.adminDialog = null;
  }

  /** Opens the screen at its start: the forms, or the member's own actions. */
  open() {
    this.home();
    if (!this.ui.dialog.open) this.ui.open();
  }

  /**
   * Says `text` (null: nothing): a problem in the alert line, else a note.
   * @param {string | null} problem
   * @param {string | null} [note]
   */
  say(problem, note = null) {
    this.alert.textContent = problem ?? '';
    this.note.textContent = note ?? '';
  }

  /**
   * Shows `children` as the screen's view, with a way back to the start but on the start.
   * @param {HTMLElement[]} children
   * @param {boolean} [start]
   */
  show(children, start = false) {
    const back = start ? null : el('button', { type: 'button', id: 'account-back', onclick: () => { this.say(null); this.home(); } }, t('account.back'));
    this.view.replaceChildren(...children, ...(back ? [back] : []));
    const focus = this.view.querySelector('h3, input, button');
    if (focus instanceof HTMLElement) {
      if (focus.tagName === 'H3') focus.tabIndex = -1;
      focus.focus();
    }
  }

  home() {
    const me = member();
    const links = el('div', { className: 'account-links' },
      el('button', { type: 'button', id: 'account-leaderboard', onclick: () => this.board('') }, t('account.leaderboard')),
      me ? el('button', { type: 'button', id: 'account-profile', onclick: () => this.profile(me.name) }, t('account.profile')) : null,
      me?.admin ? el('button', { type: 'button', id: 'account-admin', onclick: () => this.admin() }, t('admin.open')) : null);
    const passkeys = passkeysAvailable() ? [passkeyStart(this, { pattern: NAME_PATTERN, invite: this.signup === 'invite' })] : [];
    this.show(me ? [this.signedIn(me.name), links] : [...passkeys, this.signInForm(), this.signUpForm(), links], true);
  }

  /** Opens the club admin's screen (loaded on first use) over this one. */
  async admin() {
    const { AdminDialog } = await import('../admin/admin-dialog.js');
    this.adminDialog ??= new AdminDialog();
    this.adminDialog.open();
  }

  /**
   * @param {string} rules
   * @param {string} [category]
   */
  board(rules, category) {
    this.say(null);
    showBoard(this, rules, category);
  }

  /** @param {string} name */
  profile(name) {
    this.say(null);
    showProfile(this, name);
  }

  signInForm() {
    const name = field('signin-name', t('account.name'), { autocomplete: 'username', maxLength: 20 });
    const password = field('signin-password', t('account.password'), { type: 'password', autocomplete: 'current-password', maxLength: MAX_PASSWORD });
    return form('signin-form', t('account.signIn'), [name.row, password.row], t('account.signIn'), async () => {
      const done = await this.ask('api/session', { name: name.input.value.trim(), password: password.input.value });
      if (done) this.entered(done.answer);
      else password.input.focus();
    });
  }

  signUpForm() {
    const name = field('signup-name', t('account.name'), { autocomplete: 'username', pattern: NAME_PATTERN, maxLength: 20 }, t('account.nameHint'));
    const password = field('signup-password', t('account.password'), { type: 'password', autocomplete: 'new-password', minLength: MIN_PASSWORD, maxLength: MAX_PASSWORD }, t('account.passwordHint'));
    const invite = this.signup === 'invite' ? field('signup-invite', t('account.invite'), { autocomplete: 'off', required: false }, t('account.inviteHint')) : null;
    const rows = [name.row, password.row, invite?.row ?? null].filter((row) => row !== null);
    return form('signup-form', t('account.signUp'), rows, t('account.signUp'), async () => {
      const code = invite?.input.value.trim();
      const done = await this.ask('api/members', { name: name.input.value.trim(), password: password.input.value, ...(code ? { invite: code } : {}) });
      if (done) this.entered(done.answer);
      else name.input.focus();
    });
  }

  /**
   * A member signed in (or up): the screen shows what a member can do.
   * @param {import('./member.js').Me} answer
   */
  entered(answer) {
    setMember(answer);
    this.say(null, t('account.signedInAs', { name: answer.name }));
    this.home();
  }

  /** @param {string} name */
  signedIn(name) {
    const out = el('button', { type: 'button', id: 'account-signout', onclick: () => this.signOut() }, t('account.signOut'));
    const everywhere = el('button', { type: 'button', id: 'account-signout-all', onclick: () => this.signOutElsewhere() }, t('account.signOutEverywhere'));
    const exported = el('a', { id: 'account-export', href: 'api/me/games.txt', download: 'jungle-games.txt' }, t('account.export'));
    return el('div', { className: 'account-member' },
      el('h3', { id: 'account-name' }, t('account.signedInAs', { name })),
      el('div', { className: 'account-links' }, out, everywhere, exported),
      passkeysAvailable() ? passkeyPanel(this) : null, this.passwordForms());
  }

  /** The password and deletion forms, once the server has said whether there is a password. */
  passwordForms() {
    const place = el('div', { id: 'account-password-forms' });
    this.ask('api/me').then((done) => {
      if (done) place.replaceChildren(this.passwordForm(done.answer.has_password !== false), this.deleteForm(done.answer.has_password !== false));
    });
    return place;
  }

  async signOut() {
    if (await this.ask('api/session', undefined, 'DELETE')) {
      setMember(null);
      this.say(null, t('account.signedOut'));
      this.home();
    }
  }

  async signOutElsewhere() {
    const done = await this.ask('api/me/sessions', undefined, 'DELETE');
    if (done) this.say(null, t('account.signedOutElsewhere', { n: done.answer.ended }));
  }

  /**
   * Changing the password, or setting one for a member who signed up with a passkey (none
   * yet: then no field asks for the current one).
   * @param {boolean} hasPassword
   */
  passwordForm(hasPassword) {
    const old = field('password-old', t('account.password'), { type: 'password', autocomplete: 'current-password', maxLength: MAX_PASSWORD });
    const fresh = field('password-new', t('account.newPassword'), { type: 'password', autocomplete: 'new-password', minLength: MIN_PASSWORD, maxLength: MAX_PASSWORD }, t('account.passwordHint'));
    const title = t(hasPassword ? 'account.changePassword' : 'account.setPassword');
    const rows = hasPassword ? [old.row, fresh.row] : [fresh.row];
    return form('password-form', title, rows, title, async () => {
      if (await this.ask('api/me/password', { password: old.input.value, new_password: fresh.input.value }, 'PUT')) {
        this.say(null, t('account.passwordChanged'));
        if (hasPassword) old.input.value = fresh.input.value = '';
        else this.home(); // now with a password to give
      }
    });
  }

  /**
   * Deleting the account: confirmed with the password, if the member has one (else the
   * session is enough, as the server says).
   * @param {boolean} hasPassword
   */
  deleteForm(hasPassword) {
    const password = field('delete-password', t('account.password'), { type: 'password', autocomplete: 'current-password', maxLength: MAX_PASSWORD });
    return form('delete-form', t('account.delete'), hasPassword ? [password.row] : [], t('account.delete'), async () => {
      const sure = await confirmAct({ title: t('account.delete'), text: t('account.deleteText'), yes: t('account.delete') });
      if (!sure) return;
      if (await this.ask('api/me', { password: password.input.value }, 'DELETE')) {
        setMember(null);
        this.say(null, t('account.deleted'));
        this.home();
      }
    });
  }
}
