// What the board's special squares mean (a part of square-buttons.js): water, traps and dens
// explained for each way of asking — a tooltip on hover (the square's title), the accessible
// description on keyboard focus (aria-describedby, to a hidden text per kind of ground), and a
// small note on a touch long-press (a press held still).

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';

/** The kind of ground of each terrain character that has a note. @type {Record<string, string | undefined>} */
const KINDS = { '~': 'water', T: 'trap', t: 'trap', D: 'den', d: 'den' };
/** How long a touch is held still before its note shows (ms): longer than a tap, shorter than a wait. */
const LONG_PRESS_MS = 500;
/** How far a finger may wander (px) and still be a long-press rather than a drag. */
const STILL_PX = 10;
/** Boards made, for ids of their own (the guide shows several). */
let made = 0;

export class SquareNotes {
  /**
   * Adds the notes beside the square buttons in `container`, listening until `signal` aborts.
   * @param {HTMLElement} container
   * @param {AbortSignal} signal
   */
  constructor(container, signal) {
    const prefix = `square-note-${++made}`;
    /** @type {Map<string, HTMLElement>} each kind's hidden text, that buttons point to */
    this.texts = new Map(['water', 'trap', 'den'].map((kind) => [kind, el('span', { id: `${prefix}-${kind}` })]));
    this.popover = el('p', { className: 'square-popover', role: 'tooltip', hidden: true });
    this.holder = el('div', { hidden: true }, [...this.texts.values()]);
    container.after(this.holder, this.popover);
    this.listenToLongPress(container, signal);
  }

  /** Takes the notes out of the page. */
  remove() {
    this.holder.remove();
    this.popover.remove();
  }

  /** Writes the notes in the page's language. */
  relabel() {
    for (const [kind, text] of this.texts) text.textContent = t(`square.explain.${kind}`);
  }

  /**
   * Gives `button` the note of its ground, `terrain` (none for plain land).
   * @param {HTMLButtonElement} button
   * @param {string} terrain
   */
  describe(button, terrain) {
    const text = this.texts.get(KINDS[terrain] ?? '');
    if (text) {
      button.title = text.textContent ?? '';
      button.setAttribute('aria-describedby', text.id);
    } else if (button.title) {
      button.removeAttribute('title');
      button.removeAttribute('aria-describedby');
    }
  }

  /**
   * Shows a square's note when a touch or a pen holds it still; the next press hides it.
   * @param {HTMLElement} container
   * @param {AbortSignal} signal
   */
  listenToLongPress(container, signal) {
    /** @type {{timer: ReturnType<typeof setTimeout>, x: number, y: number} | null} */
    let press = null;
    const stop = () => {
      if (press) clearTimeout(press.timer);
      press = null;
    };
    container.addEventListener('pointerdown', (event) => {
      stop();
      this.popover.hidden = true;
      const button = event.target instanceof Element ? event.target.closest('button[title]') : null;
      if (event.pointerType === 'mouse' || !(button instanceof HTMLElement)) return;
      press = { timer: setTimeout(() => this.pop(button), LONG_PRESS_MS), x: event.clientX, y: event.clientY };
    }, { signal });
    container.addEventListener('pointermove', (event) => {
      if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > STILL_PX) stop();
    }, { signal });
    for (const type of ['pointerup', 'pointercancel']) container.addEventListener(type, stop, { signal });
    document.addEventListener('keydown', () => { this.popover.hidden = true; }, { signal });
  }

  /**
   * Shows the note of `button` beside its square, above it when there is room.
   * @param {HTMLElement} button
   */
  pop(button) {
    const { popover } = this;
    popover.textContent = button.title;
    popover.hidden = false;
    const frame = popover.offsetParent ?? document.body;
    const area = frame.getBoundingClientRect();
    const square = button.getBoundingClientRect();
    const width = popover.offsetWidth;
    const height = popover.offsetHeight;
    const left = Math.min(Math.max(square.left + square.width / 2 - width / 2 - area.left, 4), area.width - width - 4);
    const above = square.top - area.top - height - 4;
    popover.style.left = `${left}px`;
    popover.style.top = `${above >= 4 ? above : square.bottom - area.top + 4}px`;
  }
}
