// The game in another site's page (an <iframe>): tells the host page what happens on the board
// and starts a new game when the host asks. The messages are described in the README
// ("Embedding"). They carry only what the board shows, so they go to any host ('*'); what comes
// in is read only from the parent window, and is data: a position and rules for the engine.

import { errorText, onLanguageChange, t } from './i18n.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */

/** The longest `fen` or `rules` text a host may send (the engine reads far shorter ones). */
const MAX_TEXT = 1000;

/**
 * A string field of a host's message, or '' when absent, not text, or too long.
 * @param {unknown} value
 */
function text(value) {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : '';
}

/**
 * Connects the game of `owner` with the page around it, if there is one. `notice(text)` shows
 * why a game the host asked for could not start (the game in progress then goes on).
 * @param {GameController} owner
 * @param {(text: string) => void} notice
 */
export function connectHost(owner, notice, host = window.parent) {
  if (host === window) return;
  /**
   * @param {Record<string, unknown>} message
   * @param {import('../game/types.js').Snapshot} snapshot
   */
  const send = (message, snapshot) => host.postMessage({ source: 'jungle', ...message, ply: snapshot.ply, fen: snapshot.fen }, '*');
  owner.subscribe((snapshot, change) => {
    const { entry } = change;
    const { outcome } = snapshot;
    // The first game says that the board is ready; the others are new games.
    if (change.type === 'new-game') send({ type: change.previous ? 'new-game' : 'ready' }, snapshot);
    if (change.type === 'move' && entry) send({ type: 'move', move: entry.move, color: entry.color }, snapshot);
    if (change.ended && outcome) send({ type: 'game-over', winner: outcome.winner, reason: outcome.reason }, snapshot);
  });
  window.addEventListener('message', ({ source, data }) => {
    if (source !== host || data?.type !== 'new-game') return;
    if (!('fen' in data || 'rules' in data)) {
      owner.newGame();
      return;
    }
    const start = { fen: text(data.fen), rules: text(data.rules) };
    try {
      owner.startGame(start);
    } catch (error) {
      const words = { fen: start.fen, error: errorText(error) };
      notice(t(start.fen ? 'notice.badPosition' : 'notice.badRules', words));
    }
  });
}

/**
 * The embedded board's turn indicator in `line`: whose move it is, or the result.
 * @param {GameController} owner
 * @param {HTMLElement} line
 */
export function showTurn(owner, line) {
  const write = (/** @type {import('../game/types.js').Snapshot} */ snapshot) => {
    const { outcome, turn } = snapshot;
    line.hidden = false;
    line.dataset.turn = outcome ? outcome.winner ?? '' : turn;
    if (!outcome) line.textContent = t(`status.toMove.${turn}`);
    else line.textContent = outcome.winner ? t('outcome.wins', { Side: t(`Side.${outcome.winner}`) }) : t('outcome.draw');
  };
  owner.subscribe(write);
  onLanguageChange(() => {
    if (owner.snapshot) write(owner.snapshot);
  });
}
