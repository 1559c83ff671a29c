// The way to the club's ladders: a button beside the tournaments', on a game server with
// members. The screen's code and looks load on first use.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { byId, el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';

/** Adds the button that opens the ladders screen. */
export function installLadders() {
  /** @type {import('./ladders-dialog.js').LaddersDialog | null} */
  let dialog = null;
  const open = async () => {
    if (!dialog) {
      document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/ladders/ladders.css', document.baseURI).href }));
      const { LaddersDialog } = await import('./ladders-dialog.js');
      dialog ??= new LaddersDialog();
    }
    dialog.open();
  };
  const button = el('button', { type: 'button', id: 'open-ladders', onclick: open });
  const words = () => { button.textContent = t('ladder.button'); };
  words();
  onLanguageChange(() => {
    words();
    dialog?.destroy();
    dialog = null;
  });
  byId('game-tools').append(button);
}
