// The teams screen: the club's teams and matches; a form to make a team (its maker is its
// captain) and one to propose a match to another team; a team: its captain and members, and
// for its captain adding members by name, taking them out and handing the captaincy on; a
// match: the score and boards, followed live (a screen reader is told when the score
// changes), the member's own board to play, and for a captain accepting it, giving the
// line-up (one member per board, board 1 first; none: by rating) and starting it; for the
// club's admin, a board's result set by hand.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { askFor } from '../server/ask.js';
import { member } from '../account/member.js';
import { clockText } from '../online/clock-text.js';
import { CLOCK_PRESETS } from '../tournaments/tournament-settings.js';
import { RESULTS, resultWords } from '../tournaments/desk-words.js';
import { boardsTable, followMatch, scoreLine, stateText } from './match-view.js';

/**
 * @typedef {import('./match-view.js').Team} Team
 * @typedef {import('./match-view.js').TeamMatch} TeamMatch
 * @typedef {import('./match-view.js').Board} Board
 */

/**
 * A labelled field.
 * @param {string} label
 * @param {HTMLElement} field
 */
const labelled = (label, field) => el('label', { className: 'team-field' }, label, field);

/**
 * The address of the page that plays (`online`) or watches game `id`.
 * @param {string} id
 * @param {'online' | 'watch'} how
 */
function gameHref(id, how) {
  const url = new URL(document.baseURI);
  url.search = '';
  url.searchParams.set(how, id);
  return url.href;
}

export class TeamsDialog {
  constructor() {
    this.ui = makeDialog('teams-dialog', t('teams.title'));
    this.alert = el('p', { id: 'teams-error', className: 'tool-error', role: 'alert' });
    this.ask = askFor(this.alert);
    this.said = el('p', { id: 'teams-said', className: 'visually-hidden', role: 'status' });
    this.view = el('div', { id: 'teams-view', className: 'teams-view' });
    this.ui.body.append(this.alert, this.said, this.view);
    /** @type {(() => void) | null} */
    this.stop = null;
    this.ui.dialog.addEventListener('close', () => this.follow(null));
  }

  /** Takes the screen off the page (its words change with the language). */
  destroy() {
    this.follow(null);
    this.ui.dialog.remove();
  }

  /** @param {(() => void) | null} stop the way to stop the stream followed now */
  follow(stop) {
    this.stop?.();
    this.stop = stop;
  }

  /** Opens the screen on the list. */
  open() {
    if (!this.ui.dialog.open) this.ui.open();
    this.showList();
  }

  /** @param {...(HTMLElement | string | null)} parts */
  draw(...parts) {
    this.view.replaceChildren(...parts.filter((part) => part !== null));
  }

  back() {
    return el('button', { type: 'button', className: 'team-back', onclick: () => this.showList() }, t('teams.back'));
  }

  async showList() {
    this.follow(null);
    const [teams, matches] = await Promise.all([this.ask('api/teams'), this.ask('api/team-matches')]);
    if (!teams || !matches) return;
    /** @type {{id: string, name: string}[]} */
    const listed = teams.answer.teams;
    /** @type {TeamMatch[]} */
    const played = matches.answer.matches;
    const teamItems = listed.map((team) => el('li', {},
      el('button', { type: 'button', className: 'tournament-link', onclick: () => this.showTeam(team.id) }, team.name)));
    const matchItems = played.map((match) => el('li', {},
      el('button', { type: 'button', className: 'tournament-link', onclick: () => this.showMatch(match.id) }, scoreLine(match)),
      ` · ${stateText(match)}`));
    this.draw(
      el('h3', {}, t('teams.teams')),
      teamItems.length ? el('ul', { className: 'tournaments-list', id: 'teams-list' }, teamItems) : el('p', {}, t('teams.noTeams')),
      member() ? this.teamForm() : null,
      el('h3', {}, t('teams.matches')),
      matchItems.length ? el('ul', { className: 'tournaments-list', id: 'team-matches-list' }, matchItems) : el('p', {}, t('teams.noMatches')),
      member() && listed.length >= 2 ? this.matchForm(listed) : null);
  }

