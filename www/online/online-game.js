// One online game on the page: its WebSocket (online-client.js) on one side, the game's owner
// (game-controller.js) on the other. The server's game is the truth: the board changes only
// through what the server says, handed to the owner's seat (game/online-seat.js): a `moved`
// is played, a whole game (`subscribed`, `state`) is brought in line move by move (or taken
// back, or started again when it differs), an ending other than on the board goes in. A
// person's move goes to the server (the seat's propose calls `send`) and comes back as `moved`.

import { t } from '../page/i18n.js';
import { awaySince, claimFrom } from './claim.js';
import { noticeYourMove } from './move-notice.js';
import { GameSocket, isToken } from '../server/online-client.js';
import { forgetSeat, keepSeat } from './online-seats.js';
import { afterMove } from './tournament-game.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('../game/types.js').Outcome} Outcome */
/** @typedef {import('../server/online-client.js').GameView} GameView */
/** @typedef {import('../server/online-client.js').ServerMessage} ServerMessage */
/** @typedef {import('../server/online-client.js').Clocks} Clocks */

/**
 * What the game tells the page: `changed()` after anything it shows changed; `refused(refusal)`
 * for a request the server refused; `moved(id)` when the game moved on to another one (the
 * rematch).
 * @typedef {object} OnlineHooks
 * @property {() => void} changed
 * @property {(refusal: import('../server/online-words.js').Refusal) => void} refused
 * @property {(id: string, token: string | null) => void} rematch
 * @property {(message: import('../server/online-client.js').ChatMessage) => void} chat a chat message
 *   (to a signed-in member only)
 */

/**
 * The server's result as the page's outcome.
 * @param {import('../server/online-client.js').Result} result
 * @returns {Outcome}
 */
function outcomeOf({ winner, reason }) {
  return { winner, reason };
}

/**
 * Who holds each seat of `view`, with a member's rating: from `ratings` (the game's own, once
 * asked for: game-ratings.js), else as the server's view gives it.
 * @param {GameView} view
 * @param {import('./game-ratings.js').Ratings | null} [ratings]
 * @returns {import('../game/types.js').OnlinePlayers}
 */
function playersOf(view, ratings = null) {
  const player = (/** @type {Side} */ side) => {
    const held = view.players[side];
    const rated = ratings?.[side];
    const rating = rated ? { rating: rated.rating, provisional: rated.provisional } : view[`${side}_rating`] ?? null;
    return held && Object.freeze({ name: held.name, rating });
  };
  return Object.freeze({ red: player('red'), blue: player('blue') });
}

export class OnlineGame {
  /**
   * Shows game `id` in `owner`, playing the seat of `token` (null: watching).
   * @param {GameController} owner
   * @param {string} id
   * @param {string | null} token
   * @param {OnlineHooks} hooks
   */
  constructor(owner, id, token, hooks) {
    this.owner = owner;
    this.id = id;
    this.token = token;
    this.hooks = hooks;
    /** @type {Side | null} the seat this page plays, once subscribed */
    this.seat = null;
    /** @type {GameView | null} the server's game as last heard */
    this.view = null;
    /** @type {Clocks & {at: number}} the clocks as last heard, and when (performance.now()) */
    this.clocks = { red: 0, blue: 0, running: null, at: 0 };
    /** @type {'connecting' | 'open' | 'lost'} */
    this.connection = 'connecting';
    /** @type {import('./claim.js').AwaySince} since when each player has been away, as last heard */
    this.away = { red: null, blue: null };
    /** @type {number | null} how long the player to move must be away before the win may be claimed (ms) */
    this.claimAfter = null;
    /** @type {import('./game-ratings.js').Ratings | null} the players' ratings, once asked for */
    this.ratings = null;
    this.stopFollowing = owner.subscribe((snapshot) => {
      // Another game on the board (New game, a link, a recent game…): this one is left.
      if (this.view && snapshot.online?.id !== this.id) this.close();
    });
    this.socket = new GameSocket(id, token, {
      message: (message) => this.receive(message),
      connection: (state) => {
        this.connection = state;
        hooks.changed();
      },
    });
  }

  /**
   * The players' ratings have come (game-ratings.js): the seats carry them.
   * @param {import('./game-ratings.js').Ratings | null} ratings
   */
  rated(ratings) {
    this.ratings = ratings;
    if (this.view && this.shown && this.seat !== null) this.owner.seat.seated(playersOf(this.view, ratings));
  }

  /** Whether the game is still on the board (not left for another). */
  get shown() {
    return this.owner.snapshot?.online?.id === this.id;
  }

  /**
   * A message of the server.
   * @param {ServerMessage} message
   */
  receive(message) {
    switch (message.type) {
      case 'subscribed':
        this.seat = message.seat;
        this.claimAfter = message.claim_after ?? null;
        if (isToken(this.token) && message.seat) keepSeat(this.id, this.token, message.seat);
        this.show(message.game);
        if (this.socket.resendPending(message.game.ply) && this.shown) this.owner.seat.sent();
        break;
      case 'state':
        this.show(message.game);
        break;
      case 'moved':
        this.moved(message);
        break;
      case 'presence':
        if (this.view) {
          const { red, blue } = this.view.players;
          this.view = { ...this.view, players: {
            red: red && { ...red, connected: message.red },
            blue: blue && { ...blue, connected: message.blue },
          } };
        }
        this.away = awaySince(message, message.away, performance.now());
        break;
      case 'rematch':
        this.follow(message.game);
        return;
      case 'error':
        this.refused(message, message.request);
        return;
      case 'chat_history':
      case 'chat':
      case 'chat_hidden':
        this.hooks.chat(message);
        return;
      default:
        return;
    }
    this.hooks.changed();
  }

