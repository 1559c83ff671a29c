// A member's profile: ratings per rule set with a small graph of their history, results, the
// games in progress (to watch) and the latest finished ones (to review or download).

import { el, svgEl } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { summaryText } from '../tools/variants.js';
import { ratedText, resultText } from '../server/online-words.js';
import { graphPoints, ratingText } from './ratings.js';
import { botTag } from '../bots/bot-tag.js';

/**
 * @typedef {import('./member.js').Standing} Standing
 * @typedef {import('../server/online-client.js').Listed} Listed
 * @typedef {{name: string, bot?: boolean, created: number, ratings: Standing[], results: {wins: number, draws: number, losses: number},
 *   history: {rules: string, category: string, rating: number, game: string, at: number}[], playing: Listed[], recent: Listed[]}} Profile
 * @typedef {import('./account-dialog.js').AccountDialog} AccountDialog
 */

const GRAPH = { width: 240, height: 60 };

/**
 * The small graph of `ratings`, oldest first, with a text alternative.
 * @param {number[]} ratings
 * @param {string} label
 */
function graph(ratings, label) {
  const svg = svgEl('svg', { viewBox: `0 0 ${GRAPH.width} ${GRAPH.height}`, class: 'account-graph', role: 'img', 'aria-label': label });
  const points = graphPoints(ratings, GRAPH.width, GRAPH.height);
  svg.append(svgEl('polyline', { points: points.map(({ x, y }) => `${x},${y}`).join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 2 }));
  return svg;
}

/**
 * "Alice 1523 – Bob 1500?".
 * @param {Listed} game
 */
function players(game) {
  const side = (/** @type {string | null} */ name, /** @type {Listed['red_rating']} */ shown) =>
    `${name ?? t('online.emptySeat')}${shown ? ` ${ratingText(shown)}` : ''}`;
  return `${side(game.red, game.red_rating)} – ${side(game.blue, game.blue_rating)}`;
}

/**
 * A list of games, each a link to open it.
 * @param {string} id
 * @param {Listed[]} list
 * @param {string} param the page's link parameter that opens a game
 */
function games(id, list, param) {
  if (list.length === 0) return el('p', { id }, t('online.none'));
  return el('ul', { id, className: 'account-games' }, list.map((game) => el('li', {},
    el('a', { href: `?${param}=${game.id}` }, players(game)),
    ` · ${[game.result ? resultText(game.result) : null, summaryText(game.rules), ratedText(game)].filter(Boolean).join(' · ')}`)));
}

/**
 * Shows the profile of member `name` in the account screen.
 * @param {AccountDialog} screen
 * @param {string} name
 */
export async function showProfile(screen, name) {
  const done = await screen.ask(`api/members/${encodeURIComponent(name)}`);
  if (!done) return;
  /** @type {Profile} */
  const profile = done.answer;
  const since = new Intl.DateTimeFormat(language(), { dateStyle: 'medium' }).format(new Date(profile.created));
  const ratings = profile.ratings.length === 0
    ? el('p', {}, t('account.noRating'))
    : el('ul', { id: 'profile-ratings', className: 'account-ratings' }, profile.ratings.map((standing) => {
      const points = profile.history.filter((point) => point.rules === standing.rules && point.category === standing.category)
        .map((point) => point.rating);
      const rules = `${summaryText(standing.rules)} · ${t(`category.${standing.category}`)}`;
      const words = t('account.ratingLine', { rules, rating: ratingText(standing), n: standing.games });
      return el('li', { dataset: { rules: standing.rules, category: standing.category } },
        el('span', {}, words, standing.provisional ? ` (${t('account.provisional')})` : ''),
        graph(points, t('account.history', { rules })));
    }));
  screen.show([
    el('h3', { id: 'profile-name' }, profile.name, profile.bot ? botTag() : null),
    el('p', {}, t('account.since', { date: since })),
    el('p', { id: 'profile-results' }, t('account.results', profile.results)),
    el('h4', {}, t('account.ratings')), ratings,
    el('h4', {}, t('account.playing')), games('profile-playing', profile.playing, 'watch'),
    el('h4', {}, t('account.recent')), games('profile-recent', profile.recent, 'watch'),
  ]);
}
