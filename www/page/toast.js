// The page's one toast: a short message beside the board, never over a square or a control
// (safety.css: in the corner beside the panels, or under the board on a phone held upright),
// with at most one action ("Undo"). A new message replaces the one shown (they never pile up); each goes away by
// itself after a while, unless the pointer or the keyboard focus is on it. It sits in a polite
// live region that is never emptied and refilled for the same message, so a screen reader
// says each message once.

import { el } from './dom.js';
import { t } from './i18n.js';

/** How long a message stays, in milliseconds: longer when it offers an action (time to
 * read it and decide), and no longer (it takes room under the board on a phone). */
const SHOW_MS = 4000;
const ACTION_MS = 8000;

export class Toast {
  /**
   * Makes the toast's region at the end of `parent` (the board's area: under the board where
   * the page is one column), hidden while there is nothing to say.
   */
  constructor(parent = document.body) {
    this.text = el('span', { className: 'toast-text' });
    this.action = el('button', { type: 'button', className: 'toast-action', hidden: true });
    this.close = el('button', { type: 'button', className: 'toast-close' }, '×');
    this.root = el('div', { id: 'toast', className: 'toast', role: 'status', 'aria-live': 'polite', hidden: true },
      this.text, this.action, this.close);
    parent.append(this.root);
    /** @type {(() => void) | null} what the action does */
    this.onAction = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.wait = SHOW_MS;
    this.action.addEventListener('click', () => {
      const act = this.onAction;
      this.hide();
      act?.();
    });
    this.close.addEventListener('click', () => this.hide());
    // Kept while the player points at it or moves the focus into it.
    for (const type of ['pointerenter', 'focusin']) this.root.addEventListener(type, () => clearTimeout(this.timer));
    for (const type of ['pointerleave', 'focusout']) this.root.addEventListener(type, () => this.later());
  }

  /**
   * Shows `text` in place of any message shown, with an action button (`action.label` and
   * what it does, `action.run`) if given.
   * @param {string} text
   * @param {{label: string, ariaLabel?: string, run: () => void}} [action]
   */
  show(text, action) {
    this.text.textContent = text;
    this.onAction = action?.run ?? null;
    this.action.hidden = !action;
    this.action.textContent = action?.label ?? '';
    if (action?.ariaLabel) this.action.setAttribute('aria-label', action.ariaLabel);
    else this.action.removeAttribute('aria-label');
    this.close.setAttribute('aria-label', t('tools.close'));
    this.root.hidden = false;
    this.wait = action ? ACTION_MS : SHOW_MS;
    this.later();
  }

  /** Starts the count to going away again. */
  later() {
    clearTimeout(this.timer);
    if (!this.root.hidden) this.timer = setTimeout(() => this.hide(), this.wait);
  }

  hide() {
    clearTimeout(this.timer);
    this.onAction = null;
    this.root.hidden = true;
    this.text.textContent = '';
  }
}
