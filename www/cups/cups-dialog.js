// The cups screen: the club's cups (open ones first), a form to make one for those the club
// allows (cup-form.js), and a cup: its state and settings, the bracket as a picture
// (bracket.js), join and leave, the member's match with its Play link, and for its director
// the start and the desk (a match decided, a player withdrawn). An open cup follows the
// server's event stream; a screen reader is told when a round starts and when it ends.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { member, onMember } from '../account/member.js';
import { clockText } from '../online/clock-text.js';
import { refusedWords } from '../tournaments/tournament-view.js';
import { followCup } from './cup-live.js';
import { cupForm } from './cup-form.js';
import { bracketView, scrollToRound } from './bracket.js';
import { cupStatus, directsCup, myMatch, nameOf, roundName } from './cup-types.js';

/** @typedef {import('./cup-types.js').Cup} Cup @typedef {import('./cup-types.js').ListedCup} ListedCup */

/**
 * The address of the page with `view` (a cup's id, 'list', or none) in it.
 * @param {string} href
 * @param {string | null} view
 */
export function cupAddress(href, view) {
  const url = new URL(href);
  url.searchParams.delete('cup');
  url.searchParams.delete('cups');
  if (view === 'list') url.searchParams.set('cups', '1');
  else if (view) url.searchParams.set('cup', view);
  return url.href;
}

/**
 * The settings of `cup` in one line: clock, best of, tie-break.
 * @param {Cup | ListedCup} cup
 */
function settingsText(cup) {
  const tieClock = cup.tie_break_clock ? clockText(cup.tie_break_clock) : '';
  return [clockText(cup.clock ?? { kind: 'none' }), t('cup.form.bestOf', { n: cup.games }),
    `${t(`cup.tieBreak.${cup.tie_break}`)} (${tieClock})`].join(' · ');
}

export class CupsDialog {
  constructor() {
    this.ui = makeDialog('cups-dialog', t('cup.title'));
    this.alert = el('p', { id: 'cups-error', className: 'tool-error', role: 'alert' });
    this.ask = askFor(this.alert, { words: refusedWords });
    this.view = el('div', { id: 'cups-view', className: 'cups-view' });
    this.said = el('p', { id: 'cups-said', className: 'visually-hidden', role: 'status' });
    this.ui.body.append(this.alert, this.said, this.view);
    /** @type {(() => void) | null} */
    this.stop = null;
    /** @type {Cup | null} */
    this.shown = null;
    this.ui.dialog.addEventListener('close', () => this.leave(null));
    onMember(() => {
      if (this.shown && this.ui.dialog.isConnected) this.draw(this.shown);
    });
  }

  /** Takes the screen off the page, its stream closed. */
  destroy() {
    this.stop?.();
    this.ui.dialog.remove();
  }

  /**
   * Opens the screen on cup `id`, or on the list.
   * @param {string | null} id
   */
  open(id) {
    if (!this.ui.dialog.open) this.ui.open();
    if (id) this.cup(id);
    else this.list();
  }

  /**
   * Stops following the cup shown, and writes `view` in the address.
   * @param {string | null} view
   */
  leave(view) {
    this.stop?.();
    this.stop = null;
    this.shown = null;
    const href = cupAddress(location.href, view);
    if (href !== location.href) history.replaceState(history.state, '', href);
  }

