// "Report your result" in the tournaments screen: where the two players of a board of an
// over-the-board tournament say how their game ended, from a phone at the board (the board's
// address, `?tournament=<id>&report=<round>-<board>`, printed as a QR code) or from the screen
// for a member whose board's result is not in. Three big buttons in the player's own terms,
// then the reports' state: waiting for the opponent, or different (the director settles it).
// When both agree the server enters the result. The panel is drawn again from each state the
// tournament's stream sends, so both phones see the other's report arrive.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { CHOICES, reportView, reportedResult } from './otb-reports.js';
import { nameOf } from './tournament-tables.js';
import { resultText } from './tournament-view.js';

/** How long the answer to a report holds the screen reader's status line (ms). */
const SAID_HELD_MS = 5000;

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-link.js').BoardRef} BoardRef
 * @typedef {(path: string, body?: unknown, method?: string) => Promise<{answer: any} | null>} Ask a screen's request (server/ask.js)
 */

/**
 * The panel for the member called `name` (null: not signed in) on the board `asked` by the
 * address, or on their own board; null when there is nothing to report.
 * @param {Tournament} tournament
 * @param {string | null} name
 * @param {{asked: BoardRef | null, ask: Ask, said: HTMLElement}} screen the board asked for, the screen's
 *   requests, and its line said to screen readers
 */
export function reportPanel(tournament, name, { asked, ask, said }) {
  const view = reportView(tournament, name, asked);
  if (view === null) return null;
  const section = (/** @type {(HTMLElement | null)[]} */ ...children) => el('section', { id: 'board-report', className: 'board-report', 'aria-labelledby': 'board-report-title' },
    el('h4', { id: 'board-report-title' }, t('tournament.report.title')), ...children);
  const line = (/** @type {string} */ text) => el('p', { id: 'board-report-state' }, text);
  if (view.kind === 'online' || view.kind === 'unknown') return section(line(t(`tournament.report.${view.kind}`)));
  const { pairing } = view;
  const where = el('p', { id: 'board-report-board' }, t('tournament.report.board', { round: pairing.round, board: pairing.board }));
  if (view.kind === 'closed') {
    const players = { redPlayer: nameOf(tournament, pairing.red), bluePlayer: nameOf(tournament, pairing.blue) };
    const words = pairing.result ? t('tournament.report.done', { ...players, result: resultText(pairing.result) }) : t('tournament.report.closed');
    return section(where, line(words));
  }
  if (view.kind === 'sign-in') {
    // The account screen opens over this one; signing in there draws this panel again (onMember).
    const signIn = el('button', { type: 'button', id: 'board-report-sign-in', className: 'primary',
      onclick: () => document.getElementById('open-account')?.click() }, t('account.button'));
    return section(where, line(t('tournament.report.signIn')), signIn);
  }
  if (view.kind === 'not-yours') return section(where, line(t('tournament.report.notYours')));

  const { side, opponent, state, mine } = view;
  where.textContent = t('tournament.report.you', { round: pairing.round, board: pairing.board, side: t(`Side.${side}`), name: opponent });
  const send = async (/** @type {import('./otb-reports.js').Choice} */ choice) => {
    const body = { round: pairing.round, board: pairing.board, result: reportedResult(choice, side) };
    const done = await ask(`api/tournaments/${encodeURIComponent(tournament.id)}/reports`, body);
    if (done) {
      said.textContent = t(`tournament.report.said.${done.answer.state}`, { name: opponent });
      // The standings this report changes come over the live stream just after: their routine
      // "Standings updated." must not talk over the answer to the member's own tap.
      said.dataset.heldUntil = String(Date.now() + SAID_HELD_MS);
    }
  };
  const buttons = el('div', { className: 'board-report-choices', role: 'group', 'aria-label': t('tournament.report.title') },
    CHOICES.map((choice) => el('button', { type: 'button', id: `board-report-${choice}`, 'aria-pressed': String(choice === mine),
      onclick: () => send(choice) }, t(`tournament.report.${choice}`))));
  const words = state === 'waiting' ? t('tournament.report.waiting', { choice: t(`tournament.report.${mine}`), name: opponent })
    : t(`tournament.report.${state}`, { name: opponent });
  return section(where, buttons, line(words));
}
