// The club account screen, its parts as tabs (account-tabs.js), each under a heading of its own:
// for a guest, signing in and signing up (with a passkey first, passkey-views.js, when the
// browser can; an invite code when the club asks one); for a member, the account (signing
// out, out everywhere, exporting one's games, the password, and the email address when the
// club sends mail: email-panel.js), the passkeys, the notifications (notifications-tab.js),
// and the danger zone (deleting the account, danger-zone.js); a guest who forgot the password
// asks for a reset link (email-links.js). Beside them the leaderboard and members' profiles
// (board-view.js, profile-view.js), each at an address of its own (account-address.js): shared,
// and left with the browser's Back button. Only on a game server with members; a guest plays
// as before without ever opening it.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { field, form } from '../page/forms.js';
import { clubMails, member, setMember } from './member.js';
import { emailPanel } from './email-panel.js';
import { forgotPassword } from './email-links.js';
import { showBoard } from './board-view.js';
import { showProfile } from './profile-view.js';
import { accountAddress, accountLink, NAME_PATTERN } from './account-address.js';
import { accountTabs } from './account-tabs.js';
import { vacationView } from './vacation-view.js';
import { dangerZone } from './danger-zone.js';
import { notificationsTab } from './notifications-tab.js';
import { passkeyPanel, passkeyProof, passkeySignIn, passkeySignUp } from './passkey-views.js';
import { passkeysAvailable } from './webauthn.js';
import { botsView } from '../bots/bots-tab.js';