  teamForm() {
    const name = el('input', { id: 'team-name', maxLength: 40, required: true, autocomplete: 'off' });
    const submit = async (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      const made = await this.ask('api/teams', { name: name.value });
      if (made) this.showTeam(made.answer.id);
    };
    return el('form', { className: 'team-form', id: 'team-form', onsubmit: submit },
      labelled(t('teams.teamName'), name), el('button', { type: 'submit' }, t('teams.create')));
  }

  /** @param {{id: string, name: string}[]} teams */
  matchForm(teams) {
    const options = () => teams.map((team) => el('option', { value: team.id }, team.name));
    const home = el('select', { id: 'team-match-home' }, options());
    const away = el('select', { id: 'team-match-away' }, options());
    away.selectedIndex = 1;
    const boards = el('input', { id: 'team-match-boards', type: 'number', min: 2, max: 16, value: '4', required: true });
    const clock = el('select', { id: 'team-match-clock' },
      Object.entries(CLOCK_PRESETS).map(([key, spec]) => el('option', { value: key, selected: key === '3d' }, clockText(spec))));
    const submit = async (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      const body = { home: home.value, away: away.value, boards: Number(boards.value), clock: CLOCK_PRESETS[clock.value] };
      const made = await this.ask('api/team-matches', body);
      if (made) this.showMatch(made.answer.id);
    };
    return el('form', { className: 'team-form', id: 'team-match-form', onsubmit: submit },
      el('h4', {}, t('teams.newMatch')),
      labelled(t('teams.home'), home), labelled(t('teams.away'), away),
      labelled(t('teams.boardCount'), boards), labelled(t('tournament.clock'), clock),
      el('button', { type: 'submit' }, t('teams.propose')));
  }

  /** @param {string} id */
  async showTeam(id) {
    this.follow(null);
    const got = await this.ask(`api/teams/${encodeURIComponent(id)}`);
    if (got) this.drawTeam(got.answer);
  }

  /** @param {Team} team */
  drawTeam(team) {
    const me = member();
    const leads = me !== null && (me.admin || me.name === team.captain);
    const path = `api/teams/${encodeURIComponent(team.id)}`;
    /** @type {(to: string, body?: unknown, method?: string) => Promise<void>} */
    const change = async (to, body, method) => {
      const done = await this.ask(to, body, method);
      if (done) this.drawTeam(done.answer);
    };
    const rows = team.members.map((name) => el('li', {}, name,
      name === team.captain ? ` (${t('teams.captain')})` : '',
      leads && name !== team.captain ? el('button', { type: 'button', onclick: () => change(`${path}/captain`, { name }, 'PUT') }, t('teams.makeCaptain')) : null,
      (leads || me?.name === name) && name !== team.captain
        ? el('button', { type: 'button', onclick: () => change(`${path}/members/${encodeURIComponent(name)}`, undefined, 'DELETE') },
          me?.name === name ? t('teams.leave') : t('teams.remove'))
        : null));
    const name = el('input', { id: 'team-member-name', required: true, autocomplete: 'off' });
    const add = el('form', { className: 'team-form', id: 'team-member-form', onsubmit: (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      change(`${path}/members`, { name: name.value });
    } }, labelled(t('teams.memberName'), name), el('button', { type: 'submit' }, t('teams.add')));
    this.draw(this.back(), el('h3', { id: 'team-title' }, team.name),
      el('p', {}, `${t('teams.captain')}: ${team.captain ?? ''}`),
      el('h4', {}, t('teams.members')), el('ul', { className: 'team-members', id: 'team-members' }, rows),
      leads ? add : null);
  }

  /** @param {string} id */
  async showMatch(id) {
    const got = await this.ask(`api/team-matches/${encodeURIComponent(id)}`);
    if (!got) return;
    let score = '';
    this.follow(followMatch(id, (match) => {
      const now = scoreLine(match);
      if (score && now !== score) this.said.textContent = t('teams.updated');
      score = now;
      this.drawMatch(match);
    }));
  }

