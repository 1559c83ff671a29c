// A ladder in another site's page (an <iframe>): `embed=1&ladder=<id>` its ranking and open
// challenges alone, read again every few seconds. The page around is told with `postMessage`
// as the tournament embed tells it (tournaments/embed-live.js; the README's "Embedding"):
// `{source: 'jungle', type: 'ranking', id, version, ranking}` at first and after each change,
// `{type: 'error', code, message}` when the ladder cannot be shown. The messages carry only
// what the frame shows, so they go to any host ('*'); none is read.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { keepLiveFrame, openLiveFrame } from '../page/live-frame.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';
import { clockText } from '../online/clock-text.js';
import { challengeList, rankingTable } from './ladder-view.js';

/** How often the ladder is read again (ms). */
const READ_EVERY = 5000;

/** What the embed offers: nothing to do, only to see. */
const NO_ACTIONS = { challenge: () => {}, answer: () => {}, result: () => {}, remove: () => {} };

/**
 * Shows the ladder the address names in place of the game page. Never resolves: the game page
 * does not start under it.
 * @param {Window} [host] the page around
 * @returns {Promise<never>}
 */
export async function showLadderEmbed(host = window.parent) {
  const { query, root, tell } = await openLiveFrame(['ladders/ladders.css'], { id: 'ladder-embed', className: 'ladder-embed' }, host);
  const said = el('p', { className: 'visually-hidden', role: 'status' });
  const view = el('div', { className: 'ladders-view' });
  root.append(said, view);
  const id = query.get('ladder') ?? '';
  let seen = '';
  const read = async () => {
    try {
      /** @type {import('./ladder-view.js').Ladder & {version: number}} */
      const ladder = await request(`api/ladders/${encodeURIComponent(id)}`);
      const now = JSON.stringify([ladder.ranking, ladder.challenges]);
      if (now === seen) return true;
      if (seen) said.textContent = t('ladder.updated');
      seen = now;
      view.replaceChildren(el('h1', { className: 'live-title' }, ladder.name),
        el('p', { className: 'ladder-rules' }, `${clockText(ladder.clock)} · ${t('ladder.rules', { reach: ladder.reach, hours: ladder.answer_hours, open: ladder.max_open })}`),
        el('div', { className: 'ladder-scroll' }, rankingTable(ladder, null, NO_ACTIONS, false)),
        challengeList(ladder, null, Date.now(), NO_ACTIONS, false));
      tell({ type: 'ranking', id, version: ladder.version, ranking: ladder.ranking });
      return true;
    } catch (error) {
      const words = errorWords(error);
      view.replaceChildren(el('p', { role: 'alert' }, words));
      tell({ type: 'error', code: String(/** @type {{code?: unknown}} */ (error ?? {}).code ?? 'network'), message: words });
      return false;
    }
  };
  if (await read()) setInterval(read, READ_EVERY);
  return keepLiveFrame();
}
