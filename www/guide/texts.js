// The guide's long texts (text-*.js), loaded with the page's words by i18n.js when the guide
// or the print page starts, and the one piece of markup they carry: `code` between backticks.

import { el } from '../page/dom.js';

/** @type {import('../page/i18n.js').Loaders} */
export const GUIDE_TEXTS = {
  en: () => import('./text-en.js'),
  de: () => import('./text-de.js'),
  es: () => import('./text-es.js'),
  fr: () => import('./text-fr.js'),
  pt: () => import('./text-pt.js'),
  vi: () => import('./text-vi.js'),
  ja: () => import('./text-ja.js'),
  ko: () => import('./text-ko.js'),
  'zh-Hans': () => import('./text-zh-hans.js'),
  'zh-Hant': () => import('./text-zh-hant.js'),
};

/**
 * Writes `text` into `node`; parts between backticks (option names and values) become code.
 * @template {HTMLElement} E
 * @param {E} node
 * @param {string} text
 * @returns {E}
 */
export function writeText(node, text) {
  text.split('`').forEach((part, i) => node.append(i % 2 === 0 ? part : el('code', {}, part)));
  return node;
}
