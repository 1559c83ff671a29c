// Links to a game: the page's own parameters (query or hash), read through the engine's
// parseLink, and share links written by its shareQuery. A link's game parameters (rules, fen,
// moves) replace the saved game; its settings (mode, level, side) apply to either.

import { parseLink, shareQuery } from '../jungle-web.js';
import { loadSavedGame, dropRestoredExtras } from './save-game.js';
import { tr } from './tools-ui.js';

/** The link parameters that this file reads and then takes off the address. */
const GAME_PARAMS = ['rules', 'fen', 'moves', 'mode', 'level', 'side'];

/** The page's parameters: the query, or the hash when it has parameters (`#fen=…`). */
function linkText() {
  const { search, hash } = window.location;
  return hash.includes('=') ? `${search.slice(1)}&${hash.slice(1)}` : search;
}

/** Whether the address names a parameter (`fen`, `moves`, …), given or not valid. */
function names(param) {
  const text = linkText().toLowerCase();
  return new RegExp(`(^|[?#&])${param}=[^&]`).test(text);
}

/** Takes the game parameters off the address, so that a reload brings back the saved game. */
function tidyAddress() {
  const url = new URL(window.location.href);
  let changed = false;
  for (const [name] of [...url.searchParams]) {
    if (GAME_PARAMS.includes(name.toLowerCase())) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (url.hash.includes('=')) {
    const rest = new URLSearchParams(url.hash.slice(1));
    for (const [name] of [...rest]) if (GAME_PARAMS.includes(name.toLowerCase())) rest.delete(name);
    url.hash = rest.toString();
    changed = true;
  }
  if (changed) history.replaceState(history.state, '', url);
}

/**
 * The first game of the page: `{rules, fen, moves, settings, link, embed, messages}`, from the
 * link's parameters if it has game parameters, else from the saved game. `messages` are what
 * the page should say (bad parameters, a saved game set aside), as {text, details}.
 */
export function startingGame() {
  const link = parseLink(linkText());
  const messages = [];
  const warnings = link.warnings;
  if (warnings.length) {
    messages.push({
      text: tr('link.ignored', 'Some of this link’s settings could not be used and were ignored:'),
      details: warnings.map((warning) => warning.message),
    });
  }
  const fromLink = ['rules', 'fen', 'moves'].some(names);
  let start = { rules: '', fen: '', moves: [] };
  if (fromLink) {
    start = { rules: link.rules, fen: link.fen ?? '', moves: link.moves };
    dropRestoredExtras();
  } else if (!link.embed) {
    const saved = loadSavedGame();
    if (saved.problem) {
      messages.push({
        text: tr('save.setAside', 'Your saved game could not be restored, so a new game starts. The saved data was set aside.'),
        details: [tr('save.reason', 'Reason: {reason}.', { reason: saved.problem })],
      });
    }
    if (saved.game) start = saved.game;
  }
  const settings = { ...start.settings };
  if (link.mode) settings.mode = link.mode;
  if (link.level) settings.level = link.level;
  if (link.side) settings.side = link.side;
  if (!link.embed) tidyAddress();
  return { ...start, settings, link, embed: link.embed, fromLink, messages };
}

/**
 * The address of a share link that opens `app`'s game, with its players and level (not the
 * language: the person who opens it reads the page in theirs).
 */
export function shareLink(app) {
  const { game, settings } = app;
  const moves = game.history().map((entry) => entry.move);
  const query = shareQuery(game.rules(), game.startFen(), moves, settings.mode ?? '',
    settings.level, settings.mode === 'computer' ? settings.side : '', '');
  const url = new URL(window.location.href);
  url.search = query;
  url.hash = '';
  return url.href;
}
