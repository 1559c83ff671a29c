// The tournaments screen: the list (running, upcoming, finished; a page at a time, with a
// button for more; each with its clock), a form to create one for those the club allows
// (tournament-form.js), and a tournament: its state and settings, standings or crosstable (an
// engine match's rating list under it), every round's boards (tournament-rounds.js), register and withdraw, the member's next game,
// and for its director the start, its settings to edit before the start and the director's
// desk (director-desk.js). An open tournament follows the server's event stream: its tables
// are redrawn at each change, and a screen reader is told only when the standings change or a
// round starts.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { member, onMember } from '../account/member.js';
import { clockText } from '../online/clock-text.js';
import { followTournament } from './tournament-live.js';
import { tournamentAddress } from './tournament-link.js';
import { byState, nextGame, standingsKey } from './tournament-tables.js';
import { ratingListTable, refusedWords, settingsList, standingsTable, statusText } from './tournament-view.js';
import { tournamentForm } from './tournament-form.js';
import { CLOCK_PRESETS } from './tournament-settings.js';
import { RoundsView } from './tournament-rounds.js';
import { DirectorDesk } from './director-desk.js';
import { directs } from './desk-words.js';
import { reportPanel } from './board-report.js';
import { otbLinks } from './otb-links.js';
import { confirmWithdraw } from './withdraw-confirm.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-link.js').TournamentLink} TournamentLink
 * @typedef {import('./tournament-tables.js').Listed} Listed
 * @typedef {{tournaments: Listed[], makers: 'admins' | 'members', next: string | null}} ListPage a page of GET api/tournaments
 */

/** The tournaments a page of the list asks for at a time. */
const PAGE = 20;

/**
 * The address of the page showing game `id` (`online`: the member's own seat, else watching).
 * @param {string} id
 * @param {'online' | 'watch'} how
 */
function gameHref(id, how) {
  const url = new URL(tournamentAddress(location.href, null));
  url.searchParams.set(how, id);
  return url.href;
}

export class TournamentsDialog {
  constructor() {
    this.ui = makeDialog('tournaments-dialog', t('tournament.title'));
    this.alert = el('p', { id: 'tournaments-error', className: 'tool-error', role: 'alert' });
    this.ask = askFor(this.alert, { words: refusedWords });
    this.view = el('div', { id: 'tournaments-view', className: 'tournaments-view' });
    // Said to screen readers: a new round, changed standings; never the whole table.
    this.said = el('p', { id: 'tournaments-said', className: 'visually-hidden', role: 'status' });
    this.ui.body.append(this.alert, this.said, this.view);
    /** @type {(() => void) | null} */
    this.stop = null;
    /** @type {Tournament | null} */
    this.shown = null;
    /** @type {import('./tournament-link.js').BoardRef | null} the board whose result the address asks to report */
    this.asked = null;
    /** @type {{shown: Listed[], form: HTMLElement | null}} the list's pages shown so far, and the form to create one */
    this.listed = { shown: [], form: null };
    /** @type {HTMLFormElement | null} the form of the shown tournament's settings, while its director edits them */
    this.editing = null;
    this.rounds = new RoundsView();
    this.desk = new DirectorDesk();
    this.ui.dialog.addEventListener('close', () => this.leave(null));
    onMember(() => {
      if (this.shown && this.ui.dialog.isConnected) this.draw(this.shown);
    });
  }

  /** Takes the screen off the page (its words change with the language), its stream closed. */
  destroy() {
    this.stop?.();
    this.stop = null;
    this.ui.dialog.remove();
  }

  /**
   * Opens the screen on what `link` asks (a bad link: says so over the list).
   * @param {TournamentLink} link
   */
  open(link) {
    if (!this.ui.dialog.open) this.ui.open();
    if (link.view === 'tournament') this.tournament(link.id, link.report);
    else {
      // Said once the list is shown: showing it clears the alert line.
      this.list().then(() => {
        if (link.view === 'bad') this.alert.textContent = t(link.param === 'report' ? 'tournament.report.badLink' : 'tournament.badLink');
      });
    }
  }

