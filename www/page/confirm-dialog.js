// The second, explicit step before something that cannot be played back (resigning, aborting
// a game, a tournament director's acts): a small modal dialog that says what will happen, with
// the act on one button and "Keep playing" (or the caller's words) on the other. The focus
// starts on the other, so Enter, Escape, a click beside the dialog or that button all leave
// things as they were; only the act's own button goes on. The focus goes back where it was
// when the dialog closes. A question that no longer applies (the game ended meanwhile: a clock
// ran out, the opponent resigned) is taken back.

import { el } from './dom.js';
import { t } from './i18n.js';

/** @type {{dialog: HTMLDialogElement, title: HTMLElement, text: HTMLElement, yes: HTMLButtonElement, no: HTMLButtonElement} | null} */
let made = null;

/** The page's one confirmation dialog, made on first use. */
function parts() {
  if (made) return made;
  const title = el('h2', { id: 'confirm-title', className: 'confirm-title' });
  const text = el('p', { id: 'confirm-text', className: 'confirm-text' });
  const no = el('button', { type: 'button', id: 'confirm-no', className: 'confirm-no' });
  const yes = el('button', { type: 'button', id: 'confirm-yes', className: 'confirm-yes' });
  const dialog = el('dialog', { id: 'confirm-dialog', className: 'confirm-dialog', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' },
    title, text, el('div', { className: 'confirm-buttons' }, no, yes));
  no.addEventListener('click', () => dialog.close('no'));
  yes.addEventListener('click', () => dialog.close('yes'));
  // A click on the backdrop (outside the dialog's box) keeps playing, like Escape.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close('no');
    }
  });
  document.body.append(dialog);
  made = { dialog, title, text, yes, no };
  return made;
}

/**
 * Asks before an act that ends something: resolves to true only when the player chose `yes`
 * (the act's own words, like "Resign"); false for `no` ("Keep playing" unless given), Escape,
 * a click beside, or `signal` aborting (the act no longer applies: the dialog closes by itself).
 * @param {{title: string, text: string, yes: string, no?: string}} words
 * @param {AbortSignal} [signal]
 * @returns {Promise<boolean>}
 */
export function confirmAct({ title, text, yes, no = t('confirm.keepPlaying') }, signal) {
  const { dialog, ...els } = parts();
  // The page behind is inert while the dialog is open: no second question comes meanwhile.
  if (dialog.open || signal?.aborted) return Promise.resolve(false);
  els.title.textContent = title;
  els.text.textContent = text;
  els.yes.textContent = yes;
  els.no.textContent = no;
  const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.returnValue = '';
  dialog.showModal();
  els.no.focus();
  return new Promise((resolve) => {
    const moot = () => dialog.close('no');
    signal?.addEventListener('abort', moot, { once: true });
    dialog.addEventListener('close', () => {
      signal?.removeEventListener('abort', moot);
      if (back?.isConnected && !back.hidden) back.focus();
      resolve(dialog.returnValue === 'yes');
    }, { once: true });
  });
}
