// The guide's words in each language, and the helpers that put values into them.

import en from './text-en.js';
import fr from './text-fr.js';
import zhHans from './text-zh-hans.js';
import zhHant from './text-zh-hant.js';

const TEXTS = { en, fr, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

/** The texts of language `code` (one of lang.js's LANGUAGES). */
export function textsFor(code) {
  return TEXTS[code] ?? en;
}

/** Puts `values` into the `{name}` places of `template`. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (place, name) => values[name] ?? place);
}

/** The text with its first letter in capitals (no change for Chinese). */
export function capitalize(text) {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Writes `text` into `node`; parts between backticks (option names and values) become code. */
export function writeText(node, text) {
  text.split('`').forEach((part, i) => {
    if (i % 2 === 0) {
      node.append(part);
    } else {
      const code = document.createElement('code');
      code.textContent = part;
      node.append(code);
    }
  });
  return node;
}
