// The club's public pages in the game page's address, so that they can be shared and the
// browser's Back button leaves them: `?member=<name>` a member's profile, `?leaderboard=<rules>`
// the leaderboard of a rule set (empty: the standard rules), with `&category=<clock category>`
// when one is chosen. (With `embed=1`, `leaderboard=` is the frame of the rating list alone:
// tournaments/tournament-link.js.) Pure: from the address's text alone.

import { CATEGORIES } from './ratings.js';

/** What a member name may be (the server's rule: src/server/members/names.rs). */
export const NAME_PATTERN = '[A-Za-z0-9_\\-]{3,20}';
const NAME = new RegExp(`^${NAME_PATTERN}$`);
/** The longest rules text a leaderboard link may name (the server's limit, MAX_RULES_BYTES). */
const MAX_RULES = 512;
/** The parameters this file reads and writes. */
const PARAMS = ['member', 'leaderboard', 'category'];

/**
 * A view of the account screen an address can name; `bad`: the address names one wrongly.
 * @typedef {{view: 'none'} | {view: 'bad'} | {view: 'member', name: string}
 *   | {view: 'leaderboard', rules: string, category: string | null}} AccountLink
 */

/**
 * Reads the query `search` (`?a=b&…`).
 * @param {string} search
 * @returns {AccountLink}
 */
export function accountLink(search) {
  const query = new URLSearchParams(search);
  if (query.get('embed') === '1') return { view: 'none' };
  const name = query.get('member');
  if (name !== null) return NAME.test(name) ? { view: 'member', name } : { view: 'bad' };
  const rules = query.get('leaderboard');
  if (rules === null) return { view: 'none' };
  const category = query.get('category');
  if (rules.length > MAX_RULES || (category !== null && !CATEGORIES.includes(category))) return { view: 'bad' };
  return { view: 'leaderboard', rules, category };
}

/**
 * The address `href` naming `link` (`none` or `bad`: naming no view of the account screen),
 * the rest of `href` kept.
 * @param {string} href
 * @param {AccountLink} link
 */
export function accountAddress(href, link) {
  const url = new URL(href);
  for (const name of PARAMS) url.searchParams.delete(name);
  if (link.view === 'member') url.searchParams.set('member', link.name);
  if (link.view === 'leaderboard') {
    url.searchParams.set('leaderboard', link.rules);
    if (link.category) url.searchParams.set('category', link.category);
  }
  return url.href;
}
