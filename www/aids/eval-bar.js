// The evaluation bar: how the game stands, from Red's side, after each move while it is
// switched on, or in the position a review looks at (the snapshot's view). The AI
// (analysis.js) answers in the background; a newer position replaces a question not yet
// asked. At the end of a game the bar shows the result.

import { gameFacts } from '../computer/analysis.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { outcomeValue, valueShare, valueText } from '../computer/eval-value.js';
import { barredWords } from '../game/fair-play.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */

export class EvalBar {
  /**
   * The bar for the game of `owner`, in `root`; shows nothing until switched on.
   * @param {GameController} owner
   * @param {import('../computer/analysis.js').Analyst} analyst
   * @param {HTMLElement} root
   */
  constructor(owner, analyst, root) {
    this.owner = owner;
    this.analyst = analyst;
    this.root = root;
    this.on = false;
    this.key = '';
    /** @type {import('../computer/eval-value.js').Value | null} the value shown */
    this.value = null;
    this.token = 0;
    this.fill = el('div', { className: 'eval-fill' });
    this.track = el('div', { className: 'eval-track', role: 'meter', 'aria-valuemin': '-100', 'aria-valuemax': '100' }, this.fill);
    this.text = el('p', { className: 'eval-text' });
    root.replaceChildren(this.track, this.text);
    owner.subscribe((snapshot) => this.update(snapshot));
  }

  /** @param {boolean} on whether the bar is shown */
  setOn(on) {
    this.on = on;
    this.root.hidden = !on;
    this.key = '';
    if (this.owner.snapshot) this.update(this.owner.snapshot);
  }

  /**
   * Asks about the position of `snapshot`, unless it is the one shown.
   * @param {import('../game/types.js').Snapshot} snapshot
   */
  update(snapshot) {
    if (!this.on) return;
    // Off while the engine may not help (fair-play.js): the bar says so instead of a value.
    const barred = barredWords(snapshot);
    this.track.hidden = Boolean(barred);
    if (barred) {
      this.key = '';
      this.token++;
      this.value = null;
      this.root.dataset.state = 'off';
      this.text.textContent = t('eval.off', { why: barred });
      return;
    }
    const facts = gameFacts(snapshot);
    const { view } = snapshot;
    const ply = view ? view.ply : facts.moves.length;
    const outcome = view ? view.outcome : snapshot.outcome;
    const key = `${snapshot.position}|${ply}|${outcome ? outcome.reason : ''}`;
    if (key === this.key) return;
    this.key = key;
    this.root.dataset.ply = String(ply);
    const token = ++this.token;
    if (outcome) {
      this.show(outcomeValue(outcome));
      return;
    }
    this.value = null;
    this.root.dataset.state = 'waiting';
    this.text.textContent = t('eval.waiting');
    this.analyst.evaluate(facts, ply, () => token === this.token).then((value) => {
      if (value && token === this.token) this.show(value);
    }, () => {});
  }

  /**
   * Shows `value` (eval-value.js), or writes the one shown again (a change of language).
   * @param {import('../computer/eval-value.js').Value | null} [value]
   */
  show(value = this.value) {
    if (!value) {
      const barred = this.owner.snapshot ? barredWords(this.owner.snapshot) : '';
      if (this.on) this.text.textContent = barred ? t('eval.off', { why: barred }) : t('eval.waiting');
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
