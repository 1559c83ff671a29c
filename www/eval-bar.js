// The evaluation bar: how the game stands, from Red's side, after each move while it is
// switched on. The AI (analysis.js) answers in the background; a newer position replaces a
// question not yet asked. At the end of a game the bar shows the result.

import { gameFacts } from './analysis.js';
import { t } from './i18n.js';
import { outcomeValue, valueShare, valueText } from './eval-value.js';

/** @typedef {import('./game-controller.js').GameController} GameController */

export class EvalBar {
  /**
   * The bar for the game of `owner`, in `root`; shows nothing until switched on.
   * @param {GameController} owner
   */
  constructor(owner, analyst, root) {
    this.owner = owner;
    this.analyst = analyst;
    this.root = root;
    this.on = false;
    this.key = '';
    this.value = null;
    this.token = 0;
    this.track = document.createElement('div');
    this.track.className = 'eval-track';
    this.track.setAttribute('role', 'meter');
    this.track.setAttribute('aria-valuemin', '-100');
    this.track.setAttribute('aria-valuemax', '100');
    this.fill = document.createElement('div');
    this.fill.className = 'eval-fill';
    this.track.append(this.fill);
    this.text = document.createElement('p');
    this.text.className = 'eval-text';
    root.replaceChildren(this.track, this.text);
    owner.subscribe((snapshot) => this.update(snapshot));
  }

  setOn(on) {
    this.on = on;
    this.root.hidden = !on;
    this.key = '';
    if (this.owner.snapshot) this.update(this.owner.snapshot);
  }

  /** Asks about the position of `snapshot`, unless it is the one shown. */
  update(snapshot) {
    if (!this.on) return;
    const facts = gameFacts(snapshot);
    const { outcome } = snapshot;
    const key = `${snapshot.position}|${outcome ? outcome.reason : ''}`;
    if (key === this.key) return;
    this.key = key;
    const token = ++this.token;
    if (outcome) {
      this.show(outcomeValue(outcome));
      return;
    }
    this.value = null;
    this.root.dataset.state = 'waiting';
    this.text.textContent = t('eval.waiting');
    this.analyst.evaluate(facts, facts.moves.length, () => token === this.token).then((value) => {
      if (value && token === this.token) this.show(value);
    }, () => {});
  }

  /** Shows `value` (eval-value.js), or writes the one shown again (a change of language). */
  show(value = this.value) {
    if (!value) {
      if (this.on) this.text.textContent = t('eval.waiting');
      return;
    }
    this.value = value;
    const share = valueShare(value);
    this.root.dataset.state = 'shown';
    this.fill.style.width = `${(share + 1) * 50}%`;
    const words = valueText(value);
    this.text.textContent = t('eval.value', { score: words });
    this.track.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    this.track.setAttribute('aria-valuetext', words);
    this.track.setAttribute('aria-label', t('eval.label'));
  }
}
