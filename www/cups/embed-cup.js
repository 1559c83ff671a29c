// A cup's bracket alone in another site's page (`?embed=1&cup=<id>`, an <iframe>): its name,
// state and settings over the bracket (bracket.js), redrawn at each change the server streams,
// the current round in view. The page around is told with `postMessage`, as the tournament
// embed tells it (tournaments/embed-live.js): `{type: 'cup', id, state, round, matches}` at
// each change (each match's round, slot, seeds and winner), `{type: 'round-started', id,
// round}` and `{type: 'cup-finished', id, winner}` (the winner's name).

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { keepLiveFrame, openLiveFrame } from '../page/live-frame.js';
import { request } from '../server/online-client.js';
import { refusedWords } from '../tournaments/tournament-view.js';
import { followCup } from './cup-live.js';
import { bracketView, scrollToRound } from './bracket.js';
import { cupStatus, nameOf } from './cup-types.js';

/**
 * Shows the cup the address names in place of the game page. Never resolves: the game page
 * does not start under it.
 * @returns {Promise<never>}
 */
export async function showCupEmbed() {
  const frame = await openLiveFrame(['tournaments/tournaments.css', 'cups/cups.css'], { id: 'live-embed', className: 'live-embed' });
  await showCup(frame.root, frame.query.get('cup') ?? '', frame.tell, frame.refuse);
  return keepLiveFrame();
}

/**
 * The live bracket of cup `id` in `root`.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {(message: Record<string, unknown>) => void} tell
 * @param {(code: string, words: string) => void} refuse
 */
async function showCup(root, id, tell, refuse) {
  try {
    await request(`api/cups/${encodeURIComponent(id)}`);
  } catch (error) {
    refuse(String(/** @type {{code?: unknown}} */ (error ?? {}).code ?? 'network'), refusedWords(error));
    return;
  }
  const said = el('p', { className: 'visually-hidden', role: 'status' });
  const view = el('div', { className: 'cup-embed' });
  root.append(said, view);
  /** @type {import('./cup-types.js').Cup | null} */
  let last = null;
  followCup(id, {
    state: (cup) => {
      const before = view.querySelector('.cup-scroll');
      const scrolled = before instanceof HTMLElement && last !== null ? before.scrollLeft : null;
      const bracket = cup.state === 'registering' ? null : bracketView(cup);
      view.replaceChildren(el('h1', { className: 'live-title' }, cup.name),
        el('p', { className: 'live-status' }, cupStatus(cup),
          cup.placing ? ` · ${t('cup.winner', { name: nameOf(cup, cup.placing.winner) })}` : ''),
        bracket ?? el('p', {}, t('cup.entrants', { n: cup.players.length })));
      if (bracket) {
        if (scrolled === null || cup.round !== last?.round) scrollToRound(bracket, cup);
        else bracket.scrollLeft = scrolled;
      }
      if (last && last.round !== cup.round) said.textContent = t('cup.roundStarted', { round: cup.round });
      last = cup;
      const matches = cup.matches.map(({ round, slot, top, bottom, winner }) => ({ round, slot, top, bottom, winner }));
      tell({ type: 'cup', id, state: cup.state, round: cup.round, matches });
    },
    roundStarted: (round) => tell({ type: 'round-started', id, round }),
    finished: () => {
      const winner = last?.placing ? nameOf(last, last.placing.winner) : null;
      said.textContent = t('cup.finishedSay');
      tell({ type: 'cup-finished', id, winner });
    },
  });
}
