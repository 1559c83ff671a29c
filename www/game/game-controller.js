// The owner of the game: the only code that changes the game, its settings or what has taken
// the board over. Every change is one call into the engine (which returns the new position),
// and then one immutable snapshot published to every subscriber. Views render snapshots and
// ask the owner for changes; nobody else holds the engine's game. What the settings become is
// settings.js's to say; this page's seat in an online game (its moves to and from the server)
// is online-seat.js's, reached as `owner.seat`: both change the game through the owner.

import { JungleGame, loadToolEngine } from './engine.js';
import { premoveFate, premoveSide } from './premove.js';
import { GameSettings, changedSettings, isComputer, startFlipped } from './settings.js';
import { Seat } from './online-seat.js';
import { destinations } from './destinations.js';

/** @typedef {import('./types.js').Snapshot} Snapshot */
/** @typedef {import('./types.js').Change} Change */
/** @typedef {import('./types.js').Settings} Settings */
/** @typedef {import('./types.js').BoardTool} BoardTool */
/** @typedef {import('./types.js').GameStart} GameStart */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').EngineView} EngineView */
/** @typedef {import('./types.js').EngineGame} EngineGame */
/** @typedef {import('./types.js').HistoryEntry} HistoryEntry */
/** @typedef {import('./types.js').TimeOut} TimeOut */
/** @typedef {import('./types.js').WaitingGame} WaitingGame */
/** @typedef {import('./engine.js').AnalysisTree} AnalysisTree */
/** @typedef {Omit<Snapshot, 'outcome' | 'canUndo' | 'canRedo'>} Position A snapshot but what derived() adds */

/**
 * Whether `snapshot` is the player's own game on this device (not a puzzle, not online, not
 * the analysis board).
 * @param {Snapshot} snapshot
 */
export function isOwnGame(snapshot) {
  return !snapshot.puzzle && !snapshot.online && !snapshot.analysis;
}

/**
 * How the other parts of the page (the clocks) keep their state with a game set aside:
 * `save()` their state now, `restore(data, pausedAt)` it back (save-game.js).
 * @typedef {{save: () => Record<string, unknown>, restore: (data: Record<string, unknown>, pausedAt: string) => void}} Extras
 */

export class GameController {
  /** @param {{extras?: Extras}} [options] */
  constructor({ extras = { save: () => ({}), restore: () => {} } } = {}) {
    this.extras = extras;
    /** @type {Set<(snapshot: Snapshot, change: Change) => void>} */
    this.listeners = new Set();
    /** @type {JungleGame | null} */
    this.game = null;
    /**
     * The analysis board's tree of moves, while the board is one.
     * @type {AnalysisTree | null}
     */
    this.tree = null;
    /** @type {Snapshot | null} */
    this.current = null;
    this.games = 0;
    this.positions = 0;
    /**
     * A loss on time, decided by the clocks.
     * @type {TimeOut | null}
     */
    this.timeOut = null;
    /**
     * A second engine game with the moves of this one, to look at its earlier positions
     * (viewPly); made on first use, dropped when the position changes.
     * @type {JungleGame | null}
     */
    this.viewer = null;
    /**
     * An end the players declared: a resignation or a draw agreed (resign, agreeDraw).
     * @type {import('./types.js').Declared | null}
     */
    this.declared = null;
    /**
     * Snapshots still to be told to the listeners, the one being told first.
     * @type {[Snapshot, Change][]}
     */
    this.queue = [];
    this.settings = new GameSettings();
    /** This page's seat in the online game shown: its moves to and from the server. */
    this.seat = new Seat(this);
  }

  /** The snapshot now (null before the first game). */
  get snapshot() {
    return this.current;
  }

  /**
   * The snapshot and the engine's game now: changes come after the first game.
   * @returns {{current: Snapshot, game: JungleGame}}
   */
  started() {
    if (!this.current || !this.game) throw new Error('GameController: no game started yet');
    return { current: this.current, game: this.game };
  }

  /**
   * Calls `listener(snapshot, change)` after every change; returns the way to stop.
   * @param {(snapshot: Snapshot, change: Change) => void} listener
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts a game: `fen` (or the usual start) under `rules`, then `moves`; `settings` over
   * the ones in force. Throws the engine's error, changing nothing, if the game is not valid.
   * @param {GameStart} start
   */
  startGame(start = {}) {
    this.begin(start, null);
  }

  /**
   * Starts puzzle `id`: the position `fen` under `rules`, played by two people on this device
   * (the puzzle answers for the defender), seen from the side to move. The snapshot names the
   * puzzle, so that it is not kept as the player's game (save-game.js). Throws like startGame.
   * @param {{id: string, rules: string, fen: string}} puzzle
   */
  startPuzzle({ id, rules, fen }) {
    this.begin({ rules, fen, settings: { mode: 'people' } }, id);
  }