/** @typedef {import('./account-address.js').AccountLink} AccountLink */

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 256;
/** The mark of a history entry the account screen pushed (its Back stays on the page). */
const PUSHED = 'jungleAccount';

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
    /** The tab last shown (none yet: the first). */
    this.tab = '';
    // Closed, the screen leaves the address too: a shared link names what is open.
    this.ui.dialog.addEventListener('close', () => this.address({ view: 'none' }, 'replace'));
  }

  /** Opens the screen at its start: the tabs of a guest or of the member. */
  open() {
    this.home();
    if (!this.ui.dialog.open) this.ui.open();
  }

  /**
   * Shows what the address names (`link`): on the page's start, and after Back or Forward.
   * Nothing named: the start, if the screen is open.
   * @param {AccountLink} link
   */
  follow(link) {
    if (link.view === 'none' && !this.ui.dialog.open) return;
    this.draw(link);
    if (!this.ui.dialog.open) this.ui.open();
    if (link.view === 'bad') this.say(t('account.badLink'));
  }

  /**
   * Writes `link` in the address: a new history entry (`push`, so Back comes back here) or
   * the same one (`replace`).
   * @param {AccountLink} link
   * @param {'push' | 'replace'} how
   */
  address(link, how) {
    const href = accountAddress(location.href, link);
    if (href === location.href) return;
    if (how === 'push') history.pushState({ ...history.state, [PUSHED]: true }, '', href);
    else history.replaceState(history.state, '', href);
  }

  /**
   * Goes to `link`'s view, a new history entry unless it shows the same kind of view (the
   * leaderboard of other rules).
   * @param {AccountLink} link
   */
  go(link) {
    this.say(null);
    this.address(link, accountLink(location.search).view === link.view ? 'replace' : 'push');
    this.draw(link);
  }

  /** @param {AccountLink} link */
  draw(link) {
    if (link.view === 'member') showProfile(this, link.name);
    else if (link.view === 'leaderboard') showBoard(this, link.rules, link.category ?? undefined);
    else this.home();
  }

  /** The screen's own Back: the history's when the screen pushed the entry, else the start. */
  back() {
    this.say(null);
    if (history.state?.[PUSHED]) {
      history.back();
      return;
    }
    this.address({ view: 'none' }, 'replace');
    this.home();
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
    const back = start ? null : el('button', { type: 'button', id: 'account-back', onclick: () => this.back() }, t('account.back'));
    this.view.replaceChildren(...children, ...(back ? [back] : []));
    const focus = this.view.querySelector('[aria-selected="true"], h3, input, button');
    if (focus instanceof HTMLElement) {
      if (focus.tagName === 'H3') focus.tabIndex = -1;
      focus.focus();
    }
  }

  home() {
    const me = member();
    const links = el('div', { className: 'account-links account-pages' },
      el('button', { type: 'button', id: 'account-leaderboard', onclick: () => this.board('') }, t('account.leaderboard')),
      me ? el('button', { type: 'button', id: 'account-profile', onclick: () => this.profile(me.name) }, t('account.profile')) : null,
      me?.admin ? el('button', { type: 'button', id: 'account-admin', onclick: () => this.admin() }, t('admin.open')) : null);
    const tabs = me ? this.memberTabs(me.name) : this.guestTabs();
    this.show([accountTabs(tabs, this.tab, (key) => { this.tab = key; }, t('account.tabs')), links], true);
  }

  /** @returns {import('./account-tabs.js').Tab[]} */
  guestTabs() {
    const passkeys = passkeysAvailable();
    const rules = { pattern: NAME_PATTERN, invite: this.signup === 'invite' };
    return [
      { key: 'signin', label: t('account.signIn'), heading: t('account.signIn'), content: [passkeys ? passkeySignIn(this) : null, this.signInForm(), clubMails() ? forgotPassword(this) : null] },
      { key: 'signup', label: t('account.signUp'), heading: t('account.createTitle'), content: [passkeys ? passkeySignUp(this, rules) : null, this.signUpForm()] },
    ];
  }

  /**
   * The member's tabs: the account, the passkeys (where the browser has them), the
   * notifications (notifications-tab.js) and the danger zone; their forms once the server has said whether there is a password (what proves who is there).
   * @param {string} name
   * @returns {import('./account-tabs.js').Tab[]}
   */
  memberTabs(name) {
    const me = member();
    const password = el('div', { id: 'account-password-forms' });
    const passkeys = el('div', { id: 'account-passkeys', className: 'account-view' });
    const danger = el('div', { id: 'account-danger', className: 'account-danger' });
    this.ask('api/me').then((done) => {
      if (!done) return;
      const hasPassword = done.answer.has_password !== false;
      password.replaceChildren(this.passwordForm(hasPassword));
      passkeys.replaceChildren(...passkeyPanel(this, 'account-heading-passkeys', hasPassword).filter((part) => part !== null));
      danger.replaceChildren(...dangerZone(this, name, hasPassword));
    });
    const out = el('button', { type: 'button', id: 'account-signout', onclick: () => this.signOut() }, t('account.signOut'));
    const everywhere = el('button', { type: 'button', id: 'account-signout-all', onclick: () => this.signOutElsewhere() }, t('account.signOutEverywhere'));
    const exported = el('a', { id: 'account-export', href: 'api/me/games.txt', download: 'jungle-games.txt' }, t('account.export'));
    return [
      { key: 'account', label: t('account.tabAccount'), heading: t('account.signedInAs', { name }), headingId: 'account-name',
        content: [el('div', { className: 'account-links' }, out, everywhere, exported), password, clubMails() ? emailPanel(this) : null] },
      ...(passkeysAvailable() ? [{ key: 'passkeys', label: t('account.passkeys'), heading: t('account.passkeys'), content: [passkeys] }] : []),
      notificationsTab(this, name),
      { key: 'vacation', label: t('vacation.tab'), heading: t('vacation.title'), content: [vacationView(this)] },
      ...(me ? [{ key: 'bot', label: t('bots.title'), heading: t('bots.title'), content: [botsView(this, { ...me }, () => setMember({ ...me, bot: true }))] }] : []),
      { key: 'danger', label: t('account.dangerZone'), heading: t('account.dangerZone'), content: [danger] },
    ];
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
    this.go({ view: 'leaderboard', rules, category: category ?? null });
  }

  /** @param {string} name */
  profile(name) {
    this.go({ view: 'member', name });
  }

  signInForm() {
    const name = field('signin-name', t('account.name'), { autocomplete: 'username', maxLength: 20 });
    const password = field('signin-password', t('account.password'), { type: 'password', autocomplete: 'current-password', maxLength: MAX_PASSWORD });
    return form('signin-form', t('account.signInWithPassword'), [name.row, password.row], t('account.signIn'), async () => {
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
    return form('signup-form', t('account.signUpWithPassword'), rows, t('account.signUp'), async () => {
      const code = invite?.input.value.trim();
      const done = await this.ask('api/members', { name: name.input.value.trim(), password: password.input.value, ...(code ? { invite: code } : {}) });
      if (done) this.entered(done.answer);
      else name.input.focus();
    });
  }

  /**
   * A member signed in (or up): the screen shows what a member can do, from its first tab.
   * @param {import('./member.js').Me} answer
   */
  entered(answer) {
    setMember(answer);
    this.say(null, t('account.signedInAs', { name: answer.name }));
    this.tab = '';
    this.home();
  }

  async signOut() {
    if (await this.ask('api/session', undefined, 'DELETE')) {
      setMember(null);
      this.say(null, t('account.signedOut'));
      this.tab = '';
      this.home();
    }
  }

  async signOutElsewhere() {
    const done = await this.ask('api/me/sessions', undefined, 'DELETE');
    if (done) this.say(null, t('account.signedOutElsewhere', { n: done.answer.ended }));
  }

  /**
   * Changing the password, or setting one for a member who signed up with a passkey (none
   * yet: then one of the member's passkeys confirms who is there, as the server asks).
   * @param {boolean} hasPassword
   */
  passwordForm(hasPassword) {
    const old = field('password-old', t('account.password'), { type: 'password', autocomplete: 'current-password', maxLength: MAX_PASSWORD });
    const fresh = field('password-new', t('account.newPassword'), { type: 'password', autocomplete: 'new-password', minLength: MIN_PASSWORD, maxLength: MAX_PASSWORD }, t('account.passwordHint'));
    const title = t(hasPassword ? 'account.changePassword' : 'account.setPassword');
    const rows = hasPassword ? [old.row, fresh.row] : [fresh.row, el('p', { className: 'account-note-plain' }, t('account.setPasswordProof'))];
    return form('password-form', title, rows, title, async () => {
      const passkey = hasPassword ? null : await passkeyProof(this);
      if (!hasPassword && !passkey) return;
      const proof = passkey ? { passkey } : { password: old.input.value };
      if (await this.ask('api/me/password', { ...proof, new_password: fresh.input.value }, 'PUT')) {
        this.say(null, t('account.passwordChanged'));
        if (hasPassword) old.input.value = fresh.input.value = '';
        else this.home(); // now with a password to give
      }
    });
  }
}
