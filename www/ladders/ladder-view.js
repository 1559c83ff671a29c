// What the ladders screen shows of a ladder, built from the API's answers: the ranking (with a
// Challenge button beside each member the signed-in member may challenge), the open
// challenges (Accept and Decline with the time left to answer for the one challenged; Play
// once accepted; the director's results), and the history. No rule is decided here but which
// buttons to offer; the server refuses what its rules do not allow.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { timeText } from '../online/clock-text.js';

/**
 * @typedef {{place: number, name: string, rating: number}} Rung
 * @typedef {{id: string, challenger: string, challenged: string, state: string, made: number, answer_by: number, game_id: string | null}} Challenge
 * @typedef {{id: string, name: string, reach: number, max_open: number, answer_hours: number, idle_days: number, clock: import('../server/online-client.js').ClockSpec, ranking: Rung[], challenges: Challenge[]}} Ladder
 * @typedef {{version: number, at: number, kind: string, member: string, other: string | null, from: number | null, to: number | null}} HistoryEntry
 * @typedef {{challenge: (name: string) => void, answer: (id: string, accept: boolean) => void, result: (id: string, result: string) => void, remove: (name: string) => void}} Actions
 */

/**
 * Who `me` may challenge on `ladder`: the members at most its reach above, while neither side
 * has its open challenges' limit (a cool-down is the server's to say).
 * @param {Ladder} ladder
 * @param {string | null} me
 */
export function challengeable(ladder, me) {
  const own = ladder.ranking.find((rung) => rung.name === me);
  if (!own) return new Set();
  const open = (/** @type {string} */ name) => ladder.challenges.filter((c) => c.challenger === name || c.challenged === name).length;
  if (open(own.name) >= ladder.max_open) return new Set();
  return new Set(ladder.ranking
    .filter((rung) => rung.place < own.place && own.place - rung.place <= ladder.reach && open(rung.name) < ladder.max_open)
    .map((rung) => rung.name));
}

/**
 * The ranking as a table: rank, name, rating, and a Challenge button where `me` may.
 * @param {Ladder} ladder
 * @param {string | null} me
 * @param {Actions} actions
 * @param {boolean} directs whether `me` directs the ladder (a Remove button on each row)
 */
export function rankingTable(ladder, me, actions, directs) {
  const may = challengeable(ladder, me);
  const head = el('tr', {}, el('th', { scope: 'col' }, t('ladder.rank')), el('th', { scope: 'col' }, t('ladder.player')),
    el('th', { scope: 'col' }, t('ladder.rating')));
  // The buttons sit under the name, so that the table fits a phone.
  const rows = ladder.ranking.map((rung) => {
    const buttons = [
      may.has(rung.name) ? el('button', { type: 'button', onclick: () => actions.challenge(rung.name) }, t('ladder.challenge')) : null,
      directs ? el('button', { type: 'button', onclick: () => actions.remove(rung.name) }, t('ladder.remove')) : null,
    ].filter((button) => button !== null);
    return el('tr', { className: rung.name === me ? 'ladder-self' : '' },
      el('td', {}, String(rung.place)),
      el('th', { scope: 'row' }, el('div', { className: 'ladder-name' }, el('span', {}, rung.name),
        buttons.length ? el('span', { className: 'ladder-row-actions' }, ...buttons) : null)),
      el('td', {}, String(rung.rating)));
  });
  return el('table', { className: 'ladder-table' }, el('caption', {}, t('ladder.ranking')), el('thead', {}, head), el('tbody', {}, rows));
}

/**
 * The open challenges: who challenges whom, and what `me` can do about each.
 * @param {Ladder} ladder
 * @param {string | null} me
 * @param {number} now the time of the page (ms)
 * @param {Actions} actions
 * @param {boolean} directs
 */
export function challengeList(ladder, me, now, actions, directs) {
  const heading = el('h4', { id: 'ladder-challenges' }, t('ladder.challenges'));
  if (ladder.challenges.length === 0) return el('section', { 'aria-labelledby': 'ladder-challenges' }, heading, el('p', { className: 'ladder-empty' }, t('ladder.noChallenges')));
  const items = ladder.challenges.map((c) => {
    const mine = me === c.challenger || me === c.challenged;
    const parts = [el('span', {}, t('ladder.vs', { a: c.challenger, b: c.challenged }))];
    if (c.state === 'open') {
      parts.push(el('span', { className: 'ladder-left' }, t('ladder.timeLeft', { time: timeText(Math.max(0, c.answer_by - now), true) })));
      if (me === c.challenged) {
        parts.push(el('button', { type: 'button', onclick: () => actions.answer(c.id, true) }, t('ladder.accept')),
          el('button', { type: 'button', onclick: () => actions.answer(c.id, false) }, t('ladder.decline')));
      }
    } else if (c.game_id) {
      const url = new URL(location.href);
      url.search = `?${mine ? 'online' : 'watch'}=${encodeURIComponent(c.game_id)}`;
      parts.push(el('a', { href: url.href }, t(mine ? 'ladder.play' : 'ladder.watch')));
    }
    if (directs) {
      for (const [result, key] of [['challenger', 'ladder.resultChallenger'], ['challenged', 'ladder.resultChallenged'], ['draw', 'ladder.resultDraw']]) {
        parts.push(el('button', { type: 'button', className: 'ladder-desk', onclick: () => actions.result(c.id, result) }, t(key)));
      }
    }
    return el('li', { className: 'ladder-challenge' }, ...parts);
  });
  return el('section', { 'aria-labelledby': 'ladder-challenges' }, heading, el('ul', { className: 'ladder-list' }, items));
}

/**
 * The history, the newest first, each change with its date.
 * @param {HistoryEntry[]} entries
 */
export function historyList(entries) {
  const when = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const items = [...entries].reverse().map((entry) => el('li', {},
    el('time', { dateTime: new Date(entry.at).toISOString() }, when.format(entry.at)), ' ',
    t(`ladder.h.${entry.kind}`, { member: entry.member, other: entry.other ?? '', from: entry.from ?? 0, to: entry.to ?? 0 })));
  return el('section', { 'aria-labelledby': 'ladder-history' }, el('h4', { id: 'ladder-history' }, t('ladder.history')),
    items.length === 0 ? el('p', { className: 'ladder-empty' }, t('ladder.noHistory')) : el('ol', { className: 'ladder-list' }, items));
}
