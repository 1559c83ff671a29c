// The page's link, as text: which parameters it has, the settings it asks for, and the address
// without its game parameters once they are read. The engine (parseLink) checks the values;
// this file only picks the parameters out. No page or engine here, so that it can be tested alone.

/** @typedef {import('./types.js').Settings} Settings */

/** The parameters that describe a game. */
const GAME_PARAMS = ['rules', 'fen', 'moves'];
/** The parameters read for the game (and then taken off the address). */
const READ_PARAMS = [...GAME_PARAMS, 'mode', 'level', 'side', 'analysis'];

/**
 * The page's parameters from `location`: the query, and the hash when it has parameters (`#fen=…`).
 * @param {{search: string, hash: string}} location
 */
export function linkText({ search, hash }) {
  return hash.includes('=') ? `${search.slice(1)}&${hash.slice(1)}` : search;
}

/**
 * The lowercased name of a `name=value` item, or null if it cannot be decoded.
 * @param {string} item
 */
function itemName(item) {
  try {
    return decodeURIComponent(item.split('=')[0].replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The game parameters of link text `text` alone (`rules=…&fen=…&moves=…`), those given a
 * value: '' when the link names no game.
 * @param {string} text
 */
export function gameQuery(text) {
  const items = text.replace(/^[?#]/, '').split('&');
  return items.filter((item) => GAME_PARAMS.includes(itemName(item) ?? '') && /=./.test(item)).join('&');
}

/**
 * The settings a link asks for ({mode, level, side}, those it gives) from the engine's
 * reading of it (parseLink), which names the modes as the page does (it reads the older
 * `ai` and `local` too).
 * @param {Pick<import('./types.js').Link, 'mode' | 'level' | 'side'>} link
 * @returns {Partial<Settings>}
 */
export function linkSettings({ mode, level, side }) {
  /** @type {Partial<Settings>} */
  const settings = {};
  if (mode) settings.mode = mode;
  if (level) settings.level = level;
  if (side) settings.side = side;
  return settings;
}

/**
 * The address `href` without the parameters read for the game, or null if it has none.
 * @param {string} href
 */
export function tidiedAddress(href) {
  const url = new URL(href);
  const read = (/** @type {string} */ name) => READ_PARAMS.includes(name.toLowerCase());
  let changed = false;
  for (const name of [...url.searchParams.keys()]) {
    if (read(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (url.hash.includes('=')) {
    const rest = new URLSearchParams(url.hash.slice(1));
    for (const name of [...rest.keys()]) if (read(name)) rest.delete(name);
    url.hash = rest.toString();
    changed = true;
  }
  return changed ? url.href : null;
}
