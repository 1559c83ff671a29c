// Sound effects made at run time with the Web Audio API (no audio files): a soft knock for a
// move, a heavier thud for a capture, a short tune at the end of the game. Browsers start
// audio only after the player has touched the page, so the context is made then: making it
// takes tens of milliseconds, so in a task of its own, not in the first move's.

/** @typedef {[number, number, number, number, OscillatorType]} Tone */

/**
 * A tone: frequency (Hz), start (s from now), length (s), peak volume, wave shape.
 * @type {Tone[]}
 */
const MOVE = [[520, 0, 0.07, 0.18, 'triangle'], [780, 0.01, 0.05, 0.06, 'sine']];
/** @type {Tone[]} */
const CAPTURE = [[180, 0, 0.16, 0.35, 'square'], [120, 0.03, 0.2, 0.3, 'triangle'], [620, 0, 0.05, 0.12, 'triangle']];
/** @type {Tone[]} */
const WIN = [[523, 0, 0.16, 0.2, 'triangle'], [659, 0.14, 0.16, 0.2, 'triangle'], [784, 0.28, 0.32, 0.22, 'triangle']];
/** @type {Tone[]} */
const DRAW = [[440, 0, 0.2, 0.18, 'sine'], [440, 0.22, 0.3, 0.18, 'sine']];
/** @type {Tone[]} */
const LOSS = [[392, 0, 0.18, 0.2, 'triangle'], [330, 0.16, 0.18, 0.2, 'triangle'], [262, 0.32, 0.35, 0.2, 'triangle']];

export class Sound {
  /** @param {boolean} on */
  constructor(on) {
    this.on = on;
    /** @type {AudioContext | null} */
    this.context = null;
    /**
     * What was played last, for tests: 'move', 'capture', 'win', 'loss' or 'draw'.
     * @type {string | null}
     */
    this.last = null;
    const prepare = () => setTimeout(() => this.on && this.audio());
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, prepare, { once: true, capture: true });
  }

  /** @param {boolean} on */
  setOn(on) {
    this.on = on;
  }

  /**
   * Plays effect `name` ('move', 'capture', 'win', 'loss', 'draw') if sound is on.
   * @param {string} name
   */
  play(name) {
    if (!this.on) return;
    const tones = /** @type {Record<string, Tone[]>} */ ({ move: MOVE, capture: CAPTURE, win: WIN, loss: LOSS, draw: DRAW })[name];
    const context = this.audio();
    if (!tones || !context) return;
    this.last = name;
    const now = context.currentTime;
    for (const [frequency, start, length, volume, type] of tones) {
      const oscillator = new OscillatorNode(context, { type, frequency });
      const gain = new GainNode(context, { gain: 0 });
      gain.gain.setValueAtTime(0, now + start);
      gain.gain.linearRampToValueAtTime(volume, now + start + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
  }

  audio() {
    if (!this.context) {
      if (typeof AudioContext !== 'function') return null;
      this.context = new AudioContext();
    }
    if (this.context.state === 'suspended') this.context.resume().catch(() => {});
    return this.context;
  }
}
