// Links to a game: the page's own parameters (query or hash), read through the engine's
// parseLink, and share links written by its shareQuery. A link's game (rules, fen, moves) is
// used only when the engine accepts all of it; its settings (mode, level, side) go with it.

import { parseLink, shareQuery } from './engine.js';
import { gameQuery, linkText, tidiedAddress } from './link-params.js';

/** @typedef {import('./types.js').Snapshot} Snapshot */

/**
 * The page's link read by the engine: `{link, game}`, where `game` is 'none' (the link names
 * no game), 'valid' (every game parameter was accepted) or 'refused' (one was not).
 * @returns {import('./types.js').LinkRead}
 */
export function readLink() {
  const text = linkText(window.location);
  /** @type {import('./types.js').Link} */
  const link = parseLink(text);
  const game = gameQuery(text);
  if (!game) return { link, game: 'none' };
  // The game parameters read alone: any warning then is about the game.
  return { link, game: parseLink(game).warnings.length ? 'refused' : 'valid' };
}

/** Takes the game parameters off the address, so that a reload brings back the saved game. */
export function tidyAddress() {
  const tidied = tidiedAddress(window.location.href);
  if (tidied) history.replaceState(history.state, '', tidied);
}

/**
 * The address of a share link that opens `snapshot`'s game, with its players and level (not
 * the language: the person who opens it reads the page in theirs).
 * @param {Snapshot} snapshot
 */
export function shareLink(snapshot) {
  const { settings } = snapshot;
  const moves = snapshot.history.map((entry) => entry.move);
  const query = shareQuery(snapshot.rules, snapshot.startFen, moves, settings.mode, settings.level,
    settings.mode === 'computer' ? settings.side : '', '');
  const url = new URL(window.location.href);
  url.search = query;
  url.hash = '';
  return url.href;
}
