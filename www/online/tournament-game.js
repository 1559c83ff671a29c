// What an online game played for a tournament shows of it (the server's GameView.tournament):
// in the online panel, the tournament's name as a link that opens it in the tournaments screen,
// "Round R · Board B", and while a side has yet to make its first move the time it has left
// before it loses by forfeit; on the end banner, "Back to the tournament" in place of New game
// (a tournament game has no rematch: the tournament pairs the next one).

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { pageAddress } from '../tournaments/tournament-link.js';
import { timeText } from './clock-text.js';

/** @typedef {import('./online-game.js').OnlineGame} OnlineGame */
/** @typedef {import('../server/online-client.js').TournamentBoard} TournamentBoard */
/** @typedef {((id: string) => void) | null} OpenTournament opens a tournament in the tournaments screen (null: this page has none) */

/** How often the no-show time left is written again (ms). */
const TICK_MS = 250;

/**
 * The tournament board as it stands after the move of `ply` (0: the first), the game then
 * `status`: as on the server, the second mover has the whole no-show time from the first move
 * on, and after the second move nobody can fail to show any more.
 * @param {TournamentBoard} board
 * @param {number} ply
 * @param {string} status
 * @returns {TournamentBoard}
 */
export function afterMove(board, ply, status) {
  return { ...board, no_show_left: status === 'playing' && ply === 0 ? board.no_show_ms : null };
}

/**
 * The address of the page showing tournament `id`.
 * @param {string} id
 */
function tournamentHref(id) {
  return pageAddress(location.href, 'tournament', id);
}

/**
 * Opens tournament `id`: in the tournaments screen over the game, or (a page without it, such as
 * an embedded board) the club's page in a new tab.
 * @param {OpenTournament} open
 * @param {string} id
 */
function openTournament(open, id) {
  if (open) open(id);
  else window.open(tournamentHref(id), '_blank', 'noopener');
}

/** The tournament's lines of the online panel. */
export class TournamentFacts {
  /** @param {OpenTournament} open */
  constructor(open) {
    this.open = open;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {string} the tournament the link opens */
    this.id = '';
    this.link = el('a', { id: 'online-tournament-link', onclick: (/** @type {MouseEvent} */ event) => this.follow(event) });
    if (!open) Object.assign(this.link, { target: '_blank', rel: 'noopener' });
    this.board = el('span', { id: 'online-tournament-board' });
    this.noShow = el('p', { id: 'online-no-show', className: 'online-no-show', role: 'timer' });
    this.root = el('div', { className: 'online-tournament', id: 'online-tournament', hidden: true },
      el('p', {}, this.link), el('p', {}, this.board), this.noShow);
  }

  /**
   * A click on the tournament's name: the screen opens here, unless the reader asked for
   * another tab or window.
   * @param {MouseEvent} event
   */
  follow(event) {
    if (!this.open || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    this.open(this.id);
  }

  /**
   * Shows the tournament of `game` (none: hidden).
   * @param {OnlineGame | null} game
   */
  show(game) {
    clearTimeout(this.timer);
    const board = game?.view?.tournament;
    this.root.hidden = !board;
    if (!game || !board) return;
    this.id = board.id;
    this.link.textContent = board.name;
    this.link.href = tournamentHref(board.id);
    this.board.textContent = t('online.tournament.roundBoard', { round: board.round, board: board.board });
    this.showNoShow(game);
  }

  /**
   * The time the side to move has left to make its first move, counted down.
   * @param {OnlineGame} game
   */
  showNoShow(game) {
    const left = game.noShowLeft();
    const view = game.view;
    this.noShow.hidden = left === null || !view;
    if (left === null || !view) return;
    this.noShow.textContent = t('online.tournament.noShow', { Side: t(`Side.${view.turn}`), time: timeText(left) });
    if (left > 0) this.timer = setTimeout(() => this.showNoShow(game), TICK_MS);
  }
}

/** The end banner's way back to the tournament, in place of New game. */
export class TournamentBanner {
  /** @param {OpenTournament} open */
  constructor(open) {
    /** @type {string} the tournament the button opens */
    this.id = '';
    this.newGame = /** @type {HTMLElement} */ (document.getElementById('banner-new-game'));
    this.button = el('button', { type: 'button', id: 'banner-tournament', hidden: true, onclick: () => openTournament(open, this.id) });
    this.newGame.before(this.button);
  }

  /**
   * Offers the way back to the tournament of `game` (none: New game, as usual).
   * @param {OnlineGame | null} game
   */
  show(game) {
    const board = game?.view?.tournament;
    this.button.hidden = !board;
    this.newGame.hidden = Boolean(board);
    if (!board) return;
    this.id = board.id;
    this.button.textContent = t('online.tournament.back');
  }
}
