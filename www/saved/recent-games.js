// The recent games beside the board: each game that something replaced (kept by save-game.js),
// newest first, with its date, players, rules, how it stood and its number of moves, and a
// button that resumes it exactly as it was (the game in progress then takes its place in the
// list). Hidden while the list is empty.

import { el } from '../page/dom.js';
import { errorText, language, onLanguageChange, t } from '../page/i18n.js';
import { restoreExtras } from './save-game.js';
import { summaryText } from '../tools/variants.js';

/** @typedef {import('../game/types.js').RecentGame} RecentGame */
/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('./game-store.js').GameStore} GameStore */

/**
 * "You (Red) against the computer, level 3", "Two people", …
 * @param {import('../game/types.js').Settings} settings
 */
export function playersText({ mode, side, level }) {
  if (mode === 'computer') return t('recent.players.computer', { side: t(`Side.${side}`), level });
  if (mode === 'watch') return t('recent.players.watch', { level });
  return t('recent.players.people');
}

/**
 * "Red won", "Draw", or whose move it was.
 * @param {import('../game/types.js').Standing} standing
 */
export function standingText({ result, turn }) {
  if (!result) return t(`status.toMove.${turn}`);
  if (!result.winner) return t('outcome.draw');
  return t(result.reason === 'time' ? 'recent.wonOnTime' : 'recent.won', { Side: t(`Side.${result.winner}`) });
}

/**
 * The date and time a game was put aside, in the page's language.
 * @param {string} savedAt
 */
function dateText(savedAt) {
  const date = new Date(savedAt);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export class RecentGames {
  /**
   * The list of `store`'s recent games, put after `after`; a game resumed starts in `owner`.
   * `tell(text)` shows a message when a game cannot be resumed.
   * @param {GameController} owner
   * @param {GameStore} store
   * @param {HTMLElement} after
   * @param {(text: string) => void} tell
   */
  constructor(owner, store, after, tell) {
    this.owner = owner;
    this.store = store;
    this.tell = tell;
    this.title = el('span', { className: 'recent-title' });
    this.count = el('span', { className: 'recent-count' });
    this.list = el('ol', { id: 'recent-list', className: 'recent-list' });
    this.root = el('details', { id: 'recent-games', className: 'panel recent-games', hidden: true },
      el('summary', {}, this.title, ' ', this.count), this.list);
    after.after(this.root);
    onLanguageChange(() => this.show());
  }

  /** Shows the list as it is kept now. */
  show() {
    const games = this.store.recent();
    this.root.hidden = games.length === 0;
    this.title.textContent = t('recent.title');
    this.count.textContent = `(${games.length})`;
    this.list.replaceChildren(...games.map((game) => this.item(game)));
  }

  /** @param {RecentGame} game */
  item(game) {
    const date = dateText(game.savedAt);
    const moves = game.moves.length === 1 ? t('recent.moves.one') : t('recent.moves', { n: game.moves.length });
    const resume = el('button', {
      type: 'button',
      className: 'recent-resume',
      'aria-label': t('recent.resumeLabel', { date }),
      onclick: () => this.resume(game.id),
    }, t('recent.resume'));
    return el('li', { className: 'recent-item', dataset: { id: game.id } },
      el('p', { className: 'recent-when' }, date),
      el('p', { className: 'recent-what' }, [playersText(game.settings), summaryText(game.rules), `${standingText(game)}, ${moves}`].join(' · ')),
      resume);
  }

  /**
   * Resumes recent game `id`: it leaves the list, and the game in progress goes into it.
   * @param {string} id
   */
  async resume(id) {
    if (!(await this.owner.mayLeave())) return;
    const game = this.store.takeRecent(id);
    if (!game) return;
    try {
      this.owner.startGame(game);
      restoreExtras(game.extra, game.savedAt);
    } catch (error) {
      this.store.addRecent(game);
      this.tell(t('recent.refused', { reason: errorText(error) }));
    }
    this.show();
  }
}
