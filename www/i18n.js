// The game page's words in four languages: `t(key, params)` looks a key up in the table of the
// page's language (www/i18n/*.js, all with the same keys, with the game tools' words of
// www/tools-words/*.js) and fills its `{name}` places. Only the page's language is loaded.
// The language itself is chosen and kept by lang.js; `translatePage` writes the words of the
// page's markup, marked with data-i18n (text), data-i18n-label (aria-label) and
// data-i18n-empty (the text an empty list shows).

import { LANGUAGES, applyLanguage, chooseLanguage } from './lang.js';
import en from './i18n/en.js';

/** A language's table: its page words over its tools' words (www/tools-words/). */
async function merged(page, tools) {
  const [p, w] = await Promise.all([page, tools]);
  return { ...w.default, ...p.default };
}

/** The other languages' tables, each loaded only when chosen. */
const LOADERS = {
  en: async () => en,
  fr: () => merged(import('./i18n/fr.js'), import('./tools-words/fr.js')),
  'zh-Hans': () => merged(import('./i18n/zh-hans.js'), import('./tools-words/zh-hans.js')),
  'zh-Hant': () => merged(import('./i18n/zh-hant.js'), import('./tools-words/zh-hant.js')),
};

let code = 'en';
let table = en;
/** The language last asked for: a slower load that finishes after it is dropped. */
let requested = code;
const listeners = new Set();

/** The page's language code: 'en', 'fr', 'zh-Hans' or 'zh-Hant'. */
export function language() {
  return code;
}

/** The text of `key` with `params` in its `{name}` places; the key itself if it is unknown. */
export function t(key, params = {}) {
  const template = table[key] ?? en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (place, name) => (name in params ? String(params[name]) : place));
}

/** The text with its first letter in capitals (no change for Chinese). */
export function capitalize(text) {
  return text.charAt(0).toLocaleUpperCase(code) + text.slice(1);
}

/** The pieces' characters in this language's script, by uppercase FEN letter. */
export function characters() {
  const out = {};
  for (const letter of 'ELTPWDCR') out[letter] = t(`char.${letter}`);
  return out;
}

/** Writes the words of every marked element under `root` in the current language. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  for (const node of root.querySelectorAll('[data-i18n-empty]')) node.dataset.empty = t(node.dataset.i18nEmpty);
}

/**
 * Makes `next` the page's language (kept for the next visit) once its table is loaded;
 * `onChange` listeners then run.
 */
export async function setLanguage(next) {
  if (!LANGUAGES.some((l) => l.code === next)) return;
  requested = next;
  const loaded = await LOADERS[next]();
  if (requested !== next) return; // another language was chosen meanwhile
  code = next;
  table = loaded;
  applyLanguage(next);
  document.title = t('page.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('page.description'));
  translatePage();
  for (const listener of listeners) listener(next);
}

/** Runs `listener(code)` after each change of language. */
export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** Starts in the language lang.js chooses (URL, saved choice, browser). */
export function startLanguage() {
  return setLanguage(chooseLanguage());
}
