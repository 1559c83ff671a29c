// The page language, shared by every page of the site: English, French, and Chinese in
// simplified and traditional characters. Chosen from the link's `lang` parameter (read by the
// engine's parseLink, like every link parameter), then the choice saved in localStorage, then
// the browser's languages; English otherwise.

/** The languages the pages are written in, with each one's name in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'zh-Hans', name: '简体中文' },
  { code: 'zh-Hant', name: '繁體中文' },
];

const STORAGE_KEY = 'jungle.lang';
const TRADITIONAL_REGIONS = ['tw', 'hk', 'mo'];

/**
 * The supported language closest to a BCP 47 tag ('fr-CA' → 'fr', 'zh-TW' → 'zh-Hant'), or
 * null: for the browser's languages and the saved choice.
 * @param {string | null | undefined} tag
 * @returns {string | null}
 */
export function matchLanguage(tag) {
  const parts = String(tag ?? '').toLowerCase().split(/[-_]/);
  if (parts[0] === 'en' || parts[0] === 'fr') return parts[0];
  if (parts[0] !== 'zh') return null;
  if (parts.includes('hant')) return 'zh-Hant';
  if (parts.includes('hans')) return 'zh-Hans';
  return TRADITIONAL_REGIONS.includes(parts[1]) ? 'zh-Hant' : 'zh-Hans';
}

function storedLanguage() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be switched off; the choice then lasts for this page only
  }
}

/**
 * The language to show now.
 * @param {string | null} [linked] The language the page's link asks for, as the engine read it
 *   (one of LANGUAGES' codes), or null.
 * @returns {string}
 */
export function chooseLanguage(linked = null) {
  if (LANGUAGES.some((l) => l.code === linked)) return /** @type {string} */ (linked);
  for (const tag of [storedLanguage(), ...navigator.languages]) {
    const code = matchLanguage(tag);
    if (code) return code;
  }
  return 'en';
}

/**
 * Makes `code` the page's language: `<html lang>`, the `lang` URL parameter (so a copied
 * link keeps it) and the saved choice that the other pages read.
 * @param {string} code
 */
export function applyLanguage(code) {
  document.documentElement.lang = code;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // nothing to do: see storedLanguage
  }
  const url = new URL(window.location.href);
  if (url.searchParams.get('lang') !== code) {
    url.searchParams.set('lang', code);
    history.replaceState(history.state, '', url);
  }
}
