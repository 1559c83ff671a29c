// The challenges the signed-in member received, pushed by the server as they are made or
// answered (issue 36: a challenge reached its addressee after the strip's next poll, up to
// 30 s): one event stream per page, api/me/challenges/events (src/server/tournaments/live.rs),
// open while a member is signed in. The strip of "your games" and the "Play online" screen
// listen to it; their slower asking stays as the fallback. The browser's EventSource comes back
// by itself after a lost connection, and the server then sends the whole list again; a stream
// refused (the session ended) stays closed until the next sign-in.

import { member, onMember } from '../account/member.js';

/** @typedef {import('./challenges-received.js').Challenge} Challenge */
/** @typedef {{incoming: Challenge[], incoming_count: number}} Received */

class ChallengeFeed {
  constructor() {
    /** @type {Set<(received: Received) => void>} */
    this.listeners = new Set();
    /** @type {EventSource | null} */
    this.source = null;
    /** @type {Received | null} the last list pushed */
    this.last = null;
    onMember(() => this.connect());
    this.connect();
  }

  /** Opens the stream for the member signed in now (none for a guest). */
  connect() {
    this.source?.close();
    this.source = null;
    this.last = null;
    if (!member() || typeof EventSource === 'undefined') return;
    const source = new EventSource(new URL('api/me/challenges/events', document.baseURI));
    source.addEventListener('message', (event) => {
      /** @type {Received} */
      const received = JSON.parse(event.data);
      this.last = received;
      for (const listener of this.listeners) listener(received);
    });
    this.source = source;
  }

  /**
   * Calls `listener` with each list pushed from now on (and the last one, if any). Returns
   * the way to stop.
   * @param {(received: Received) => void} listener
   */
  listen(listener) {
    this.listeners.add(listener);
    if (this.last) listener(this.last);
    return () => this.listeners.delete(listener);
  }
}

/** @type {ChallengeFeed | null} */
let feed = null;

/** The page's one feed of challenges received, started on first use. */
export function challengeFeed() {
  feed ??= new ChallengeFeed();
  return feed;
}
