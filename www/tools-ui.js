// Small pieces shared by the game tools (rules, saving, sharing, records, the editor): page
// messages, dialogs, copying to the clipboard.

import { el } from './dom.js';
import { t } from './i18n.js';

/** Messages above the panels (bad links, saved games set aside, …), each closable. */
export class PageMessages {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.container = container;
  }

  /**
   * Shows `text` (and an optional list of details); `kind` is 'warning' or 'info'.
   * @param {string} text
   * @param {string[]} [details]
   */
  show(text, details = [], kind = 'warning') {
    const close = el('button', { type: 'button', className: 'message-close', 'aria-label': t('tools.close') }, '×');
    const message = el('div', { className: `page-message ${kind}`, role: kind === 'warning' ? 'alert' : 'status' },
      el('p', {}, text),
      details.length ? el('ul', {}, details.map((d) => el('li', {}, d))) : null,
      close);
    close.addEventListener('click', () => message.remove());
    this.container.append(message);
    this.container.hidden = false;
    return message;
  }
}

/**
 * A modal dialog titled `title` (a <dialog>, closed with Escape or its Close button); the
 * caller fills `body`. `open()` shows it.
 * @param {string} id
 * @param {string} title
 */
export function makeDialog(id, title) {
  const heading = el('h2', { id: `${id}-title` }, title);
  const body = el('div', { className: 'dialog-body' });
  const close = el('button', { type: 'button', className: 'dialog-close' }, t('tools.close'));
  const dialog = el('dialog', { id, className: 'tool-dialog', 'aria-labelledby': `${id}-title` },
    el('div', { className: 'dialog-head' }, heading, close), body);
  close.addEventListener('click', () => dialog.close());
  document.body.append(dialog);
  return { dialog, body, heading, open: () => dialog.showModal() };
}

/**
 * Copies `text` to the clipboard; false if the browser refused (then the caller shows it to copy by hand).
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A read-only text field with a Copy button, for FENs, links and records. When the clipboard
 * is refused, the field's text is selected, and a note says to copy it by hand.
 * @param {{id: string, label: string, multiline?: boolean}} options
 */
export function copyField({ id, label, multiline = false }) {
  const field = el(/** @type {'textarea' | 'input'} */ (multiline ? 'textarea' : 'input'), { id, readOnly: true, className: 'copy-text', rows: multiline ? 8 : null, spellcheck: false });
  const note = el('span', { className: 'copy-note', role: 'status' });
  const button = el('button', { type: 'button', id: `${id}-copy` }, t('tools.copy'));
  button.addEventListener('click', async () => {
    const ok = await copyText(field.value);
    if (!ok) {
      field.focus();
      field.select();
    }
    note.textContent = ok ? t('tools.copied') : t('tools.copyByHand');
  });
  const row = el('div', { className: 'copy-row' }, button, note);
  const wrap = el('div', { className: 'copy-field' }, el('label', { htmlFor: id }, label), field, row);
  return { wrap, row, field, button, note, set(/** @type {string} */ value) { field.value = value; note.textContent = ''; } };
}
