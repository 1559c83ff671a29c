// The seat of this page in the online game shown: a person's move goes to the server and
// shows as on its way until the server plays it, and what the server says (a move, a
// takeback, an ending) comes onto the board. The game's owner (game-controller.js) keeps it as
// `owner.seat` and connects it at each game; every change still goes out through the owner's
// snapshots, so that the board shows the server's game and nothing else.

/** @typedef {import('./types.js').Snapshot} Snapshot */
/** @typedef {import('./types.js').EngineView} EngineView */
/** @typedef {import('./types.js').Outcome} Outcome */
/** @typedef {import('./types.js').PendingMove} PendingMove */
/** @typedef {import('./game-controller.js').GameController} GameController */

/** Nobody seated yet. @type {import('./types.js').OnlinePlayers} */
const NO_PLAYERS = Object.freeze({ red: null, blue: null });

export class Seat {
  /** @param {GameController} owner */
  constructor(owner) {
    this.owner = owner;
    /**
     * How a person's move reaches the server (the game's `online.send`).
     * @type {((move: string, ply: number) => boolean) | null}
     */
    this.send = null;
    /**
     * How a move sent is taken back before it left the page (the game's `online.cancel`).
     * @type {(() => boolean) | null}
     */
    this.cancelSend = null;
    /**
     * Asked before an online game in progress is left for something else (true: leave).
     * @type {((snapshot: Snapshot) => Promise<boolean>) | null}
     */
    this.leaveQuestion = null;
  }

  /**
   * The ways to the server of the game that starts; the snapshot's `online` (null when the
   * game is not online).
   * @param {import('./types.js').OnlineStart} [online]
   */
  connect(online) {
    this.send = online?.send ?? null;
    this.cancelSend = online?.cancel ?? null;
    if (!online) return null;
    const { id, seat, result = null, players = NO_PLAYERS, tournament = null } = online;
    return Object.freeze({ id, seat, result, pending: null, players, tournament });
  }

  /**
   * Who holds the seats now (a player joined, or the server said more of them).
   * @param {import('./types.js').OnlinePlayers} players
   */
  seated(players) {
    const online = this.owner.snapshot?.online;
    if (!online || JSON.stringify(online.players) === JSON.stringify(players)) return;
    this.owner.republish({ online: Object.freeze({ ...online, players }) }, { type: 'players' });
  }

  /**
   * Whether something else may take the board: true unless an online game this page plays is
   * in progress and the player, asked (setLeaveQuestion), chose to stay.
   * @returns {Promise<boolean>}
   */
  async mayLeave() {
    const snapshot = this.owner.snapshot;
    if (!snapshot?.online?.seat || snapshot.outcome || !this.leaveQuestion) return true;
    return this.leaveQuestion(snapshot);
  }

  /**
   * How mayLeave asks (null: it does not ask).
   * @param {((snapshot: Snapshot) => Promise<boolean>) | null} question
   */
  setLeaveQuestion(question) {
    this.leaveQuestion = question;
  }

  /**
   * A person's move: if it is theirs to play and legal, it goes to the server, and the board
   * changes only when the server has played it (play). True if it was sent.
   * @param {string} move
   */
  propose(move) {
    const { current } = this.owner.started();
    const { online, turn } = current;
    if (!online || !this.send || current.outcome || online.seat !== turn || online.pending) return false;
    const from = move.slice(0, 2);
    const to = move.slice(2);
    if (!current.movesFrom(from).includes(to)) return false;
    const sent = this.send(move, current.ply);
    this.setPending(Object.freeze({ move, from, to, ply: current.ply, sent }));
    return true;
  }

  /** The move on its way left the page (the connection came back). */
  sent() {
    const pending = this.owner.snapshot?.online?.pending;
    if (pending && !pending.sent) this.setPending(Object.freeze({ ...pending, sent: true }));
  }

  /** Takes back the person's move that has not left the page yet: true if it was. */
  cancel() {
    const pending = this.owner.snapshot?.online?.pending;
    if (!pending || pending.sent || !this.cancelSend?.()) return false;
    this.setPending(null);
    return true;
  }

  /** The server refused the move on its way: the board shows its game again. */
  drop() {
    if (this.owner.snapshot?.online?.pending) this.setPending(null);
  }

  /**
   * The move on its way (null: none).
   * @param {PendingMove | null} pending
   */
  setPending(pending) {
    const { current } = this.owner.started();
    if (!current.online) return;
    this.owner.republish({ online: Object.freeze({ ...current.online, pending }) }, { type: 'pending' });
  }

  /**
   * A move the server played at `ply` (moves before it): 'played' when it was the next one,
   * 'known' when the board has it already, 'gap' when the board is not where the server's game
   * was (messages were missed: subscribe again). Throws the engine's error, changing nothing,
   * if the engine refuses it.
   * @param {number} ply
   * @param {string} move
   * @returns {'played' | 'known' | 'gap'}
   */
  play(ply, move) {
    const { current } = this.owner.started();
    if (!current.online) return 'gap';
    if (ply < current.ply) return current.history[ply].move === move ? 'known' : 'gap';
    if (ply > current.ply) return 'gap';
    // The move on its way, or another the server played at its place: it is on its way no more.
    return this.owner.playWith(move, noPending(current)) ? 'played' : 'gap';
  }

  /**
   * The server took moves back (an accepted takeback): back to `ply` moves.
   * @param {number} ply
   */
  takeBack(ply) {
    const { current, game } = this.owner.started();
    if (!current.online || ply >= current.ply || ply < 0) return;
    /** @type {EngineView} */
    let view = game.undo();
    while (view.ply > ply) view = game.undo();
    this.owner.publish(noPending(current), view, Object.freeze(current.history.slice(0, view.ply)), { type: 'undo' });
  }

  /**
   * The server ended the game other than on the board (time, resignation, agreement, abort,
   * abandonment).
   * @param {Outcome} result
   */
  end(result) {
    const { current } = this.owner.started();
    if (!current.online || current.outcome) return;
    this.owner.republish({ online: Object.freeze({ ...current.online, result: Object.freeze({ ...result }) }) }, { type: 'result' });
  }
}

/**
 * The fields that clear the move on its way in `snapshot`, if there is one.
 * @param {Snapshot} snapshot
 * @returns {Partial<Snapshot>}
 */
function noPending({ online }) {
  return online?.pending ? { online: Object.freeze({ ...online, pending: null }) } : {};
}
