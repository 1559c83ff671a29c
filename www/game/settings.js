// Who plays the player's own games and at which level: the settings' values and how they
// change. The game's owner (game-controller.js) holds the settings in force in its snapshots;
// this module says what they become.

/** @typedef {import('./types.js').Settings} Settings */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Snapshot} Snapshot */
/** @typedef {Partial<Record<keyof Settings, unknown>>} AskedSettings from anywhere (a link, saved data, the form) */

/** @type {Settings} */
const DEFAULT_SETTINGS = Object.freeze({ mode: 'computer', side: 'red', level: 3 });

const MODES = ['computer', 'people', 'watch'];
const SIDES = ['red', 'blue'];

/**
 * @param {unknown} value
 * @returns {value is Settings['mode']}
 */
function isMode(value) {
  return MODES.includes(/** @type {string} */ (value));
}

/**
 * @param {unknown} value
 * @returns {value is Side}
 */
function isSide(value) {
  return SIDES.includes(/** @type {string} */ (value));
}

/**
 * A computer level: 1 to 8.
 * @param {unknown} value
 * @returns {value is number}
 */
function isLevel(value) {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8;
}

/**
 * `settings` over `base`, each value kept only if valid.
 * @param {Readonly<Settings>} base
 * @param {AskedSettings} [settings]
 * @returns {Readonly<Settings>}
 */
function mergeSettings(base, settings = {}) {
  const { mode, side, level } = settings;
  return Object.freeze({
    mode: isMode(mode) ? mode : base.mode,
    side: isSide(side) ? side : base.side,
    level: isLevel(level) ? level : base.level,
  });
}

/**
 * Whether the computer moves for `side` under `settings`.
 * @param {Readonly<Settings>} settings
 * @param {Side} side
 */
export function isComputer(settings, side) {
  return settings.mode === 'watch' || (settings.mode === 'computer' && side !== settings.side);
}

/**
 * The board seen from Blue's side: when you play Blue against the computer (or online).
 * @param {Readonly<Settings>} settings
 */
export function flippedFor(settings) {
  return (settings.mode === 'computer' || settings.mode === 'online') && settings.side === 'blue';
}

/**
 * The settings of the player's own games, kept while a puzzle, an online game or the analysis
 * board is shown, and the settings of each game that starts.
 */
export class GameSettings {
  constructor() {
    /** @type {Readonly<Settings>} */
    this.own = DEFAULT_SETTINGS;
  }

  /**
   * The settings of a game that starts: `asked` over those of the player's own games (of
   * `previous` when `own` says it was one, else of the game that waits, else the ones kept),
   * and online the seat's side (`seat`: undefined when the game is not online). `keep`: the
   * player's own games go on with them (not after a puzzle or the analysis board).
   * @param {Snapshot | null} previous the game shown until now
   * @param {boolean} own
   * @param {AskedSettings} asked
   * @param {{seat?: Side | null, keep: boolean}} start
   * @returns {Readonly<Settings>}
   */
  start(previous, own, asked, { seat, keep }) {
    const base = own && previous ? previous.settings : previous?.waiting?.game.settings ?? this.own;
    const local = mergeSettings(base, asked);
    if (keep) this.own = local;
    return seat === undefined ? local : Object.freeze({ ...local, mode: 'online', side: seat ?? 'red' });
  }
}

/**
 * The board's side in a new game with `settings` after `previous`: as it was while the same
 * side plays, else the side of who plays.
 * @param {Snapshot | null} previous
 * @param {Readonly<Settings>} settings
 */
export function startFlipped(previous, settings) {
  const sameSides = previous && previous.settings.mode === settings.mode && previous.settings.side === settings.side;
  return sameSides ? previous.flipped : flippedFor(settings);
}

/**
 * The settings and the board's side after the player asks for `asked` in the game of
 * `snapshot`: who plays an online game is the server's business, so there only the level
 * changes; the board turns round only when who plays changed.
 * @param {Snapshot} snapshot
 * @param {AskedSettings} asked
 */
export function changedSettings({ settings: before, online, flipped }, asked) {
  const settings = online ? mergeSettings(before, { level: asked.level }) : mergeSettings(before, asked);
  const turned = settings.mode !== before.mode || settings.side !== before.side;
  return { settings, flipped: turned ? flippedFor(settings) : flipped };
}
