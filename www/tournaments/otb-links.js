// The ways from an over-the-board tournament's screen to the room: its printed pairings,
// standings and score sheets of the current round, and its pairings on the room's screen, each
// a page of its own (www/sheets.html) opened in a new tab, in the page's language.

import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';

/**
 * The address of the sheets page with `params` (and the page's language).
 * @param {Record<string, string>} params
 */
export function sheetsAddress(params) {
  const url = new URL('www/sheets.html', document.baseURI);
  for (const [name, value] of Object.entries({ ...params, lang: language() })) url.searchParams.set(name, value);
  return url.href;
}

/**
 * The links of an over-the-board tournament once its first round is paired; else null.
 * @param {import('./tournament-tables.js').Tournament} tournament
 */
export function otbLinks(tournament) {
  if (!tournament.over_the_board || tournament.round < 1) return null;
  const link = (/** @type {string} */ id, /** @type {string} */ words, /** @type {Record<string, string>} */ params) => el('a',
    { id, href: sheetsAddress({ tournament: tournament.id, ...params }), target: '_blank', rel: 'noopener' }, words);
  return el('p', { className: 'tournament-otb-links' },
    link('tournament-sheets', t('tournament.sheets.open'), { round: String(tournament.round) }), ' · ',
    link('tournament-screen', t('tournament.screen.open'), { show: 'screen' }));
}
