// The table of rule options for clubs: each option's name and values as the project writes
// them everywhere (as code, from the engine's ruleOptions), and what it changes in the page's
// language (`guide.option.<name>`).

import { ruleOptions } from '../game/engine.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { writeText } from './texts.js';

/**
 * A cell of `tag` with `text` (code between backticks).
 * @param {'th' | 'td'} tag
 * @param {string} text
 * @param {Record<string, unknown>} [props]
 */
function cell(tag, text, props = {}) {
  return writeText(el(tag, props), text);
}

/**
 * The values of an option as the table shows them, default first; a number option shows its
 * default, 0 (off) and an ellipsis.
 * @param {{default: string, values: {value: string}[]}} option
 */
function valuesText(option) {
  return option.values.length ? option.values.map((v) => v.value).join(', ') : `${option.default}, 0, …`;
}

/** The options table in the page's language. */
export function optionsTable() {
  const head = el('tr', {}, ['option', 'values', 'meaning'].map((key) =>
    cell('th', t(`guide.optionsTable.${key}`), { scope: 'col' })));
  const rows = ruleOptions().map((/** @type {{name: string, default: string, values: {value: string}[]}} */ option) =>
    el('tr', {},
      cell('th', `\`${option.name}\``, { scope: 'row' }),
      cell('td', `\`${valuesText(option)}\``),
      cell('td', t(`guide.option.${option.name}`))));
  return el('table', { className: 'options' }, el('thead', {}, head), el('tbody', {}, rows));
}
