// The player's preferences, kept in localStorage under one key and checked value by value on
// load: anything missing, of the wrong type or out of range falls back to its default, so
// damaged or foreign data never breaks the page. (The language is kept by lang.js.)

const STORAGE_KEY = 'jungle.prefs';

/**
 * The player's preferences (each explained in FIELDS).
 * @typedef {object} Prefs
 * @property {boolean} sound
 * @property {'auto' | 'on' | 'off'} contrast
 * @property {'auto' | 'light' | 'dark'} colors
 * @property {'pictures' | 'characters'} pieces
 * @property {boolean} evalBar
 * @property {number} hintLevel
 * @property {import('../game/clock.js').TimeControl | null} clock
 */

/**
 * Each preference: its default and a check that a stored value is acceptable.
 * @type {{[K in keyof Prefs]: {initial: Prefs[K], valid: (value: unknown) => boolean}}}
 */
const FIELDS = {
  /** Sound effects on or off. */
  sound: { initial: true, valid: (v) => typeof v === 'boolean' },
  /** High contrast: 'auto' follows the system's `prefers-contrast: more`, else 'on' or 'off'. */
  contrast: { initial: 'auto', valid: (v) => ['auto', 'on', 'off'].includes(/** @type {string} */ (v)) },
  /** Light or dark colours; 'auto' follows the page's link, else the system's colour scheme. */
  colors: { initial: 'auto', valid: (v) => ['auto', 'light', 'dark'].includes(/** @type {string} */ (v)) },
  /** How pieces are drawn: 'pictures' (animal, character and rank) or 'characters' only. */
  pieces: { initial: 'pictures', valid: (v) => ['pictures', 'characters'].includes(/** @type {string} */ (v)) },
  /** Whether the evaluation bar is shown. */
  evalBar: { initial: false, valid: (v) => typeof v === 'boolean' },
  /** The hints' level: 1–8, or 0 for the best move, whatever the computer's level. */
  hintLevel: { initial: 0, valid: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 8 },
  /** The clocks of games between people: null (none) or {minutes, increment} (seconds). */
  clock: { initial: null, valid: validClock },
};

/**
 * The limits of a time control: up to 3 hours, and up to a minute added per move.
 * @type {{minutes: [number, number], increment: [number, number]}}
 */
export const CLOCK_LIMITS = { minutes: [0.05, 180], increment: [0, 60] };

/**
 * Whether `value` is a time control within the limits, or null.
 * @param {unknown} value
 */
function validClock(value) {
  if (value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const inRange = (/** @type {'minutes' | 'increment'} */ name) => {
    const v = /** @type {Record<string, unknown>} */ (value)[name];
    const [low, high] = CLOCK_LIMITS[name];
    return typeof v === 'number' && Number.isFinite(v) && v >= low && v <= high;
  };
  return Object.keys(value).length === 2 && inRange('minutes') && inRange('increment');
}

/**
 * The stored preferences as they are (nothing checked yet).
 * @returns {Record<string, unknown>}
 */
function read() {
  try {
    const data = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {}; // unreadable, or storage switched off
  }
}

/**
 * The preferences now: every field present and valid.
 * @returns {Prefs}
 */
export function loadPrefs() {
  const stored = read();
  /** @type {Record<string, unknown>} */
  const prefs = {};
  for (const [name, { initial, valid }] of Object.entries(FIELDS)) {
    prefs[name] = Object.hasOwn(stored, name) && valid(stored[name]) ? stored[name] : initial;
  }
  return /** @type {Prefs} */ (prefs);
}

/**
 * Changes one preference (ignored if the value is not valid) and keeps them all; returns them.
 * @param {string} name
 * @param {unknown} value
 * @returns {Prefs}
 */
export function setPref(name, value) {
  const prefs = loadPrefs();
  if (!Object.hasOwn(FIELDS, name) || !FIELDS[/** @type {keyof Prefs} */ (name)].valid(value)) return prefs;
  Object.assign(prefs, { [name]: value });
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // storage full or switched off: the choice lasts for this page only
  }
  return prefs;
}
