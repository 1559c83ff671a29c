// The clocks of games between two people on this device: one at each side's edge of the board
// (the side at the foot of the board below it, the other above; they follow the board when it
// turns), the side to move's clock running. They are set with a new game when the player chose
// a time control, start with its first move, follow the game's snapshots, and end it when one
// runs out (the owner's loseOnTime). Their state is saved with the game (save-game.js), so that
// a reload finds the right times.

import { Clock, formatTime } from '../game/clock.js';
import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { registerSaveExtra } from '../saved/save-game.js';

const TICK_MS = 100;

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('../game/clock.js').TimeControl} TimeControl */

/**
 * A clock's face: the side's name and its time.
 * @param {Side} side
 */
function clockFace(side) {
  return el('p', { className: 'clock', dataset: { side }, role: 'timer' },
    el('span', { className: 'clock-side' }), el('span', { className: 'clock-time' }));
}

export class ClockView {
  /**
   * Clocks for the game of `owner`: `area` is the board's wrapper, with a `[data-edge="top"]`
   * and a `[data-edge="bottom"]` place for them; `control()` gives the chosen time control or null.
   * @param {GameController} owner
   * @param {HTMLElement} area
   * @param {() => TimeControl | null} control
   */
  constructor(owner, area, control) {
    this.owner = owner;
    this.area = area;
    /** @type {Record<'top' | 'bottom', HTMLElement>} */
    this.edges = {
      top: /** @type {HTMLElement} */ (area.querySelector('[data-edge="top"]')),
      bottom: /** @type {HTMLElement} */ (area.querySelector('[data-edge="bottom"]')),
    };
    this.control = control;
    /** @type {Clock | null} */
    this.clock = null;
    /**
     * The game (a snapshot's `game`) and the ply the clocks are at.
     * @type {number | null}
     */
    this.game = null;
    this.ply = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {Record<Side, HTMLElement>} */
    this.faces = { blue: clockFace('blue'), red: clockFace('red') };
    /** @type {boolean | null} whether the board is turned (Red above), as the faces are placed */
    this.flipped = null;
    owner.subscribe((snapshot) => this.sync(snapshot));
    registerSaveExtra('clock', {
      save: () => this.clock && { ...this.clock.snapshot(), ply: this.ply },
      restore: (data, { pausedAt }) => this.restore(data, pausedAt),
    });
  }

  /**
   * Brings the clocks in line with the game: a new game, a move, a move taken back, the end.
   * @param {Snapshot} snapshot
   */
  sync(snapshot) {
    const { ply } = snapshot;
    if (snapshot.game !== this.game) {
      this.game = snapshot.game;
      this.clock = null;
    } else if (this.clock && ply !== this.ply) {
      const mover = ply === this.ply + 1 ? snapshot.history[ply - 1].color : null;
      if (ply === 0) this.clock.stop(); // back before the first move: nobody's time runs
      else if (mover) this.clock.press(mover);
      else this.clock.run(snapshot.turn);
    }
    this.ply = ply;
    const people = snapshot.settings.mode === 'people' && !snapshot.puzzle;
    const control = this.control();
    // Set for a new game; the first move starts them (press).
    if (!this.clock && people && control && ply === 0 && !snapshot.outcome) this.clock = new Clock(control);
    if (this.clock && (snapshot.outcome || !people)) this.clock.stop();
    // A resignation or a draw taken back: the side to move's time runs again.
    else if (this.clock && ply > 0 && !this.clock.running) this.clock.run(snapshot.turn);
    if (!people) this.clock = null;
    this.place(snapshot.flipped);
    this.show();
  }

  /**
   * Puts each clock at its side's edge: Red's below the board unless it is turned.
   * @param {boolean} flipped
   */
  place(flipped) {
    if (flipped === this.flipped) return;
    this.flipped = flipped;
    this.edges.top.replaceChildren(this.faces[flipped ? 'red' : 'blue']);
    this.edges.bottom.replaceChildren(this.faces[flipped ? 'blue' : 'red']);
  }

  /** Takes the time control chosen just now, if no move has been played; true if the clocks run. */
  startNow() {
    const snapshot = this.owner.started().current;
    if (snapshot.ply > 0) return Boolean(this.clock);
    this.clock = null;
    this.sync(snapshot);
    return Boolean(this.clock);
  }

  /**
   * Takes back saved clocks; `pausedAt` (ISO time) is when their game was put aside, if it was.
   * @param {unknown} data what `save` wrote: the clock's snapshot and the ply
   * @param {string} [pausedAt]
   */
  restore(data, pausedAt) {
    const snapshot = this.owner.started().current;
    const clock = Clock.fromSnapshot(data);
    if (!clock) return; // a game without clocks saved none (null)
    const { ply } = /** @type {{ply?: unknown}} */ (data);
    if (ply !== snapshot.ply || snapshot.settings.mode !== 'people') return;
    const paused = Date.parse(pausedAt ?? '');
    if (Number.isFinite(paused)) clock.stop(Math.max(paused, clock.since));
    this.game = snapshot.game;
    this.ply = ply;
    this.clock = clock;
    if (snapshot.outcome || ply === 0) clock.stop();
    else if (clock.running !== snapshot.turn) clock.run(snapshot.turn);
    this.show();
  }

  /** Shows both clocks and keeps them ticking while one runs; ends the game when one runs out. */
  show() {
    clearTimeout(this.timer);
    const { clock } = this;
    this.area.dataset.clocks = clock ? 'on' : 'off';
    if (!clock) return;
    const now = Date.now();
    for (const side of /** @type {Side[]} */ (['blue', 'red'])) {
      const face = this.faces[side];
      const time = formatTime(clock.remaining(side, now), language());
      const running = clock.running === side;
      const [name, shown] = face.children;
      name.textContent = t(`Side.${side}`);
      shown.textContent = time;
      face.setAttribute('aria-label', t(running ? 'clock.running' : 'clock.side', { Side: t(`Side.${side}`), time }));
      face.dataset.running = String(running);
      face.dataset.ms = String(Math.round(clock.remaining(side, now)));
      face.dataset.low = String(clock.remaining(side, now) < 10_000);
    }
    const flagged = clock.flagged(now);
    if (flagged && clock.running) {
      clock.stop(now);
      this.owner.loseOnTime(flagged);
      return;
    }
    if (clock.running) this.timer = setTimeout(() => this.show(), TICK_MS);
  }
}
