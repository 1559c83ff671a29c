// The online game's panel beside the board: a tournament's game names its tournament, round
// and board (tournament-game.js); both players (name, side, whether connected, clock), what
// goes on (waiting for an opponent, reconnecting, an offer to answer), members' ratings and
// the change a rated game made (game-ratings.js), the invite link while
// the game waits for its second player, and the players' requests: offer a draw, take back,
// abort, resign, claim the win, rematch (not in a tournament), leave. Abort and resign end the
// game for good: they sit apart, in a row of their own, and each asks once more
// (confirm-dialog.js).

import { confirmAct } from '../page/confirm-dialog.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { timeText } from './clock-text.js';
import { vacationText } from '../page/vacation-text.js';
import { GameRatings, changeText } from './game-ratings.js';
import { ratingText } from '../account/ratings.js';
import { TournamentFacts } from './tournament-game.js';
import { copyField } from '../page/page-ui.js';
import { botTag } from '../bots/bot-tag.js';

/** @typedef {import('./online-game.js').OnlineGame} OnlineGame */
/** @typedef {import('../game/types.js').Side} Side */

const TICK_MS = 100;

/**
 * The other side.
 * @param {Side} side
 * @returns {Side}
 */
function other(side) {
  return side === 'red' ? 'blue' : 'red';
}

/**
 * A button of the panel.
 * @param {string} id
 * @param {() => void} onclick
 */
function button(id, onclick, secondary = false) {
  return el('button', { type: 'button', id, className: secondary ? 'secondary' : null, onclick });
}

