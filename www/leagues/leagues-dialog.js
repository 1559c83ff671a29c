// The leagues screen: the list, a form to create one for those the club allows, and a league:
// its state, the help words (how deadlines and withdrawals count), join and leave, each
// division's standings, the member's pairings with "Start game" or "Play" and their windows,
// and for its director the desk (league-desk.js). An open league follows the server's event stream;
// a screen reader is told when the standings change.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { member, onMember } from '../account/member.js';
import { clockText } from '../online/clock-text.js';
import { pairingStatus, pairingsOf, standingsTable, stateText } from './league-view.js';
import { leagueDesk } from './league-desk.js';

/** @typedef {import('./league-view.js').League} League */

/**
 * The address of the page playing game `id` from the member's seat.
 * @param {string} id
 */
function gameHref(id) {
  const url = new URL(location.href);
  for (const param of ['league', 'leagues']) url.searchParams.delete(param);
  url.searchParams.set('online', id);
  return url.href;
}

export class LeaguesDialog {
  constructor() {
    this.ui = makeDialog('leagues-dialog', t('league.title'));
    this.alert = el('p', { id: 'leagues-error', className: 'tool-error', role: 'alert' });
    this.ask = askFor(this.alert);
    this.view = el('div', { id: 'leagues-view', className: 'leagues-view' });
    this.said = el('p', { id: 'leagues-said', className: 'visually-hidden', role: 'status' });
    this.ui.body.append(this.alert, this.said, this.view);
    /** @type {EventSource | null} */
    this.source = null;
    /** @type {League | null} */
    this.shown = null;
    this.ui.dialog.addEventListener('close', () => this.stop());
    onMember(() => {
      if (this.shown && this.ui.dialog.isConnected) this.draw(this.shown, false);
    });
  }

  destroy() {
    this.stop();
    this.ui.dialog.remove();
  }

  stop() {
    this.source?.close();
    this.source = null;
    this.shown = null;
  }

  /** @param {string | null} id the league to show, else the list */
  open(id) {
    if (!this.ui.dialog.open) this.ui.open();
    if (id) this.league(id);
    else this.list();
  }

  /** @param {(HTMLElement | null)[]} children */
  show(children) {
    this.view.replaceChildren(...children.filter((child) => child !== null));
    const heading = this.view.querySelector('h3');
    if (heading instanceof HTMLElement) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }

  async list() {
    this.stop();
    const done = await this.ask('api/leagues');
    if (!done) return;
    /** @type {{leagues: League[], makers: 'admins' | 'members'}} */
    const page = done.answer;
    const me = member();
    const mayCreate = me !== null && (me.admin || page.makers === 'members');
    const items = page.leagues.map((league) => el('li', {},
      el('button', { type: 'button', className: 'league-link', onclick: () => this.league(league.id) }, league.name),
      ' ', el('span', {}, `${stateText(league)} · ${clockText(/** @type {any} */ (league.clock))}`)));
    this.show([el('h3', { id: 'leagues-title' }, t('league.title')),
      items.length ? el('ul', { className: 'leagues-list' }, items) : el('p', {}, t('league.none')),
      mayCreate ? this.form() : null]);
  }

