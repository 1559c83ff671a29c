// Saved games as data: the game in progress and the list of recent games, as they are kept in
// localStorage, read back and checked value by value (never trusted), and saves of earlier
// versions brought up to this one. No storage, page or engine here: game-store.js keeps the
// data, and the engine replays every game before it is played.
//
// Version 1 (the first saved format) kept the players flat: {version: 1, rules, fen, moves,
// mode, side, level, extra, savedAt}. Version 2 groups them: {…, settings: {mode, side, level}}.

/** @typedef {import('../game/types.js').SavedGame} SavedGame */
/** @typedef {import('../game/types.js').RecentGame} RecentGame */
/** @typedef {{code: string, params?: Record<string, unknown>}} Problem */
/** @typedef {import('../game/types.js').Settings} Settings */
/** @typedef {import('../game/types.js').Side} Side */

/** The version of the game in progress written now. */
export const SAVE_VERSION = 2;
/** The version of the recent list written now. */
export const RECENT_VERSION = 1;
/** How many recent games are kept. */
export const RECENT_MAX = 12;

/**
 * The modes by every name saved data or links have used (older ones said `ai` and `local`).
 * @type {Record<string, Settings['mode']>}
 */
const MODES = { computer: 'computer', people: 'people', watch: 'watch', ai: 'computer', local: 'people' };
const SIDES = ['red', 'blue'];
/** The longest rules or FEN text read back (the engine reads far shorter ones). */
const MAX_TEXT = 2000;

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
/**
 * @param {unknown} value
 * @returns {value is string}
 */
const isText = (value) => typeof value === 'string' && value.length < MAX_TEXT;
/**
 * @param {unknown} value
 * @returns {value is Side}
 */
const isSide = (value) => SIDES.includes(/** @type {string} */ (value));

/**
 * The settings `{mode, side, level}` if valid (older mode names accepted), else null.
 * @param {Record<string, unknown>} data
 * @returns {Settings | null}
 */
function readSettings({ mode, side, level }) {
  if (typeof mode !== 'string' || !Object.hasOwn(MODES, mode) || !isSide(side)) return null;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > 8) return null;
  return { mode: MODES[mode], side, level };
}

/**
 * A saved game of any version, checked and in this version's shape: `{game}`, or `{problem}`
 * saying why it is not one (codes: not-game, version, no-position, no-moves, no-settings).
 * @param {unknown} data
 * @returns {{game: SavedGame, problem?: undefined} | {game?: undefined, problem: Problem}}
 */
export function readGame(data) {
  if (!isObject(data)) return { problem: { code: 'not-game' } };
  if (data.version !== 1 && data.version !== SAVE_VERSION) {
    return { problem: { code: 'version', params: { version: String(data.version).slice(0, 20) } } };
  }
  if (!isText(data.rules) || !isText(data.fen)) return { problem: { code: 'no-position' } };
  const { moves } = data;
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string' && m.length <= 8)) {
    return { problem: { code: 'no-moves' } };
  }
  const settings = readSettings(data.version === 1 ? data : { ...(isObject(data.settings) ? data.settings : {}) });
  if (!settings) return { problem: { code: 'no-settings' } };
  return {
    game: {
      rules: data.rules,
      fen: data.fen,
      moves: [...moves],
      settings,
      extra: isObject(data.extra) ? data.extra : {},
      savedAt: typeof data.savedAt === 'string' ? data.savedAt.slice(0, 40) : '',
    },
  };
}

/**
 * A game in progress to keep: plain data of this version.
 * @param {Omit<SavedGame, 'savedAt' | 'extra'> & {extra?: Record<string, unknown>}} game
 */
export function gameRecord({ rules, fen, moves, settings, extra = {} }, now = new Date()) {
  return { version: SAVE_VERSION, rules, fen, moves: [...moves], settings: { ...settings }, extra, savedAt: now.toISOString() };
}

/**
 * Saved text (localStorage) as a game: `{game}`, `{problem}` (`unreadable`, or readGame's), or
 * `{}` when nothing was saved.
 * @param {string | null} raw
 * @returns {{game?: SavedGame, problem?: Problem}}
 */
export function parseGame(raw) {
  if (raw == null) return {};
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { problem: { code: 'unreadable' } };
  }
  return readGame(data);
}

/**
 * A game of the recent list: `game` (a SavedGame) with how it stood when put aside: `result`
 * ({winner, reason} or null while it went on) and the side `turn` to move.
 * @param {SavedGame} game
 * @param {import('../game/types.js').Standing} stood
 * @returns {RecentGame}
 */
export function recentEntry(game, { result, turn }, now = new Date()) {
  const id = `${now.getTime().toString(36)}-${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
  const { winner = null, reason = '' } = result ?? {};
  return { ...game, id, savedAt: now.toISOString(), result: result ? { winner, reason } : null, turn };
}

/**
 * The recent entry `data` checked, or null.
 * @param {unknown} data
 * @returns {RecentGame | null}
 */
function readRecent(data) {
  if (!isObject(data) || typeof data.id !== 'string' || !isSide(data.turn)) return null;
  const read = readGame({ ...data, version: SAVE_VERSION });
  if (!read.game) return null;
  const { result } = data;
  let stood = null;
  if (result !== null) {
    if (!isObject(result) || typeof result.reason !== 'string') return null;
    if (result.winner !== null && !isSide(result.winner)) return null;
    stood = { winner: result.winner, reason: result.reason.slice(0, 40) };
  }
  return { ...read.game, id: data.id.slice(0, 40), result: stood, turn: data.turn };
}

/**
 * The recent list from its saved text: `{games}` (newest first), or `{problem}` when it cannot
 * be read (then it is kept aside whole, so that nothing in it is lost).
 * @param {string | null} raw
 * @returns {{games: RecentGame[]} | {problem: Problem}}
 */
export function parseRecent(raw) {
  if (raw == null) return { games: [] };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { problem: { code: 'unreadable' } };
  }
  if (!isObject(data) || !Array.isArray(data.games)) return { problem: { code: 'not-game' } };
  if (data.version !== RECENT_VERSION) {
    return { problem: { code: 'version', params: { version: String(data.version).slice(0, 20) } } };
  }
  const games = data.games.map(readRecent);
  if (games.includes(null)) return { problem: { code: 'no-moves' } };
  return { games: /** @type {RecentGame[]} */ (games) };
}

/**
 * The recent list as saved text.
 * @param {RecentGame[]} games
 */
export function recentText(games) {
  return JSON.stringify({ version: RECENT_VERSION, games });
}

/**
 * `games` with `entry` first, at most RECENT_MAX (the oldest go).
 * @param {RecentGame[]} games
 * @param {RecentGame} entry
 */
export function withRecent(games, entry) {
  return [entry, ...games.filter((g) => g.id !== entry.id)].slice(0, RECENT_MAX);
}
