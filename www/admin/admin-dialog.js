// The club admin's screen, opened from the account screen by an admin only (the server
// refuses every admin request of anyone else): the server's health, invite codes, chat
// reports (hide the message, dismiss the report, suspend its author), suspensions (lift), the
// way to the tournaments (where an admin creates and runs them) and the members. Loaded on
// first use.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { copyField, makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { field, form } from '../page/forms.js';

/** @typedef {{db: string, games_held: number, games_open: number, games_playing: number, games_over: number, http_connections: number, websockets: number, db_bytes: number}} Health */
/** @typedef {{id: string, reporter: string, reason: string, at: number, game: string, room: string, message: import('../server/online-client.js').ChatLine}} Report */
/** @typedef {{name: string, reason: string, since: number, ends: number | null, by: string}} Suspension */
/** @typedef {{name: string, created: number, admin: boolean, rating: number | null, games: number, suspended: boolean}} Listed */

document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/admin/admin.css', document.baseURI).href }));

/**
 * A day in the page's language (not the browser's).
 * @param {number} ms
 */
const dateText = (ms) => new Intl.DateTimeFormat(language(), { dateStyle: 'medium' }).format(new Date(ms));

export class AdminDialog {
  constructor() {
    this.ui = makeDialog('admin-dialog', t('admin.title'));
    this.alert = el('p', { id: 'admin-error', className: 'tool-error', role: 'alert' });
    this.ask = askFor(this.alert);
    this.note = el('p', { id: 'admin-note', className: 'account-note', role: 'status' });
    this.health = el('dl', { id: 'admin-health', className: 'admin-health' });
    this.invite = copyField({ id: 'admin-invite-code', label: t('admin.inviteCode') });
    this.invite.wrap.hidden = true;
    this.inviteNote = el('p', { id: 'admin-invite-note' });
    this.reports = el('ul', { id: 'admin-reports', className: 'admin-list' });
    this.suspensions = el('ul', { id: 'admin-suspensions', className: 'admin-list' });
    this.members = el('tbody', { id: 'admin-members' });
    this.suspendName = field('admin-suspend-name', t('admin.member'), { autocomplete: 'off', maxLength: 20 });
    this.suspendReason = field('admin-suspend-reason', t('admin.reason'), { autocomplete: 'off', maxLength: 300 });
    this.suspendEnds = field('admin-suspend-ends', t('admin.ends'), { type: 'date', required: false });
    const section = (/** @type {string} */ id, /** @type {string} */ title, /** @type {HTMLElement[]} */ ...children) =>
      el('section', { className: 'account-member', 'aria-labelledby': `${id}-title` }, el('h3', { id: `${id}-title` }, title), ...children);
    const button = (/** @type {string} */ id, /** @type {string} */ label, /** @type {() => void} */ onclick) =>
      el('button', { type: 'button', id, onclick }, label);
    this.ui.body.append(this.alert, this.note, el('div', { className: 'account-view' },
      section('admin-health-section', t('admin.health'), this.health, button('admin-refresh', t('admin.refresh'), () => this.refresh())),
      section('admin-invites', t('admin.invites'), button('admin-new-invite', t('admin.newInvite'), () => this.makeInvite()), this.invite.wrap, this.inviteNote),
      section('admin-reports-section', t('admin.reports'), this.reports),
      section('admin-suspensions-section', t('admin.suspensions'), this.suspensions, this.suspendForm()),
      section('admin-tournaments-section', t('tournament.button'), el('a', { href: '?tournaments=1', id: 'admin-tournaments' }, t('admin.tournamentsOpen'))),
      section('admin-members-section', t('admin.members'), el('table', { className: 'account-table' },
        el('thead', {}, el('tr', {}, ...['admin.member', 'admin.joined', 'admin.rating', 'admin.state'].map((key) => el('th', { scope: 'col' }, t(key))))),
        this.members))));
  }

  /** Opens the screen with the figures of now. */
  open() {
    if (!this.ui.dialog.open) this.ui.open();
    void this.refresh();
  }

  async refresh() {
    const [health, reports, suspensions, members] = await Promise.all(
      ['api/admin/health', 'api/admin/reports', 'api/admin/suspensions', 'api/admin/members'].map((path) => this.ask(path)));
    if (health) this.showHealth(health.answer);
    if (reports) this.showReports(reports.answer);
    if (suspensions) this.showSuspensions(suspensions.answer);
    if (members) this.showMembers(members.answer);
  }

