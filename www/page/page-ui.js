// Small pieces of the page shared by its parts (the tools, the analysis board, the club's
// screens): page messages, dialogs, copying to the clipboard.

import { el } from './dom.js';
import { onLanguageChange, t } from './i18n.js';

/**
 * A message's words: text, or a function that words it in the page's language now (the
 * message is then worded again when the language changes).
 * @typedef {string | (() => string)} Words
 * @typedef {string[] | (() => string[])} WordList
 */

/** Messages above the panels (bad links, saved games set aside, …), each closable. */
export class PageMessages {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.container = container;
    /** @type {Map<HTMLElement, () => void>} each message shown, and what words it */
    this.shown = new Map();
    onLanguageChange(() => {
      for (const word of this.shown.values()) word();
    });
  }

  /**
   * Shows `text` (and an optional list of details); `kind` is 'warning' or 'info'.
   * @param {Words} text
   * @param {WordList} [details]
   */
  show(text, details = [], kind = 'warning') {
    const close = el('button', { type: 'button', className: 'message-close' }, '×');
    const paragraph = el('p');
    const list = el('ul');
    const message = el('div', { className: `page-message ${kind}`, role: kind === 'warning' ? 'alert' : 'status' },
      paragraph, list, close);
    const word = () => {
      paragraph.textContent = typeof text === 'function' ? text() : text;
      const items = typeof details === 'function' ? details() : details;
      list.replaceChildren(...items.map((d) => el('li', {}, d)));
      list.hidden = !items.length;
      close.setAttribute('aria-label', t('tools.close'));
    };
    word();
    this.shown.set(message, word);
    close.addEventListener('click', () => {
      this.shown.delete(message);
      message.remove();
    });
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
