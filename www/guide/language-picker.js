// The row of language buttons, each language named in itself. Used by the guide and the
// print page; the choice itself is kept by ../lang.js.

import { LANGUAGES } from '../lang.js';

export class LanguagePicker {
  /** Fills `nav` with one button per language; `onChoose(code)` runs when one is pressed. */
  constructor(nav, onChoose) {
    this.nav = nav;
    this.buttons = LANGUAGES.map(({ code, name }) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.lang = code;
      button.dataset.lang = code;
      button.textContent = name;
      button.addEventListener('click', () => onChoose(code));
      return button;
    });
    nav.replaceChildren(...this.buttons);
  }

  /** Marks `code` as the language shown; `label` names the row in that language. */
  show(code, label) {
    this.nav.setAttribute('aria-label', label);
    for (const button of this.buttons) button.setAttribute('aria-pressed', String(button.dataset.lang === code));
  }
}
