// The words of every page in ten languages (lang.js lists them). `t(key, params)` looks a key up in the table of
// the page's language (www/i18n/*.js, all with the same keys; the guide adds its long texts,
// www/guide/text-*.js, the same way) and fills its `{name}` places. Only the page's language
// is loaded, and of it first the words the first board needs (www/i18n/<lang>.js); the words
// of what the page loads later (www/i18n/later/<lang>.js) come with the first module that
// needs them (later-words.js), not on the way to the board. The language itself is chosen and
// kept by lang.js; `translatePage` writes the words of the page's markup, marked with data-i18n (text), data-i18n-label (aria-label) and
// data-i18n-empty (the text an empty list shows). `errorText` words the engine's errors.

import { LANGUAGES, applyLanguage, chooseLanguage } from './lang.js';
import english from '../i18n/en.js';

/** @typedef {Record<string, string>} Table A language's words by key. */
/** @typedef {Record<string, () => Promise<{default: Table}>>} Loaders A table loader per language code. */
/** @typedef {Record<string, unknown>} Params The values of a text's `{name}` places. */

/** The English table: loaded with this file, and where a key missing elsewhere is looked up. */
const en = /** @type {Table} */ (english);

/**
 * The page tables, each loaded only when its language is chosen.
 * @type {Loaders}
 */
const PAGE_TABLES = {
  en: async () => ({ default: en }),
  de: () => import('../i18n/de.js'),
  es: () => import('../i18n/es.js'),
  fr: () => import('../i18n/fr.js'),
  pt: () => import('../i18n/pt.js'),
  vi: () => import('../i18n/vi.js'),
  ja: () => import('../i18n/ja.js'),
  ko: () => import('../i18n/ko.js'),
  'zh-Hans': () => import('../i18n/zh-hans.js'),
  'zh-Hant': () => import('../i18n/zh-hant.js'),
};

/**
 * The words of the parts loaded later, each loaded only when its language is chosen and some
 * part has asked for them.
 * @type {Loaders}
 */
const LATER_TABLES = {
  en: () => import('../i18n/later/en.js'),
  de: () => import('../i18n/later/de.js'),
  es: () => import('../i18n/later/es.js'),
  fr: () => import('../i18n/later/fr.js'),
  pt: () => import('../i18n/later/pt.js'),
  vi: () => import('../i18n/later/vi.js'),
  ja: () => import('../i18n/later/ja.js'),
  ko: () => import('../i18n/later/ko.js'),
  'zh-Hans': () => import('../i18n/later/zh-hans.js'),
  'zh-Hant': () => import('../i18n/later/zh-hant.js'),
};

let code = 'en';
/** @type {Table} */
let table = en;
/** The language last asked for: a slower load that finishes after it is dropped. */
let requested = code;
/**
 * More words of this page (the guide's texts), loaded with the page tables.
 * @type {Loaders | null}
 */
let extraTables = null;
/**
 * The later words by language code, as loaded; loaded for every language chosen once some part
 * has asked for them (laterWords).
 * @type {Map<string, Table>}
 */
const laterTables = new Map();
let laterAsked = false;
/** The keys of the page's title and description. */
let head = { title: 'page.title', description: 'page.description' };
/** @type {Set<(code: string) => void>} */
const listeners = new Set();

/**
 * The page's language code: one of lang.js's LANGUAGES ('en', 'fr', 'pt', 'zh-Hans', …).
 * @returns {string}
 */
export function language() {
  return code;
}

/**
 * `template` with `params` in its `{name}` places; a place without a value stays as it is.
 * @param {string} template
 * @param {Params} [params]
 * @returns {string}
 */
export function fill(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (place, name) => (name in params ? String(params[name]) : place));
}

/**
 * Whether the tables have a text for `key`.
 * @param {string} key
 */
export function hasText(key) {
  return key in table || key in (laterTables.get(code) ?? {}) || key in en;
}

/**
 * The text of `key` in the page's language, with `params` in its `{name}` places; the English
 * text if the language lacks it, the key itself if no table has it.
 * @param {string} key
 * @param {Params} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  return fill(table[key] ?? laterTables.get(code)?.[key] ?? en[key] ?? key, params);
}

/**
 * The text with its first letter in capitals (no change for Chinese).
 * @param {string} text
 */
export function capitalize(text) {
  return text.charAt(0).toLocaleUpperCase(code) + text.slice(1);
}

/**
 * The pieces' characters in this language's script, by uppercase FEN letter.
 * @returns {Record<string, string>}
 */
export function characters() {
  /** @type {Record<string, string>} */
  const out = {};
  for (const letter of 'ELTPWDCR') out[letter] = t(`char.${letter}`);
  return out;
}

/**
 * The text of `key` if the tables have one, else null.
 * @param {string} key
 */
function textOrNull(key) {
  return hasText(key) ? t(key) : null;
}

/**
 * The error parameters that the page says in its own words rather than as the engine wrote
 * them (`red`, `cat`): a side and an animal, with the page's words for them.
 * @type {Record<string, (value: unknown) => string | null>}
 */