  /**
   * Opens the analysis board on the game `fen` (or the usual start) under `rules` with
   * `moves`, its main line: moves are then played freely for both sides into a tree of side
   * lines (analysisPlay…), and the player's own game waits as for a puzzle. Throws the
   * engine's error, changing nothing, if the game is not valid. The tree's code comes from the
   * AI's module (loadToolEngine).
   * @param {{rules?: string, fen?: string, moves?: string[]}} start
   */
  async startAnalysis({ rules = '', fen = '', moves = [] }) {
    const { AnalysisTree } = await loadToolEngine();
    const tree = new AnalysisTree(rules, fen, moves);
    this.openTree(tree);
  }

  /**
   * Opens the analysis board on a record with side lines (AnalysisTree.fromRecord). Throws
   * the engine's `record.…` refusal, changing nothing, if it cannot be read.
   * @param {string} text
   */
  async openAnalysisRecord(text) {
    const { AnalysisTree } = await loadToolEngine();
    this.openTree(AnalysisTree.fromRecord(text));
  }

  /**
   * Shows `tree` on the analysis board, its cursor where it stands.
   * @param {AnalysisTree} tree
   */
  openTree(tree) {
    /** @type {import('./types.js').TreeView} */
    const view = tree.view();
    try {
      this.begin({ rules: tree.rules(), fen: tree.startFen(), moves: view.line, settings: { mode: 'people' } }, null, null, tree);
    } catch (error) {
      tree.free();
      throw error;
    }
  }

  /** Leaves the analysis board: back to the player's game that waits, or a new one. */
  leaveAnalysis() {
    if (!this.current?.analysis) return;
    if (!this.resume()) this.newGame();
  }

  /**
   * A change of the analysis tree, `change(tree)` returning its view: the board then shows
   * the position at the tree's cursor.
   * @param {(tree: AnalysisTree) => import('./types.js').TreeView} change
   */
  changeTree(change) {
    const { current } = this.started();
    if (!this.tree || !current.analysis) return false;
    const view = change(this.tree);
    const game = new JungleGame(current.rules, current.startFen || undefined);
    /** @type {EngineGame} */
    const there = game.replay(view.line);
    this.game?.free();
    this.game = game;
    const history = Object.freeze(there.history.map((entry) => Object.freeze(entry)));
    this.publish({ analysis: Object.freeze(view) }, there, history, { type: 'analysis' });
    return true;
  }

  /**
   * Steps on the analysis board: back (-1), forward along the main continuation (1), to the
   * start (-2) or to the end of the line (2).
   * @param {-2 | -1 | 1 | 2} how
   */
  analysisStep(how) {
    return this.changeTree((tree) => tree.step(how));
  }

  /**
   * Goes to the move `node` of the analysis tree.
   * @param {number} node
   */
  analysisGo(node) {
    return this.changeTree((tree) => tree.go(node));
  }

  /** Promotes the line shown one level (a side line becomes the main continuation). */
  analysisPromote() {
    return this.changeTree((tree) => tree.promote());
  }

  /** Deletes the move shown and every move after it. */
  analysisDelete() {
    return this.changeTree((tree) => tree.deleteLine());
  }

  /**
   * How the analysis board's game ends after `moves` from its start (the end of the tree's
   * main line), or null when it goes on there.
   * @param {string[]} moves
   * @returns {import('./types.js').Outcome | null}
   */
  analysisEnd(moves) {
    const { current } = this.started();
    const game = new JungleGame(current.rules, current.startFen || undefined);
    try {
      return /** @type {EngineGame} */ (game.replay(moves)).outcome;
    } finally {
      game.free();
    }
  }

  /** The analysis tree as a record with side lines ('' when the board is not one). */
  analysisRecord() {
    return this.current?.analysis && this.tree ? this.tree.record() : '';
  }

  /**
   * Brings the player's own game back (set aside by a puzzle or an online game) as it was:
   * moves, settings, clocks and the board's side. False if no game waits.
   */
  resume() {
    const waiting = this.current?.waiting;
    if (!waiting) return false;
    this.begin(waiting.game, null, waiting);
    this.extras.restore(waiting.extra, waiting.pausedAt);
    return true;
  }

  /**
   * Whether something else may take the board: every way to start something else asks this
   * first (the online seat asks the player before an online game in progress is left).
   */
  mayLeave() {
    return this.seat.mayLeave();
  }

