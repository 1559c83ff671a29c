// Every round of a tournament in its screen (issue 34): each round's pairings and results,
// newest first, the round being played open and the earlier ones folded (`<details>`). A round
// the reader opened or closed stays so while the tournament changes (the screen is drawn again
// at each change the server streams).

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { boardsOf, roundsPaired } from './tournament-tables.js';
import { boardsTable } from './tournament-view.js';

/** @typedef {import('./tournament-tables.js').Tournament} Tournament */

export class RoundsView {
  constructor() {
    /** @type {string | null} the tournament whose rounds are shown */
    this.id = null;
    /** @type {Map<number, boolean>} the rounds the reader opened (true) or closed (false) */
    this.toggled = new Map();
  }

  /**
   * Every round of `tournament`, or null before the first.
   * @param {Tournament} tournament
   * @param {(id: string) => string} watchHref the address that watches game `id`
   */
  view(tournament, watchHref) {
    if (tournament.id !== this.id) {
      this.id = tournament.id;
      this.toggled.clear();
    }
    const rounds = roundsPaired(tournament);
    if (rounds.length === 0) return null;
    return el('section', { id: 'tournament-rounds', className: 'tournament-rounds', 'aria-labelledby': 'tournament-rounds-title' },
      el('h4', { id: 'tournament-rounds-title' }, t('tournament.allRounds')),
      rounds.map((round) => this.round(tournament, round, watchHref)));
  }

  /**
   * Round `round`, folded unless it is the one being played or the reader opened it.
   * @param {Tournament} tournament
   * @param {number} round
   * @param {(id: string) => string} watchHref
   */
  round(tournament, round, watchHref) {
    const games = boardsOf(tournament, round).filter((p) => p.blue !== null);
    const done = games.filter((p) => p.result !== null).length;
    const current = round === tournament.round;
    const details = el('details', { id: `tournament-round-${round}`, className: 'tournament-round', open: this.toggled.get(round) ?? current },
      el('summary', { id: `tournament-round-${round}-summary` }, t('tournament.roundSummary', { round, done, games: games.length })),
      boardsTable(tournament, watchHref, round));
    // Only the reader's choice is kept: a round no longer played folds unless they opened it.
    details.addEventListener('toggle', () => {
      if (details.open === current) this.toggled.delete(round);
      else this.toggled.set(round, details.open);
    });
    return details;
  }
}