export class OnlineBar {
  /**
   * The panel, put before `before`; `leave()` is asked for by its Leave button, and
   * `openTournament(id)` by a tournament's name.
   * @param {HTMLElement} before
   * @param {() => void} leave
   * @param {import('./tournament-game.js').OpenTournament} openTournament
   */
  constructor(before, leave, openTournament) {
    /** @type {OnlineGame | null} */
    this.game = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} the moment the win may be claimed */
    this.claimTimer = undefined;
    /** @type {{type: 'resign' | 'abort', moot: AbortController} | null} the question before an ending, while it is asked */
    this.sure = null;
    this.ratings = new GameRatings(() => {
      this.game?.rated(this.ratings.ratings);
      this.show();
    });
    /** @type {Record<Side, {row: HTMLElement, name: HTMLElement, rating: HTMLElement, state: HTMLElement, clock: HTMLElement}>} */
    this.players = { red: this.playerRow('red'), blue: this.playerRow('blue') };
    this.tournament = new TournamentFacts(openTournament);
    this.status = el('p', { className: 'online-status', id: 'online-status', role: 'status' });
    this.offerText = el('span', { id: 'online-offer-text' });
    this.offer = el('div', { className: 'online-offer', id: 'online-offer', hidden: true }, this.offerText,
      button('online-accept', () => this.answer('accept')),
      button('online-decline', () => this.answer('decline'), true));
    this.pendingText = el('span', { id: 'online-pending-text' });
    this.pendingCancel = button('online-pending-cancel', () => this.game?.owner.seat.cancel(), true);
    this.pending = el('div', { className: 'online-pending', id: 'online-pending', role: 'status', hidden: true }, this.pendingText, this.pendingCancel);
    this.invite = copyField({ id: 'online-invite', label: '' });
    this.inviteLabel = /** @type {HTMLElement} */ (this.invite.wrap.querySelector('label'));
    this.shareButton = 'share' in navigator ? button('online-share', () => this.share(), true) : null;
    if (this.shareButton) this.invite.row.append(this.shareButton);
    this.invite.wrap.hidden = true;
    /** @type {Record<string, HTMLButtonElement>} */
    this.buttons = {
      draw: button('online-draw', () => this.ask('offer', 'draw'), true),
      takeback: button('online-takeback', () => this.ask('offer', 'takeback'), true),
      abort: button('online-abort', () => this.askSure('abort'), true),
      claim: button('online-claim', () => this.ask('claim')),
      resign: button('online-resign', () => this.askSure('resign'), true),
      rematch: button('online-rematch', () => this.ask('offer', 'rematch')),
      leave: button('online-leave', leave, true),
    };
    this.rows = el('div', { className: 'online-players' }, this.players.blue.row, this.players.red.row);
    const { abort, resign, ...routine } = this.buttons;
    this.ending = el('div', { className: 'online-ending' }, abort, resign);
    this.root = el('section', { className: 'panel online-bar', id: 'online-bar', hidden: true },
      el('h2', { className: 'online-title', id: 'online-title' }), this.tournament.root, this.rows, this.status, this.pending, this.offer,
      this.invite.wrap, el('div', { className: 'online-actions' }, Object.values(routine)), this.ending);
    this.root.setAttribute('aria-labelledby', 'online-title');
    before.before(this.root);
  }

  /**
   * A player's row: side, name, connection, clock.
   * @param {Side} side
   */
  playerRow(side) {
    const name = el('span', { className: 'online-name' });
    const rating = el('span', { className: 'online-rating' });
    const state = el('span', { className: 'online-presence' });
    const clock = el('span', { className: 'online-clock', role: 'timer' });
    const row = el('p', { className: 'online-player', dataset: { side } },
      el('span', { className: 'online-side', 'aria-hidden': 'true' }), name, rating, state, clock);
    return { row, name, rating, state, clock };
  }

  /**
   * Shows `game` (null: none).
   * @param {OnlineGame | null} game
   */
  setGame(game) {
    this.game = game;
    this.ratings.follow(game?.id ?? null);
    this.show();
  }

  /**
   * Asks the server for something of the game.
   * @param {string} type
   * @param {string} [offer]
   */
  ask(type, offer) {
    if (!this.game?.ask(type, offer)) this.status.textContent = t('online.notConnected');
  }

  /**
   * Asks the player once more, then the server, to end the game: 'resign' or 'abort'. Asked
   * only if the game can still end so when the player says yes.
   * @param {'resign' | 'abort'} type
   */
  async askSure(type) {
    this.sure = { type, moot: new AbortController() };
    const sure = await confirmAct({
      title: t(`online.confirm.${type}`),
      text: t(`online.confirm.${type}Text`),
      yes: t(`online.action.${type}`),
    }, this.sure.moot.signal);
    this.sure = null;
    if (sure && this.game?.view?.status !== 'over') this.ask(type);
  }

  /** @param {'accept' | 'decline'} answer */
  answer(answer) {
    const offer = this.game?.view?.offer;
    if (offer) this.ask(answer, offer.kind);
  }

  async share() {
    try {
      await navigator.share({ title: t('online.inviteTitle'), url: this.invite.field.value });
    } catch {
      // Closed without sharing: the link is still there to copy.
    }
  }

  /** Draws everything from the game's state, in the page's language. */
  show() {
    clearTimeout(this.timer);
    clearTimeout(this.claimTimer);
    const { game } = this;
    const view = game?.view;
    this.root.hidden = !game || !view;
    this.tournament.show(view ? game : null);
    if (!game || !view) {
      this.sure?.moot.abort();
      return;
    }
    const { seat } = game;
    const snapshot = game.owner.snapshot;
    const title = seat ? 'title' : 'watchingTitle';
    /** @type {HTMLElement} */ (this.root.querySelector('.online-title')).textContent = t(view.tournament ? `online.tournament.${title}` : `online.${title}`);
    // The side at the top of the board first.
    const top = snapshot?.flipped ? 'red' : 'blue';
    this.rows.replaceChildren(this.players[top].row, this.players[other(top)].row);
    for (const side of /** @type {Side[]} */ (['red', 'blue'])) {
      const player = view.players[side];
      const row = this.players[side];
      const you = seat === side;
      row.name.textContent = player ? (you ? t('online.you', { name: player.name }) : player.name) : t('online.emptySeat');
      if (player && this.ratings.of(side)?.bot) row.name.append(botTag());
      const presence = this.presence(side);
      const vacation = view.vacation?.[side];
      const state = [presence ? t(`online.presence.${presence}`) : '', vacation ? vacationText(vacation) : ''].filter(Boolean).join(' · ');
      this.showRating(side);
      row.state.textContent = state;
      row.row.dataset.connected = presence === 'connected' ? 'true' : presence === 'unknown' ? 'unknown' : 'false';
      row.row.setAttribute('aria-label', t('online.playerLabel', {
        Side: t(`Side.${side}`),
        name: player?.name ?? t('online.emptySeat'),
        state,
      }));
    }
    if (view.status === 'over') this.ratings.ended(view);
    this.showClocks();
    this.status.textContent = this.statusText();
    this.showPending();
    this.showOffer();
    this.showButtons();
  }

  /**
   * Whether `side`'s player is connected, as far as this page can tell: while the page itself
   * is cut off, it is reconnecting and knows nothing of the other. '' for an empty seat.
   * @param {Side} side
   * @returns {'connected' | 'away' | 'reconnecting' | 'unknown' | ''}
   */
  presence(side) {
    const { game } = this;
    const player = game?.view?.players[side];
    if (!game || !player) return '';
    if (game.connection !== 'open') return game.seat === side ? 'reconnecting' : 'unknown';
    return player.connected ? 'connected' : 'away';
  }

  /** The person's move on its way to the server: what it waits for, and Take back until it left. */
  showPending() {
    const pending = this.game?.shown ? this.game.owner.snapshot?.online?.pending : null;
    this.pending.hidden = !pending;
    if (!pending) return;
    const move = `${pending.from}–${pending.to}`;
    this.pendingText.textContent = t(pending.sent ? 'online.pending.sent' : 'online.pending.waiting', { move });
    this.pendingCancel.hidden = pending.sent;
    this.pendingCancel.textContent = t('online.pending.cancel');
  }

  /**
   * A member's rating beside the name ("1500?"), and the change once the game counted.
   * @param {Side} side
   */
  showRating(side) {
    const shown = this.ratings.of(side);
    const { rating } = this.players[side];
    if (!shown) {
      rating.replaceChildren();
      return;
    }
    const change = shown.change === null ? null
      : el('span', { className: 'online-rating-change', dataset: { sign: String(Math.sign(shown.change)) } }, changeText(shown.change));
    rating.replaceChildren(ratingText(shown), ...(change ? [' ', change] : []));
  }

  /** The line under the players. */
  statusText() {
    const { game } = this;
    const view = game?.view;
    if (!game || !view) return '';
    if (game.connection === 'lost') return t('online.reconnecting');
    if (game.connection === 'connecting') return t('online.connecting');
    if (view.status === 'open') return t(game.seat ? 'online.waiting' : 'online.openGame');
    if (view.status === 'over') return this.ratingChangeText();
    return game.seat ? t('online.youPlay', { Side: t(`Side.${game.seat}`) }) : t('online.watching');
  }

  /** "Your rating: 1500 → 1512 (+12)" once the player's rated game counted, else nothing. */
  ratingChangeText() {
    const seat = this.game?.seat;
    const shown = seat ? this.ratings.of(seat) : null;
    if (!shown || shown.change === null) return '';
    const after = ratingText({ rating: shown.rating + shown.change, provisional: shown.provisional });
    return t('online.ratingChange', { before: ratingText(shown), after, change: changeText(shown.change) });
  }

  /** The opponent's offer to answer, or one's own waiting. */
  showOffer() {
    const offer = this.game?.view?.offer;
    const seat = this.game?.seat;
    this.offer.hidden = !offer || !seat;
    if (!offer || !seat) return;
    const mine = offer.by === seat;
    this.offerText.textContent = t(mine ? `online.offered.${offer.kind}` : `online.offers.${offer.kind}`);
    for (const id of ['online-accept', 'online-decline']) {
      const answer = /** @type {HTMLElement} */ (this.offer.querySelector(`#${id}`));
      answer.hidden = mine;
      answer.textContent = t(id === 'online-accept' ? 'online.accept' : 'online.decline');
    }
  }

  /** The requests that apply now, and the invite link while the game waits. */
  showButtons() {
    const { game } = this;
    const view = game?.view;
    if (!game || !view) return;
    const { seat } = game;
    const playing = view.status === 'playing';
    const snapshot = game.owner.snapshot;
    const mineMoved = Boolean(snapshot?.history.some((entry) => entry.color === seat));
    // Offered exactly when the server grants it (claim.js), and shown the moment it does.
    const claimFrom = game.claimFrom();
    const wait = claimFrom === null ? null : claimFrom - performance.now();
    if (wait !== null && wait > 0) this.claimTimer = setTimeout(() => this.show(), wait);
    /** @type {Record<string, boolean>} */
    const shown = {
      draw: Boolean(seat) && playing,
      takeback: Boolean(seat) && playing && mineMoved,
      abort: Boolean(seat) && view.status !== 'over' && view.ply < 2 && !view.tournament,
      claim: wait !== null && wait <= 0,
      resign: Boolean(seat) && playing,
      rematch: Boolean(seat) && view.status === 'over' && !view.rematch && view.result?.reason !== 'aborted' && !view.tournament,
      leave: true,
    };
    for (const [name, element] of Object.entries(this.buttons)) {
      element.hidden = !shown[name];
      element.textContent = t(`online.action.${name}`);
    }
    this.ending.hidden = !shown.abort && !shown.resign;
    // An ending no longer on offer (the game ended, or both have moved for abort): not asked.
    if (this.sure && !shown[this.sure.type]) this.sure.moot.abort();
    this.invite.wrap.hidden = !(seat && view.status === 'open');
    this.inviteLabel.textContent = t('online.invite');
    const link = inviteLink(view.id);
    if (this.invite.field.value !== link) this.invite.set(link);
    if (this.shareButton) this.shareButton.textContent = t('online.share');
  }

  /** Both clocks, counted down between the server's messages. */
  showClocks() {
    const { game } = this;
    const view = game?.view;
    if (!game || !view) return;
    const timed = view.clock.kind !== 'none';
    const running = view.status === 'playing' ? game.clocks.running : null;
    for (const side of /** @type {Side[]} */ (['red', 'blue'])) {
      const { clock } = this.players[side];
      clock.hidden = !timed;
      if (!timed) continue;
      const left = game.timeLeft(side);
      const days = view.clock.kind === 'correspondence';
      clock.textContent = timeText(left, days);
      clock.dataset.running = String(running === side);
      clock.dataset.low = String(view.clock.kind === 'live' && left < 10_000);
      clock.setAttribute('aria-label', t(running === side ? 'clock.running' : 'clock.side', { Side: t(`Side.${side}`), time: timeText(left, days) }));
    }
    if (timed && running) this.timer = setTimeout(() => this.showClocks(), TICK_MS);
  }
}

/**
 * The link that opens game `id` on this page (to play its free seat, or to watch).
 * @param {string} id
 */
export function inviteLink(id) {
  const url = new URL(document.baseURI);
  url.search = `?online=${id}`;
  url.hash = '';
  return url.href;
}
