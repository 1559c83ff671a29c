// The table of rule options for clubs: each option's name and values as the project writes
// them everywhere (as code), and what it changes in the page's language.

import { RULE_OPTIONS } from './rule-options.js';
import { writeText } from './texts.js';

function cell(tag, text) {
  return writeText(document.createElement(tag), text);
}

/** The options table in the language of `text`. */
export function optionsTable(text) {
  const table = document.createElement('table');
  table.className = 'options';
  const head = table.createTHead().insertRow();
  for (const key of ['option', 'values', 'meaning']) {
    const th = cell('th', text.optionsTable[key]);
    th.scope = 'col';
    head.append(th);
  }
  const body = table.createTBody();
  for (const [name, values] of RULE_OPTIONS) {
    const row = body.insertRow();
    const th = cell('th', `\`${name}\``);
    th.scope = 'row';
    row.append(th, cell('td', `\`${values}\``), cell('td', text.options[name]));
  }
  return table;
}
