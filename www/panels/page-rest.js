// The parts of the game's page that its first board does not need, installed once the board is
// playable (main.js imports this module then, so that its bytes are not on the way to the
// board): the rest of the aids, the list of recent games and the player's own games.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { installMoreAids } from '../aids/more-aids.js';
import { RecentGames } from '../saved/recent-games.js';
import { YourGames } from './your-games.js';
import { byId } from '../page/dom.js';

/**
 * Installs them around the game of `owner`, shown by `app`, beside `aids` (installAids);
 * `store` keeps the games (null: none kept); `embed`: the page is embedded (no games of its
 * own); `tell` shows a message.
 * @param {import('../game/game-controller.js').GameController} owner
 * @param {import('./app.js').App} app
 * @param {ReturnType<typeof import('../aids/aids.js').installAids>} aids
 * @param {{store: import('../saved/game-store.js').GameStore | null, embed: boolean,
 *   tell: (text: import('../page/page-ui.js').Words, details?: import('../page/page-ui.js').WordList) => void}} options
 */
export function installRest(owner, app, aids, { store, embed, tell }) {
  const more = installMoreAids(owner, app, aids);
  const recent = store && new RecentGames(owner, store, byId('game-tools'), tell);
  const yours = embed ? null : new YourGames(owner, /** @type {HTMLElement} */ (document.querySelector('.side')));
  return { more, recent, yours };
}
