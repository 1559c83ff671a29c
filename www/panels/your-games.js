// "Your games": a strip at the top of the panels listing what the player has going on that is
// not on the board — their own game on this device while a puzzle or an online game is shown,
// and (online/seat-watch.js) every online game they hold a seat in — each with how it stands,
// a "your move" badge, and one click to go there. Hidden while there is nothing to list.

import { el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { playersText, standingText } from '../saved/recent-games.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */

/**
 * A game of the list: its words, whether the player is to move there, and how to go there.
 * @typedef {object} GameEntry
 * @property {string} id a name for tests and styles (`own`, or the online game's id)
 * @property {string} title
 * @property {string} facts how it stands (turn, clock, moves)
 * @property {boolean} yourMove
 * @property {string} action the button's words
 * @property {() => void} open
 */

/**
 * The player's game that waits in `snapshot`, as an entry (null if none waits).
 * @param {GameController} owner
 * @param {Snapshot} snapshot
 * @returns {GameEntry | null}
 */
function waitingEntry(owner, snapshot) {
  const { waiting } = snapshot;
  // A game without a move has nothing to come back to (it still comes back on leaving).
  if (!waiting || waiting.ply === 0) return null;
  const { settings } = waiting.game;
  const moves = waiting.ply === 1 ? t('recent.moves.one') : t('recent.moves', { n: waiting.ply });
  return {
    id: 'own',
    title: t('yours.own'),
    facts: [playersText(settings), `${standingText({ result: waiting.outcome, turn: waiting.turn })}, ${moves}`].join(' · '),
    yourMove: !waiting.outcome && settings.mode === 'computer' && settings.side === waiting.turn,
    action: t('yours.back'),
    open: async () => {
      if (await owner.mayLeave()) owner.resume();
    },
  };
}

export class YourGames {
  /**
   * The strip, put at the start of `column`, following the games of `owner`.
   * @param {GameController} owner
   * @param {HTMLElement} column
   */
  constructor(owner, column) {
    this.owner = owner;
    /** @type {GameEntry[]} the online games held, not the one shown */
    this.online = [];
    /** @type {HTMLElement | null} a control shown under the list (the members' "Notify me") */
    this.tool = null;
    this.heading = el('h2', { id: 'your-games-title', className: 'your-games-title' });
    this.list = el('ul', { className: 'your-games-list' });
    this.tools = el('div', { className: 'your-games-tools' });
    this.root = el('nav', { id: 'your-games', className: 'panel your-games', hidden: true, 'aria-labelledby': 'your-games-title' },
      this.heading, this.list, this.tools);
    column.prepend(this.root);
    owner.subscribe(() => this.show());
    onLanguageChange(() => this.show());
  }

  /**
   * The online games held, as entries, and the control shown under them (online/seat-watch.js).
   * @param {GameEntry[]} entries
   * @param {HTMLElement | null} [tool]
   */
  setOnline(entries, tool = null) {
    this.online = entries;
    this.tool = tool;
    this.show();
  }

  show() {
    const snapshot = this.owner.snapshot;
    const own = snapshot && waitingEntry(this.owner, snapshot);
    const entries = own ? [own, ...this.online] : this.online;
    this.root.hidden = entries.length === 0;
    const waitingForYou = entries.filter((entry) => entry.yourMove).length;
    const count = el('span', { className: 'your-move-count', 'aria-label': t('yours.countLabel', { n: waitingForYou }) }, String(waitingForYou));
    this.heading.replaceChildren(t('yours.title'), ...(waitingForYou ? [count] : []));
    this.list.replaceChildren(...entries.map((entry) => el('li', { className: 'your-game', dataset: { game: entry.id, yourMove: String(entry.yourMove) } },
      el('span', { className: 'your-game-text' },
        el('span', { className: 'your-game-title' }, entry.title,
          entry.yourMove ? el('span', { className: 'your-move-badge' }, t('yours.yourMove')) : null),
        el('span', { className: 'your-game-facts' }, entry.facts)),
      el('button', { type: 'button', className: 'primary', onclick: () => entry.open() }, entry.action))));
    this.tools.replaceChildren(...(this.tool ? [this.tool] : []));
  }
}