  /** The form to create a league. */
  form() {
    const field = (/** @type {string} */ name, /** @type {string} */ label, /** @type {Record<string, any>} */ attrs) => el('label', { className: 'league-field' },
      el('span', {}, label), el('input', { name, id: `league-${name}`, ...attrs }));
    const form = el('form', { id: 'league-form', className: 'league-form', 'aria-labelledby': 'league-form-title' },
      el('h4', { id: 'league-form-title' }, t('league.create')),
      field('name', t('league.name'), { required: true, maxLength: 60 }),
      field('division_size', t('league.divisionSize'), { type: 'number', min: 2, max: 20, value: 6 }),
      field('promote', t('league.promote'), { type: 'number', min: 0, max: 10, value: 1 }),
      field('relegate', t('league.relegate'), { type: 'number', min: 0, max: 10, value: 1 }),
      field('round_days', t('league.roundDays'), { type: 'number', min: 1, max: 60, value: 7 }),
      field('days', t('league.moveDays'), { type: 'number', min: 1, max: 30, value: 3 }),
      el('button', { type: 'submit' }, t('league.make')));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const value = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value;
      const number = (/** @type {string} */ name) => Number(value(name));
      const body = { name: value('name'), division_size: number('division_size'), promote: number('promote'),
        relegate: number('relegate'), round_days: number('round_days'), clock: { kind: 'correspondence', days: number('days') } };
      const done = await this.ask('api/leagues', body);
      if (done) this.league(done.answer.id);
    });
    return form;
  }

  /** @param {string} id */
  league(id) {
    this.stop();
    this.view.replaceChildren(el('p', { role: 'status' }, t('tournament.loading')));
    let first = true;
    this.source = new EventSource(new URL(`api/leagues/${encodeURIComponent(id)}/events`, document.baseURI));
    this.source.addEventListener('message', (event) => {
      /** @type {League} */
      const league = JSON.parse(event.data);
      const before = this.shown ? JSON.stringify(this.shown.divisions) : null;
      this.draw(league, first);
      if (!first && before !== JSON.stringify(league.divisions)) this.said.textContent = t('league.updated');
      first = false;
    });
    // The stream cannot say why it failed: a request does (no such league…).
    this.ask(`api/leagues/${encodeURIComponent(id)}`).then((done) => {
      if (!done && this.shown === null) this.list();
    });
  }

  /**
   * Draws `league` (its heading focused the first time).
   * @param {League} league
   * @param {boolean} first
   */
  draw(league, first) {
    this.shown = league;
    const me = member();
    const id = encodeURIComponent(league.id);
    const act = async (/** @type {string} */ path, /** @type {unknown} */ body, /** @type {string} */ method) => {
      const done = await this.ask(`api/leagues/${id}${path}`, body, method);
      return done !== null;
    };
    const isMember = me !== null && (league.members ?? []).includes(me.name);
    const membership = me === null ? null : isMember
      ? el('button', { type: 'button', id: 'league-leave', onclick: () => act('/members', undefined, 'DELETE') }, t('league.leave'))
      : el('button', { type: 'button', id: 'league-join', onclick: () => act('/members', undefined, 'POST') }, t('league.join'));
    const directs = me !== null && (me.admin || league.director === me.name);
    const children = [
      el('h3', { id: 'league-title' }, league.name),
      el('p', { id: 'league-state' }, `${stateText(league)} · ${clockText(/** @type {any} */ (league.clock))} · ${t('league.settings', { up: league.promote, down: league.relegate, days: league.round_days })}`),
      el('p', { className: 'league-help' }, t('league.help')),
      membership,
      me === null ? null : this.myPairings(league, me.name),
      ...(league.divisions ?? []).map(standingsTable),
      directs ? leagueDesk(league, act) : null,
      el('button', { type: 'button', id: 'leagues-back', onclick: () => this.list() }, t('league.back')),
    ];
    if (first) this.show(children);
    else this.view.replaceChildren(...children.filter((child) => child !== null));
  }

  /**
   * The member's pairings of the season: each with its window, and "Start game" or "Play".
   * @param {League} league
   * @param {string} name
   */
  myPairings(league, name) {
    const now = league.now ?? Date.now();
    const mine = pairingsOf(league, name);
    if (mine.length === 0) return null;
    const start = async (/** @type {import('./league-view.js').LeaguePairing} */ p) => {
      const body = { division: p.division, round: p.round, board: p.board };
      const done = await this.ask(`api/leagues/${encodeURIComponent(league.id)}/games`, body);
      if (done) location.assign(gameHref(done.answer.game));
    };
    const rows = mine.map((p) => {
      const open = !p.result && now >= p.opens_at && now < p.deadline;
      const action = p.game && !p.result
        ? el('a', { className: 'league-play', href: gameHref(p.game) }, t('tournament.play'))
        : open ? el('button', { type: 'button', className: 'league-start', onclick: () => start(p) }, t('league.startGame')) : null;
      const opponent = p.red === name ? p.blue : p.red;
      return el('li', {}, el('span', {}, t('league.pairing', { round: p.round, opponent, side: t(p.red === name ? 'league.red' : 'league.blue') })),
        ' ', el('span', { className: 'league-when' }, pairingStatus(p, now)), ' ', action);
    });
    return el('section', { className: 'league-mine', 'aria-labelledby': 'league-mine-title' },
      el('h4', { id: 'league-mine-title' }, t('league.mine')), el('ul', {}, rows));
  }
}
