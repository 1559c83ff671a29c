// The member signed in to the club on this page, as the server last said (api/session): read when
// the page starts and after each sign-in or sign-out. Online play and the account screen
// listen for its changes.

import { request } from '../server/online-client.js';

/** @typedef {{rules: string, category: string, rating: number, deviation: number, games: number, provisional: boolean}} Standing */
/** @typedef {{name: string, admin: boolean, created: number, bot?: boolean}} Me */

/** @type {Me | null} */
let me = null;
/** Whether the club sends mail (api/session's `email`): the page's email parts show then. */
let mails = false;
/** @type {Set<(me: Me | null) => void>} */
const listeners = new Set();

/** The signed-in member, or null for a guest. */
export function member() {
  return me;
}

/** Whether the club sends mail. */
export function clubMails() {
  return mails;
}

/**
 * Calls `listener` with the member after each change.
 * @param {(me: Me | null) => void} listener
 */
export function onMember(listener) {
  listeners.add(listener);
}

/**
 * The member is now `value` (null: signed out).
 * @param {Me | null} value
 */
export function setMember(value) {
  me = value;
  for (const listener of listeners) listener(me);
}

/** Asks the server who is signed in (nobody when it cannot say). */
export async function loadMember() {
  try {
    /** @type {{member: Me | null, email?: boolean}} */
    const answer = await request('api/session');
    mails = answer.email === true;
    setMember(answer.member);
  } catch {
    setMember(null);
  }
}
