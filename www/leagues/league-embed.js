// A league's live standings in another site's page (an <iframe>): `embed=1&league=<id>` shows
// the league's name, state and each division's standings, redrawn at each change the server
// streams. The page around is told with `postMessage` as the tournament embed tells it
// (`{source: 'jungle', type: 'league-standings', id, state, season, divisions}` at each change,
// `league-season-over` once the season ends, `error` when nothing can be shown): the messages
// carry only what the frame shows, so they go to any host ('*'); none is read.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { keepLiveFrame, openLiveFrame } from '../page/live-frame.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';
import { standingsTable, stateText } from './league-view.js';

/** The shape of a league id (the server's ids: src/server/game/token.rs). */
const LEAGUE_ID = /^[a-km-np-z2-9]{12}$/;

/**
 * Shows the league the address names in place of the game page. Never resolves: the game page
 * does not start under it.
 * @param {Window} [host] the page around
 * @returns {Promise<never>}
 */
export async function showLeagueEmbed(host = window.parent) {
  const sheets = ['tournaments/tournaments.css', 'leagues/leagues.css'];
  const { query, root, tell, refuse } = await openLiveFrame(sheets, { id: 'league-embed', className: 'live-embed' }, host);
  const id = query.get('league') ?? '';
  try {
    if (!LEAGUE_ID.test(id)) throw Object.assign(new Error('bad link'), { code: 'bad_link' });
    await request(`api/leagues/${encodeURIComponent(id)}`);
    follow(root, id, tell);
  } catch (error) {
    const code = String(/** @type {{code?: unknown}} */ (error ?? {}).code ?? 'network');
    refuse(code, code === 'bad_link' ? t('tournament.badLink') : errorWords(error));
  }
  return keepLiveFrame();
}

/**
 * Follows league `id` in `root`, telling the host of each change.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {(message: Record<string, unknown>) => void} tell
 */
function follow(root, id, tell) {
  const said = el('p', { className: 'visually-hidden', role: 'status' });
  const view = el('div', { className: 'live-standings' });
  root.append(said, view);
  /** @type {import('./league-view.js').League | null} */
  let last = null;
  const source = new EventSource(new URL(`api/leagues/${encodeURIComponent(id)}/events`, document.baseURI));
  source.addEventListener('message', (event) => {
    /** @type {import('./league-view.js').League} */
    const league = JSON.parse(event.data);
    view.replaceChildren(el('h1', { className: 'live-title' }, league.name),
      el('p', { className: 'live-status' }, stateText(league)),
      ...(league.divisions ?? []).map(standingsTable));
    if (last && JSON.stringify(last.divisions) !== JSON.stringify(league.divisions)) said.textContent = t('league.updated');
    tell({ type: 'league-standings', id, state: league.state, season: league.season, divisions: league.divisions });
    if (last && last.state !== 'over' && league.state === 'over') tell({ type: 'league-season-over', id, season: league.season });
    last = league;
  });
}
