// The forms of the club's screens (account, admin, tournaments): a labelled field, and a form
// whose submit runs an async act with its button disabled meanwhile, its problem shown in the
// screen's alert line.

import { el } from './dom.js';

/**
 * A labelled input: `{row, input}`.
 * @param {string} id
 * @param {string} label
 * @param {Record<string, any>} props the input's
 * @param {string} [hint] a line under it, read with it
 */
export function field(id, label, props, hint) {
  const hintId = hint ? `${id}-hint` : null;
  const input = el('input', { id, name: id, required: true, 'aria-describedby': hintId, ...props });
  const row = el('div', { className: 'account-field' },
    el('label', { htmlFor: id }, label), input, hint ? el('small', { id: hintId }, hint) : null);
  return { row, input };
}

/**
 * A form of `rows` with a submit button `label` that runs `act`; while it runs the button is
 * disabled.
 * @param {string} id
 * @param {string} title
 * @param {HTMLElement[]} rows
 * @param {string} label
 * @param {() => Promise<void>} act
 */
export function form(id, title, rows, label, act) {
  const button = el('button', { type: 'submit', id: `${id}-submit`, className: 'primary' }, label);
  const made = el('form', { id, className: 'account-form', 'aria-labelledby': `${id}-title` },
    el('h3', { id: `${id}-title` }, title), ...rows, button);
  made.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      await act();
    } finally {
      button.disabled = false;
    }
  });
  return made;
}
