// The director's desk in a tournament's screen (issue 34), shown to its director: an admin, or
// its creator where the club lets members make tournaments (the server lets only them through,
// src/server/tournaments/directing.rs). Enter a bot by its name where bots are welcome (a bot's
// token only plays), pause or resume, pair the next round when one is due and
// none was paired, end the tournament, remove a player, set the result of any board of any round
// (the game's record, the standings and both ratings follow it: the desk says so), and the
// tournament's log, newest first, in the page's language. Each action but entering a bot (which
// undoes itself by removing it) asks once (confirm-dialog.js), saying what will happen, and then
// shows up in the log.
//
// The screen is drawn again at each change the server streams: the desk keeps its own lines
// (refusals, what was done, the log) and the choices made in its lists across the redraws.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { confirmAct } from '../page/confirm-dialog.js';
import { askFor } from '../server/ask.js';
import {
  RESULTS, adjustQuestion, adjustableBoards, boardLabel, changeQuestion, removeQuestion, resultWords, whatText, whenText, whoText,
} from './desk-words.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./desk-words.js').LogEntry} LogEntry
 * @typedef {import('./desk-words.js').Question} Question
 */

/**
 * A labelled list of `options` (`[value, words]`), `chosen` selected when it is one of them.
 * @param {string} id
 * @param {string} label
 * @param {[string, string][]} options
 * @param {string} chosen
 * @param {(value: string) => void} onChoose
 */
function choice(id, label, options, chosen, onChoose) {
  const select = el('select', { id, onchange: () => onChoose(select.value) },
    options.map(([value, words]) => el('option', { value }, words)));
  if (options.some(([value]) => value === chosen)) select.value = chosen;
  return el('div', { className: 'desk-field' }, el('label', { htmlFor: id }, label), select);
}

export class DirectorDesk {
  constructor() {
    this.alert = el('p', { id: 'desk-error', className: 'tool-error', role: 'alert' });
    this.ask = askFor(this.alert);
    this.done = el('p', { id: 'desk-done', className: 'desk-done', role: 'status' });
    // It scrolls when long: a stop of the keyboard's, named by its summary.
    this.log = el('ol', { id: 'desk-log', className: 'desk-log', tabIndex: 0, 'aria-labelledby': 'desk-log-summary' });
    // The log's own alert line: reading the log again must not clear a refusal of an action.
    const logAlert = el('p', { id: 'desk-log-error', className: 'tool-error', role: 'alert' });
    this.askLog = askFor(logAlert);
    this.logBox = el('details', { id: 'desk-log-box', className: 'desk-log-box', open: true },
      el('summary', { id: 'desk-log-summary' }, t('tournament.desk.log')), logAlert, this.log);
    this.logBox.addEventListener('toggle', () => {
      if (this.logBox.open && this.shown) void this.loadLog(this.shown);
    });
    /** @type {Tournament | null} */
    this.shown = null;
    /** The choices made in the desk's lists. */
    this.chosen = { player: '', board: '', result: 'red', bot: '' };
    /** Each log request's number: an answer to an older one than the last is dropped. */
    this.logAsked = 0;
  }

  /**
   * The desk for `tournament` (its log read again when shown).
   * @param {Tournament} tournament
   */
  view(tournament) {
    if (this.shown?.id !== tournament.id) {
      this.chosen = { player: '', board: '', result: 'red', bot: '' };
      this.log.replaceChildren();
      this.alert.textContent = '';
      this.done.textContent = '';
    }
    this.shown = tournament;
    if (this.logBox.open) void this.loadLog(tournament);
    return el('section', { id: 'director-desk', className: 'director-desk', 'aria-labelledby': 'director-desk-title' },
      el('h4', { id: 'director-desk-title' }, t('tournament.desk.title')),
      tournament.paused ? el('p', { id: 'desk-paused', className: 'desk-paused' }, t('tournament.desk.paused')) : null,
      this.alert, this.done,
      this.entry(tournament),
      this.changes(tournament),
      this.removal(tournament),
      this.adjustment(tournament),
      this.logBox);
  }

  /**
   * Asks `question`, then makes the request; says it was done, and reads the log again.
   * @param {Question} question
   * @param {string} path under the tournament's
   * @param {string} method
   * @param {unknown} [body]
   */
  async act(question, path, method, body) {
    const tournament = this.shown;
    if (!tournament || !(await confirmAct({ ...question, no: t('tournament.desk.cancel') }))) return;
    this.done.textContent = '';
    const done = await this.ask(`api/tournaments/${encodeURIComponent(tournament.id)}/${path}`, body, method);
    if (!done) return;
    this.done.textContent = t('tournament.desk.done');
    if (this.logBox.open && this.shown) await this.loadLog(this.shown);
  }

