// The league director's desk: draft the next season, move a member to a division (or place one
// who joined) while it is drafted, start it, set a pairing's result, withdraw a player.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { RESULTS, resultWords } from '../tournaments/desk-words.js';

/** @typedef {import('./league-view.js').League} League */
/** @typedef {(path: string, body: unknown, method: string) => Promise<boolean>} Act */

/**
 * A labelled select of `options` ([value, words]).
 * @param {string} id
 * @param {string} label
 * @param {[string, string][]} options
 */
function choice(id, label, options) {
  return el('label', { className: 'league-field' }, el('span', {}, label),
    el('select', { id }, options.map(([value, words]) => el('option', { value }, words))));
}

/** @param {string} id */
const valueOf = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id)).value;

/**
 * The desk of `league`, whose changes go through `act`.
 * @param {League} league
 * @param {Act} act
 */
export function leagueDesk(league, act) {
  /** @type {HTMLElement[]} */
  const parts = [el('h4', { id: 'league-desk-title' }, t('tournament.desk.title'))];
  const button = (/** @type {string} */ id, /** @type {string} */ words, /** @type {() => void} */ onclick) => el('button', { type: 'button', id, onclick }, words);
  if (league.state === 'open' || league.state === 'over') {
    parts.push(button('league-draft', t('league.draft'), () => act('/draft', undefined, 'POST')));
  }
  if (league.state === 'drafted') {
    const divisions = (league.divisions ?? []).map((d) => d.division);
    const targets = [...divisions, divisions.length + 1].map((n) => /** @type {[string, string]} */ ([String(n), t('league.division', { n })]));
    const names = (league.members ?? []).map((name) => /** @type {[string, string]} */ ([name, name]));
    parts.push(el('div', { className: 'league-row' }, choice('league-move-member', t('league.member'), names),
      choice('league-move-division', t('league.moveTo'), targets),
      button('league-move', t('league.move'), () => act('/placements', { member: valueOf('league-move-member'), division: Number(valueOf('league-move-division')) }, 'PUT'))));
    parts.push(button('league-start', t('league.start'), () => act('/start', undefined, 'POST')));
  }
  if (league.state === 'running') {
    const pairings = (league.pairings ?? []).map((p) => /** @type {[string, string]} */ ([`${p.division}-${p.round}-${p.board}`,
      `${t('league.division', { n: p.division })}, ${t('league.round', { round: p.round })}: ${p.red} – ${p.blue}${p.result ? ` (${resultWords(p.result)})` : ''}`]));
    parts.push(el('div', { className: 'league-row' }, choice('league-result-pairing', t('league.pairingLabel'), pairings),
      choice('league-result-value', t('tournament.result'), RESULTS.map((r) => /** @type {[string, string]} */ ([r, resultWords(r)]))),
      button('league-result', t('tournament.desk.adjustButton'), () => {
        const [division, round, board] = valueOf('league-result-pairing').split('-').map(Number);
        act('/results', { division, round, board, result: valueOf('league-result-value') }, 'PUT');
      })));
    const players = (league.divisions ?? []).flatMap((d) => d.players.filter((p) => !p.withdrawn).map((p) => /** @type {[string, string]} */ ([p.name, p.name])));
    parts.push(el('div', { className: 'league-row' }, choice('league-withdraw-member', t('league.member'), players),
      button('league-withdraw', t('league.withdrawPlayer'), () => act(`/players/${encodeURIComponent(valueOf('league-withdraw-member'))}`, undefined, 'DELETE'))));
  }
  return el('section', { id: 'league-desk', className: 'league-desk', 'aria-labelledby': 'league-desk-title' }, parts);
}
