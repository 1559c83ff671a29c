// A club's live tables in another site's page (an <iframe>): `embed=1&tournament=<id>` the
// tournament's standings (a round robin or a gauntlet: its crosstable; an engine match: its
// rating list under it) under its state, clock and rules, and
// in a frame at least 720 px wide the games of the current round as small live boards
// (small-boards.js, loaded only then); `embed=1&leaderboard=<rules>` the club's rating list;
// both redrawn at each change the server streams. The page around is told with `postMessage`
// as the game frame tells it (page/embed.js; the README's "Embedding"): the messages carry only
// what the frame shows, so they go to any host ('*'); none is read.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { keepLiveFrame, openLiveFrame } from '../page/live-frame.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';
import { ratingText } from '../account/ratings.js';
import { followLeaderboard, followTournament } from './tournament-live.js';
import { tournamentLink } from './tournament-link.js';
import { standingsKey } from './tournament-tables.js';
import { CLOCK_PRESETS } from './tournament-settings.js';
import { clockText } from '../online/clock-text.js';
import { summaryText } from '../tools/variants.js';
import { startEngine } from '../game/engine.js';
import { ratingListTable, refusedWords, standingsTable, statusText } from './tournament-view.js';

/** A frame this wide shows the current round's games as small boards beside the standings. */
const WIDE_FRAME = '(min-width: 720px)';

/**
 * Shows what the address asks in place of the game page. Never resolves: the game page does
 * not start under it.
 * @param {Window} [host] the page around
 * @returns {Promise<never>}
 */
export async function showLiveEmbed(host = window.parent) {
  const frame = await openLiveFrame(['tournaments/tournaments.css'], { id: 'live-embed', className: 'live-embed' }, host);
  const { root, tell, refuse } = frame;
  const link = tournamentLink(location.search);
  if (link.view === 'tournament') await showTournament(root, link.id, tell, refuse);
  else if (link.view === 'leaderboard') await showLeaderboard(root, link.rules, tell, refuse);
  else refuse('bad_link', t('tournament.badLink'));
  return keepLiveFrame();
}

/** @typedef {(code: string, words: string) => void} Refuse says why nothing is shown */

/**
 * The code of a refusal from the server (`network` when it was not reached).
 * @param {unknown} error
 */
const codeOf = (error) => String(/** @type {{code?: unknown}} */ (error ?? {}).code ?? 'network');

/**
 * The live standings of tournament `id` in `root`.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {(message: Record<string, unknown>) => void} tell
 * @param {Refuse} refuse
 */
async function showTournament(root, id, tell, refuse) {
  try {
    // The engine words the rules.
    await Promise.all([request(`api/tournaments/${encodeURIComponent(id)}`), startEngine()]);
  } catch (error) {
    refuse(codeOf(error), refusedWords(error));
    return;
  }
  const said = el('p', { className: 'visually-hidden', role: 'status' });
  const view = el('div', { className: 'live-standings' });
  const tables = el('div', { className: 'live-tables' }, view);
  root.append(said, tables);
  let key = '';
  const boards = boardsWhenWide(tables);
  followTournament(id, {
    state: (tournament) => {
      const ratingList = ratingListTable(tournament);
      view.replaceChildren(el('h1', { className: 'live-title' }, tournament.name),
        el('p', { className: 'live-status' }, statusText(tournament)),
        el('p', { className: 'live-settings' }, `${clockText(tournament.clock ?? CLOCK_PRESETS.none)} · ${summaryText(tournament.rules)}`),
        standingsTable(tournament), ...(ratingList ? [ratingList] : []));
      boards(tournament);
      const next = standingsKey(tournament);
      if (key && next !== key) said.textContent = t('tournament.updated');
      key = next;
      tell({ type: 'standings', id, state: tournament.state, round: tournament.round, standings: tournament.standings });
    },
    roundStarted: (round) => tell({ type: 'round-started', id, round }),
    finished: () => tell({ type: 'tournament-finished', id }),
  });
}

/**
 * The current round's games as small boards in `tables` while the frame is wide: their module
 * and the engine load the first time it is, and the boards go (with their connections) when it
 * is narrow again. Returns the way to show a tournament's state.
 * @param {HTMLElement} tables
 * @returns {(tournament: import('./tournament-tables.js').Tournament) => void}
 */
function boardsWhenWide(tables) {
  const wide = matchMedia(WIDE_FRAME);
  /** @type {import('./tournament-tables.js').Tournament | null} */
  let last = null;
  /** @type {import('./small-boards.js').SmallBoards | null} */
  let boards = null;
  let starting = false;
  const fit = async () => {
    if (wide.matches && !boards && !starting) {
      starting = true;
      const started = await import('./small-boards.js')
        .then(({ SmallBoards }) => SmallBoards.start())
        .finally(() => { starting = false; });
      // The frame may have narrowed meanwhile.
      if (!wide.matches) return;
      boards = started;
      tables.append(boards.root);
      if (last) boards.show(last);
    } else if (!wide.matches && boards) {
      boards.destroy();
      boards = null;
    }
  };
  wide.addEventListener('change', fit);
  fit();
  return (tournament) => {
    last = tournament;
    boards?.show(tournament);
  };
}

/**
 * The club's live rating list of `rules` in `root`, once the server takes the rules.
 * @param {HTMLElement} root
 * @param {string} rules
 * @param {(message: Record<string, unknown>) => void} tell
 * @param {Refuse} refuse
 */
async function showLeaderboard(root, rules, tell, refuse) {
  try {
    await request(`api/leaderboard?rules=${encodeURIComponent(rules)}&limit=1`);
  } catch (error) {
    const code = codeOf(error);
    refuse(code, code === 'bad_field' ? t('tournament.badRules') : errorWords(error));
    return;
  }
  const view = el('div', {});
  root.append(view);
  followLeaderboard(rules, (board) => {
    const rows = board.players.map((player, i) => el('tr', {},
      el('td', {}, String(i + 1)), el('th', { scope: 'row' }, player.name),
      el('td', { title: player.provisional ? t('account.provisional') : null }, ratingText(player)), el('td', {}, String(player.games))));
    const headers = ['#', t('account.name'), t('account.rating'), t('account.ratedGames')];
    view.replaceChildren(rows.length === 0
      ? el('p', { id: 'live-leaderboard' }, t('account.noPlayers'))
      : el('table', { id: 'live-leaderboard', className: 'tournament-table' },
        el('caption', {}, t('account.leaderboard')),
        el('thead', {}, el('tr', {}, headers.map((header) => el('th', { scope: 'col' }, header)))),
        el('tbody', {}, rows)));
    tell({ type: 'leaderboard', rules, players: board.players });
  });
}
