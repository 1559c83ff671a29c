// Finding an opponent, for a signed-in member (the "Play online" screen): "Play now" waits in
// the club's queue for a member with the same rules and clock and the nearest rating; a
// challenge goes to a member by name (both offered only with a clock: a rated game has one); the challenges received are listed to answer
// (challenges-received.js). Waiting shows a line with Cancel and asks the server every two
// seconds; a pairing or an accepted challenge opens the game (both members' seats are theirs
// on any device). Leaving the page leaves the queue.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { ChallengesReceived, myChallenges } from './challenges-received.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';

/** @typedef {import('../server/online-client.js').ClockSpec} ClockSpec */
/** @typedef {{rules: string, clock: ClockSpec, color: string, rated: boolean}} Terms */

/** How often a wait asks the server (ms). */
const POLL_MS = 2000;

export class FindGame {
  /**
   * @param {{terms: () => Terms, play: (id: string) => void, showError: (text: string) => void}} hooks
   *   `terms()` the rules, clock, side and rated flag chosen on the screen; `play(id)` opens
   *   a game of the member's
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {(() => Promise<void>) | null} what Cancel does while waiting */
    this.cancelWait = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    this.name = el('input', { id: 'online-challenge-name', type: 'text', maxLength: 20, autocomplete: 'off', required: true });
    const form = el('form', { id: 'online-challenge-form', className: 'online-challenge' },
      el('label', { htmlFor: 'online-challenge-name' }, t('online.challenge.name')), ' ', this.name, ' ',
      el('button', { type: 'submit', id: 'online-challenge-send' }, t('online.challenge.send')));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.challenge();
    });
    this.status = el('span', { id: 'online-find-status', role: 'status' });
    this.cancel = el('button', { type: 'button', id: 'online-find-cancel', hidden: true, onclick: () => this.stop() }, t('online.find.cancel'));
    this.received = new ChallengesReceived({ accepted: (game) => this.done(game), showError: hooks.showError });
    this.playNowButton = el('button', { type: 'button', id: 'online-play-now', className: 'primary', onclick: () => this.playNow() }, t('online.find.playNow'));
    this.element = el('section', { id: 'online-find', className: 'online-find' },
      el('h3', {}, t('online.find.title')),
      el('div', { className: 'tool-actions' }, this.playNowButton),
      form,
      el('p', { className: 'online-find-wait' }, this.status, ' ', this.cancel),
      this.received.element);
    // A member who leaves the page while waiting leaves the queue (else it expires on its own).
    window.addEventListener('pagehide', () => {
      if (this.cancelWait) void fetch(new URL('api/pairing', document.baseURI), { method: 'DELETE', keepalive: true });
    });
  }

  /**
   * "Play now" pairs into a rated game, so it is offered only with a clock.
   * @param {boolean} clocked
   */
  setClocked(clocked) {
    this.playNowButton.disabled = !clocked;
  }

  /** Lists the challenges received. */
  refresh() {
    return this.received.refresh();
  }

  /** Waits in the queue for an opponent with the rules and clock chosen. */
  async playNow() {
    const { rules, clock } = this.hooks.terms();
    this.stop();
    try {
      /** @type {{game?: string}} */
      const answer = await request('api/pairing', { rules, clock });
      if (answer.game) return this.done(answer.game);
    } catch (error) {
      this.hooks.showError(errorWords(error));
      return;
    }
    this.wait(t('online.find.looking'), async () => {
      /** @type {{game?: string, waiting: boolean}} */
      const answer = await request('api/pairing');
      if (answer.game) this.done(answer.game);
      else if (!answer.waiting) this.stop();
    }, () => request('api/pairing', undefined, 'DELETE'));
  }

  /** Challenges the member named, with the terms chosen, and waits for the answer. */
  async challenge() {
    const to = this.name.value.trim();
    if (!to) return;
    const { rules, clock, color, rated } = this.hooks.terms();
    this.stop();
    /** @type {{id: string}} */
    let sent;
    try {
      sent = await request('api/challenges', { to, rules, clock, color, rated });
    } catch (error) {
      this.hooks.showError(errorWords(error));
      return;
    }
    this.wait(t('online.challenge.sent', { name: to }), async () => {
      const found = (await myChallenges()).outgoing.find((challenge) => challenge.id === sent.id);
      if (found?.state === 'accepted' && found.game) this.done(found.game);
      else if (found?.state === 'declined') this.end(t('online.challenge.declined', { name: to }));
      else if (!found || found.state !== 'open') this.end(t('online.challenge.expired', { name: to }));
    }, () => request(`api/challenges/${sent.id}`, undefined, 'DELETE'));
  }

  /**
   * Shows `words` with Cancel, and runs `ask` every POLL_MS until the wait ends; Cancel runs
   * `cancel` first.
   * @param {string} words
   * @param {() => Promise<void>} ask
   * @param {() => Promise<unknown>} cancel
   */
  wait(words, ask, cancel) {
    this.status.textContent = words;
    this.cancel.hidden = false;
    this.cancelWait = async () => {
      await cancel();
    };
    this.timer = setInterval(() => {
      ask().catch((/** @type {unknown} */ error) => this.end(errorWords(error)));
    }, POLL_MS);
  }

  /**
   * Ends the wait, saying `words`.
   * @param {string} words
   */
  end(words) {
    clearInterval(this.timer);
    this.cancelWait = null;
    this.cancel.hidden = true;
    this.status.textContent = words;
  }

  /** Ends any wait, calling it off at the server. */
  stop() {
    const cancel = this.cancelWait;
    this.end('');
    cancel?.().catch(() => {});
  }

  /**
   * A game found: the wait ends and the game opens.
   * @param {string} id
   */
  done(id) {
    this.end('');
    this.hooks.play(id);
  }
}