const PARAM_WORDS = {
  side: (value) => textOrNull(`side.${value}`),
  animal: (value) => textOrNull(`animal.${value}`),
};

/**
 * Places that the page fills itself from an error's parameters, by code (null: the page has
 * no words for them): what a link parameter takes, which the engine leaves to the page.
 * tests/error_words.rs allows these places and no others beyond the engine's parameters.
 * @type {Record<string, (params: Params) => Params | null>}
 */
const PAGE_PLACES = {
  'link.bad-value': (params) => {
    const expected = textOrNull(`link.expects.${params.param}`);
    return expected == null ? null : { expected };
  },
};

/**
 * The words of one error code with its parameters, or null if a code is unknown to the tables.
 * A `cause` parameter (the code of a wrapped error) is worded with the same parameters and
 * takes the `{cause}` place.
 * @param {unknown} errorCode
 * @param {Params} params
 * @returns {string | null}
 */
function reasonText(errorCode, params) {
  const key = `error.${errorCode}`;
  if (typeof errorCode !== 'string' || !hasText(key)) return null;
  const { cause, ...own } = params;
  const words = errorCode in PAGE_PLACES ? PAGE_PLACES[errorCode](own) : {};
  if (words == null) return null;
  for (const [name, value] of Object.entries(own)) words[name] = PARAM_WORDS[name]?.(value) ?? value;
  if (cause !== undefined) {
    const causeText = reasonText(cause, own);
    if (causeText == null) return null;
    words.cause = causeText;
  }
  return t(key, words);
}

/**
 * Why the engine refused something, in the page's language. Engine errors carry a `code`
 * (`<kind>.<variant>`, kind: fen, position, rules, record, link or move) and `params` (named
 * strings and numbers; src/error_code.rs): an error that wraps another has a `cause` param
 * holding the inner code, and the inner params with its own. An error whose code (or cause)
 * no table knows, or any other value, gives its English `message` (or its text).
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  if (typeof error === 'string') return error;
  const { code: errorCode, params, message } = /** @type {{code?: unknown, params?: Params, message?: unknown}} */ (
    error ?? {});
  return reasonText(errorCode, params ?? {}) ?? String(message ?? error);
}

/**
 * Writes the words of every marked element under `root` in the current language.
 * @param {ParentNode} [root]
 */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) {
    node.textContent = t(/** @type {HTMLElement} */ (node).dataset.i18n ?? '');
  }
  for (const node of root.querySelectorAll('[data-i18n-label]')) {
    node.setAttribute('aria-label', t(/** @type {HTMLElement} */ (node).dataset.i18nLabel ?? ''));
  }
  for (const node of root.querySelectorAll('[data-i18n-empty]')) {
    const element = /** @type {HTMLElement} */ (node);
    element.dataset.empty = t(element.dataset.i18nEmpty ?? '');
  }
}

/**
 * Makes `next` the page's language (kept for the next visit) once its tables are loaded;
 * `onLanguageChange` listeners then run.
 * @param {string} next
 */
export async function setLanguage(next) {
  if (!LANGUAGES.some((l) => l.code === next)) return;
  requested = next;
  const loads = [PAGE_TABLES[next]()];
  if (extraTables) loads.push(extraTables[next]());
  const [loaded] = await Promise.all([Promise.all(loads), laterAsked ? loadLater(next) : null]);
  if (requested !== next) return; // another language was chosen meanwhile
  code = next;
  table = Object.assign({}, ...loaded.map((module) => module.default));
  applyLanguage(next);
  document.title = t(head.title);
  document.querySelector('meta[name="description"]')?.setAttribute('content', t(head.description));
  translatePage();
  for (const listener of listeners) listener(next);
}

/**
 * Loads the later words of the page's language, and of every language chosen after: what a
 * part loaded after the first board awaits before it shows a word (later-words.js).
 * @returns {Promise<void>}
 */
export async function laterWords() {
  laterAsked = true;
  // The language shown and the one being loaded, if another: whichever shows next has them.
  await Promise.all([...new Set([code, requested])].map(loadLater));
}

/**
 * Loads the later words of language `lang` (a module loads once).
 * @param {string} lang
 */
async function loadLater(lang) {
  laterTables.set(lang, (await LATER_TABLES[lang]()).default);
}

/**
 * Runs `listener(code)` after each change of language.
 * @param {(code: string) => void} listener
 */
export function onLanguageChange(listener) {
  listeners.add(listener);
}

/**
 * Starts in the language lang.js chooses: the one the page's link asks for, else the saved
 * choice, else the browser's.
 * @param {object} [options]
 * @param {string | null} [options.linked] The link's `lang` as the engine's parseLink read it
 *   (one of LANGUAGES' codes, or null): the engine is the one reader of link parameters.
 * @param {Loaders} [options.texts] More words for this page, by language (the guide's texts).
 * @param {{title: string, description: string}} [options.keys] The keys of the page's title
 *   and description (the game page's by default).
 */
export function startLanguage({ linked, texts, keys } = {}) {
  if (texts) extraTables = texts;
  if (keys) head = keys;
  return setLanguage(chooseLanguage(linked));
}
