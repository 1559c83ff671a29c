// The tables of a tournament: a round robin's or a gauntlet's crosstable, or the standings
// with the format's tie-breaks named (an arena's winning streaks marked), an engine match's
// rating list, the current round's boards with a link to watch each game, and its settings. Used by the tournaments screen and by the
// embedded standings. A game counts in the standings as soon as it ends; the places and
// tie-breaks that games still being played may change are marked provisional. Each table fits
// its place (fitted-table.js).

import { botTag } from '../bots/bot-tag.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { errorWords } from '../server/online-words.js';
import { FOLDS, fitted } from './fitted-table.js';
import { boardsOf, crosstable, hasCrosstable, nameOf, pointsText, scoreOf, streaks } from './tournament-tables.js';
import { settingsLines } from './tournament-settings.js';
import { summaryText } from '../tools/variants.js';

/** @typedef {import('./tournament-tables.js').Tournament} Tournament */
/** @typedef {import('./tournament-tables.js').Standing} Standing */

/**
 * A table with its caption and column headers, those from `foldFrom` on folding away when it
 * does not fit.
 * @param {string} id
 * @param {string} caption
 * @param {string[]} headers
 * @param {HTMLTableRowElement[]} rows
 * @param {number} [foldFrom]
 */
function table(id, caption, headers, rows, foldFrom = Infinity) {
  return el('table', { id, className: 'tournament-table' },
    el('caption', {}, el('span', { className: 'table-caption-text' }, caption)),
    el('thead', {}, el('tr', {}, headers.map((header, i) => el('th', { scope: 'col', className: i >= foldFrom ? FOLDS : null }, header)))),
    el('tbody', {}, rows));
}

/**
 * A value of a provisional line, marked: "2½*", the mark said in words to screen readers.
 * @param {string} text
 * @param {boolean} provisional
 */
function marked(text, provisional) {
  if (!provisional) return text;
  return [text, el('span', { className: 'tournament-provisional', 'aria-hidden': 'true' }, '*'),
    el('span', { className: 'visually-hidden' }, ` (${t('tournament.provisional')})`)];
}

/**
 * The note under standings that have provisional lines, else null.
 * @param {Standing[]} lines
 */
function provisionalNote(lines) {
  return lines.some((line) => line.provisional) ? el('p', { id: 'tournament-provisional-note', className: 'tournament-note' }, t('tournament.provisionalNote')) : null;
}

/**
 * A standing's name, with the BOT tag where bots play members (in an engine match all are bots).
 * @param {Tournament} tournament
 * @param {Standing} line
 */
function playerName(tournament, line) {
  const bot = tournament.entrants === 'members-and-bots' && tournament.players?.find((p) => p.number === line.number)?.bot;
  return [line.name ?? '', bot ? botTag() : null];
}

/**
 * A round robin's or a gauntlet's crosstable: a row per player, a column per opponent (by rank).
 * @param {Tournament} tournament
 */
function crosstableView(tournament) {
  const { rows, cells } = crosstable(tournament);
  const headers = ['#', t('tournament.player'), ...rows.map((row) => String(row.rank)), t('tournament.points')];
  return fitted(table('tournament-standings', t('tournament.crosstable'), headers, rows.map((row, i) => el('tr', {},
    el('td', {}, marked(String(row.rank), Boolean(row.provisional))),
    el('th', { scope: 'row' }, playerName(tournament, row)),
    cells[i].map((cell) => (cell === null ? el('td', { className: 'tournament-self', 'aria-label': '—' }) : el('td', {}, cell))),
    el('td', {}, pointsText(row.points))))), { after: provisionalNote(rows) });
}

/**
 * The standings with the format's tie-breaks (folding away when they do not fit); an arena's
 * players on a streak marked.
 * @param {Tournament} tournament
 */
function standingsView(tournament) {
  const tieBreaks = tournament.tie_breaks ?? [];
  const onStreak = tournament.format === 'arena' ? streaks(tournament) : new Set();
  const headers = ['#', t('tournament.player'), t('tournament.points'), ...tieBreaks.map((name) => t(`tournament.tiebreak.${name}`))];
  const lines = tournament.standings ?? [];
  const rows = lines.map((line) => el('tr', {},
    el('td', {}, marked(String(line.rank), Boolean(line.provisional))),
    el('th', { scope: 'row' }, playerName(tournament, line)),
    el('td', {}, pointsText(line.points),
      onStreak.has(line.number) ? el('span', { className: 'tournament-streak', title: t('tournament.streak') }, ' 🔥', el('span', { className: 'visually-hidden' }, t('tournament.streak'))) : null),
    line.tie_breaks.map((value) => el('td', { className: FOLDS }, marked(pointsText(value), Boolean(line.provisional))))));
  return fitted(table('tournament-standings', t('tournament.standings'), headers, rows, 3),
    { foldable: tieBreaks.length > 0, after: provisionalNote(lines) });
}

