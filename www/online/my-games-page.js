// The member's "your turn" page (`?games=1`): every unfinished game of theirs in one table, as
// api/me/games orders them — those at their move first, the least time left first — with the
// opponent (and rating, and vacation), whose move, time left, a link that opens the game
// (`?online=<id>` plays the member's seat), clock and rules — what matters most first, as a
// phone shows the first columns and scrolls to the others.

import { member } from '../account/member.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { pageAddress } from '../page/page-address.js';
import { makeDialog } from '../page/page-ui.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';
import { summaryText } from '../tools/variants.js';
import { ratingText } from '../account/ratings.js';
import { clockText, timeText } from './clock-text.js';
import { vacationText } from '../page/vacation-text.js';

/** @typedef {import('./member-games.js').MemberGame} MemberGame */

/**
 * Whether the address asks for the page.
 * @param {string} search
 */
export function asksMyGames(search) {
  return new URLSearchParams(search).get('games') === '1';
}

/** Opens the page over the board, filled once the server answers. */
export async function openMyGames() {
  const ui = makeDialog('my-games', t('yours.title'));
  ui.dialog.addEventListener('close', () => ui.dialog.remove());
  const said = el('p', { id: 'my-games-said', role: 'status' }, t('myGames.loading'));
  ui.body.append(said);
  ui.open();
  if (!member()) {
    said.textContent = t('myGames.signIn');
    return;
  }
  /** @type {{your_move: number, games: MemberGame[]}} */
  let answer;
  try {
    answer = await request('api/me/games');
  } catch (error) {
    said.textContent = errorWords(error);
    return;
  }
  said.textContent = answer.games.length === 0 ? t('myGames.none') : t('yours.countLabel', { n: answer.your_move });
  if (answer.games.length > 0) ui.body.append(gamesTable(answer.games));
}

/** @param {MemberGame[]} games */
function gamesTable(games) {
  const heads = ['opponent', 'turn', 'left', 'game', 'clock', 'rules'].map((key) => el('th', { scope: 'col' }, t(`myGames.${key}`)));
  return el('div', { className: 'my-games-scroll' },
    el('table', { id: 'my-games-table', className: 'my-games' },
      el('caption', { className: 'visually-hidden' }, t('myGames.caption')),
      el('thead', {}, el('tr', {}, heads)),
      el('tbody', {}, games.map(gameRow))));
}

/** @param {MemberGame} game */
function gameRow(game) {
  const { opponent } = game;
  const who = opponent
    ? [el('span', {}, opponent.name), opponent.rating ? ` (${ratingText(opponent.rating)})` : '',
      opponent.vacation ? el('small', { className: 'my-games-vacation' }, vacationText(opponent.vacation)) : null]
    : [t('online.waiting')];
  const days = game.clock.kind === 'correspondence';
  const left = game.status === 'playing' && game.time_left ? timeText(game.time_left[game.color], days) : '–';
  const turn = game.status !== 'playing' ? t('online.waiting') : game.your_move ? t('yours.yourMove') : t(`status.toMove.${game.turn}`);
  const title = opponent ? t('yours.against', { name: opponent.name }) : t('yours.online');
  return el('tr', { dataset: { game: game.id, yourMove: String(game.your_move) } },
    el('th', { scope: 'row' }, who),
    el('td', {}, game.your_move ? el('strong', {}, turn) : turn),
    el('td', { className: 'my-games-left' }, left),
    el('td', {}, el('a', { href: pageAddress(location.href, 'online', game.id), 'aria-label': `${t('online.play')}: ${title}` }, t('online.play'))),
    el('td', {}, clockText(game.clock)),
    el('td', {}, summaryText(game.rules)));
}
