// Announcements for screen readers through a polite aria-live region: each is added as a new
// line, so that a quick answer from the computer does not cut off the player's own move.

import { el } from './dom.js';

const KEEP = 3;

export class Announcer {
  /** @param {HTMLElement} region a live region */
  constructor(region) {
    this.region = region;
    region.setAttribute('aria-relevant', 'additions');
  }

  /**
   * Says `text`.
   * @param {string} text
   */
  say(text) {
    this.region.append(el('p', {}, text));
    while (this.region.childElementCount > KEEP) this.region.firstElementChild?.remove();
  }
}
