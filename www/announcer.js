// Announcements for screen readers through a polite aria-live region: each is added as a new
// line, so that a quick answer from the computer does not cut off the player's own move.

const KEEP = 3;

export class Announcer {
  constructor(region) {
    this.region = region;
    region.setAttribute('aria-relevant', 'additions');
  }

  /** Says `text`. */
  say(text) {
    const line = document.createElement('p');
    line.textContent = text;
    this.region.append(line);
    while (this.region.childElementCount > KEEP) this.region.firstElementChild.remove();
  }
}
