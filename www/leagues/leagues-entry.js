// The way to the club's leagues: a button beside the tournaments', on a game server with
// members. The screen's code and looks load on first use, or at once when the address asks for
// it (`?leagues=1` the list, `?league=<id>` a league).

import '../page/later-words.js'; // this part's words, loaded before it runs
import { byId, el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';

/** The shape of a league id (the server's ids: src/server/game/token.rs). */
const LEAGUE_ID = /^[a-km-np-z2-9]{12}$/;

/** Adds the button, and opens the screen if the address asks for it. */
export function installLeagues() {
  /** @type {import('./leagues-dialog.js').LeaguesDialog | null} */
  let dialog = null;
  const open = async (/** @type {string | null} */ id) => {
    if (!dialog) {
      document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/leagues/leagues.css', document.baseURI).href }));
      const { LeaguesDialog } = await import('./leagues-dialog.js');
      dialog ??= new LeaguesDialog();
    }
    dialog.open(id);
  };
  const button = el('button', { type: 'button', id: 'open-leagues', onclick: () => open(null) });
  const words = () => { button.textContent = t('league.button'); };
  words();
  onLanguageChange(() => {
    words();
    dialog?.destroy();
    dialog = null;
  });
  byId('game-tools').append(button);
  const query = new URLSearchParams(location.search);
  const id = query.get('league');
  if (id !== null && LEAGUE_ID.test(id)) open(id);
  else if (query.get('leagues') === '1') open(null);
}