  /**
   * Enter a bot by its member name, while the tournament takes bots and players: before the
   * start, or into a Swiss or an arena that runs.
   * @param {Tournament} tournament
   */
  entry(tournament) {
    const takes = tournament.state === 'registering' || (tournament.state === 'running' && ['swiss', 'arena'].includes(tournament.format));
    if ((tournament.entrants ?? 'members') === 'members' || !takes) return null;
    // Kept across the redraws, as the lists' choices are.
    const name = el('input', { id: 'desk-bot-name', type: 'text', maxLength: 20, autocomplete: 'off', 'aria-describedby': 'desk-bot-hint',
      value: this.chosen.bot, oninput: () => { this.chosen.bot = name.value; } });
    const enter = async () => {
      if (!name.value.trim()) {
        name.focus();
        return;
      }
      this.done.textContent = '';
      const done = await this.ask(`api/tournaments/${encodeURIComponent(tournament.id)}/entrants`, { name: name.value.trim() });
      if (!done) return;
      this.chosen.bot = '';
      name.value = '';
      this.done.textContent = t('tournament.desk.done');
      if (this.logBox.open && this.shown) await this.loadLog(this.shown);
    };
    name.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') void enter();
    });
    return el('fieldset', { className: 'desk-group' }, el('legend', {}, t('tournament.desk.enter')),
      el('p', { id: 'desk-bot-hint', className: 'desk-note' }, t('tournament.desk.enterHint')),
      el('div', { className: 'desk-row' },
        el('div', { className: 'desk-field' }, el('label', { htmlFor: 'desk-bot-name' }, t('tournament.desk.enterName')), name),
        el('button', { type: 'button', id: 'desk-enter', onclick: enter }, t('tournament.desk.enterButton'))));
  }

  /**
   * Pause or resume, the next round when it is due, and the end, while the tournament runs.
   * @param {Tournament} tournament
   */
  changes(tournament) {
    if (tournament.state === 'finished') return null;
    const button = (/** @type {'pause' | 'resume' | 'end' | 'rounds'} */ change, /** @type {number} */ round = 0) =>
      el('button', { type: 'button', id: `desk-${change}`, onclick: () => this.act(changeQuestion(change, round), change, 'POST') },
        t(`tournament.desk.${change}`, { round }));
    // A round is due when the last one is over and more are to come (the server pairs it at
    // once unless it cannot: then the director asks again).
    const due = tournament.state === 'running' && tournament.format !== 'arena' && !tournament.paused
      && (tournament.rounds_finished ?? 0) >= tournament.round && tournament.round < tournament.rounds;
    return el('div', { className: 'desk-row' },
      tournament.state === 'running' ? button(tournament.paused ? 'resume' : 'pause') : null,
      due ? button('rounds', tournament.round + 1) : null,
      button('end'));
  }

  /**
   * Remove a player (chosen from those not removed yet), while the tournament is not over.
   * @param {Tournament} tournament
   */
  removal(tournament) {
    const players = (tournament.players ?? []).filter((p) => !p.removed);
    if (tournament.state === 'finished' || players.length === 0) return null;
    const options = players.map((p) => /** @type {[string, string]} */ ([String(p.number), p.name]));
    const chosen = choice('desk-player', t('tournament.player'), options, this.chosen.player, (value) => { this.chosen.player = value; });
    const remove = () => {
      const number = Number(/** @type {HTMLSelectElement} */ (chosen.querySelector('select')).value);
      const name = players.find((p) => p.number === number)?.name ?? '';
      return this.act(removeQuestion(name), `players/${number}`, 'DELETE');
    };
    return el('fieldset', { className: 'desk-group' }, el('legend', {}, t('tournament.desk.remove')),
      el('div', { className: 'desk-row' }, chosen, el('button', { type: 'button', id: 'desk-remove', onclick: remove }, t('tournament.desk.removeButton'))));
  }

  /**
   * Set the result of a board of any round.
   * @param {Tournament} tournament
   */
  adjustment(tournament) {
    const boards = adjustableBoards(tournament);
    if (boards.length === 0) return null;
    const key = (/** @type {{round: number, board: number}} */ p) => `${p.round}-${p.board}`;
    const board = choice('desk-board', t('tournament.board'), boards.map((p) => [key(p), boardLabel(tournament, p)]),
      this.chosen.board, (value) => { this.chosen.board = value; });
    const result = choice('desk-result', t('tournament.result'), RESULTS.map((r) => [r, resultWords(r)]),
      this.chosen.result, (value) => { this.chosen.result = value; });
    const set = () => {
      const pairing = boards.find((p) => key(p) === /** @type {HTMLSelectElement} */ (board.querySelector('select')).value);
      const chosen = /** @type {HTMLSelectElement} */ (result.querySelector('select')).value;
      if (!pairing) return undefined;
      return this.act(adjustQuestion(tournament, pairing, chosen), 'results', 'PUT', { round: pairing.round, board: pairing.board, result: chosen });
    };
    return el('fieldset', { className: 'desk-group' }, el('legend', {}, t('tournament.desk.adjust')),
      el('p', { id: 'desk-ratings', className: 'desk-note' }, t('tournament.desk.ratings')),
      el('div', { className: 'desk-row' }, board, result, el('button', { type: 'button', id: 'desk-adjust', onclick: set }, t('tournament.desk.adjustButton'))));
  }

  /**
   * Reads the tournament's log and shows it, newest first.
   * @param {Tournament} tournament
   */
  async loadLog(tournament) {
    const asked = ++this.logAsked;
    const done = await this.askLog(`api/tournaments/${encodeURIComponent(tournament.id)}/log`);
    if (!done || asked !== this.logAsked) return;
    /** @type {LogEntry[]} */
    const entries = done.answer.log;
    this.log.replaceChildren(...entries.slice().reverse().map((entry) => el('li', {},
      el('time', { dateTime: new Date(entry.at).toISOString() }, whenText(entry.at)), ' ',
      el('span', { className: 'desk-log-who' }, whoText(entry)), ' ',
      el('span', { className: 'desk-log-what' }, whatText(entry, tournament)))));
    if (entries.length === 0) this.log.append(el('li', {}, t('tournament.desk.logEmpty')));
  }
}