  /**
   * Stops following the tournament shown, and writes `view` in the address (with the board
   * `report` asked to report).
   * @param {string | 'list' | null} view
   * @param {import('./tournament-link.js').BoardRef | null} [report]
   */
  leave(view, report = null) {
    this.stop?.();
    this.stop = null;
    this.shown = null;
    this.editing = null;
    this.asked = report;
    const href = tournamentAddress(location.href, view, report);
    if (href !== location.href) history.replaceState(history.state, '', href);
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
    this.leave('list');
    const done = await this.ask(`api/tournaments?limit=${PAGE}`);
    if (!done) return;
    /** @type {ListPage} */
    const page = done.answer;
    const me = member();
    const mayCreate = me !== null && (me.admin || page.makers === 'members');
    this.listed = { shown: [], form: mayCreate ? tournamentForm({ tournament: null, done: (made) => this.tournament(made.id) }) : null };
    this.drawList(page);
  }

  /**
   * Adds `page` to the tournaments listed, and draws them by state, with a button for the next
   * page while there is one (the open ones come first, then the finished ones, newest first).
   * @param {ListPage} page
   */
  drawList(page) {
    const first = this.listed.shown.length === 0;
    this.listed.shown = [...this.listed.shown, ...page.tournaments];
    const groups = byState(this.listed.shown);
    const section = (/** @type {'upcoming' | 'running' | 'finished'} */ state) => el('section', { className: 'tournaments-group', 'aria-labelledby': `tournaments-${state}` },
      el('h4', { id: `tournaments-${state}`, tabIndex: -1 }, t(`tournament.${state}`)),
      groups[state].length === 0
        ? el('p', { className: 'tournament-empty' }, t('tournament.none'))
        : el('ul', { className: 'tournaments-list' }, groups[state].map((one) => el('li', {},
          el('button', { type: 'button', className: 'tournament-link', onclick: () => this.tournament(one.id) }, one.name),
          ' ', el('span', {}, `${statusText(one)} · ${clockText(one.clock ?? CLOCK_PRESETS.none)} · ${t('tournament.playerCount', { n: one.players })}`)))));
    const next = page.next;
    const more = next === null ? null : el('button', { type: 'button', id: 'tournaments-more', onclick: async () => {
      const done = await this.ask(`api/tournaments?limit=${PAGE}&after=${encodeURIComponent(next)}`);
      if (done) this.drawList(done.answer);
    } }, t('tournament.more'));
    const children = [el('h3', { id: 'tournaments-title' }, t('tournament.title')),
      section('running'), section('upcoming'), section('finished'), more, this.listed.form];
    if (first) this.show(children);
    else {
      this.view.replaceChildren(...children.filter((child) => child !== null));
      // Where the reader was: on the button while there are more, else at the finished ones.
      (document.getElementById('tournaments-more') ?? document.getElementById('tournaments-finished'))?.focus();
    }
  }

  /**
   * Shows tournament `id`, followed live (with the panel to report the result of board `report`).
   * @param {string} id
   * @param {import('./tournament-link.js').BoardRef | null} [report]
   */
  tournament(id, report = null) {
    this.leave(id, report);
    this.view.replaceChildren(el('p', { role: 'status' }, t('tournament.loading')));
    let first = true;
    this.stop = followTournament(id, {
      state: (tournament) => {
        const changed = this.shown !== null && standingsKey(this.shown) !== standingsKey(tournament);
        this.draw(tournament, first);
        first = false;
        // Not over the answer to a result just reported (board-report.js holds the line).
        const held = Number(this.said.dataset.heldUntil ?? 0) > Date.now();
        if (changed && !held) this.said.textContent = t('tournament.updated');
      },
      roundStarted: (round) => { this.said.textContent = t('tournament.roundStarted', { round }); },
      finished: () => { this.said.textContent = t('tournament.finishedSay'); },
    });
    // The stream cannot say why it failed: a request does (no such tournament…).
    this.ask(`api/tournaments/${encodeURIComponent(id)}`).then((done) => {
      if (!done && this.shown === null) {
        this.leave('list');
        this.view.replaceChildren(el('button', { type: 'button', id: 'tournaments-back', onclick: () => this.list() }, t('tournament.back')));
      }
    });
  }

