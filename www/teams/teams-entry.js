// The way to the club's teams and team matches: a button beside the tournaments', on a game
// server with members. The screen's code and looks load on first use.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { byId, el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';

/** Adds the button. */
export function installTeams() {
  /** @type {import('./teams-dialog.js').TeamsDialog | null} */
  let dialog = null;
  const open = async () => {
    if (!dialog) {
      // The tournaments' tables and lists, and the teams' own looks.
      for (const sheet of ['tournaments/tournaments.css', 'teams/teams.css']) {
        document.head.append(el('link', { rel: 'stylesheet', href: new URL(`www/${sheet}`, document.baseURI).href }));
      }
      const { TeamsDialog } = await import('./teams-dialog.js');
      dialog ??= new TeamsDialog();
    }
    dialog.open();
  };
  const button = el('button', { type: 'button', id: 'open-teams', onclick: open });
  const words = () => { button.textContent = t('teams.button'); };
  words();
  onLanguageChange(() => {
    words();
    dialog?.destroy();
    dialog = null;
  });
  byId('game-tools').append(button);
}
