// The pairings on the room's screen (`sheets.html?tournament=<id>&show=screen`): the current
// round's boards in type large enough to read from across the room, under the tournament's
// name, its round and how to report a result. It follows the tournament's stream, so results
// appear as they are entered and the next round replaces the last. A button puts it in full
// screen (the Fullscreen API; Escape leaves).

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { roundBoards } from './sheets-layout.js';
import { nameOf } from './tournament-tables.js';
import { resultText, statusText } from './tournament-view.js';

/** @typedef {import('./tournament-tables.js').Tournament} Tournament */

/**
 * The screen of `tournament` in `root` (its contents replaced): heading, round, hint, and the
 * boards in as many columns as keep the type large.
 * @param {HTMLElement} root
 * @param {Tournament} tournament
 */
export function drawScreen(root, tournament) {
  const { games, byes } = roundBoards(tournament, tournament.round);
  const rows = games.map((p) => el('tr', {},
    el('th', { scope: 'row', className: 'room-board' }, String(p.board)),
    el('td', { className: 'room-red' }, nameOf(tournament, p.red)),
    el('td', { className: 'room-result' }, resultText(p.result) || '–'),
    el('td', { className: 'room-blue' }, nameOf(tournament, p.blue))));
  const headers = [t('tournament.board'), t('Side.red'), t('tournament.result'), t('Side.blue')];
  const boards = el('table', { id: 'room-boards', className: 'room-boards' },
    el('caption', {}, t('tournament.roundBoards', { round: tournament.round })),
    el('colgroup', {}, el('col', { className: 'room-col-board' }), el('col'), el('col', { className: 'room-col-result' }), el('col')),
    el('thead', {}, el('tr', {}, headers.map((header) => el('th', { scope: 'col' }, header)))),
    el('tbody', {}, rows));
  // The type shrinks with the lines to show, down to a size still read from the back of a room.
  root.style.setProperty('--room-lines', String(Math.max(6, games.length + (byes.length > 0 ? 1 : 0))));
  const full = el('button', { type: 'button', id: 'room-fullscreen', className: 'room-fullscreen',
    onclick: () => (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()) }, t('tournament.screen.full'));
  const byesLine = el('p', { id: 'room-byes', className: 'room-byes' }, t('tournament.sheets.byes', { names: byes.map((n) => nameOf(tournament, n)).join(', ') }));
  root.replaceChildren(
    el('header', { className: 'room-head' },
      el('h1', { id: 'room-title' }, tournament.name),
      el('p', { id: 'room-round', className: 'room-round' }, statusText(tournament)),
      el('p', { id: 'room-hint', className: 'room-hint' }, t('tournament.screen.hint')),
      document.fullscreenEnabled ? full : null),
    games.length === 0 ? el('p', { className: 'room-empty' }, t('tournament.sheets.noRound')) : boards,
    ...(byes.length === 0 ? [] : [byesLine]));
}
