// Never lose a game: the game in progress is kept in localStorage as it changes and brought
// back when the page is opened again. What is read back is data: the engine replays it (rules,
// start position, every move) before it is used. Saved data that is not readable, from another
// version, or not a game is set aside under BROKEN_KEY, never used and never a crash.
//
// Other parts of the page (a clock, …) can keep their own state with the game:
// registerSaveExtra('clock', {save: () => data, restore: (data) => {…}}).

import { JungleGame } from '../jungle-web.js';
import { tr } from './tools-ui.js';

export const SAVE_KEY = 'jungle.saved';
export const BROKEN_KEY = 'jungle.saved.broken';
/** The version of the saved data; a different one is set aside. */
export const SAVE_VERSION = 1;

const MODES = ['computer', 'people', 'watch'];
const SIDES = ['red', 'blue'];
/** The most moves a saved game may hold (as the engine's records). */
const MAX_MOVES = 10000;

const extras = new Map();

/** Keeps `name`'s state with the saved game: `save()` returns plain data, `restore(data)` takes it back. */
export function registerSaveExtra(name, { save, restore }) {
  extras.set(name, { save, restore });
  const pending = restoredExtras?.[name];
  if (pending !== undefined) restoreExtra(name, pending);
}

let restoredExtras = null;

function restoreExtra(name, data) {
  try {
    extras.get(name).restore(data);
  } catch (error) {
    console.warn(`The saved ${name} could not be restored: ${error.message}`);
  }
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: games are simply not kept
  }
}

/** The saved data of `app`'s game, as plain data. */
export function gameData(app) {
  const extra = {};
  for (const [name, { save }] of extras) {
    try {
      extra[name] = save();
    } catch (error) {
      console.warn(`The ${name} could not be saved: ${error.message}`);
    }
  }
  return {
    version: SAVE_VERSION,
    rules: app.game.rules(),
    fen: app.game.startFen(),
    moves: app.game.history().map((entry) => entry.move),
    mode: app.settings.mode,
    level: app.settings.level,
    side: app.settings.side,
    extra,
    savedAt: new Date().toISOString(),
  };
}

/** Saves `app`'s game now; false if the browser keeps nothing. */
export function saveGame(app) {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(SAVE_KEY, JSON.stringify(gameData(app)));
    return true;
  } catch {
    return false; // full or refused: the game goes on unsaved
  }
}

/** Why `data` (parsed JSON) is not a saved game of this version, or null if its shape is right. */
function shapeProblem(data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return tr('save.notGame', 'it is not a saved game');
  if (data.version !== SAVE_VERSION) {
    return tr('save.version', 'it was saved by another version of the game ({version})', { version: String(data.version).slice(0, 20) });
  }
  const text = (v) => typeof v === 'string' && v.length < 2000;
  if (!text(data.rules) || !text(data.fen)) return tr('save.noPosition', 'its rules or position are missing');
  if (!Array.isArray(data.moves) || data.moves.length > MAX_MOVES || !data.moves.every((m) => typeof m === 'string' && m.length <= 8)) {
    return tr('save.noMoves', 'its list of moves is damaged');
  }
  if (!MODES.includes(data.mode) || !SIDES.includes(data.side) || !Number.isInteger(data.level) || data.level < 1 || data.level > 8) {
    return tr('save.noSettings', 'its players or level are damaged');
  }
  return null;
}

/** Replays the saved game in the engine; returns the engine's message if it refuses. */
function engineProblem(data) {
  let game = null;
  try {
    game = new JungleGame(data.rules, data.fen);
    data.moves.forEach((move, i) => {
      try {
        game.play(move);
      } catch (error) {
        throw new Error(tr('save.badMove', 'move {n} ({move}): {reason}', { n: i + 1, move, reason: error.message }));
      }
    });
    return null;
  } catch (error) {
    return error.message;
  } finally {
    game?.free();
  }
}

/**
 * The saved game, checked: `{game: {rules, fen, moves, settings}}`, `{problem}` if saved data was
 * set aside (with the reason), or `{}` when nothing is saved.
 */
export function loadSavedGame() {
  const store = storage();
  const raw = store?.getItem(SAVE_KEY);
  if (raw == null) return {};
  let problem;
  let data = null;
  try {
    data = JSON.parse(raw);
    problem = shapeProblem(data);
  } catch {
    problem = tr('save.unreadable', 'it is not readable');
  }
  problem ??= engineProblem(data);
  if (problem) {
    try {
      store.setItem(BROKEN_KEY, raw);
      store.removeItem(SAVE_KEY);
    } catch {
      // the broken data stays where it is; it is checked again next time
    }
    return { problem };
  }
  restoredExtras = data.extra && typeof data.extra === 'object' ? data.extra : null;
  return {
    game: {
      rules: data.rules,
      fen: data.fen,
      moves: data.moves,
      settings: { mode: data.mode, side: data.side, level: data.level },
    },
  };
}

/** Restores the extras of the game just loaded into the registered parts (called once the page is up). */
export function restoreExtras() {
  if (!restoredExtras) return;
  for (const [name, data] of Object.entries(restoredExtras)) {
    if (extras.has(name)) restoreExtra(name, data);
  }
}

/** Forgets the saved extras (a new game from a link replaced the saved one). */
export function dropRestoredExtras() {
  restoredExtras = null;
}
