// Never lose a game: the game in progress is kept (game-store.js) as it changes and brought
// back when the page is opened again, and a game that anything replaces — a link, the host
// page, an imported record, "New game", the editor, a resumed game — goes into the recent
// games first (games without a move are not kept). Saved data is checked (saved-games.js),
// then replayed by the engine before it is played.
//
// Other parts of the page (the clocks) keep their own state with the game:
// registerSaveExtra('clock', {save: () => data, restore: (data, {pausedAt}) => {…}}).

import { JungleGame } from '../game/engine.js';
import { isOwnGame } from '../game/game-controller.js';
import { recentEntry } from './saved-games.js';
import { errorText, t } from '../page/i18n.js';

/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').SavedGame} SavedGame */
/** @typedef {import('./saved-games.js').Problem} Problem */
/** @typedef {import('./game-store.js').GameStore} GameStore */

/** @type {Map<string, {save: () => unknown, restore: (data: unknown, when: {pausedAt?: string}) => void}>} */
const extras = new Map();

/**
 * A part of the page that keeps its own state with the saved game.
 * @typedef {object} SaveExtra
 * @property {() => unknown} save its state now, as plain data
 * @property {(data: unknown, options: {pausedAt?: string}) => void} restore takes saved data back
 */

/**
 * Keeps `name`'s state with the saved game: `save()` returns plain data, `restore(data, {pausedAt})` takes it back.
 * @param {string} name
 * @param {SaveExtra} part
 */
export function registerSaveExtra(name, part) {
  extras.set(name, part);
}

/**
 * The registered parts' state now.
 * @returns {Record<string, unknown>}
 */
export function saveExtras() {
  /** @type {Record<string, unknown>} */
  const data = {};
  for (const [name, { save }] of extras) {
    try {
      data[name] = save();
    } catch (error) {
      console.warn(`The ${name} could not be saved: ${errorText(error)}`);
    }
  }
  return data;
}

/**
 * Gives the registered parts their state `data` back (from a saved game). `pausedAt` is when
 * the game was put aside, if it was (a resumed game's clocks did not run meanwhile).
 * @param {Record<string, unknown> | undefined} data
 * @param {string} [pausedAt]
 */
export function restoreExtras(data, pausedAt) {
  for (const [name, value] of Object.entries(data ?? {})) {
    try {
      extras.get(name)?.restore(value, { pausedAt });
    } catch (error) {
      console.warn(`The saved ${name} could not be restored: ${errorText(error)}`);
    }
  }
}

/**
 * A snapshot's game as saved data.
 * @param {Snapshot} snapshot
 * @param {Record<string, unknown>} extra
 */
function savedGame(snapshot, extra) {
  return {
    rules: snapshot.rules,
    fen: snapshot.startFen,
    moves: snapshot.history.map((entry) => entry.move),
    settings: { ...snapshot.settings },
    extra,
  };
}

/**
 * How a saved game stands, replayed by the engine: {result, turn}. Throws the engine's reason
 * if it refuses the game.
 * @param {SavedGame} game
 * @returns {import('../game/types.js').Standing}
 */
export function describeGame(game) {
  const engine = new JungleGame(game.rules, game.fen || undefined);
  try {
    /** @type {import('../game/types.js').EngineGame} */
    const view = engine.replay(game.moves);
    return { result: view.outcome && { winner: view.outcome.winner, reason: view.outcome.reason }, turn: view.turn };
  } finally {
    engine.free();
  }
}

/**
 * Why the engine refused saved `game` with `error`: the first of its moves it cannot play
 * (`move 2 (g4g6): …`, the number counted from the game's start), else the engine's reason
 * (the rules or the start position).
 * @param {unknown} error
 * @param {SavedGame | undefined} game
 */
function refusalText(error, game) {
  if (!game) return errorText(error);
  let engine;
  try {
    engine = new JungleGame(game.rules, game.fen || undefined);
  } catch (refused) {
    return errorText(refused);
  }
  try {
    for (const [i, move] of game.moves.entries()) {
      try {
        engine.play(move);
      } catch (refused) {
        return t('save.badMove', { n: i + 1, move, reason: errorText(refused) });
      }
    }
    return errorText(error);
  } finally {
    engine.free();
  }
}