/**
 * The standings (or crosstable) of `tournament`.
 * @param {Tournament} tournament
 */
export function standingsTable(tournament) {
  if ((tournament.standings ?? []).length === 0) return el('p', { id: 'tournament-standings', className: 'tournament-empty' }, t('tournament.noStandings'));
  return hasCrosstable(tournament) ? crosstableView(tournament) : standingsView(tournament);
}

/**
 * An engine match's rating list, under its crosstable: Elo relative to the field with its 95%
 * error bar, games and score, best first; null for another tournament, or before a game.
 * @param {Tournament} tournament
 */
export function ratingListTable(tournament) {
  const lines = tournament.rating_list ?? [];
  if (lines.length === 0) return null;
  const signed = (/** @type {number} */ elo) => (elo > 0 ? `+${elo}` : elo < 0 ? `−${-elo}` : '0');
  const headers = ['#', t('tournament.player'), t('tournament.elo'), t('tournament.margin'), t('tournament.games'), t('tournament.score')];
  const rows = lines.map((line, i) => el('tr', {},
    el('td', {}, String(i + 1)),
    el('th', { scope: 'row' }, line.name),
    el('td', {}, signed(line.elo)),
    el('td', {}, `±${line.margin}`),
    el('td', {}, String(line.games)),
    el('td', {}, `${pointsText(line.points)} (${Math.round((100 * line.points) / Math.max(line.games, 1))}%)`)));
  return fitted(table('tournament-rating-list', t('tournament.ratingList'), headers, rows),
    { after: el('p', { id: 'tournament-rating-note', className: 'tournament-note' }, t('tournament.ratingListNote')) });
}

/**
 * The result of a board as read from Red's side: 1–0, ½–½, +/−, in words when neither player
 * came, or nothing yet.
 * @param {string | null} result
 */
export function resultText(result) {
  if (result === 'double-forfeit') return t('tournament.doubleForfeit');
  const red = scoreOf(result, 'red');
  const blue = scoreOf(result, 'blue');
  return red === null || blue === null ? '' : `${red}–${blue}`;
}

/**
 * The boards of a round (the current one unless `round` is given), each game with a link to
 * watch it.
 * @param {Tournament} tournament
 * @param {(id: string) => string} watchHref the address that watches game `id`
 * @param {number} [round]
 */
export function boardsTable(tournament, watchHref, round = tournament.round) {
  const boards = boardsOf(tournament, round);
  if (boards.length === 0) return null;
  const rows = boards.map((p) => el('tr', {},
    el('td', {}, String(p.board)),
    el('td', {}, nameOf(tournament, p.red)),
    el('td', {}, p.blue === null ? t('tournament.bye') : nameOf(tournament, p.blue)),
    el('td', {}, resultText(p.result)),
    el('td', {}, p.game ? el('a', { href: watchHref(p.game), className: 'tournament-watch' }, t('tournament.watch')) : '')));
  const headers = [t('tournament.board'), t('Side.red'), t('Side.blue'), t('tournament.result'), t('tournament.game')];
  const id = round === tournament.round ? 'tournament-boards' : `tournament-boards-${round}`;
  return fitted(table(id, t('tournament.roundBoards', { round }), headers, rows));
}

/**
 * The settings of `tournament`, named: format, length, clock, rules, rated, no-show time,
 * points of a bye and of a late entry, start time.
 * @param {Tournament} tournament
 */
export function settingsList(tournament) {
  return el('section', { className: 'tournament-settings', 'aria-labelledby': 'tournament-settings-title' },
    el('h4', { id: 'tournament-settings-title' }, t('tournament.settings')),
    el('dl', { id: 'tournament-settings' }, settingsLines(tournament, summaryText).map(([label, text]) => el('div', {}, el('dt', {}, label), el('dd', {}, text)))));
}

/**
 * A line saying the format, the state and the round (and whether played over the board).
 * @param {Pick<Tournament, 'format' | 'state' | 'round' | 'rounds' | 'rated' | 'over_the_board'>} tournament
 */
export function statusText(tournament) {
  const parts = [t(`tournament.format.${tournament.format}`), t(`tournament.state.${tournament.state}`)];
  if (tournament.state !== 'registering' && tournament.format !== 'arena') {
    parts.push(t('tournament.roundOf', { round: tournament.round, rounds: tournament.rounds }));
  }
  if (tournament.rated) parts.push(t('tournament.rated'));
  if (tournament.over_the_board) parts.push(t('tournament.otb'));
  return parts.join(' · ');
}

/**
 * Why a tournament request was refused: the server's words, but "no such game" is said of the
 * tournament a link named.
 * @param {unknown} error
 */
export function refusedWords(error) {
  const code = /** @type {{code?: unknown}} */ (error ?? {}).code;
  return code === 'not_found' ? t('tournament.badLink') : errorWords(error);
}
