// The clocks of games between two people on this device: shown beside the board, the side to
// move's clock running. They start with a new game when the player chose a time control, follow
// the game through the app's `change` events, and end it when one runs out (App.loseOnTime).
// Their state is saved with the game (save-game.js), so that a reload finds the right times.

import { Clock, formatTime } from './clock.js';
import { language, t } from './i18n.js';
import { registerSaveExtra } from './save-game.js';

const TICK_MS = 100;

export class ClockView {
  /** `root` is the element to fill; `control()` gives the chosen time control or null. */
  constructor(app, root, control) {
    this.app = app;
    this.root = root;
    this.control = control;
    this.clock = null;
    this.game = null;
    this.ply = 0;
    this.faces = {};
    for (const side of ['blue', 'red']) {
      const face = document.createElement('p');
      face.className = 'clock';
      face.dataset.side = side;
      face.setAttribute('role', 'timer');
      face.append(document.createElement('span'), document.createElement('span'));
      face.firstChild.className = 'clock-side';
      face.lastChild.className = 'clock-time';
      this.faces[side] = face;
    }
    root.replaceChildren(this.faces.blue, this.faces.red);
    app.addEventListener('change', () => this.sync());
    registerSaveExtra('clock', {
      save: () => {
        this.sync();
        return this.clock && { ...this.clock.snapshot(), ply: this.ply };
      },
      restore: (data) => this.restore(data),
    });
    this.sync();
  }

  /** Brings the clocks in line with the game: a new game, a move, a move taken back, the end. */
  sync() {
    const { app } = this;
    const game = app.game;
    const ply = game.ply();
    if (game !== this.game) {
      this.game = game;
      this.clock = null;
    } else if (this.clock && ply !== this.ply) {
      const mover = ply === this.ply + 1 ? game.history()[ply - 1].color : null;
      if (mover) this.clock.press(mover);
      else this.clock.run(game.turn());
    }
    this.ply = ply;
    const people = app.settings.mode === 'people';
    const control = this.control();
    if (!this.clock && people && control && ply === 0 && !app.outcome()) {
      this.clock = new Clock(control);
      this.clock.run(game.turn());
    }
    if (this.clock && (app.outcome() || !people)) this.clock.stop();
    if (!people) this.clock = null;
    this.show();
  }

  /** Takes the time control chosen just now, if no move has been played; true if the clocks run. */
  startNow() {
    if (this.app.game.ply() > 0) return Boolean(this.clock);
    this.clock = null;
    this.sync();
    return Boolean(this.clock);
  }

  restore(data) {
    const clock = Clock.fromSnapshot(data);
    if (!clock || data.ply !== this.app.game.ply() || this.app.settings.mode !== 'people') return;
    this.game = this.app.game;
    this.ply = data.ply;
    this.clock = clock;
    if (this.app.outcome()) clock.stop();
    else if (clock.running !== this.app.game.turn()) clock.run(this.app.game.turn());
    this.show();
  }

  /** Shows both clocks and keeps them ticking while one runs; ends the game when one runs out. */
  show() {
    clearTimeout(this.timer);
    const { clock } = this;
    this.root.hidden = !clock;
    if (!clock) return;
    const now = Date.now();
    for (const [side, face] of Object.entries(this.faces)) {
      const time = formatTime(clock.remaining(side, now), language());
      const running = clock.running === side;
      face.firstChild.textContent = t(`Side.${side}`);
      face.lastChild.textContent = time;
      face.setAttribute('aria-label', t(running ? 'clock.running' : 'clock.side', { Side: t(`Side.${side}`), time }));
      face.dataset.running = String(running);
      face.dataset.ms = String(Math.round(clock.remaining(side, now)));
      face.dataset.low = String(clock.remaining(side, now) < 10_000);
    }
    const flagged = clock.flagged(now);
    if (flagged && clock.running) {
      clock.stop(now);
      this.app.loseOnTime(flagged);
      return;
    }
    if (clock.running) this.timer = setTimeout(() => this.show(), TICK_MS);
  }
}
