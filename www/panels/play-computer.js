// The newcomer's main action beside the board: "Play the computer" at the level picked
// beside it (its levels are the settings' own options). Starting goes through the owner, after
// the question an online game in progress asks.

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */

export class PlayComputer {
  /**
   * @param {GameController} owner
   * @param {{button: HTMLElement, level: HTMLSelectElement, levels: HTMLSelectElement}} els
   *   `levels` is the settings' level picker, whose options (and their words) are copied
   */
  constructor(owner, { button, level, levels }) {
    this.level = level;
    this.row = /** @type {HTMLElement} */ (button.parentElement);
    level.append(...[...levels.options].map((option) => option.cloneNode(true)));
    button.addEventListener('click', async () => {
      if (await owner.mayLeave()) owner.newGame({ mode: 'computer', level: Number(level.value) });
    });
  }

  /**
   * Shows the level of the player's own games (unless the player is choosing one), and
   * whether a game is under way (a phone held upright then folds the start: framing.css).
   * @param {Snapshot} snapshot
   */
  show({ settings, waiting, history, outcome }) {
    this.row.toggleAttribute('data-in-game', history.length > 0 && !outcome);
    if (document.activeElement === this.level) return;
    const own = settings.mode === 'online' ? waiting?.game.settings : settings;
    if (own) this.level.value = String(own.level);
  }
}
