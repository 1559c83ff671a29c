// The words of the game server's refusals (src/server/error.rs codes), in the page's language:
// those a player can meet have their own sentence; any other is given with the server's
// English reason.

import { hasText, t } from '../page/i18n.js';

/**
 * A refusal's words.
 * @param {string} code
 * @param {string} message the server's reason, in English
 */
export function refusalText(code, message) {
  const key = `online.error.${code}`;
  return t(hasText(key) ? key : 'online.error.other', { message });
}

/**
 * The words of an error thrown by a request (a ServerError, or anything else).
 * @param {unknown} error
 */
export function errorWords(error) {
  const { code, message } = /** @type {{code?: unknown, message?: unknown}} */ (error ?? {});
  return refusalText(typeof code === 'string' ? code : 'other', String(message ?? error));
}
