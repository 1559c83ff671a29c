// Withdrawing from a tournament asks first, in the page's own confirmation dialog
// (page/confirm-dialog.js): the member is paired no more, and a game of theirs still being
// played is lost by forfeit at once (the server ends it), so the question says so.

import { confirmAct } from '../page/confirm-dialog.js';
import { t } from '../page/i18n.js';
import { nextGame } from './tournament-tables.js';

/**
 * Whether the member called `name` confirms that they withdraw from `tournament`.
 * @param {import('./tournament-tables.js').Tournament} tournament
 * @param {string} name
 * @returns {Promise<boolean>}
 */
export function confirmWithdraw(tournament, name) {
  const next = nextGame(tournament, name);
  const text = next.kind === 'game' ? t('tournament.withdrawGameText', { name: next.opponent }) : t('tournament.withdrawText');
  return confirmAct({ title: t('tournament.withdrawTitle'), text, yes: t('tournament.withdraw') });
}