  /**
   * `snapshot` as a game set aside, with the other parts' state now.
   * @param {Snapshot} snapshot
   * @returns {WaitingGame}
   */
  setAside(snapshot) {
    return Object.freeze({
      game: Object.freeze({
        rules: snapshot.rules,
        fen: snapshot.startFen,
        moves: snapshot.history.map((entry) => entry.move),
        settings: snapshot.settings,
      }),
      extra: this.extras.save(),
      flipped: snapshot.flipped,
      pausedAt: new Date().toISOString(),
      turn: snapshot.turn,
      ply: snapshot.ply,
      outcome: snapshot.outcome,
    });
  }

  /**
   * startGame, for a game (`puzzle` null) or a puzzle; `returning` the waiting game brought back.
   * The player's own game is set aside while a puzzle or an online game is shown, and is
   * replaced only by another game of their own.
   * @param {GameStart} start
   * @param {string | null} puzzle
   * @param {WaitingGame | null} [returning]
   * @param {AnalysisTree | null} [tree] the tree when the analysis board opens
   */
  begin({ rules = '', fen = '', moves = [], settings = {}, online }, puzzle, returning = null, tree = null) {
    const game = new JungleGame(rules, fen || undefined);
    /** @type {EngineGame} */
    let view;
    try {
      view = game.replay(moves);
    } catch (error) {
      game.free();
      throw error;
    }
    this.game?.free();
    this.game = game;
    if (this.tree !== tree) this.tree?.free();
    this.tree = tree;
    /** @type {import('./types.js').TreeView | null} */
    const analysis = tree && tree.view();
    this.timeOut = null;
    this.declared = null;
    const previous = this.current;
    const away = Boolean(puzzle || online || analysis);
    const own = previous && isOwnGame(previous);
    const waiting = !away ? null : own ? this.setAside(previous) : previous?.waiting ?? null;
    const merged = this.settings.start(previous, Boolean(own), settings, { seat: online?.seat, keep: !puzzle && !analysis });
    const flipped = returning ? returning.flipped : puzzle ? view.turn === 'blue'
      : analysis ? previous?.flipped ?? false : startFlipped(previous, merged);
    const history = Object.freeze(view.history.map((entry) => Object.freeze(entry)));
    this.publish({
      game: ++this.games,
      rules: view.rules,
      startFen: view.startFen,
      terrain: view.terrain,
      weakening: view.weakening,
      animals: Object.freeze(view.animals.map((animal) => Object.freeze(animal))),
      settings: merged,
      flipped,
      tool: null,
      online: this.seat.connect(online),
      puzzle,
      analysis: analysis && Object.freeze(analysis),
      waiting,
    }, view, history, returning ? { type: 'new-game', returned: true } : { type: 'new-game' });
  }

  /**
   * A new game of the player's own: from the start of this one, or, from a puzzle or an
   * online game, from the usual start under the rules of the game that waits; `settings`
   * over the ones in force (a rematch at another level, a game by two after an online one).
   * @param {Partial<Settings>} [settings]
   */
  newGame(settings = {}) {
    const { current } = this.started();
    if (isOwnGame(current)) this.startGame({ rules: current.rules, fen: current.startFen, settings });
    else this.startGame({ rules: current.waiting?.game.rules ?? '', settings });
  }

  /**
   * Plays `move` (like `a3a4`). Throws the engine's error, changing nothing, if it is not
   * legal now; false if the game is over (on time) and nothing was played.
   * @param {string} move
   */
  play(move) {
    if (this.current?.analysis) return this.changeTree((tree) => tree.play(move));
    return this.playWith(move, {});
  }

  /**
   * play, with `fields` of the snapshot changed too.
   * @param {string} move
   * @param {Partial<Snapshot>} fields
   */
  playWith(move, fields) {
    const { current, game } = this.started();
    if (current.outcome) return false;
    /** @type {EngineView} */
    const view = game.play(move);
    const entry = Object.freeze(/** @type {HistoryEntry} */ (view.played));
    const history = Object.freeze([...current.history, entry]);
    const queued = current.premove;
    const fate = queued && premoveFate(queued, { legal: view.legal, over: Boolean(view.outcome), entry });
    const dropped = fate === 'taken' || fate === 'illegal' ? fate : undefined;
    this.publish(fields, view, history, { type: 'move', entry, dropped });
    if (queued && fate === 'play') this.playPremove(queued.move);
    return true;
  }

  /**
   * The premove queued, now that the turn has come and it is legal: played, or online sent.
   * @param {string} move
   */
  playPremove(move) {
    if (this.current?.online) this.seat.propose(move);
    else this.play(move);
  }

