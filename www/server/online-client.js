// Talking to the game server of the page's own origin (jungle-server, src/server/play/protocol.rs):
// its REST endpoints, and one game's WebSocket that comes back by itself after a lost
// connection (a phone in a tunnel, a restarted server) and sends again a move that was not
// acknowledged (the server plays a move sent twice once).

/** @typedef {import('../game/types.js').Side} Side */

/**
 * How a game is timed, as the server writes it.
 * @typedef {{kind: 'none'} | {kind: 'live', seconds: number, increment: number} | {kind: 'correspondence', days: number}} ClockSpec
 */
/** @typedef {{red: number, blue: number, running: Side | null}} Clocks milliseconds left when sent */
/** @typedef {{winner: Side | null, reason: string, score: string}} Result */
/** @typedef {{name: string, connected: boolean, away?: number}} Player `away`: ms without a connection when sent (0 while connected) */

/**
 * A whole game (the server's GameView).
 * @typedef {object} GameView
 * @property {string} id
 * @property {string} rules
 * @property {string} fen the start position
 * @property {string[]} moves
 * @property {number} ply
 * @property {Side} turn
 * @property {'open' | 'playing' | 'over'} status
 * @property {{red: Player | null, blue: Player | null}} players
 * @property {ClockSpec} clock
 * @property {Clocks} clocks
 * @property {{kind: string, by: Side} | null} offer
 * @property {Result | null} result
 * @property {string | null} rematch
 * @property {number} created
 * @property {boolean} [rated]
 * @property {TournamentBoard | null} [tournament] the tournament board it is played for (null: a game of the lobby)
 * @property {{red: number | null, blue: number | null}} [vacation] until when each seat's member is on vacation (ms; their correspondence clock stands)
 * @property {Shown | null} [red_rating] red's rating, when a member holds the seat (as a listed game's)
 * @property {Shown | null} [blue_rating]
 */

/**
 * The tournament board a game is played for: the tournament, round and board, the no-show
 * time, and the time the side to move has left to make its first move (milliseconds when
 * sent; null once both sides have moved).
 * @typedef {{id: string, name: string, round: number, board: number, no_show_ms: number, no_show_left: number | null}} TournamentBoard
 */

/**
 * A game of a list (lobby, live games, archive).
 * @typedef {object} Listed
 * @property {string} id
 * @property {string | null} red
 * @property {string | null} blue
 * @property {string} rules
 * @property {ClockSpec} clock
 * @property {number} ply
 * @property {Result | null} result
 * @property {number} created
 * @property {number} updated
 * @property {boolean} [rated] whether it counts in the members' ratings
 * @property {'no-moves' | 'same-pair' | null} [uncounted] why a finished rated game did not count
 * @property {Shown | null} [red_rating] red's rating, when a member holds the seat
 * @property {Shown | null} [blue_rating]
 */

/** @typedef {{rating: number, provisional: boolean}} Shown a member's rating in a game's rules */

/** @typedef {{id: string, token: string, color: Side}} Seated */

/**
 * A message of the server on a game's WebSocket.
 * @typedef {{type: 'subscribed', seat: Side | null, game: GameView, claim_after?: number}
 *   | {type: 'state', game: GameView}
 *   | {type: 'moved', ply: number, move: string, by: Side, turn: Side, status: string, clocks: Clocks, result: Result | null}
 *   | {type: 'ack', ply: number, move: string, duplicate: boolean}
 *   | {type: 'presence', red: boolean, blue: boolean, away?: {red: number, blue: number}}
 *   | {type: 'rematch', game: string}
 *   | {type: 'error', code: string, message: string, request: string | null, params?: Record<string, unknown>}
 *   | {type: 'pong'}
 *   | ChatMessage} ServerMessage
 */

/** @typedef {{id: string, author: string, text: string, at: number}} ChatLine a chat message (text only) */

/**
 * A message of a game's chat, to a signed-in member: what was said so far, a new message, a
 * message an admin hid.
 * @typedef {{type: 'chat_history', room: 'players' | 'spectators', messages: ChatLine[]}
 *   | {type: 'chat', room: 'players' | 'spectators', message: ChatLine}
 *   | {type: 'chat_hidden', room: 'players' | 'spectators', id: string}} ChatMessage
 */

/** The shape of a game id (src/server/game/token.rs). */
const GAME_ID = /^[a-km-np-z2-9]{12}$/;
/** The shape of a seat token. */
const TOKEN = /^[0-9a-f]{48}$/;
/** In place of a token: the seat the signed-in member holds, taken by the session cookie (another device). */
export const MEMBER_SEAT = 'member';

/**
 * Whether `text` has the shape of a game id.
 * @param {unknown} text
 * @returns {text is string}
 */
export function isGameId(text) {
  return typeof text === 'string' && GAME_ID.test(text);
}

/**
 * Whether `text` has the shape of a seat token.
 * @param {unknown} text
 * @returns {text is string}
 */
export function isToken(text) {
  return typeof text === 'string' && TOKEN.test(text);
}

/**
 * A refusal of the server: its code (`full`, `rate_limited`, …), English message and the code's
 * parameters (src/server/error.rs).
 */
export class ServerError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {Record<string, unknown>} [params]
   */
  constructor(code, message, params = {}) {
    super(message);
    this.code = code;
    this.params = params;
  }
}

/**
 * The address of `path` on the page's own server.
 * @param {string} path like `api/lobby`
 */