  /**
   * A move of the server's game.
   * @param {Extract<ServerMessage, {type: 'moved'}>} message
   */
  moved({ ply, move, by, turn, status, clocks, result }) {
    if (!this.view) return;
    const { offer } = this.view;
    this.view = {
      ...this.view,
      ply: Math.max(this.view.ply, ply + 1),
      moves: this.view.moves.length === ply ? [...this.view.moves, move] : this.view.moves,
      turn,
      status: /** @type {GameView['status']} */ (status),
      clocks,
      result,
      // As on the server: a move withdraws every offer but its mover's own draw offer.
      offer: offer?.kind === 'draw' && offer.by === by ? offer : null,
      tournament: this.view.tournament && afterMove(this.view.tournament, ply, status),
    };
    this.clocks = { ...clocks, at: performance.now() };
    if (this.seat && by !== this.seat && turn === this.seat && status === 'playing') {
      const opponent = this.view.players[by]?.name;
      noticeYourMove(this.id, opponent ? t('yours.against', { name: opponent }) : t('yours.online'));
    }
    if (!this.shown) return;
    let answer;
    try {
      answer = this.owner.seat.play(ply, move);
    } catch {
      answer = 'gap';
    }
    // Out of step with the server: its whole game comes again with a new subscription.
    if (answer === 'gap') this.socket.reconnect();
    else if (result) this.owner.seat.end(outcomeOf(result));
  }

  /**
   * Brings the board in line with the server's whole game `view`.
   * @param {GameView} view
   */
  show(view) {
    this.view = view;
    this.clocks = { ...view.clocks, at: performance.now() };
    const { red, blue } = view.players;
    this.away = awaySince({ red: red?.connected ?? true, blue: blue?.connected ?? true },
      { red: red?.away, blue: blue?.away }, this.clocks.at);
    const snapshot = this.owner.snapshot;
    const moves = snapshot?.history.map((entry) => entry.move) ?? [];
    const same = (/** @type {number} */ n) => moves.slice(0, n).every((move, i) => move === view.moves[i]);
    const result = view.result && outcomeOf(view.result);
    try {
      if (snapshot?.online?.id === view.id && snapshot.online.seat === this.seat
        && snapshot.startFen === view.fen && same(Math.min(moves.length, view.moves.length))) {
        if (view.moves.length < moves.length) this.owner.seat.takeBack(view.moves.length);
        for (let ply = moves.length; ply < view.moves.length; ply++) this.owner.seat.play(ply, view.moves[ply]);
        this.owner.seat.seated(playersOf(view, this.ratings));
      } else {
        this.owner.startGame({
          rules: view.rules,
          fen: view.fen,
          moves: view.moves,
          online: {
            id: view.id,
            seat: this.seat,
            result,
            send: (move, ply) => this.socket.sendMove(move, ply),
            cancel: () => this.socket.cancelPending(),
            players: playersOf(view, this.ratings),
            tournament: view.tournament?.id ?? null,
          },
        });
      }
      if (result) this.owner.seat.end(result);
    } catch (error) {
      this.hooks.refused({ code: 'engine', message: String(error) });
    }
    if (view.rematch && this.seat) this.follow(view.rematch);
  }

  /**
   * A refusal of the server, of the request of type `request`.
   * @param {import('../server/online-words.js').Refusal} refusal
   * @param {string | null} request
   */
  refused(refusal, request) {
    if (request === 'subscribe' && refusal.code === 'bad_token') {
      // Not a seat of this game (any more): watch it instead.
      forgetSeat(this.id);
      this.token = null;
      this.socket.token = null;
      this.socket.reconnect();
      return;
    }
    if (request === 'move') {
      this.socket.pending = null;
      if (this.shown) this.owner.seat.drop();
    }
    this.hooks.refused(refusal);
  }

  /**
   * The rematch was agreed: its game `id` takes this one's place, with the same token.
   * @param {string} id
   */
  follow(id) {
    if (!this.shown || id === this.id) return;
    if (isToken(this.token)) keepSeat(id, this.token);
    this.hooks.rematch(id, this.token);
  }

  /**
   * From when (performance.now()) this page's player may claim the win, or null while they may
   * not (claim.js): only on an open connection.
   */
  claimFrom() {
    if (!this.view || this.connection !== 'open') return null;
    return claimFrom(this.view, this.seat, this.away, this.claimAfter);
  }

  /**
   * Asks the server for `type` (`resign`, `abort`, `offer`, `accept`, `decline`, `claim`),
   * with `offer` for the offers; false if there is no connection now.
   * @param {string} type
   * @param {string} [offer]
   */
  ask(type, offer) {
    return this.socket.sendNow(offer ? { type, offer } : { type });
  }

  /**
   * Says `text` in the game's chat; false if there is no connection now.
   * @param {string} text
   */
  say(text) {
    return this.socket.sendNow({ type: 'chat', text });
  }

  /**
   * Milliseconds left on `side`'s clock now, counted down from the server's last figure.
   * @param {Side} side
   */
  timeLeft(side, now = performance.now()) {
    const { clocks } = this;
    const spent = clocks.running === side ? now - clocks.at : 0;
    return Math.max(0, clocks[side] - spent);
  }

  /**
   * Milliseconds the side to move has left to make its first move before it loses by forfeit,
   * counted down from the server's last figure; null when no such time runs (a game of the
   * lobby, or both sides have moved).
   */
  noShowLeft(now = performance.now()) {
    const left = this.view?.status === 'playing' ? this.view.tournament?.no_show_left ?? null : null;
    return left === null ? null : Math.max(0, left - (now - this.clocks.at));
  }

  /** Leaves the game: no more messages, no more moves. */
  close() {
    this.socket.close();
    this.stopFollowing();
    this.hooks.changed();
  }
}
