// The challenges a signed-in member received (the "Play online" screen): each to accept,
// decline or block (its challenger's challenges then never listed here, until unblocked);
// "Decline all" for a crowd. The server lists the challengers the member knows first, then the
// newest, a few at most: the line under them says how many more wait. The list follows the
// server's pushes while the screen is in the page (challenge-feed.js): a challenge appears at
// once, and goes once accepted (here or on another page) or withdrawn.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { botTag } from '../bots/bot-tag.js';
import { challengeFeed } from './challenge-feed.js';
import { clockText } from './clock-text.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';
import { summaryText } from '../tools/variants.js';

/** @typedef {import('../server/online-client.js').ClockSpec} ClockSpec */

/**
 * A challenge as api/me/challenges lists it.
 * @typedef {object} Challenge
 * @property {string} id
 * @property {string} from
 * @property {boolean} [from_bot] whether the challenger is a bot
 * @property {string} to
 * @property {string} rules
 * @property {ClockSpec} clock
 * @property {string} color the challenger's side: red, blue or random
 * @property {boolean} rated
 * @property {'open' | 'accepted' | 'declined' | 'cancelled' | 'expired'} state
 * @property {string | null} game
 * @property {number} expires when it expires (ms since the Unix epoch)
 */

/**
 * The challenges the signed-in member received (those listed, and the count of all open) and sent.
 * @returns {Promise<{incoming: Challenge[], incoming_count: number, outgoing: Challenge[]}>}
 */
export function myChallenges() {
  return request('api/me/challenges');
}

/**
 * Accepts challenge `id`; the game started.
 * @param {string} id
 * @returns {Promise<string>}
 */
export async function acceptChallenge(id) {
  /** @type {{game: string}} */
  const answer = await request(`api/challenges/${id}/accept`, {});
  return answer.game;
}

/**
 * "Standard rules · 5 + 3 · rated".
 * @param {Challenge} challenge
 */
export function challengeFacts(challenge) {
  const facts = [summaryText(challenge.rules), clockText(challenge.clock)];
  if (challenge.rated) facts.push(t('online.ratedTag'));
  return facts.join(' · ');
}

export class ChallengesReceived {
  /**
   * @param {{accepted: (game: string) => void, showError: (text: string) => void}} hooks
   *   `accepted(game)` opens the game of a challenge accepted
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.list = el('ul', { id: 'online-challenges', className: 'online-list' });
    this.more = el('span', { id: 'online-challenges-more', className: 'online-empty' });
    this.declineAll = el('button', { type: 'button', id: 'online-challenges-decline-all', hidden: true,
      onclick: () => this.answer('api/me/challenges/decline', {}) }, t('online.challenge.declineAll'));
    this.blocked = el('ul', { id: 'online-challenge-blocks', className: 'online-list' });
    this.element = el('div', { className: 'online-challenges' },
      el('h4', {}, t('online.challenge.incoming')), this.list,
      el('p', { className: 'online-find-wait' }, this.more, ' ', this.declineAll), this.blocked);
    /** @type {(() => void) | null} stops following the pushes */
    this.unfollow = null;
  }

  /** Lists the challenges received, and the challengers blocked; then follows the pushes. */
  async refresh() {
    // Followed while the screen is in the page (a new language makes a new screen).
    this.unfollow ??= challengeFeed().listen((received) => {
      if (this.element.isConnected) this.showIncoming(received);
      else this.unfollow?.();
    });
    try {
      const [received, { blocked }] =
        await Promise.all([myChallenges(), /** @type {Promise<{blocked: string[]}>} */ (request('api/me/challenge-blocks'))]);
      this.showIncoming(received);
      this.blocked.replaceChildren(...blocked.map((name) => el('li', { className: 'online-game', dataset: { blocked: name } },
        el('span', { className: 'online-game-text' }, t('online.challenge.blocked', { name })),
        el('span', { className: 'online-game-controls' },
          el('button', { type: 'button', onclick: () => this.answer(`api/me/challenge-blocks/${encodeURIComponent(name)}`, undefined, 'DELETE') },
            t('online.challenge.unblock'))))));
    } catch (error) {
      this.list.replaceChildren(el('li', { className: 'online-empty' }, errorWords(error)));
    }
  }

  /**
   * The challenges received, and how many more wait.
   * @param {{incoming: Challenge[], incoming_count: number}} received
   */
  showIncoming({ incoming, incoming_count: count }) {
    // A card in focus (one a link revealed) keeps it when the list is drawn again (each push).
    const focused = document.activeElement instanceof HTMLElement && this.list.contains(document.activeElement)
      ? document.activeElement.closest('li')?.dataset.challenge : undefined;
    this.list.replaceChildren(...(incoming.length === 0
      ? [el('li', { className: 'online-empty' }, t('online.none'))]
      : incoming.map((challenge) => this.item(challenge))));
    this.more.textContent = count > incoming.length ? t('online.challenge.more', { n: count - incoming.length }) : '';
    this.declineAll.hidden = count === 0;
    if (focused) this.reveal(focused);
  }

  /**
   * One challenge received, with Accept, Decline and Block.
   * @param {Challenge} challenge
   */
  item(challenge) {
    return el('li', { className: 'online-game', dataset: { challenge: challenge.id } },
      el('span', { className: 'online-game-text' },
        el('span', { className: 'online-game-players' }, t('online.challenge.from', { name: challenge.from }), challenge.from_bot ? botTag() : null),
        el('span', { className: 'online-game-facts' }, challengeFacts(challenge))),
      el('span', { className: 'online-game-controls' },
        el('button', { type: 'button', className: 'primary', onclick: () => this.accept(challenge.id) }, t('online.challenge.accept')),
        el('button', { type: 'button', onclick: () => this.answer(`api/challenges/${challenge.id}/decline`, {}) }, t('online.challenge.decline')),
        el('button', { type: 'button', onclick: () => this.answer(`api/challenges/${challenge.id}/block`, {}) }, t('online.challenge.block'))));
  }

  /**
   * Brings the card of challenge `id` into view and gives it the focus; false if it is not listed.
   * @param {string} id
   */
  reveal(id) {
    const card = [...this.list.querySelectorAll('li')].find((item) => item.dataset.challenge === id);
    if (!card) return false;
    card.tabIndex = -1;
    card.scrollIntoView({ block: 'center' });
    card.focus();
    return true;
  }

  /** @param {string} id */
  async accept(id) {
    try {
      this.hooks.accepted(await acceptChallenge(id));
    } catch (error) {
      this.hooks.showError(errorWords(error));
      this.refresh();
    }
  }

  /**
   * Sends an answer (decline, block, decline all, unblock), then lists the challenges again.
   * @param {string} path
   * @param {object | undefined} body
   * @param {string} [method]
   */
  async answer(path, body, method) {
    try {
      await request(path, body, method);
    } catch (error) {
      this.hooks.showError(errorWords(error));
    }
    this.refresh();
  }
}
