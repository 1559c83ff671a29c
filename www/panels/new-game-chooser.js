// "New game" after an online game: a small dialog asks what to start (the computer, a friend
// on this device, or online play) instead of starting a game against the computer unasked.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';

/** @typedef {'computer' | 'people' | 'online'} Choice */

/** The choices: [value, words]. @type {[Choice, string][]} */
const CHOICES = [['computer', 'newGame.computer'], ['people', 'newGame.friend'], ['online', 'newGame.online']];

export class NewGameChooser {
  constructor() {
    /** @type {ReturnType<typeof makeDialog> | null} made on first use, in the page's language */
    this.ui = null;
  }

  /**
   * Asks what to start; `online` whether online play is offered. Resolves to the choice, or
   * null when the dialog was closed without one.
   * @param {boolean} online
   * @returns {Promise<Choice | null>}
   */
  ask(online) {
    this.ui?.dialog.remove();
    const ui = makeDialog('new-game-chooser', t('newGame.title'));
    this.ui = ui;
    const buttons = CHOICES.map(([value, key]) => el('button', {
      type: 'button',
      className: value === 'computer' ? 'primary' : '',
      dataset: { start: value },
      hidden: value === 'online' && !online,
      onclick: () => ui.dialog.close(value),
    }, t(key)));
    ui.body.append(el('div', { className: 'chooser-buttons' }, buttons));
    ui.dialog.returnValue = '';
    ui.open();
    buttons[0].focus();
    return new Promise((resolve) => {
      ui.dialog.addEventListener('close', () => {
        const choice = CHOICES.find(([value]) => value === ui.dialog.returnValue);
        resolve(choice ? choice[0] : null);
      }, { once: true });
    });
  }
}