  /** @param {Health} health */
  showHealth(health) {
    const rows = [
      ['admin.gamesHeld', health.games_held],
      ['admin.gamesPlaying', health.games_playing],
      ['admin.gamesOpen', health.games_open],
      ['admin.gamesOver', health.games_over],
      ['admin.connections', t('admin.connectionsValue', { http: health.http_connections, websockets: health.websockets })],
      ['admin.dbSize', t('admin.dbSizeValue', { size: (health.db_bytes / 1048576).toFixed(1), db: health.db })],
    ];
    this.health.replaceChildren(...rows.flatMap(([key, value]) => [el('dt', {}, t(String(key))), el('dd', { dataset: { figure: String(key).slice(6) } }, value)]));
  }

  async makeInvite() {
    const made = await this.ask('api/invites', {});
    if (!made) return;
    this.invite.wrap.hidden = false;
    this.invite.set(made.answer.code);
    this.inviteNote.textContent = t('admin.inviteValid', { days: made.answer.expires_in_days });
    this.invite.field.focus();
    this.invite.field.select();
  }

  /** @param {Report[]} reports */
  showReports(reports) {
    if (!reports.length) {
      this.reports.replaceChildren(el('li', {}, t('admin.noReports')));
      return;
    }
    this.reports.replaceChildren(...reports.map((report) => el('li', { className: 'admin-report', dataset: { id: report.id } },
      el('p', {}, t('admin.report', { reporter: report.reporter, author: report.message.author, reason: report.reason || '—' })),
      el('blockquote', { className: 'admin-quote' }, report.message.text),
      el('div', { className: 'account-links' },
        el('button', { type: 'button', className: 'admin-hide', onclick: () => this.act(`api/admin/messages/${encodeURIComponent(report.message.id)}/hide`) }, t('admin.hide')),
        el('button', { type: 'button', className: 'admin-dismiss', onclick: () => this.act(`api/admin/reports/${encodeURIComponent(report.id)}/dismiss`) }, t('admin.dismiss')),
        el('button', { type: 'button', className: 'admin-suspend-author', onclick: () => this.prefillSuspension(report.message.author, report.message.text) }, t('admin.suspendName', { name: report.message.author }))))));
  }

  /**
   * Does an admin action, says it is done, and shows the lists again.
   * @param {string} path
   * @param {unknown} [body]
   * @param {string} [method]
   */
  async act(path, body, method) {
    if (await this.ask(path, body ?? {}, method)) {
      this.note.textContent = t('admin.done');
      await this.refresh();
    }
  }

  suspendForm() {
    return form('admin-suspend', t('admin.suspend'), [this.suspendName.row, this.suspendReason.row, this.suspendEnds.row], t('admin.suspend'), async () => {
      const ends = this.suspendEnds.input.valueAsNumber;
      const body = { name: this.suspendName.input.value.trim(), reason: this.suspendReason.input.value.trim(), ...(Number.isFinite(ends) ? { ends } : {}) };
      await this.act('api/admin/suspensions', body);
    });
  }

  /**
   * Fills the suspension form for `name`, the reported message as the reason.
   * @param {string} name
   * @param {string} text
   */
  prefillSuspension(name, text) {
    this.suspendName.input.value = name;
    this.suspendReason.input.value = text.slice(0, 300);
    this.suspendReason.input.focus();
  }

  /** @param {Suspension[]} suspensions */
  showSuspensions(suspensions) {
    if (!suspensions.length) {
      this.suspensions.replaceChildren(el('li', {}, t('admin.noSuspensions')));
      return;
    }
    this.suspensions.replaceChildren(...suspensions.map((s) => el('li', { className: 'admin-suspension' },
      t('admin.suspension', { name: s.name, reason: s.reason, until: s.ends === null ? t('admin.untilLifted') : t('admin.until', { date: dateText(s.ends) }) }), ' ',
      el('button', { type: 'button', className: 'admin-lift', 'aria-label': t('admin.liftName', { name: s.name }),
        onclick: () => this.act(`api/admin/suspensions/${encodeURIComponent(s.name)}`, undefined, 'DELETE') }, t('admin.lift')))));
  }

  /** @param {Listed[]} members */
  showMembers(members) {
    this.members.replaceChildren(...members.map((m) => el('tr', {},
      el('td', {}, m.name), el('td', {}, dateText(m.created)), el('td', {}, m.rating === null ? '—' : String(m.rating)),
      el('td', {}, [m.admin ? t('admin.isAdmin') : '', m.suspended ? t('admin.isSuspended') : ''].filter(Boolean).join(', ')))));
  }
}
