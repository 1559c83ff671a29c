// A question that needs a deliberate answer before something is lost or left: a small modal
// dialog with the choice and "Cancel"; Escape or the close button answer no. The focus goes to "Cancel" (the safe answer) and back where it was afterwards.

import { el } from './dom.js';
import { t } from './i18n.js';
import { makeDialog } from './tools-ui.js';

/**
 * Asks `text` under `title`; true only if the person chose `yes` (the words of the button
 * that goes ahead). `id` names the dialog (tests and styles).
 * @param {{id: string, title: string, text: string, yes: string}} question
 * @returns {Promise<boolean>}
 */
export function ask({ id, title, text, yes }) {
  const ui = makeDialog(id, title);
  const before = document.activeElement;
  const go = el('button', { type: 'button', id: `${id}-yes`, className: 'primary' }, yes);
  const stay = el('button', { type: 'button', id: `${id}-no` }, t('ask.cancel'));
  ui.body.append(el('p', { className: 'ask-text' }, text), el('div', { className: 'tool-actions' }, go, stay));
  return new Promise((resolve) => {
    let answer = false;
    go.addEventListener('click', () => {
      answer = true;
      ui.dialog.close();
    });
    stay.addEventListener('click', () => ui.dialog.close());
    ui.dialog.addEventListener('close', () => {
      ui.dialog.remove();
      if (before instanceof HTMLElement) before.focus({ preventScroll: true });
      resolve(answer);
    });
    ui.open();
    stay.focus();
  });
}
