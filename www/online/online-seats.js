// What this device keeps of online play in localStorage: the seat token of each game it
// plays (the only key to the seat: a reload or another visit resumes it) and the player's
// display name. Stored data is checked when read; a browser that keeps nothing still plays,
// for as long as the page stays open.

import { isGameId, isToken } from '../server/online-client.js';

const SEATS_KEY = 'jungle.online.seats';
const NAME_KEY = 'jungle.online.name';
/** The most seats kept: the oldest go first. */
const MAX_SEATS = 50;
/** The longest display name the server takes. */
export const MAX_NAME = 40;

/**
 * A seat kept: its token, when it was last kept, and its side once known (older versions kept none).
 * @typedef {{token: string, at: number, color?: import('../game/types.js').Side}} Seat
 */

/** localStorage, or null when the browser keeps nothing. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Seats kept only in memory, when the browser keeps nothing. */
/** @type {Record<string, Seat>} */
const unsaved = {};

/**
 * The seats kept, by game id (those that are not well formed are left out).
 * @returns {Record<string, Seat>}
 */
function readSeats() {
  /** @type {Record<string, Seat>} */
  const seats = { ...unsaved };
  try {
    const data = JSON.parse(storage()?.getItem(SEATS_KEY) ?? '{}');
    for (const [id, seat] of Object.entries(data ?? {})) {
      if (!isGameId(id) || !isToken(seat?.token) || !Number.isFinite(seat?.at)) continue;
      const color = seat.color === 'red' || seat.color === 'blue' ? seat.color : undefined;
      seats[id] = color ? { token: seat.token, at: seat.at, color } : { token: seat.token, at: seat.at };
    }
  } catch {
    // Unreadable: the seats of this device start again.
  }
  return seats;
}

/**
 * The seat token kept for game `id`, or null.
 * @param {string} id
 */
export function seatToken(id) {
  return readSeats()[id]?.token ?? null;
}

/**
 * The seats this device holds, the most recently kept first.
 * @returns {({id: string} & Seat)[]}
 */
export function heldSeats() {
  return Object.entries(readSeats()).map(([id, seat]) => ({ id, ...seat })).sort((a, b) => b.at - a.at);
}

/**
 * Keeps the seat token of game `id`, and its side `color` when known (else the side kept
 * with the same token, if any).
 * @param {string} id
 * @param {string} token
 * @param {import('../game/types.js').Side | null} [color]
 */
export function keepSeat(id, token, color = null) {
  const seats = readSeats();
  const known = color ?? (seats[id]?.token === token ? seats[id].color : undefined);
  seats[id] = known ? { token, at: Date.now(), color: known } : { token, at: Date.now() };
  unsaved[id] = seats[id];
  const kept = Object.entries(seats).sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_SEATS);
  try {
    storage()?.setItem(SEATS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // A full storage: the seat is kept for as long as the page is open.
  }
}

/**
 * Forgets the seat of game `id` (its token was refused).
 * @param {string} id
 */
export function forgetSeat(id) {
  const seats = readSeats();
  delete seats[id];
  delete unsaved[id];
  try {
    storage()?.setItem(SEATS_KEY, JSON.stringify(seats));
  } catch {
    // Nothing more to do: a refused token is asked for again, harmlessly.
  }
}

/** The display name chosen on this device, or ''. */
export function savedName() {
  try {
    return (storage()?.getItem(NAME_KEY) ?? '').slice(0, MAX_NAME);
  } catch {
    return '';
  }
}

/**
 * Keeps the display name.
 * @param {string} name
 */
export function keepName(name) {
  try {
    storage()?.setItem(NAME_KEY, name);
  } catch {
    // Asked again next time.
  }
}