  /**
   * Queues `move` (like `a3a4`) as the person's premove during the opponent's turn, in place
   * of any other: the board shows it, and it is played when the turn comes if it is legal
   * then (playWith). False, changing nothing, if premoves are not for now or it is not one of
   * the piece's premoves.
   * @param {string} move
   */
  premove(move) {
    const { current } = this.started();
    const from = move.slice(0, 2);
    const to = move.slice(2);
    if (!premoveSide(current) || !current.premovesFrom(from).includes(to)) return false;
    this.republish({ premove: Object.freeze({ move, from, to }) }, { type: 'premove' });
    return true;
  }

  /** Drops the premove queued, if any (right-click, Escape): true if there was one. */
  cancelPremove() {
    if (!this.current?.premove) return false;
    this.republish({ premove: null }, { type: 'premove' });
    return true;
  }

  /** Takes back a move; against the computer, back to before your last move. */
  undo() {
    const { current, game } = this.started();
    if (current.analysis) {
      this.analysisStep(-1);
      return;
    }
    if (!current.canUndo) return;
    if (this.declared) {
      this.takeBackDeclared();
      return;
    }
    const { settings } = current;
    /** @type {EngineView} */
    let view = game.undo();
    while (settings.mode === 'computer' && view.ply > 0 && isComputer(settings, view.turn)) view = game.undo();
    this.publish({}, view, Object.freeze(current.history.slice(0, view.ply)), { type: 'undo' });
  }

  /** Replays a move taken back; against the computer, its answer too. */
  redo() {
    const { current, game } = this.started();
    if (current.analysis) {
      this.analysisStep(1);
      return;
    }
    if (!current.canRedo) return;
    const { settings } = current;
    /** @type {HistoryEntry[]} */
    const added = [];
    /** @type {EngineView} */
    let view = game.redo();
    if (view.played) added.push(Object.freeze(view.played));
    while (settings.mode === 'computer' && view.canRedo && !view.outcome && isComputer(settings, view.turn)) {
      view = game.redo();
      if (view.played) added.push(Object.freeze(view.played));
    }
    this.publish({}, view, Object.freeze([...current.history, ...added]), { type: 'redo' });
  }

  /**
   * Changes who plays and the computer's level (kept for the next games too); values that
   * are not valid are ignored.
   * @param {Partial<Record<keyof Settings, unknown>>} settings
   */
  setSettings(settings) {
    this.republish(changedSettings(this.started().current, settings), { type: 'settings' });
  }

  /** Turns the board round. */
  flip() {
    this.republish({ flipped: !this.started().current.flipped }, { type: 'flip' });
  }

  /**
   * Lets `tool` take the board over (null gives it back to the game); the same tool again
   * says that its view changed. A tool that sees another in a snapshot (or none) has been left.
   * @param {BoardTool | null} tool
   */
  setTool(tool) {
    this.republish({ tool }, { type: 'tool' });
  }

  /**
   * Looks at the position after the first `ply` moves of the game (a review): every view then
   * shows it (the snapshot's `view`), while the game itself stays as it is; null goes back to
   * the game now. A ply outside the game is brought within it.
   * @param {number | null} ply
   */
  viewPly(ply) {
    const { current } = this.started();
    if (ply === null) {
      if (current.view) this.republish({ view: null }, { type: 'view' });
      return;
    }
    const { history } = current;
    const at = Math.max(0, Math.min(history.length, Math.trunc(ply) || 0));
    if (!this.viewer) {
      this.viewer = new JungleGame(current.rules, current.startFen);
      this.viewer.replay(history.map((entry) => entry.move));
    }
    const fenBefore = at > 0 ? /** @type {EngineView} */ (this.viewer.goTo(at - 1)).fen : null;
    /** @type {EngineView} */
    const there = this.viewer.goTo(at);
    const last = history[at - 1];
    this.republish({
      view: Object.freeze({
        ply: at,
        board: there.board,
        turn: there.turn,
        fen: there.fen,
        fenBefore,
        history: Object.freeze(history.slice(0, at)),
        lastMove: last ? Object.freeze({ from: last.from, to: last.to }) : null,
        outcome: at === history.length ? current.outcome : null,
      }),
    }, { type: 'view' });
  }

  /**
   * Side `side` ran out of time (the clocks): the other side wins and the game stops.
   * @param {Side} side
   */
  loseOnTime(side) {
    const { current } = this.started();
    if (current.outcome) return;
    this.timeOut = { winner: side === 'red' ? 'blue' : 'red', reason: 'time', ply: current.ply };
    this.republish({}, { type: 'time' });
  }

