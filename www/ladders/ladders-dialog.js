// The ladders screen: the list (with a form to make one for those the club allows), and a
// ladder: its rules in a line, Join or Leave, the ranking with Challenge buttons, the open
// challenges (answer, play, or for its director set a result), and the history. An open ladder
// is read again every few seconds while the screen is open; a screen reader is told when the
// ranking or the challenges changed, never the whole table.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { member } from '../account/member.js';
import { clockText } from '../online/clock-text.js';
import { CLOCK_PRESETS } from '../tournaments/tournament-settings.js';
import { challengeList, historyList, rankingTable } from './ladder-view.js';

/**
 * @typedef {import('./ladder-view.js').Ladder} Ladder
 * @typedef {import('./ladder-view.js').HistoryEntry} HistoryEntry
 * @typedef {Ladder & {members: number}} Listed
 * @typedef {{ladders: Listed[], makers: 'admins' | 'members'}} List
 */

/** How often an open ladder is read again (ms). */
const READ_EVERY = 5000;

export class LaddersDialog {
  constructor() {
    this.ui = makeDialog('ladders-dialog', t('ladder.title'));
    this.alert = el('p', { id: 'ladders-error', className: 'tool-error', role: 'alert' });
    this.ask = askFor(this.alert);
    this.view = el('div', { id: 'ladders-view', className: 'ladders-view' });
    this.said = el('p', { id: 'ladders-said', className: 'visually-hidden', role: 'status' });
    this.ui.body.append(this.alert, this.said, this.view);
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
    /** @type {string} what the last drawing showed, to tell a change */
    this.seen = '';
    this.ui.dialog.addEventListener('close', () => this.stopReading());
  }

  destroy() {
    this.stopReading();
    this.ui.dialog.remove();
  }

  open() {
    if (!this.ui.dialog.open) this.ui.open();
    this.list();
  }

  stopReading() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Shows `children`, the first heading focused.
   * @param {(HTMLElement | null)[]} children
   */
  show(children) {
    this.view.replaceChildren(...children.filter((child) => child !== null));
    const heading = this.view.querySelector('h3');
    if (heading instanceof HTMLElement) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }

  async list() {
    this.stopReading();
    const done = await this.ask('api/ladders');
    if (!done) return;
    /** @type {List} */
    const list = done.answer;
    const me = member();
    const mayCreate = me !== null && (me.admin || list.makers === 'members');
    const items = list.ladders.map((one) => el('li', {},
      el('button', { type: 'button', className: 'ladder-link', onclick: () => this.ladder(one.id) }, one.name), ' ',
      el('span', {}, `${clockText(one.clock)} · ${t('ladder.memberCount', { n: one.members })}`)));
    this.show([el('h3', { id: 'ladders-title' }, t('ladder.title')),
      items.length === 0 ? el('p', { className: 'ladder-empty' }, t('ladder.none')) : el('ul', { className: 'ladder-list' }, items),
      mayCreate ? this.form() : null]);
  }

