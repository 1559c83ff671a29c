// The puzzle's timers: a wrong move stays on the board a moment before it is taken back, the
// defender answers after a pause, the solution is played a move at a time. While the puzzle
// waits to act, a board tool holds the board (clicks are ignored); an act whose puzzle is no
// longer on the board is dropped.

/** @typedef {import('../game/game-controller.js').GameController} GameController */

export class BoardHold {
  /**
   * @param {GameController} owner
   * @param {() => boolean} current whether the board still shows the puzzle the acts are for
   */
  constructor(owner, current) {
    this.owner = owner;
    this.current = current;
    /** Whether an act waits (the board is held meanwhile). */
    this.busy = false;
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    /** The board tool that holds the board: it shows the game, and takes no clicks. */
    this.tool = {
      name: 'puzzle',
      view: () => {
        const { board, lastMove } = this.owner.started().current;
        return { board, lastMove };
      },
      activate: () => {},
    };
  }

  /**
   * After `delay` ms, `act`, with the board held meanwhile.
   * @param {number} delay
   * @param {() => void} act
   */
  later(delay, act) {
    this.busy = true;
    this.owner.setTool(this.tool);
    this.after(delay, () => {
      this.release();
      this.busy = false;
      if (this.current()) act();
    });
  }

  /**
   * After `delay` ms, `act`, the board not held.
   * @param {number} delay
   * @param {() => void} act
   */
  after(delay, act) {
    this.timers.push(setTimeout(act, delay));
  }

  /** Gives the board back, if it is held. */
  release() {
    if (this.owner.snapshot?.tool === this.tool) this.owner.setTool(null);
  }

  /** Drops every act waiting. */
  clear() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.busy = false;
  }
}
