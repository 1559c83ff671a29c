// The page's first game: the link's game if it has one the engine accepts (the saved game then
// goes into the recent games), else the saved game, else a new game. A link whose game cannot
// be read changes nothing: its reasons are shown and the saved game comes back as it was.

import { errorText, t } from '../page/i18n.js';
import { linkSettings } from '../game/link-params.js';
import { restoreExtras } from './save-game.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('./game-store.js').GameStore} GameStore */

/**
 * Starts the first game in `owner` from the link `read` (share.js readLink) and the `store`
 * (null when the page keeps no games: embedded, or framed by another page).
 * `tell(text, details)` shows a message on the page (page-ui.js PageMessages; words given as
 * functions are worded again when the language changes). Returns the game in progress that
 * the link's game put into the recent games, if it did (null otherwise).
 * @param {GameController} owner
 * @param {import('../game/types.js').LinkRead} read
 * @param {GameStore | null} store
 * @param {(text: import('../page/page-ui.js').Words, details: import('../page/page-ui.js').WordList) => void} tell
 */
export function startFirstGame(owner, { link, game }, store, tell) {
  const settings = game === 'refused' ? {} : linkSettings(link);
  // Worded again if the player switches language while the message is shown.
  const warnings = () => link.warnings.map(errorText);
  if (game === 'refused') tell(() => t('link.refused'), warnings);
  else if (link.warnings.length) tell(() => t('link.ignored'), warnings);
  if (game === 'valid') {
    const shelved = store?.shelveSaved() ?? null;
    owner.startGame({ rules: link.rules, fen: link.fen ?? '', moves: link.moves, settings });
    return shelved;
  }
  store?.recoverSetAside();
  const saved = store?.loadSaved().game;
  if (saved) {
    try {
      owner.startGame({ ...saved, settings: { ...saved.settings, ...settings } });
      restoreExtras(saved.extra);
      return null;
    } catch (error) {
      store.refuseSaved({ code: 'engine', params: { error, game: saved } });
    }
  }
  owner.startGame({ settings });
  return null;
}
