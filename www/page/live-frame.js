// The frame of a club's live view in another site's page (an <iframe> with `embed=1&…`): a
// tournament's or league's standings, the rating list, a ladder, a cup's bracket or a team
// match. It takes the page in the language the address asks, tells the page around with
// `postMessage` as the game frame tells it (page/embed.js; the README's "Embedding") — the
// messages carry only what the frame shows, so they go to any host ('*'); none is read — and
// says in the frame why it shows nothing when it cannot.

import { el } from './dom.js';
import { startLanguage } from './i18n.js';
import { matchLanguage } from './lang.js';

/**
 * @typedef {object} LiveFrame
 * @property {URLSearchParams} query the address's parameters
 * @property {HTMLElement} root what the view fills
 * @property {(message: Record<string, unknown>) => void} tell tells the host page
 * @property {(code: string, words: string) => void} refuse says why nothing is shown, and
 *   tells the host: `{type: 'error', code, message}`
 */

/**
 * Replaces the page by an empty live frame with the style sheets `sheets` (paths under www/).
 * @param {string[]} sheets
 * @param {{id: string, className: string}} root the frame's element
 * @param {Window} [host] the page around
 * @returns {Promise<LiveFrame>}
 */
export async function openLiveFrame(sheets, { id, className }, host = window.parent) {
  const query = new URLSearchParams(location.search);
  await startLanguage({ linked: matchLanguage(query.get('lang')) });
  for (const sheet of sheets) {
    document.head.append(el('link', { rel: 'stylesheet', href: new URL(`www/${sheet}`, document.baseURI).href }));
  }
  const main = el('main', { id, className });
  document.body.replaceChildren(main);
  document.documentElement.dataset.embedLive = '';
  /** @param {Record<string, unknown>} message */
  const tell = (message) => {
    if (host !== window) host.postMessage({ source: 'jungle', ...message }, '*');
  };
  /** @type {LiveFrame['refuse']} */
  const refuse = (code, words) => {
    main.append(el('p', { role: 'alert' }, words));
    tell({ type: 'error', code, message: words });
  };
  return { query, root: main, tell, refuse };
}

/**
 * Marks the frame shown. Never resolves: the game page does not start under a live frame.
 * @returns {Promise<never>}
 */
export function keepLiveFrame() {
  document.documentElement.dataset.ready = 'yes';
  return new Promise(() => {});
}
