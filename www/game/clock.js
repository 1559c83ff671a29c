// A pair of game clocks (minutes per side, plus seconds added after each move), kept as the
// time left when the running clock was last started and that moment (Date.now(): wall time,
// so that a clock saved before a reload still knows how long it has run since). The rules
// engine has no clock: running out of time is decided here.

/** @typedef {'red' | 'blue'} Side */
/** @typedef {{minutes: number, increment: number}} TimeControl */

/** @type {Side[]} */
const SIDES = ['red', 'blue'];

export class Clock {
  /**
   * Clocks for the time control {minutes, increment}, both full and stopped.
   * @param {TimeControl} control
   */
  constructor({ minutes, increment }) {
    this.control = { minutes, increment };
    const full = Math.round(minutes * 60_000);
    /** @type {Record<Side, number>} */
    this.left = { red: full, blue: full };
    /** @type {Side | null} */
    this.running = null;
    this.since = 0;
  }

  /**
   * Milliseconds left for `side` at time `now`; never below zero.
   * @param {Side} side
   */
  remaining(side, now = Date.now()) {
    const spent = side === this.running ? now - this.since : 0;
    return Math.max(0, this.left[side] - spent);
  }

  /** The side whose time has run out, or null. */
  flagged(now = Date.now()) {
    return SIDES.find((side) => this.remaining(side, now) === 0) ?? null;
  }

  /**
   * Starts `side`'s clock (stopping the other one, without any increment).
   * @param {Side} side
   */
  run(side, now = Date.now()) {
    this.stop(now);
    this.running = side;
    this.since = now;
  }

  /**
   * `mover` has moved: its clock stops and gains the increment; the other one starts.
   * @param {Side} mover
   */
  press(mover, now = Date.now()) {
    this.stop(now);
    if (this.left[mover] > 0) this.left[mover] += this.control.increment * 1000;
    this.run(mover === 'red' ? 'blue' : 'red', now);
  }

  /** Stops the running clock, keeping the time it has left. */
  stop(now = Date.now()) {
    if (!this.running) return;
    this.left[this.running] = this.remaining(this.running, now);
    this.running = null;
  }

  /** Plain data for saving: the time control, times left, the running side and since when. */
  snapshot() {
    return { control: { ...this.control }, left: { ...this.left }, running: this.running, since: this.since };
  }

  /**
   * Clocks from a snapshot, or null if `data` is not one (saved data is never trusted).
   * @param {any} data
   */
  static fromSnapshot(data) {
    /** @param {unknown} v */
    const number = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
    const { control, left, running, since } = data ?? {};
    if (!control || !number(control.minutes) || control.minutes <= 0 || !number(control.increment)) return null;
    if (!left || !number(left.red) || !number(left.blue) || !number(since)) return null;
    if (running !== null && !SIDES.includes(running)) return null;
    const clock = new Clock(control);
    clock.left = { red: left.red, blue: left.blue };
    clock.running = running;
    clock.since = since;
    return clock;
  }
}

/**
 * "4:05", "0:59", or "9.4" (tenths under ten seconds, written for `locale`) for a time in milliseconds.
 * @param {number} ms
 */
export function formatTime(ms, locale = 'en') {
  if (ms < 10_000) {
    const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    return new Intl.NumberFormat(locale, tenths).format(Math.floor(ms / 100) / 10);
  }
  const seconds = Math.ceil(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