function apiUrl(path) {
  return new URL(path, document.baseURI);
}

/**
 * Asks the server; the answer's JSON (null for none), or a ServerError (`network` when there
 * is no answer).
 * @param {string} path
 * @param {unknown} [body] sent as JSON
 * @param {string} [method] GET without a body, else POST unless given
 * @param {Record<string, string>} [headers] more headers (a seat's token)
 */
export async function request(path, body, method = body === undefined ? 'GET' : 'POST', headers = {}) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(apiUrl(path), body === undefined
      ? { method, cache: 'no-store', headers }
      : { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    throw new ServerError('network', String(error));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ServerError(data?.code ?? 'http', data?.message ?? `HTTP ${response.status}`, data?.params);
  return data;
}

/**
 * The first wait before connecting again, in milliseconds: behind a load balancer another
 * instance takes the page at once, and the player's move waits meanwhile. Doubled at each
 * failure.
 */
const FIRST_RETRY_MS = 250;
/** The longest wait between two tries to connect again, in milliseconds. */
const MAX_BACKOFF_MS = 15_000;
/** A ping this often keeps the connection through proxies that close quiet ones. */
const PING_MS = 25_000;

/**
 * The subscribe message for a seat's `token` (or MEMBER_SEAT; null to watch).
 * @param {string | null} token
 */
function subscription(token) {
  if (token === MEMBER_SEAT) return { type: 'subscribe', member: true };
  return token ? { type: 'subscribe', token } : { type: 'subscribe' };
}

/**
 * The WebSocket of one game: subscribes (with the seat's token, or none to watch) each time it
 * connects, connects again after a loss with a growing wait, and keeps the move sent until the
 * server acknowledges it, to send it again with the same ply after a reconnection.
 */
export class GameSocket {
  /**
   * @param {string} id the game
   * @param {string | null} token the seat's token, or null to watch
   * @param {{message: (message: ServerMessage) => void, connection: (state: 'connecting' | 'open' | 'lost') => void}} events
   */
  constructor(id, token, events) {
    this.id = id;
    this.token = token;
    this.events = events;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.tries = 0;
    this.closed = false;
    /**
     * The move played and not acknowledged yet, and whether it left the page (then it may have
     * reached the server, and is no longer the page's to take back).
     * @type {{ply: number, move: string, sent: boolean} | null}
     */
    this.pending = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retry = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pinger = undefined;
    /** Whether a connection was ever made (after one, a retry still counts as lost). */
    this.opened = false;
    this.onOnline = () => {
      if (this.socket?.readyState !== WebSocket.OPEN) this.reconnect();
    };
    addEventListener('online', this.onOnline);
    this.connect();
  }

  connect() {
    clearTimeout(this.retry);
    if (this.closed) return;
    const url = apiUrl(`api/games/${this.id}/ws`);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (!this.opened) this.events.connection('connecting');
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.sendNow(subscription(this.token));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.sendNow({ type: 'ping' }), PING_MS);
    });
    socket.addEventListener('message', ({ data }) => {
      /** @type {ServerMessage | null} */
      let message;
      try {
        message = JSON.parse(String(data));
      } catch {
        return; // not the server's: nothing to do with it
      }
      if (!message || typeof message !== 'object') return;
      if (message.type === 'subscribed') {
        this.tries = 0;
        this.opened = true;
        this.events.connection('open');
      }
      if (message.type === 'ack' && this.pending?.ply === message.ply) this.pending = null;
      this.events.message(message);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      clearInterval(this.pinger);
      this.socket = null;
      if (this.closed) return;
      this.events.connection('lost');
      const wait = Math.min(MAX_BACKOFF_MS, FIRST_RETRY_MS * 2 ** this.tries) * (0.75 + Math.random() / 2);
      this.tries++;
      this.retry = setTimeout(() => this.connect(), wait);
    });
  }

  /** Connects again at once (the network is back, or messages were missed). */
  reconnect() {
    if (this.closed) return;
    const old = this.socket;
    this.socket = null;
    old?.close();
    this.tries = 0;
    this.connect();
  }

  /**
   * Sends `message` if the connection is open; false if it is not (it is then not sent).
   * @param {Record<string, unknown>} message
   */
  sendNow(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Plays `move` after `ply` moves: sent now if connected, and again after each reconnection
   * until acknowledged (resendPending).
   * @param {string} move
   * @param {number} ply
   */
  sendMove(move, ply) {
    const sent = this.sendNow({ type: 'move', ply, move });
    this.pending = { ply, move, sent };
    return sent;
  }

  /** Forgets the move played if it has not left the page yet: true if it had not. */
  cancelPending() {
    if (!this.pending || this.pending.sent) return false;
    this.pending = null;
    return true;
  }

  /**
   * After subscribing to a game at `ply` moves: sends the move not acknowledged again if the
   * game still waits for it (true then), forgets it if the game went past it.
   * @param {number} ply
   */
  resendPending(ply) {
    const { pending } = this;
    if (!pending) return false;
    if (pending.ply !== ply) {
      this.pending = null;
      return false;
    }
    const { move } = pending;
    const sent = this.sendNow({ type: 'move', ply, move });
    if (sent) this.pending = { ply, move, sent };
    return sent;
  }

  /** Closes the connection for good. */
  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.pinger);
    removeEventListener('online', this.onOnline);
    const { socket } = this;
    this.socket = null;
    socket?.close();
  }
}
