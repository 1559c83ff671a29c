// The way to the club's cups: a button beside the tournaments', on a game server with members.
// The screen's code and looks load on first use, or at once when the address asks for it
// (`?cups=1`, `?cup=<id>`).

import '../page/later-words.js'; // this part's words, loaded before it runs
import { byId, el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';

/** Adds the button, and opens the screen if the address asks for it. */
export function installCups() {
  /** @type {import('./cups-dialog.js').CupsDialog | null} */
  let dialog = null;
  const open = async (/** @type {string | null} */ id) => {
    if (!dialog) {
      document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/cups/cups.css', document.baseURI).href }));
      const { CupsDialog } = await import('./cups-dialog.js');
      dialog ??= new CupsDialog();
    }
    dialog.open(id);
  };
  const button = el('button', { type: 'button', id: 'open-cups', onclick: () => open(null) });
  const words = () => { button.textContent = t('cup.button'); };
  words();
  onLanguageChange(() => {
    words();
    dialog?.destroy();
    dialog = null;
  });
  byId('game-tools').append(button);
  const query = new URLSearchParams(location.search);
  const id = query.get('cup');
  if (id) open(id);
  else if (query.get('cups') === '1') open(null);
}
