// The leaderboard: the members of a rule set and clock category with enough rated games there,
// by rating, provisional ratings marked, each name a link to the member's profile.

import { botTag } from '../bots/bot-tag.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { summaryText } from '../tools/variants.js';
import { CATEGORIES, ratingText } from './ratings.js';

/**
 * @typedef {{name: string, bot?: boolean, rating: number, deviation: number, games: number, provisional: boolean}} Leader
 * @typedef {{rules: string, category: string, rule_sets: string[], players: Leader[], min_games: number}} Board
 * @typedef {import('./account-dialog.js').AccountDialog} AccountDialog
 */

/**
 * Shows the leaderboard of `rules` and clock `category` (none: the server's choice, the fastest
 * played) in the account screen.
 * @param {AccountDialog} screen
 * @param {string} rules
 * @param {string} [category]
 */
export async function showBoard(screen, rules, category) {
  const query = `rules=${encodeURIComponent(rules)}${category ? `&category=${category}` : ''}`;
  const done = await screen.ask(`api/leaderboard?${query}`);
  if (!done) return;
  /** @type {Board} */
  const board = done.answer;
  const sets = board.rule_sets.includes(rules) ? board.rule_sets : [rules, ...board.rule_sets];
  const choice = el('select', { id: 'board-rules', onchange: () => screen.board(choice.value) },
    sets.map((set) => el('option', { value: set, selected: set === rules }, summaryText(set))));
  const kind = el('select', { id: 'board-category', onchange: () => screen.board(rules, kind.value) },
    CATEGORIES.map((name) => el('option', { value: name, selected: name === board.category }, t(`category.${name}`))));
  const rows = board.players.map((player, i) => el('tr', {},
    el('td', {}, String(i + 1)),
    el('td', {}, el('button', { type: 'button', className: 'account-member-link', onclick: () => screen.profile(player.name) }, player.name), player.bot ? botTag() : null),
    el('td', { title: player.provisional ? t('account.provisional') : null }, ratingText(player)),
    el('td', {}, String(player.games))));
  const table = rows.length === 0
    ? el('p', { id: 'board-empty' }, t('account.noPlayers'))
    : el('table', { id: 'board-table', className: 'account-table' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { scope: 'col' }, t('account.name')),
        el('th', { scope: 'col' }, t('account.rating')), el('th', { scope: 'col' }, t('account.ratedGames')))),
      el('tbody', {}, rows));
  screen.show([el('h3', { id: 'board-title' }, t('account.leaderboard')),
    el('div', { className: 'account-field' }, el('label', { htmlFor: 'board-rules' }, t('rules.preset')), choice),
    el('div', { className: 'account-field' }, el('label', { htmlFor: 'board-category' }, t('account.category')), kind), table,
    el('p', { id: 'board-rule' }, t('account.boardRule', { n: board.min_games }))]);
}
