// The page language, shared by every page of the site: English, German, Spanish, French,
// Portuguese, Vietnamese, Japanese, Korean, and Chinese in simplified and traditional
// characters. Chosen from the link's `lang` parameter (read by the engine's parseLink, like
// every link parameter), then the choice saved in localStorage, then the first of the
// browser's languages (navigator.languages, in the user's order) that the pages speak, by its
// language subtag (`pt-BR` and `pt-PT` → `pt`, `es-419` → `es`, `de-AT` → `de`; Chinese by
// script or region); English otherwise.

/** The languages the pages are written in, with each one's name in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'pt', name: 'Português' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'zh-Hans', name: '简体中文' },
  { code: 'zh-Hant', name: '繁體中文' },
];

const STORAGE_KEY = 'jungle.lang';
const TRADITIONAL_REGIONS = ['tw', 'hk', 'mo'];
/** The languages other than Chinese, each chosen by its language subtag alone, whatever the region. */
const BY_LANGUAGE = ['en', 'de', 'es', 'fr', 'pt', 'vi', 'ja', 'ko'];

/**
 * The supported language closest to a BCP 47 tag ('fr-CA' → 'fr', 'pt-BR' → 'pt',
 * 'zh-TW' → 'zh-Hant'), or null: for the browser's languages and the saved choice.
 * @param {string | null | undefined} tag
 * @returns {string | null}
 */
export function matchLanguage(tag) {
  const parts = String(tag ?? '').toLowerCase().split(/[-_]/);
  if (BY_LANGUAGE.includes(parts[0])) return parts[0];
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
