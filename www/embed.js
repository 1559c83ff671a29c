// The game in another site's page (an <iframe>): tells the host page what happens on the board
// and starts a new game when the host asks. The messages are described in the README
// ("Embedding"). They carry only what the board shows, so they go to any host ('*'); what comes
// in is read only from the parent window, and is data: a position and rules for the engine.

/** The longest `fen` or `rules` text a host may send (the engine reads far shorter ones). */
const MAX_TEXT = 1000;

/** A string field of a host's message, or '' when absent, not text, or too long. */
function text(value) {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : '';
}

/** Connects `app` (an App of app.js) with the page around it, if there is one. */
export function connectHost(app, host = window.parent) {
  if (host === window) return;
  const send = (message) => host.postMessage({ source: 'jungle', ...message, ply: app.game.ply(), fen: app.game.fen() }, '*');
  app.addEventListener('new-game', () => send({ type: 'new-game' }));
  app.addEventListener('move', ({ detail }) => send({ type: 'move', move: detail.move, color: detail.color }));
  app.addEventListener('game-over', ({ detail }) => send({ type: 'game-over', winner: detail.winner, reason: detail.reason }));
  window.addEventListener('message', ({ source, data }) => {
    if (source !== host || data?.type !== 'new-game') return;
    if ('fen' in data || 'rules' in data) app.start = { fen: text(data.fen), rules: text(data.rules) };
    app.newGame();
  });
  send({ type: 'ready' });
}
