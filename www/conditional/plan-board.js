// The planning board of conditional moves: a board tool (the game's owner lends it the board,
// as to the editor) holding a scratch game from the online game's position, where the player
// plays both sides — the move they expect of the opponent, their answer, and on. The online
// game itself is never changed, nor left: its moves go on arriving meanwhile. No engine aid:
// only the rules say which moves are legal.

import { JungleGame } from '../game/engine.js';
import { squareName } from '../board/squares.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').EngineView} EngineView */

export class PlanBoard {
  /**
   * `changed()` is called after each change of the plan.
   * @param {GameController} owner
   * @param {() => void} changed
   */
  constructor(owner, changed) {
    this.owner = owner;
    this.changed = changed;
    this.name = 'plan';
    /** @type {JungleGame | null} */
    this.game = null;
    /** @type {EngineView | null} the scratch game's position now */
    this.position = null;
    /** @type {string[]} the moves planned after the game's */
    this.moves = [];
    /** @type {string | null} the square of the piece picked, waiting for where it goes */
    this.picked = null;
  }

  /** Whether the board is the planning board now. */
  get active() {
    return Boolean(this.game) && this.owner.snapshot?.tool === this;
  }

  /** Opens the planning board on the game on the board now. */
  open() {
    const { current } = this.owner.started();
    this.close();
    this.game = new JungleGame(current.rules, current.startFen);
    this.position = this.game.replay(current.history.map((entry) => entry.move));
    this.moves = [];
    this.picked = null;
    this.owner.setTool(this);
  }

  /** Gives the board back to the game. */
  close() {
    const open = this.game;
    this.game?.free();
    this.game = null;
    this.position = null;
    if (open && this.owner.snapshot?.tool === this) this.owner.setTool(null);
  }

  /**
   * A square chosen on the board: picks a piece that may move, or moves the piece picked there.
   * @param {number} index
   */
  activate(index) {
    const { game, position } = this;
    if (!game || !position) return;
    const square = squareName(index);
    const move = this.picked && `${this.picked}${square}`;
    if (move && position.legal.includes(move)) {
      this.position = game.play(move);
      this.moves.push(move);
      this.picked = null;
    } else {
      this.picked = position.legal.some((legal) => legal.startsWith(square)) ? square : null;
    }
    this.owner.setTool(this);
    this.changed();
  }

  /** Takes back the last move planned. */
  undo() {
    if (!this.game || this.moves.length === 0) return;
    this.position = this.game.undo();
    this.moves.pop();
    this.picked = null;
    this.owner.setTool(this);
    this.changed();
  }

  /** Starts the plan again from the game's position. */
  clear() {
    while (this.moves.length > 0 && this.game) {
      this.position = this.game.undo();
      this.moves.pop();
    }
    this.picked = null;
    this.owner.setTool(this);
    this.changed();
  }

  /** What the board shows (a BoardTool's view): the plan's position, the piece picked marked. */
  view() {
    const board = this.position?.board ?? this.owner.snapshot?.board ?? '';
    const last = this.position?.played;
    const lastMove = this.picked ? { from: this.picked, to: this.picked } : last ? { from: last.from, to: last.to } : null;
    return { board, lastMove };
  }
}