  /**
   * Side `side` resigns (two people on one device): the other side wins. Undo takes it back.
   * @param {Side} side
   */
  resign(side) {
    this.declare({ winner: side === 'red' ? 'blue' : 'red', reason: 'resignation' });
  }

  /** The players agreed to a draw. Undo takes it back. */
  agreeDraw() {
    this.declare({ winner: null, reason: 'agreement' });
  }

  /**
   * Ends the game as the players declared (`{winner, reason}`), unless it is over.
   * @param {{winner: Side | null, reason: 'resignation' | 'agreement'}} end
   */
  declare({ winner, reason }) {
    const { current } = this.started();
    if (current.outcome) return;
    this.declared = Object.freeze({ winner, reason, ply: current.ply });
    this.republish({}, { type: 'declared' });
  }

  /** Takes back a resignation or a draw agreed: the game goes on where it stood. */
  takeBackDeclared() {
    this.declared = null;
    this.republish({}, { type: 'undo' });
  }

  /**
   * The next snapshot: `fields` over the current ones, the position unchanged.
   * @param {Partial<Snapshot>} fields
   * @param {{type: Change['type']}} change
   */
  republish(fields, change) {
    const { current } = this.started();
    this.emit(Object.freeze({ ...current, ...fields, ...this.derived({ ...current, ...fields }) }), change);
  }

  /**
   * The next snapshot after the engine's `view` of a new position and its `history`.
   * `fields` are what a new game sets (everything but the position); other changes keep the
   * current snapshot's.
   * @param {Partial<Snapshot>} fields
   * @param {EngineView} view
   * @param {readonly HistoryEntry[]} history
   * @param {Omit<Change, 'previous' | 'ended'>} change
   */
  publish(fields, view, history, change) {
    const last = history.at(-1);
    this.viewer?.free();
    this.viewer = null;
    /** @type {Position} */
    const position = /** @type {Position} */ ({
      ...this.current,
      ...fields,
      position: ++this.positions,
      board: view.board,
      turn: view.turn,
      ply: view.ply,
      fen: view.fen,
      history,
      lastMove: last ? Object.freeze({ from: last.from, to: last.to }) : null,
      engineOutcome: view.outcome && Object.freeze(view.outcome),
      engineCanRedo: view.canRedo,
      movesFrom: destinations(view.legal),
      premovesFrom: destinations(view.premoves),
      premove: null,
      view: null,
    });
    this.emit(Object.freeze({ ...position, ...this.derived(position) }), change);
  }

  /**
   * What follows from the rest: the outcome (on time too), what may be taken back or replayed,
   * and the premove, kept only while premoves are for now (the game goes on, no tool or review).
   * @param {Position} position
   * @returns {Pick<Snapshot, 'outcome' | 'canUndo' | 'canRedo' | 'premove'>}
   */
  derived(position) {
    const { engineOutcome, engineCanRedo, ply, settings, history, online, premove } = position;
    const timeOut = this.timeOut?.ply === ply ? this.timeOut : null;
    const declared = this.declared?.ply === ply ? this.declared : null;
    const outcome = engineOutcome ?? (timeOut && Object.freeze({ winner: timeOut.winner, reason: 'time' }))
      ?? (declared && Object.freeze({ winner: declared.winner, reason: declared.reason })) ?? online?.result ?? null;
    const open = settings.mode !== 'watch' && settings.mode !== 'online' && !this.timeOut;
    return {
      outcome,
      canUndo: position.analysis ? position.analysis.canBack
        : open && (Boolean(declared) || history.some((entry) => !isComputer(settings, entry.color))),
      canRedo: position.analysis ? position.analysis.canForward : open && engineCanRedo,
      premove: premove && premoveSide({ ...position, outcome }) ? premove : null,
    };
  }

  /**
   * Makes `snapshot` current and tells every listener. A change asked for by a listener while
   * they are being told is told after, so that every listener sees the snapshots in order.
   * @param {Snapshot} snapshot
   * @param {Omit<Change, 'previous' | 'ended'>} change
   */
  emit(snapshot, change) {
    const previous = this.current;
    this.current = snapshot;
    const ended = ['move', 'time', 'declared', 'result'].includes(change.type) && Boolean(snapshot.outcome);
    this.queue.push([snapshot, Object.freeze({ ...change, previous, ended })]);
    if (this.queue.length > 1) return;
    while (this.queue.length) {
      const [next, told] = this.queue[0];
      for (const listener of [...this.listeners]) {
        try {
          listener(next, told);
        } catch (error) {
          // One broken view must not stop the others: the error is thrown on its own.
          queueMicrotask(() => { throw error; });
        }
      }
      this.queue.shift();
    }
  }
}
