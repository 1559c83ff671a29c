// A team match in another site's page (an <iframe>): `embed=1&match=<id>` shows the teams,
// the score, the state and the boards with their results, redrawn at each change the server
// streams. The page around is told with `postMessage` as the tournament embed tells it
// (tournaments/embed-live.js; the README's "Embedding"): `{source: 'jungle', type:
// 'team-match', id, state, outcome, score, boards}` at each change, `{type:
// 'team-match-finished', id, outcome, score}` once at its end, `{type: 'error', code,
// message}` when there is no such match. They carry only what the frame shows, so they go to
// any host ('*'); none is read.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { keepLiveFrame, openLiveFrame } from '../page/live-frame.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';
import { clockText } from '../online/clock-text.js';
import { boardsTable, followMatch, scoreLine, stateText } from './match-view.js';

/**
 * Shows the match the address names in place of the game page. Never resolves: the game page
 * does not start under it.
 * @param {Window} [host] the page around
 * @returns {Promise<never>}
 */
export async function showMatchEmbed(host = window.parent) {
  const sheets = ['tournaments/tournaments.css', 'teams/teams.css'];
  const { query, root, tell, refuse } = await openLiveFrame(sheets, { id: 'live-embed', className: 'live-embed team-embed' }, host);
  const id = query.get('match') ?? '';
  try {
    await request(`api/team-matches/${encodeURIComponent(id)}`);
  } catch (error) {
    const code = String(/** @type {{code?: unknown}} */ (error ?? {}).code ?? 'network');
    refuse(code, code === 'not_found' ? t('teams.badLink') : errorWords(error));
    return keepLiveFrame();
  }
  const said = el('p', { className: 'visually-hidden', role: 'status' });
  const view = el('div', { className: 'team-embed-view' });
  root.append(said, view);
  let score = '';
  let finished = false;
  followMatch(id, (match) => {
    const watch = (/** @type {import('./match-view.js').Board} */ board) => {
      const url = new URL(document.baseURI);
      url.search = '';
      url.searchParams.set('watch', board.game_id);
      return el('a', { href: url.href, target: '_blank', rel: 'noopener' }, t('tournament.watch'));
    };
    view.replaceChildren(
      el('h1', { className: 'live-title team-score', id: 'team-embed-score' }, scoreLine(match)),
      el('p', { className: 'live-status', id: 'team-embed-state' }, `${stateText(match)} · ${clockText(match.clock)}`),
      match.boards.length ? boardsTable(match, watch) : el('p', {}, t('teams.notStarted')));
    const now = scoreLine(match);
    if (score && now !== score) said.textContent = t('teams.updated');
    score = now;
    const boards = match.boards.map((board) => ({ board: board.board, home: board.home, away: board.away, home_color: board.home_color, result: board.result }));
    tell({ type: 'team-match', id, state: match.state, outcome: match.outcome, score: match.score, boards });
    if (match.state === 'finished' && !finished) {
      finished = true;
      tell({ type: 'team-match-finished', id, outcome: match.outcome, score: match.score });
    }
  });
  return keepLiveFrame();
}