  /**
   * Draws `tournament` (the first time: its heading focused; later, focus stays where it is).
   * @param {Tournament} tournament
   * @param {boolean} [first]
   */
  draw(tournament, first = false) {
    this.shown = tournament;
    if (tournament.state !== 'registering') this.editing = null;
    const focused = this.view.contains(document.activeElement) ? document.activeElement?.id : null;
    const report = reportPanel(tournament, member()?.name ?? null, { asked: this.asked, ask: this.ask, said: this.said });
    const children = [
      el('h3', { id: 'tournament-title' }, tournament.name),
      el('p', { id: 'tournament-status' }, statusText(tournament)),
      this.editing ?? settingsList(tournament),
      report ?? this.yourGame(tournament),
      this.actions(tournament),
      directs(tournament, member()) ? this.desk.view(tournament) : null,
      standingsTable(tournament),
      ratingListTable(tournament),
      this.rounds.view(tournament, (game) => gameHref(game, 'watch')),
      directs(tournament, member()) ? otbLinks(tournament) : null,
      el('button', { type: 'button', id: 'tournaments-back', onclick: () => this.list() }, t('tournament.back')),
    ];
    if (first) this.show(children);
    else {
      this.view.replaceChildren(...children.filter((child) => child !== null));
      if (focused) document.getElementById(focused)?.focus();
    }
  }

  /**
   * "Your next game" for the member, if in it.
   * @param {Tournament} tournament
   */
  yourGame(tournament) {
    const next = nextGame(tournament, member()?.name ?? null);
    if (next.kind === 'out') return null;
    if (next.kind !== 'game') return el('p', { id: 'tournament-next' }, t(`tournament.next.${next.kind}`));
    const words = t('tournament.next.game', { board: next.board, side: t(`Side.${next.side}`), name: next.opponent });
    return el('p', { id: 'tournament-next' }, words,
      next.game ? [' ', el('a', { href: gameHref(next.game, 'online'), id: 'tournament-play' }, t('tournament.play'))] : null);
  }

  /**
   * Shows the form of `tournament`'s settings in place of them, until it is saved or cancelled.
   * @param {Tournament} tournament
   */
  editSettings(tournament) {
    const closed = (/** @type {Tournament} */ shown) => {
      this.editing = null;
      this.draw(shown);
      document.getElementById('tournament-edit-settings')?.focus();
    };
    this.editing = tournamentForm({ tournament, done: closed, cancel: () => closed(this.shown ?? tournament) });
    this.draw(tournament);
    document.getElementById('tournament-name')?.focus();
  }

  /**
   * The buttons the member may use: register (while the server takes them: before the start,
   * late into a Swiss or an arena, or back after withdrawing; a bot where bots are welcome, a
   * member who is not one where members are) or withdraw (asked first); for
   * its director, start, and before the start edit its settings (the rest is on the
   * director's desk).
   * @param {Tournament} tournament
   */
  actions(tournament) {
    const me = member();
    if (!me || tournament.state === 'finished') return null;
    const path = `api/tournaments/${encodeURIComponent(tournament.id)}`;
    const mine = tournament.players?.find((p) => p.name === me.name);
    const act = async (/** @type {string} */ to, /** @type {string} */ method) => { await this.ask(`${path}/${to}`, undefined, method); };
    const button = (/** @type {string} */ id, /** @type {string} */ words, /** @type {() => Promise<void>} */ onclick) => el('button', { type: 'button', id, onclick }, words);
    const takesMe = (tournament.entrants ?? 'members') === 'members' ? !me.bot : tournament.entrants !== 'bots' || Boolean(me.bot);
    const takesPlayers = takesMe && (tournament.state === 'registering' || ['swiss', 'arena'].includes(tournament.format) || mine?.withdrawn);
    const buttons = [
      mine && !mine.withdrawn
        ? button('tournament-withdraw', t('tournament.withdraw'), async () => {
          if (await confirmWithdraw(this.shown ?? tournament, me.name)) await act('players', 'DELETE');
        })
        : takesPlayers ? button('tournament-register', t('tournament.register'), () => act('players', 'POST')) : null,
      directs(tournament, me) && tournament.state === 'registering' ? button('tournament-start', t('tournament.start'), () => act('start', 'POST')) : null,
      directs(tournament, me) && tournament.state === 'registering' && !this.editing
        ? button('tournament-edit-settings', t('tournament.editSettings'), async () => this.editSettings(tournament)) : null,
    ];
    return el('div', { className: 'tournament-actions' }, buttons);
  }
}