  /** @param {TeamMatch} match */
  drawMatch(match) {
    const me = member();
    const path = `api/team-matches/${encodeURIComponent(match.id)}`;
    /** @type {(to: string, body?: unknown, method?: string) => Promise<void>} */
    const act = async (to, body, method) => {
      const done = await this.ask(`${path}/${to}`, body, method);
      if (done) this.drawMatch(done.answer);
    };
    const link = (/** @type {Board} */ board) => {
      const mine = me !== null && (board.home === me.name || board.away === me.name);
      return el('a', { href: gameHref(board.game_id, mine ? 'online' : 'watch'), className: 'team-game' },
        t(mine ? 'tournament.play' : 'tournament.watch'));
    };
    const captains = [match.home, match.away].filter((team) => me !== null && team.captain === me.name);
    const open = match.state === 'proposed' || match.state === 'accepted';
    const actions = el('div', { className: 'tournament-actions' },
      match.state === 'proposed' && me?.name !== match.proposed_by && (captains.length || me?.admin)
        ? el('button', { type: 'button', id: 'team-match-accept', onclick: () => act('accept', {}) }, t('teams.accept')) : null,
      match.state === 'accepted' && (captains.length || me?.admin)
        ? el('button', { type: 'button', id: 'team-match-start', onclick: () => act('start', {}) }, t('teams.start')) : null);
    this.draw(this.back(),
      el('h3', { id: 'team-match-score', className: 'team-score' }, scoreLine(match)),
      el('p', { id: 'team-match-state' }, `${stateText(match)} · ${t('teams.boardsOf', { n: match.board_count })} · ${clockText(match.clock)}`),
      match.boards.length ? boardsTable(match, link) : null,
      open && captains.length ? this.lineUpForm(match, captains[0], (members) => act('line-up', { members }, 'PUT')) : null,
      match.state === 'playing' && me?.admin ? this.deskForm(match, (board, result) => act(`boards/${board}/result`, { result }, 'PUT')) : null,
      actions);
  }

  /**
   * The club admin's desk: a result set by hand on a board that has none (its game in play
   * ends with it).
   * @param {TeamMatch} match
   * @param {(board: number, result: string) => void} send
   */
  deskForm(match, send) {
    const open = match.boards.filter((board) => !board.result);
    if (!open.length) return null;
    const board = el('select', { id: 'team-desk-board' },
      open.map((b) => el('option', { value: String(b.board) }, `${t('teams.boardN', { n: b.board })}: ${b.home} – ${b.away}`)));
    const result = el('select', { id: 'team-desk-result' }, RESULTS.map((r) => el('option', { value: r }, resultWords(r))));
    const submit = (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      send(Number(board.value), result.value);
    };
    return el('form', { className: 'team-form team-desk', id: 'team-desk', onsubmit: submit },
      el('h4', {}, t('tournament.desk.adjust')), el('p', {}, t('tournament.desk.ratings')),
      labelled(t('tournament.board'), board), labelled(t('tournament.result'), result),
      el('button', { type: 'submit' }, t('tournament.desk.adjustButton')));
  }

  /**
   * The captain's line-up: one of their members per board, board 1 first; all left on "by
   * rating" sends none.
   * @param {TeamMatch} match
   * @param {Team} team
   * @param {(members: string[]) => void} send
   */
  lineUpForm(match, team, send) {
    const selects = Array.from({ length: match.board_count }, (_, i) => el('select', { id: `team-line-up-${i + 1}` },
      el('option', { value: '' }, t('teams.byRating')), team.members.map((name) => el('option', { value: name }, name))));
    const submit = (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      const named = selects.map((select) => select.value);
      send(named.every((name) => name === '') ? [] : named);
    };
    return el('form', { className: 'team-form team-line-up', id: 'team-line-up', onsubmit: submit },
      el('h4', {}, t('teams.lineUp')), el('p', {}, t('teams.lineUpHint')),
      selects.map((select, i) => labelled(t('teams.boardN', { n: i + 1 }), select)),
      el('button', { type: 'submit' }, t('teams.saveLineUp')));
  }
}
