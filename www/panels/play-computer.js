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
    level.append(...[...levels.options].map((option) => option.cloneNode(true)));
    button.addEventListener('click', async () => {
      if (await owner.mayLeave()) owner.newGame({ mode: 'computer', level: Number(level.value) });
    });
  }

  /**
   * Shows the level of the player's own games (unless the player is choosing one).
   * @param {Snapshot} snapshot
   */
  show({ settings, waiting }) {
    if (document.activeElement === this.level) return;
    const own = settings.mode === 'online' ? waiting?.game.settings : settings;
    if (own) this.level.value = String(own.level);
  }
}
