// Where games are kept: the game in progress under SAVE_KEY and the recent games under
// RECENT_KEY, in a Storage (localStorage, or any object with its methods). Nothing saved is
// ever thrown away on a failure: data that cannot be read is moved aside under a key of its
// own (BROKEN_KEY, then BROKEN_KEY.2, …: a second failure never overwrites the first), and
// if even that fails, it stays where it is and nothing is written over it. A full storage
// is reported, and the game goes on unsaved.

import { gameRecord, parseGame, parseRecent, recentEntry, recentText, withRecent } from './saved-games.js';

/** @typedef {import('../game/types.js').SavedGame} SavedGame */
/** @typedef {import('../game/types.js').RecentGame} RecentGame */
/** @typedef {import('./saved-games.js').Problem} Problem */

export const SAVE_KEY = 'jungle.saved';
export const RECENT_KEY = 'jungle.recent';
/** Saved games that could not be read; the first was kept here by earlier versions too. */
export const BROKEN_KEY = 'jungle.saved.broken';
/** Recent lists that could not be read. */
export const BROKEN_RECENT_KEY = 'jungle.recent.broken';

export class GameStore {
  /**
   * `storage` is localStorage (null when the browser keeps nothing). `describe(game)` replays
   * a SavedGame in the engine and returns how it stands ({result, turn}); it throws the
   * engine's reason when the game is not valid.
   * @param {Storage | null} storage
   * `report(problem)` is told what goes wrong ({code, params}: set-aside, recent-set-aside, full).
   * @param {(game: SavedGame) => import('../game/types.js').Standing} describe
   * @param {(problem: Problem) => void} report
   */
  constructor(storage, describe, report) {
    this.storage = storage;
    this.describe = describe;
    this.report = report;
    /** Set when saved data could not be moved aside: it must not be written over. */
    this.stuck = false;
    /** Set once a write was refused (storage full): said once. */
    this.full = false;
  }

  /**
   * Reports a problem to the page.
   * @param {string} code
   * @param {Record<string, unknown>} [params]
   */
  note(code, params) {
    this.report({ code, params });
  }

  /**
   * Writes `text` under `key`; false (noted once) if the storage refuses.
   * @param {string} key
   * @param {string} text
   */
  write(key, text) {
    if (!this.storage) return false;
    try {
      this.storage.setItem(key, text);
      return true;
    } catch {
      if (!this.full) this.note('full');
      this.full = true;
      return false;
    }
  }

  /**
   * The text under `key`, or null (none, or the storage cannot be read).
   * @param {string} key
   */
  read(key) {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Moves the text under `key` to the first free key `aside`, `aside.2`, …; false if it could not.
   * @param {string} key
   * @param {string} aside
   */
  setAside(key, aside) {
    const raw = this.read(key);
    if (raw == null) return true;
    let free = aside;
    for (let n = 2; this.read(free) != null; n++) free = `${aside}.${n}`;
    if (!this.write(free, raw)) return false;
    this.remove(key);
    return true;
  }

  /**
   * The game in progress, checked and brought up to this version: `{game}`, `{problem}` (its
   * data was moved aside), or `{}`.
   * @returns {{game?: SavedGame, problem?: Problem}}
   */
  loadSaved() {
    const read = parseGame(this.read(SAVE_KEY));
    if (read.problem) this.refuseSaved(read.problem);
    return read;
  }

  /** @param {string} key */
  remove(key) {
    this.storage?.removeItem(key);
  }

  /**
   * The saved game in progress is refused for `problem` (or the engine's `error` with the `game`): moves it aside.
   * @param {Problem} problem
   */
  refuseSaved(problem) {
    this.note('set-aside', { problem });
    if (!this.setAside(SAVE_KEY, BROKEN_KEY)) this.stuck = true;
  }

  /**
   * Keeps `game` (a SavedGame without version) as the game in progress; false if it was not kept.
   * @param {Parameters<typeof gameRecord>[0]} game
   */
  saveCurrent(game) {
    if (this.stuck) return false;
    return this.write(SAVE_KEY, JSON.stringify(gameRecord(game)));
  }

  /**
   * The recent games, newest first. A list that cannot be read is moved aside (and reported),
   * and a new one begins.
   * @returns {RecentGame[]}
   */
  recent() {
    const read = parseRecent(this.read(RECENT_KEY));
    if ('games' in read) return read.games;
    this.note('recent-set-aside', { problem: read.problem });
    this.setAside(RECENT_KEY, BROKEN_RECENT_KEY);
    return [];
  }

  /**
   * Puts `entry` (a RecentGame) first in the recent games; false if it could not be kept.
   * @param {RecentGame} entry
   */
  addRecent(entry) {
    return this.write(RECENT_KEY, recentText(withRecent(this.recent(), entry)));
  }

  /**
   * Takes the recent game `id` off the list and returns it (null if it is not there).
   * @param {string} id
   */
  takeRecent(id) {
    const games = this.recent();
    const entry = games.find((g) => g.id === id) ?? null;
    if (entry) this.write(RECENT_KEY, recentText(games.filter((g) => g !== entry)));
    return entry;
  }

  /**
   * Moves `game` (a SavedGame read from storage) into the recent games. Throws the engine's
   * reason if it refuses the game; false if the storage refused.
   * @param {SavedGame} game
   */
  shelve(game) {
    return this.addRecent(recentEntry(game, this.describe(game)));
  }

  /**
   * Before a link's game replaces the game in progress: the saved game goes into the recent
   * games. Saved data that cannot be read, or that the engine refuses, is moved aside instead;
   * if the recent list cannot take it, nothing is written over it. Returns the recent entry
   * it became, or null.
   */
  shelveSaved() {
    const read = this.loadSaved();
    if (!read.game || read.game.moves.length === 0) return null;
    let entry;
    try {
      entry = recentEntry(read.game, this.describe(read.game));
    } catch (error) {
      this.refuseSaved({ code: 'engine', params: { error, game: read.game } });
      return null;
    }
    if (!this.addRecent(entry)) {
      this.stuck = true;
      return null;
    }
    this.remove(SAVE_KEY);
    return entry;
  }

  /**
   * Brings games that earlier versions set aside (under BROKEN_KEY) back into the recent games
   * when they can be read now; what still cannot be read stays where it is.
   */
  recoverSetAside() {
    const read = parseGame(this.read(BROKEN_KEY));
    if (!read.game || read.game.moves.length === 0) return;
    try {
      if (this.shelve(read.game)) this.remove(BROKEN_KEY);
    } catch {
      // the engine still refuses it: it stays set aside
    }
  }
}
