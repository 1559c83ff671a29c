// The requests of the club's screens (account, admin, tournaments): each screen has an alert
// line, emptied by an answer and showing a refusal in the page's words.

import { request } from './online-client.js';
import { errorWords } from './online-words.js';

/**
 * The `ask` of a screen whose alert line is `alert`: it runs a request and resolves to
 * `{answer}`, or to null after saying the refusal in `alert` (`words`: the screen's wording of
 * a refusal; `cleared`: the screen's other lines that a refusal empties).
 * @param {HTMLElement} alert
 * @param {{words?: (error: unknown) => string, cleared?: HTMLElement[]}} [options]
 */
export function askFor(alert, { words = errorWords, cleared = [] } = {}) {
  /**
   * @param {string} path
   * @param {unknown} [body]
   * @param {string} [method]
   */
  return async (path, body, method) => {
    try {
      const answer = await request(path, body, method);
      alert.textContent = '';
      return { answer };
    } catch (error) {
      alert.textContent = words(error);
      for (const line of cleared) line.textContent = '';
      return null;
    }
  };
}
