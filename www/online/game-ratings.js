// The ratings of the members playing the online game shown (issue 36), from the server's view
// of the game (api/games/{id} `ratings`): beside their names while they play, and once a rated
// game has counted, the change it made (+12, −12). The server rates a finished game within a
// few seconds, so after the end it is asked again until the change is there (or a while has
// passed: a game that did not count has none).

import { request } from '../server/online-client.js';

/**
 * A seat's rating: before the game once it is rated, and the change (null until counted); and
 * whether the seat's member is a bot.
 * @typedef {{rating: number, provisional: boolean, change: number | null, bot?: boolean}} SeatRating
 */
/** @typedef {{red: SeatRating | null, blue: SeatRating | null}} Ratings */

/** How often the change is asked for after the end (ms), and how many times. */
const ASK_EVERY_MS = 1500;
const ASKS_AFTER_END = 12;

/**
 * "+12", "−12", "±0".
 * @param {number} change
 */
export function changeText(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return '±0';
}

export class GameRatings {
  /** @param {() => void} changed called when ratings arrive */
  constructor(changed) {
    this.changed = changed;
    /** @type {string | null} */
    this.id = null;
    /** @type {Ratings | null} */
    this.ratings = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.asksLeft = 0;
    this.endAsked = false;
  }

  /**
   * Follows game `id` (null: none).
   * @param {string | null} id
   */
  follow(id) {
    if (id === this.id) return;
    clearTimeout(this.timer);
    this.id = id;
    this.ratings = null;
    this.asksLeft = 0;
    this.endAsked = false;
    if (id) void this.ask(id);
  }

  /**
   * The game shown is over: its change is asked for until it comes (rated games only).
   * @param {import('../server/online-client.js').GameView} view
   */
  ended(view) {
    if (view.id !== this.id || !view.rated || this.endAsked || this.counted()) return;
    this.endAsked = true;
    this.asksLeft = ASKS_AFTER_END;
    void this.ask(view.id);
  }

  /** Whether the change is known for every member's seat. */
  counted() {
    const seats = this.ratings ? [this.ratings.red, this.ratings.blue].filter((seat) => seat !== null) : [];
    return seats.length > 0 && seats.every((seat) => seat.change !== null);
  }

  /**
   * The rating of `side`'s player, if a member.
   * @param {import('../game/types.js').Side} side
   */
  of(side) {
    return this.ratings?.[side] ?? null;
  }

  /** @param {string} id */
  async ask(id) {
    try {
      /** @type {{ratings?: Ratings}} */
      const view = await request(`api/games/${id}`);
      if (id !== this.id) return;
      this.ratings = view.ratings ?? null;
      this.changed();
    } catch {
      // Not known now: the names go without ratings.
    }
    if (id !== this.id || this.asksLeft === 0 || this.counted()) return;
    this.asksLeft -= 1;
    this.timer = setTimeout(() => void this.ask(id), ASK_EVERY_MS);
  }
}