  /**
   * Shows `children`, the heading focused.
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
    this.leave('list');
    const done = await this.ask('api/cups');
    if (!done) return;
    /** @type {{cups: ListedCup[], makers: 'admins' | 'members'}} */
    const page = done.answer;
    const me = member();
    const mayCreate = me !== null && (me.admin || page.makers === 'members');
    const items = page.cups.map((cup) => el('li', {},
      el('button', { type: 'button', className: 'tournament-link', onclick: () => this.cup(cup.id) }, cup.name),
      ' ', el('span', {}, `${cupStatus(cup)} · ${settingsText(cup)} · ${t('tournament.playerCount', { n: cup.players })}`)));
    this.show([el('h3', { id: 'cups-title' }, t('cup.title')),
      items.length === 0 ? el('p', {}, t('cup.none')) : el('ul', { className: 'tournaments-list' }, items),
      mayCreate ? cupForm((made) => this.cup(made.id)) : null]);
  }

  /**
   * Shows cup `id`, followed live.
   * @param {string} id
   */
  cup(id) {
    this.leave(id);
    this.view.replaceChildren(el('p', { role: 'status' }, t('tournament.loading')));
    let first = true;
    this.stop = followCup(id, {
      state: (cup) => {
        this.draw(cup, first);
        first = false;
      },
      roundStarted: (round) => { this.said.textContent = t('cup.roundStarted', { round: roundName(round, this.shown?.rounds ?? round) }); },
      finished: () => { this.said.textContent = t('cup.finishedSay'); },
    });
    this.ask(`api/cups/${encodeURIComponent(id)}`).then((done) => {
      if (!done && this.shown === null) this.view.replaceChildren(this.back());
    });
  }

  back() {
    return el('button', { type: 'button', id: 'cups-back', onclick: () => this.list() }, t('tournament.back'));
  }

  /**
   * Draws `cup` (the first time, its heading focused and the bracket at the current round).
   * @param {Cup} cup
   * @param {boolean} [first]
   */
  draw(cup, first = false) {
    const before = this.view.querySelector('.cup-scroll');
    const scrolled = before instanceof HTMLElement ? before.scrollLeft : null;
    this.shown = cup;
    const focused = this.view.contains(document.activeElement) ? document.activeElement?.id : null;
    const me = member();
    const bracket = cup.state === 'registering' ? null : bracketView(cup);
    const children = [
      el('h3', { id: 'cup-title' }, cup.name),
      el('p', { id: 'cup-status' }, cupStatus(cup),
        cup.placing ? ` · ${t('cup.winner', { name: nameOf(cup, cup.placing.winner) })}` : ''),
      el('p', { id: 'cup-settings' }, settingsText(cup)),
      this.yourMatch(cup),
      this.actions(cup),
      bracket,
      cup.state === 'registering' ? this.entrants(cup) : null,
      directsCup(cup, me) && cup.state === 'running' ? this.desk(cup) : null,
      this.back(),
    ];
    if (first) this.show(children);
    else {
      this.view.replaceChildren(...children.filter((child) => child !== null));
      if (focused) document.getElementById(focused)?.focus();
    }
    if (bracket) {
      if (scrolled === null) scrollToRound(bracket, cup);
      else bracket.scrollLeft = scrolled;
    }
  }

  /**
   * The players entered so far, before the start.
   * @param {Cup} cup
   */
  entrants(cup) {
    return el('section', { 'aria-labelledby': 'cup-entrants' }, el('h4', { id: 'cup-entrants' }, t('cup.entrants', { n: cup.players.length })),
      el('ul', { className: 'cup-entrants' }, cup.players.map((p) => el('li', {}, p.name))));
  }

  /**
   * The member's match still to play, with Play for its game in play.
   * @param {Cup} cup
   */
  yourMatch(cup) {
    const mine = myMatch(cup, member()?.name ?? null);
    if (!mine) return null;
    const { match, side } = mine;
    const opponent = nameOf(cup, side === 'top' ? match.bottom : match.top);
    const game = match.games.find((g) => g.result === null);
    const url = new URL(cupAddress(location.href, null));
    if (game) url.searchParams.set('online', game.game_id);
    return el('p', { id: 'cup-mine' }, t('cup.yourMatch', { round: roundName(match.round, cup.rounds), name: opponent }),
      game ? [' ', el('a', { href: url.href, id: 'cup-play' }, t('tournament.play'))] : null);
  }

  /**
   * Join or leave; for its director, start.
   * @param {Cup} cup
   */
  actions(cup) {
    const me = member();
    if (!me || cup.state === 'finished') return null;
    const path = `api/cups/${encodeURIComponent(cup.id)}`;
    const mine = cup.players.find((p) => p.name === me.name);
    const button = (/** @type {string} */ id, /** @type {string} */ words, /** @type {string} */ to, /** @type {string} */ method) =>
      el('button', { type: 'button', id, onclick: async () => { await this.ask(`${path}/${to}`, undefined, method); } }, words);
    return el('div', { className: 'tournament-actions' },
      mine && !mine.withdrawn ? button('cup-leave', t('cup.leave'), 'players', 'DELETE') : null,
      !mine && cup.state === 'registering' ? button('cup-join', t('cup.join'), 'players', 'POST') : null,
      directsCup(cup, me) && cup.state === 'registering' ? button('cup-start', t('tournament.start'), 'start', 'POST') : null);
  }

  /**
   * The director's desk: each match in play decided for either player, or a player withdrawn.
   * @param {Cup} cup
   */
  desk(cup) {
    const path = `api/cups/${encodeURIComponent(cup.id)}`;
    const open = cup.matches.filter((m) => m.winner === null && m.bottom !== null);
    const rows = open.map((m) => {
      const decide = (/** @type {'top' | 'bottom'} */ side) => {
        const seed = side === 'top' ? m.top : m.bottom;
        return el('button', { type: 'button', id: `cup-decide-${m.round}-${m.slot}-${side}`, onclick: async () => {
          await this.ask(`${path}/results`, { round: m.round, slot: m.slot, winner: side }, 'PUT');
        } }, t('cup.desk.wins', { name: nameOf(cup, seed) }));
      };
      return el('li', {}, `${roundName(m.round, cup.rounds)}: ${nameOf(cup, m.top)} – ${nameOf(cup, m.bottom)} `, decide('top'), ' ', decide('bottom'));
    });
    const still = cup.players.filter((p) => !p.withdrawn && p.seed !== null);
    const select = el('select', { id: 'cup-withdraw-who' }, still.map((p) => el('option', { value: String(p.seed) }, p.name)));
    const withdraw = el('button', { type: 'button', id: 'cup-withdraw', onclick: async () => {
      await this.ask(`${path}/players/${encodeURIComponent(select.value)}`, undefined, 'DELETE');
    } }, t('cup.desk.withdraw'));
    return el('section', { className: 'cup-desk', 'aria-labelledby': 'cup-desk-title' },
      el('h4', { id: 'cup-desk-title' }, t('cup.desk.title')),
      el('ul', {}, rows),
      el('div', { className: 'account-field' }, el('label', { htmlFor: 'cup-withdraw-who' }, t('cup.desk.withdrawWho')), select), withdraw);
  }
}
