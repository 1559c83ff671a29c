// The row of language buttons, each language named in itself. Used by the guide and the
// print page; choosing one sets the page's language (i18n.js, which keeps it: lang.js).

import { el } from '../page/dom.js';
import { language, onLanguageChange, setLanguage, t } from '../page/i18n.js';
import { LANGUAGES } from '../page/lang.js';

/**
 * Fills `nav` with one button per language, and keeps the one of the page's language marked.
 * @param {HTMLElement} nav
 */
export function languagePicker(nav) {
  const buttons = LANGUAGES.map(({ code, name }) =>
    el('button', { type: 'button', lang: code, dataset: { lang: code }, onclick: () => setLanguage(code) }, name));
  nav.replaceChildren(...buttons);
  const show = () => {
    nav.setAttribute('aria-label', t('prefs.language'));
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.lang === language()));
  };
  onLanguageChange(show);
  show();
}
