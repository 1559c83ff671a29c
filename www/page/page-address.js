// The address of one thing on the game page, shared by the parts that link to one (a small
// board's game, a tournament game's tournament, a game of the member's "your turn" page). Pure: from the address's text alone.

/**
 * The address of the page at `href` asking `name=value` alone (a small board's link to watch
 * its game, `watch=<id>`; to the tournament's page, `tournament=<id>`): the game page, in the
 * language `href` names if any, and nothing else of `href`'s query.
 * @param {string} href
 * @param {'watch' | 'tournament' | 'online'} name
 * @param {string} value
 */
export function pageAddress(href, name, value) {
  const url = new URL(href);
  const lang = url.searchParams.get('lang');
  url.search = '';
  url.hash = '';
  if (lang) url.searchParams.set('lang', lang);
  url.searchParams.set(name, value);
  return url.href;
}
