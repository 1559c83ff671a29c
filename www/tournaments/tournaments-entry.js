// The way to the club's tournaments: a button beside the account's, on a game server with
// members. The screen's code and looks load on first use, or at once when the address asks for
// it (`?tournaments=1`, `?tournament=<id>`; tournament-link.js).

import '../page/later-words.js'; // this part's words, loaded before it runs
import { byId, el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { tournamentLink } from './tournament-link.js';

/** @typedef {import('./tournament-link.js').TournamentLink} TournamentLink */

/**
 * Adds the button, and opens the screen if the address asks for it; the way to open it on a
 * tournament (a tournament game's panel and end banner).
 * @returns {(id: string) => void}
 */
export function installTournaments() {
  /** @type {import('./tournaments-dialog.js').TournamentsDialog | null} */
  let dialog = null;
  const open = async (/** @type {TournamentLink} */ link) => {
    if (!dialog) {
      for (const sheet of ['tournaments.css', 'otb.css']) {
        document.head.append(el('link', { rel: 'stylesheet', href: new URL(`www/tournaments/${sheet}`, document.baseURI).href }));
      }
      const { TournamentsDialog } = await import('./tournaments-dialog.js');
      dialog ??= new TournamentsDialog();
    }
    dialog.open(link);
  };
  const button = el('button', { type: 'button', id: 'open-tournaments', onclick: () => open({ view: 'list', embed: false }) });
  const words = () => { button.textContent = t('tournament.button'); };
  words();
  onLanguageChange(() => {
    words();
    dialog?.destroy();
    dialog = null;
  });
  byId('game-tools').append(button);
  const link = tournamentLink(location.search);
  if (link.view !== 'none') open(link);
  return (id) => open({ view: 'tournament', id, embed: false });
}