  /** The form that makes a ladder. */
  form() {
    const field = (/** @type {string} */ id, /** @type {string} */ key, /** @type {HTMLElement} */ input) =>
      el('p', { className: 'ladder-field' }, el('label', { htmlFor: id }, t(key)), input);
    const name = el('input', { id: 'ladder-name', required: true, maxLength: 60 });
    const number = (/** @type {string} */ id, /** @type {number} */ value, /** @type {number} */ min, /** @type {number} */ max) =>
      el('input', { id, type: 'number', value: String(value), min: String(min), max: String(max), required: true });
    const reach = number('ladder-reach', 3, 1, 20);
    const answer = number('ladder-answer', 48, 1, 336);
    const idle = number('ladder-idle', 14, 0, 365);
    const clock = el('select', { id: 'ladder-clock' }, Object.keys(CLOCK_PRESETS).map((key) =>
      el('option', { value: key, selected: key === '3d' }, clockText(CLOCK_PRESETS[key]))));
    const placement = el('select', { id: 'ladder-placement' },
      el('option', { value: 'bottom' }, t('ladder.atBottom')), el('option', { value: 'rating' }, t('ladder.byRating')));
    const form = el('form', { className: 'ladder-form', 'aria-labelledby': 'ladder-form-title' },
      el('h4', { id: 'ladder-form-title' }, t('ladder.create')),
      field('ladder-name', 'ladder.name', name), field('ladder-reach', 'ladder.reach', reach),
      field('ladder-answer', 'ladder.answerHours', answer), field('ladder-idle', 'ladder.idleDays', idle),
      field('ladder-clock', 'ladder.clock', clock), field('ladder-placement', 'ladder.placement', placement),
      el('button', { type: 'submit' }, t('ladder.createButton')));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const done = await this.ask('api/ladders', {
        name: name.value, reach: Number(reach.value), answer_hours: Number(answer.value), idle_days: Number(idle.value),
        clock: CLOCK_PRESETS[clock.value], placement: placement.value,
      });
      if (done) this.ladder(done.answer.id);
    });
    return form;
  }

  /**
   * Shows ladder `id`, read again every few seconds.
   * @param {string} id
   */
  async ladder(id) {
    this.stopReading();
    this.seen = '';
    this.view.replaceChildren(el('p', { role: 'status' }, t('ladder.loading')));
    if (await this.draw(id, true)) this.timer = setInterval(() => this.draw(id, false), READ_EVERY);
  }

  /**
   * Reads ladder `id` and its history and draws them (`first`: the heading focused); false if
   * it cannot be read.
   * @param {string} id
   * @param {boolean} first
   */
  async draw(id, first) {
    const path = `api/ladders/${encodeURIComponent(id)}`;
    const [read, past] = await Promise.all([this.ask(path), this.ask(`${path}/history`)]);
    if (!read || !past) return false;
    /** @type {Ladder & {director: string | null}} */
    const ladder = read.answer;
    /** @type {HistoryEntry[]} */
    const history = past.answer.history;
    const seen = JSON.stringify([ladder.ranking, ladder.challenges]);
    if (!first && seen === this.seen) return true;
    if (!first) this.said.textContent = t('ladder.updated');
    this.seen = seen;
    const me = member();
    const name = me?.name ?? null;
    const directs = me !== null && (me.admin || ladder.director === me.name);
    const on = ladder.ranking.some((rung) => rung.name === name);
    const act = async (/** @type {string} */ to, /** @type {unknown} */ body, /** @type {string} */ method) => {
      if (await this.ask(to, body, method)) this.draw(id, false);
    };
    const actions = {
      challenge: (/** @type {string} */ who) => act(`${path}/challenges`, { name: who }, 'POST'),
      answer: (/** @type {string} */ challenge, /** @type {boolean} */ accept) => act(`${path}/challenges/${challenge}/answer`, { accept }, 'POST'),
      result: (/** @type {string} */ challenge, /** @type {string} */ result) => act(`${path}/challenges/${challenge}/result`, { result }, 'PUT'),
      remove: (/** @type {string} */ who) => act(`${path}/members/${encodeURIComponent(who)}`, undefined, 'DELETE'),
    };
    const membership = me === null ? null : el('button', { type: 'button', id: 'ladder-membership',
      onclick: () => act(`${path}/members`, undefined, on ? 'DELETE' : 'POST') }, t(on ? 'ladder.leave' : 'ladder.join'));
    const scroll = this.view.scrollTop;
    const children = [
      el('h3', { id: 'ladder-title' }, ladder.name),
      el('p', { className: 'ladder-rules' }, `${clockText(ladder.clock)} · ${t('ladder.rules', { reach: ladder.reach, hours: ladder.answer_hours, open: ladder.max_open })}`),
      el('div', { className: 'ladder-actions' }, el('button', { type: 'button', id: 'ladders-back', onclick: () => this.list() }, t('ladder.back')), membership),
      el('div', { className: 'ladder-scroll' }, rankingTable(ladder, name, actions, directs)),
      challengeList(ladder, name, Date.now(), actions, directs),
      historyList(history),
    ];
    if (first) this.show(children);
    else {
      const focused = document.activeElement?.id;
      this.view.replaceChildren(...children.filter((child) => child !== null));
      this.view.scrollTop = scroll;
      if (focused) document.getElementById(focused)?.focus();
    }
    return true;
  }
}
