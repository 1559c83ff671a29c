// The words of the game server's refusals (src/server/error.rs codes), in the page's language,
// and of a finished game's result and rated flag as the server lists them.
// A refusal carries its code's parameters; one caused by the engine's typed reason (an illegal
// move, bad rules or a bad start position) has the engine's code in `cause` and its parameters
// beside, worded by the page's engine words after the server's own. A code no table knows is
// given with the server's English reason.

import { errorText, hasText, t } from '../page/i18n.js';

/**
 * A refusal of the server: its code, English message and the code's parameters.
 * @typedef {{code: string, message: string, params?: Record<string, unknown>}} Refusal
 */

/**
 * A refusal's words.
 * @param {Refusal} refusal
 */
export function refusalText({ code, message, params = {} }) {
  const key = `online.error.${code}`;
  if (!hasText(key)) return t('online.error.other', { message });
  const { cause, ...own } = params;
  const reason = t(key, { ...own, message }); // `other` itself says the English message
  if (typeof cause !== 'string') return reason;
  return t('online.error.because', { reason, cause: errorText({ code: cause, params: own, message }) });
}

/**
 * The words of an error thrown by a request (a ServerError, or anything else).
 * @param {unknown} error
 */
export function errorWords(error) {
  const { code, message, params } = /** @type {{code?: unknown, message?: unknown, params?: unknown}} */ (
    error ?? {});
  return refusalText({
    code: typeof code === 'string' ? code : 'other',
    message: String(message ?? error),
    params: typeof params === 'object' && params !== null ? /** @type {Record<string, unknown>} */ (params) : {},
  });
}

/**
 * "Red won · resignation", "Draw · agreement", "Aborted", "Both forfeited", "Abandoned · Red
 * won" (a side left the game: claimed, or closed by the server as nobody played it).
 * @param {NonNullable<import('./online-client.js').Listed['result']>} result
 */
export function resultText({ winner, reason }) {
  if (reason === 'aborted') return t('online.aborted');
  if (reason === 'double-forfeit') return t('online.doubleForfeit');
  const who = winner ? t('recent.won', { Side: t(`Side.${winner}`) }) : t('outcome.draw');
  if (reason === 'abandoned') return `${t('online.abandoned')} · ${who}`;
  return `${who} · ${t(`online.why.${reason}`)}`;
}

/**
 * "rated", "not rated: a side never moved" (a rated game that did not count, and why), or
 * null for a casual game.
 * @param {Pick<import('./online-client.js').Listed, 'rated' | 'uncounted'>} game
 */
export function ratedText({ rated, uncounted }) {
  if (!rated) return null;
  return uncounted ? t(`online.uncounted.${uncounted}`) : t('online.ratedTag');
}