/**
 * The words of a problem of saved data (saved-games.js, game-store.js).
 * @param {import('./saved-games.js').Problem} problem
 */
function reasonText(problem) {
  const params = problem.params ?? {};
  switch (problem.code) {
    case 'not-game': return t('save.notGame');
    case 'version': return t('save.version', params);
    case 'no-position': return t('save.noPosition');
    case 'no-moves': return t('save.noMoves');
    case 'no-settings': return t('save.noSettings');
    case 'engine': return refusalText(params.error, /** @type {SavedGame | undefined} */ (params.game));
    default: return t('save.unreadable');
  }
}

/**
 * What the page says about a problem of the store: {text, details}.
 * @param {import('./saved-games.js').Problem} problem `params.problem` the problem of the data
 */
export function problemMessage({ code, params }) {
  if (code === 'full') return { text: t('save.full'), details: [] };
  const problem = /** @type {import('./saved-games.js').Problem} */ (params?.problem);
  const details = [t('save.reason', { reason: reasonText(problem) })];
  if (code === 'recent-set-aside') return { text: t('recent.setAside'), details };
  return {
    text: t('save.setAside'),
    details,
  };
}

/**
 * Keeps the game of `owner` in `store` as it changes, and a game replaced by another in the
 * recent games. `changed(entry)` is called after `entry` went into the recent list.
 * @param {import('../game/game-controller.js').GameController} owner
 * @param {GameStore} store
 * @param {(entry: import('../game/types.js').RecentGame) => void} changed
 */
export function keepGames(owner, store, changed) {
  const saver = new GameSaver(store, changed);
  owner.subscribe((snapshot, change) => saver.follow(snapshot, change));
}

/**
 * Whether two snapshots show the same game: rules, start and moves.
 * @param {Snapshot | null} a
 * @param {Snapshot} b
 */
function sameGame(a, b) {
  return a !== null && a.rules === b.rules && a.startFen === b.startFen && a.history.length === b.history.length
    && a.history.every((entry, i) => entry.move === b.history[i].move);
}

class GameSaver {
  /**
   * @param {GameStore} store
   * @param {(entry: import('../game/types.js').RecentGame) => void} changed
   */
  constructor(store, changed) {
    this.store = store;
    this.changed = changed;
    this.pending = false;
    /**
     * The registered parts' state when the game was last saved.
     * @type {Record<string, unknown>}
     */
    this.lastExtra = {};
    /** @type {Snapshot | null} the snapshot to save */
    this.snapshot = null;
  }

  /**
   * @param {Snapshot} snapshot
   * @param {import('../game/types.js').Change} change
   */
  follow(snapshot, change) {
    // A puzzle or an online game (kept by its server) is never kept here: the player's own game
    // waits meanwhile and stays the saved one, to come back to.
    if (!isOwnGame(snapshot)) return;
    const { previous } = change;
    // After a puzzle or an online game, the game replaced is the one that waited, unless it is the one back.
    const replaced = previous && !isOwnGame(previous) ? (change.returned || sameGame(this.snapshot, snapshot) ? null : this.snapshot) : previous;
    if (change.type === 'new-game' && replaced && replaced.ply > 0) {
      const result = replaced.outcome && { winner: replaced.outcome.winner, reason: replaced.outcome.reason };
      const entry = recentEntry({ ...savedGame(replaced, this.lastExtra), savedAt: '' }, { result, turn: replaced.turn });
      this.store.addRecent(entry);
      this.changed(entry);
    }
    this.snapshot = snapshot;
    if (this.pending) return;
    // Saved once the change is complete (other parts' state included), once per task.
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.lastExtra = saveExtras();
      if (this.snapshot) this.store.saveCurrent(savedGame(this.snapshot, this.lastExtra));
    });
  }
}
