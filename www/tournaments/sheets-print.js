// The printed sheets of an over-the-board round, each a sheet of paper (print.css): the
// pairings by board, with a column to write the result in and each board's QR code to report
// it from a phone, and the byes; the standings with the format's tie-breaks; and one score sheet
// per board, with numbered lines for the moves, the result boxes and the players' signatures.

import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { moveColumns, roundBoards, standingsMoment } from './sheets-layout.js';
import { nameOf, pointsText } from './tournament-tables.js';
import { resultText } from './tournament-view.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-tables.js').Pairing} Pairing
 * @typedef {(pairing: Pairing) => Element | null} BoardCode the QR code of a board's report address
 */

/**
 * "Ann (1520)": a player's name and rating as they were registered.
 * @param {Tournament} tournament
 * @param {number | null} number
 */
function playerText(tournament, number) {
  const player = tournament.players?.find((p) => p.number === number);
  return player ? `${player.name} (${player.rating})` : '';
}

/**
 * A table with its caption and column headers.
 * @param {string} className
 * @param {string | null} caption
 * @param {string[]} headers
 * @param {HTMLElement[]} rows
 */
function table(className, caption, headers, rows) {
  return el('table', { className },
    caption === null ? null : el('caption', {}, caption),
    el('thead', {}, el('tr', {}, headers.map((header) => el('th', { scope: 'col' }, header)))),
    el('tbody', {}, rows));
}

/**
 * A sheet of paper headed `title`: fixed to one page, or `flowing` on to the next ones.
 * @param {string} id
 * @param {string} title
 * @param {boolean} flowing
 * @param {(HTMLElement | null)[]} children
 */
function sheet(id, title, flowing, children) {
  return el('section', { id, className: flowing ? 'sheet sheet-flow' : 'sheet', 'aria-labelledby': `${id}-title` },
    el('h2', { className: 'sheet-title', id: `${id}-title` }, title), ...children);
}

/**
 * The round's pairings by board (the result written in when it is in), and its byes.
 * @param {Tournament} tournament
 * @param {number} round
 * @param {BoardCode} code
 */
export function pairingsSheet(tournament, round, code) {
  const { games, byes } = roundBoards(tournament, round);
  const rows = games.map((p) => el('tr', {},
    el('td', { className: 'sheets-board' }, String(p.board)),
    el('td', {}, playerText(tournament, p.red)),
    el('td', {}, playerText(tournament, p.blue)),
    el('td', { className: 'sheets-result' }, resultText(p.result)),
    el('td', { className: 'sheets-code' }, code(p))));
  const headers = [t('tournament.board'), t('Side.red'), t('Side.blue'), t('tournament.result'), t('tournament.sheets.code')];
  return sheet('sheets-pairings', t('tournament.sheets.pairings', { name: tournament.name, round }), true, [
    table('sheets-table sheets-pairings', null, headers, rows),
    byes.length === 0 ? null : el('p', { id: 'sheets-byes' }, t('tournament.sheets.byes', { names: byes.map((n) => nameOf(tournament, n)).join(', ') })),
    el('p', { className: 'sheets-note' }, t('tournament.screen.hint')),
  ]);
}

/**
 * The standings as they are (after the last round finished), with the format's tie-breaks;
 * null before any game counts.
 * @param {Tournament} tournament
 */
export function standingsSheet(tournament) {
  const moment = standingsMoment(tournament);
  const lines = tournament.standings ?? [];
  if (lines.length === 0 || (moment.when === 'after' && moment.round === 0)) return null;
  const tieBreaks = tournament.tie_breaks ?? [];
  const headers = ['#', t('tournament.player'), t('tournament.points'), ...tieBreaks.map((name) => t(`tournament.tiebreak.${name}`))];
  const rows = lines.map((line) => el('tr', {},
    el('td', {}, String(line.rank)), el('td', {}, line.name ?? ''), el('td', {}, pointsText(line.points)),
    line.tie_breaks.map((value) => el('td', {}, pointsText(value)))));
  return sheet('sheets-standings', `${tournament.name} · ${t(`tournament.sheets.standings.${moment.when}`, { round: moment.round })}`, true, [
    table('sheets-table sheets-standings', null, headers, rows),
  ]);
}

/**
 * A score sheet for board `pairing`: who plays which side, numbered lines for the moves, the
 * result boxes and the signatures, and the board's QR code to report the result.
 * @param {Tournament} tournament
 * @param {Pairing} pairing
 * @param {BoardCode} code
 */
export function scoreSheet(tournament, pairing, code) {
  const id = `score-sheet-${pairing.board}`;
  const fact = (/** @type {string} */ term, /** @type {string} */ value) => el('div', {}, el('dt', {}, term), el('dd', {}, value));
  const date = new Intl.DateTimeFormat(language(), { dateStyle: 'long' }).format(new Date());
  const side = (/** @type {'red' | 'blue'} */ color, /** @type {number | null} */ number) => el('p', { className: `score-player score-${color}` },
    el('span', { className: 'score-side' }, t(`Side.${color}`)), ' ', playerText(tournament, number));
  const moves = moveColumns().map((numbers) => table('score-moves', null, ['#', t('Side.red'), t('Side.blue')],
    numbers.map((n) => el('tr', {}, el('th', { scope: 'row' }, String(n)), el('td', {}), el('td', {})))));
  const box = (/** @type {string} */ score, /** @type {string} */ words) => el('span', { className: 'score-box' },
    el('span', { className: 'score-tick', 'aria-hidden': 'true' }), ` ${score} ${words}`);
  const signature = (/** @type {string} */ key) => el('div', { className: 'score-signature' }, el('span', { className: 'score-line' }), t(key));
  const qr = code(pairing);
  return sheet(id, t('tournament.sheets.scoreSheet'), false, [
    el('div', { className: 'score-head' },
      el('div', { className: 'score-who' },
        el('dl', { className: 'score-facts' },
          fact(t('tournament.sheets.tournament'), tournament.name),
          fact(t('tournament.sheets.round'), String(pairing.round)),
          fact(t('tournament.board'), String(pairing.board)),
          fact(t('tournament.sheets.date'), date)),
        side('red', pairing.red), side('blue', pairing.blue)),
      qr ? el('figure', { className: 'score-qr' }, qr, el('figcaption', {}, t('tournament.sheets.scan'))) : null),
    el('div', { className: 'score-columns' }, moves),
    el('p', { className: 'score-result' }, el('strong', {}, `${t('tournament.result')}:`),
      box('1–0', t('tournament.sheets.redWins')), box('½–½', t('tournament.sheets.draw')), box('0–1', t('tournament.sheets.blueWins'))),
    el('div', { className: 'score-signatures' }, signature('tournament.sheets.signRed'), signature('tournament.sheets.signBlue')),
  ]);
}
