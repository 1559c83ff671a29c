// Resign and offer a draw, for two people on one device: the side to move may resign (the
// other wins) or offer a draw, which the other side then accepts or declines on the same
// screen. Both end the game through the owner (resign, agreeDraw): the banner says why, and
// Undo takes the ending back like a move. The ending is kept with the saved game.
// Resigning takes two deliberate steps (confirm-dialog.js), and its button sits apart from the
// draw offer, in a row of its own, so that no slip of a finger ends a game.

import { confirmAct } from '../page/confirm-dialog.js';
import { el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { registerSaveExtra } from '../saved/save-game.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Side} Side */

/** @param {Side} side */
const other = (side) => (side === 'red' ? 'blue' : 'red');

export class Duel {
  /**
   * The buttons go after `after`; `tell(text)` shows a passing message (a declined draw).
   * @param {GameController} owner
   * @param {HTMLElement} after
   * @param {(text: string) => void} tell
   */
  constructor(owner, after, tell) {
    this.owner = owner;
    this.tell = tell;
    /** @type {{side: Side, position: number} | null} a draw offered and not yet answered */
    this.offer = null;
    /** @type {AbortController | null} the question before resigning, while it is asked */
    this.sure = null;
    this.resignButton = el('button', { type: 'button', id: 'duel-resign', onclick: () => this.resign() });
    this.drawButton = el('button', { type: 'button', id: 'duel-offer-draw', onclick: () => this.offerDraw() });
    this.question = el('p', { id: 'duel-question', className: 'duel-question' });
    this.accept = el('button', { type: 'button', id: 'duel-accept', className: 'primary', onclick: () => this.answer(true) });
    this.decline = el('button', { type: 'button', id: 'duel-decline', onclick: () => this.answer(false) });
    this.asking = el('div', { className: 'duel-asking', role: 'group', hidden: true }, this.question, this.accept, this.decline);
    this.buttons = el('div', { className: 'duel-buttons' }, this.drawButton,
      el('div', { className: 'duel-ending' }, this.resignButton));
    this.root = el('section', { id: 'duel', className: 'panel duel', hidden: true }, this.buttons, this.asking);
    after.after(this.root);
    /**
     * The ending declared as of the last snapshot told (save-game.js reads it; game-undo.js
     * does while a new game is being told, when the owner has already forgotten it).
     * @type {import('../game/types.js').Declared | null}
     */
    this.declared = null;
    owner.subscribe((snapshot) => {
      this.declared = owner.declared;
      this.show(snapshot);
    });
    onLanguageChange(() => {
      if (owner.snapshot) this.show(owner.snapshot);
    });
    registerSaveExtra('ending', {
      save: () => this.declared,
      restore: (data) => this.restore(data),
    });
  }

  /** Asks the side to move whether it really resigns; it does only if it says so. */
  async resign() {
    const { turn, position } = this.owner.started().current;
    const words = { Side: t(`Side.${turn}`), Other: t(`Side.${other(turn)}`) };
    this.sure = new AbortController();
    const sure = await confirmAct({
      title: t('duel.confirmResign', words),
      text: t('duel.confirmResignText', words),
      yes: t('duel.resign', words),
    }, this.sure.signal);
    this.sure = null;
    // Nothing happened meanwhile (the dialog holds the page, but a clock may have run out).
    const now = this.owner.started().current;
    if (!sure || now.position !== position || now.outcome) return;
    this.offer = null;
    this.owner.resign(turn);
  }

  offerDraw() {
    const { turn, position } = this.owner.started().current;
    this.offer = { side: turn, position };
    this.show(this.owner.started().current);
    this.accept.focus();
  }

  /** @param {boolean} accepted */
  answer(accepted) {
    const { offer } = this;
    this.offer = null;
    if (!offer) return;
    if (accepted) {
      this.owner.agreeDraw();
      return;
    }
    this.show(this.owner.started().current);
    this.tell(t('duel.declined', { Other: t(`Side.${other(offer.side)}`) }));
    this.drawButton.focus();
  }

  /**
   * Takes back a saved ending (`{winner, reason, ply}`), if it is one for the game now.
   * @param {unknown} data
   */
  restore(data) {
    const snapshot = this.owner.started().current;
    const end = /** @type {{winner?: unknown, reason?: unknown, ply?: unknown}} */ (data ?? {});
    if (end.ply !== snapshot.ply || snapshot.settings.mode !== 'people') return;
    if (end.reason === 'agreement' && end.winner === null) this.owner.agreeDraw();
    else if (end.reason === 'resignation' && (end.winner === 'red' || end.winner === 'blue')) this.owner.resign(other(end.winner));
  }

  /** @param {Snapshot} snapshot */
  show(snapshot) {
    const on = snapshot.settings.mode === 'people' && !snapshot.outcome && !snapshot.tool && !snapshot.puzzle && !snapshot.analysis;
    this.root.hidden = !on;
    if (this.offer && (!on || this.offer.position !== snapshot.position)) this.offer = null;
    if (!on) this.sure?.abort(); // the game ended meanwhile (a clock ran out): nothing to resign
    if (!on) return;
    const Side = t(`Side.${snapshot.turn}`);
    this.root.setAttribute('aria-label', t('duel.label'));
    this.resignButton.textContent = t('duel.resign', { Side });
    this.drawButton.textContent = t('duel.offerDraw', { Side });
    this.buttons.hidden = Boolean(this.offer);
    this.asking.hidden = !this.offer;
    if (this.offer) {
      this.question.textContent = t('duel.offered', { Side: t(`Side.${this.offer.side}`), Other: t(`Side.${other(this.offer.side)}`) });
      this.accept.textContent = t('duel.accept');
      this.decline.textContent = t('duel.decline');
    }
  }
}
