// The game page: keeps the engine's game handle and connects the board, the controls, the
// panels and the AI. It holds no rules: legal moves, results and positions come from the engine.
// Besides `change`, it tells the page's other parts of each 'new-game', 'move' (detail: the
// history entry) and 'game-over' (detail: the outcome).

import { JungleGame } from '../jungle-web.js';
import { AiClient } from './ai-client.js';
import { Announcer } from './announcer.js';
import { Banner } from './banner.js';
import { BoardView } from './board-view.js';
import { characters, t } from './i18n.js';
import { MoveList } from './move-list.js';
import { moveSentence, outcomeText } from './notation.js';
import { animalTable } from './pieces.js';
import { listenToPointer } from './pointer-input.js';
import { SettingsForm } from './settings-form.js';
import { SquareGrid } from './square-grid.js';
import { squareIndex, squareName } from './squares.js';
import { StatusPanel } from './status-panel.js';

/** The longest the computer may think at each level, in milliseconds (levels 1–7 stop sooner). */
const THINK_MS = [1000, 1000, 1500, 2000, 3000, 3000, 4000, 5000];
/** The least time between a move and the computer's answer, so that people can follow. */
const ANSWER_PAUSE_MS = 450;
/** The same in computer-against-computer games, to let people watch. */
const WATCH_PAUSE_MS = 800;

const $ = (id) => document.getElementById(id);

export class App extends EventTarget {
  /**
   * `start` is {rules, fen, moves, settings} for the first game (any may be absent): the moves
   * are played from the position, the settings ({mode, side, level}) replace the defaults.
   * A `change` event follows every change of the game or the settings.
   */
  constructor(start) {
    super();
    this.start = start;
    this.settings = { mode: 'computer', side: 'red', level: 3, ...start.settings };
    this.flipped = this.settings.mode === 'computer' && this.settings.side === 'blue';
    /** While set, {activate(index), state(), leave()?} takes over the board (the editor, a review). */
    this.boardTool = null;
    /** A loss on time ({winner, reason: 'time', ply}), decided by the clocks (clock.js). */
    this.timeOut = null;
    this.selected = -1;
    this.targets = [];
    this.thinkToken = 0;
    this.view = new BoardView($('board-canvas'));
    this.grid = new SquareGrid($('squares'), {
      onActivate: (i) => this.activate(i),
      onCancel: () => this.clearSelection(true),
    });
    this.status = new StatusPanel({ status: $('status'), thinking: $('thinking'), notice: $('notice') });
    this.moves = new MoveList({ body: $('move-list'), takenByRed: $('taken-by-red'), takenByBlue: $('taken-by-blue') });
    this.banner = new Banner({ root: $('banner'), title: $('banner-title'), reason: $('banner-reason'), close: $('banner-close') });
    this.announcer = new Announcer($('announcer'));
    this.ai = new AiClient({ onTrouble: (message, retrying) => this.aiTrouble(message, retrying) });
    this.settingsForm = new SettingsForm({ form: $('settings'), toggle: $('settings-toggle') },
      (settings) => this.changeSettings(settings));
    this.settingsForm.write(this.settings);
    listenToPointer($('squares'), this.view, {
      pick: (i) => this.pick(i),
      tap: (i) => this.tap(i),
      drop: (from, to) => this.drop(from, to),
    });
    this.listenToButtons();
    this.newGame();
  }

  listenToButtons() {
    $('new-game').addEventListener('click', () => this.newGame());
    $('banner-new-game').addEventListener('click', () => this.newGame());
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    $('flip').addEventListener('click', () => this.flip());
    $('move-now').addEventListener('click', () => this.ai.moveNow());
    document.addEventListener('keydown', (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.target.closest('input, select, textarea')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) this.undo();
      else if (key === 'y' || (key === 'z' && event.shiftKey)) this.redo();
      else return;
      event.preventDefault();
    });
  }

  /** Starts a new game from the page's start position (a `fen` URL parameter, or the usual one). */
  newGame() {
    this.stopThinking();
    const previous = this.game;
    try {
      this.game = new JungleGame(this.start.rules ?? '', this.start.fen || undefined);
      for (const move of this.start.moves ?? []) this.game.play(move);
      this.status.showNotice(null);
    } catch (error) {
      const words = { fen: this.start.fen, error: error.message };
      this.status.showNotice(t(this.start.fen ? 'notice.badPosition' : 'notice.badRules', words));
      this.start = { rules: '', fen: '' };
      this.game = new JungleGame('', undefined);
    }
    this.start = { ...this.start, moves: [] }; // "New game" restarts from the position alone
    previous?.free();
    this.animals = animalTable(this.game.animals(), characters());
    this.terrain = this.game.terrain();
    this.lastMove = null;
    this.timeOut = null;
    this.clearSelection();
    this.ai.newGame();
    this.render();
    this.announcer.say(t('say.newGame', { turn: this.whoseTurnText() }));
    this.dispatchEvent(new Event('new-game'));
    this.continueGame();
  }

  /** The result once the game is over (the engine's, or a loss on time), else null. */
  outcome() {
    return this.game.outcome() ?? (this.timeOut?.ply === this.game.ply() ? this.timeOut : null);
  }

  /** Side `side` ran out of time (clock.js): the other side wins and the game stops. */
  loseOnTime(side) {
    if (this.outcome()) return;
    this.timeOut = { winner: side === 'red' ? 'blue' : 'red', reason: 'time', ply: this.game.ply() };
    this.stopThinking();
    this.clearSelection();
    this.render();
    this.announcer.say(this.whoseTurnText());
    this.dispatchEvent(new CustomEvent('game-over', { detail: this.timeOut }));
  }

  /** Writes everything again in the page's language (after a change of language). */
  relabel() {
    this.animals = animalTable(this.game.animals(), characters());
    this.render();
  }

  /** The computer moves for this side in the current mode. */
  isComputer(side) {
    const { mode } = this.settings;
    return mode === 'watch' || (mode === 'computer' && side !== this.settings.side);
  }

  isPlayersTurn() {
    return !this.outcome() && !this.isComputer(this.game.turn());
  }

  // --- Picking and moving pieces (pointer, keyboard) -----------------------------------

  /** A press on square `i`: picks up the player's piece there. True if a piece was picked up. */
  pick(i) {
    if (this.boardTool || !this.isPlayersTurn() || this.targets.includes(i)) return false;
    const destinations = this.game.movesFrom(squareName(i));
    if (destinations.length === 0) return false;
    this.selected = i;
    this.targets = destinations.map(squareIndex);
    this.renderBoard();
    return true;
  }

  /** A tap on square `i` that picked nothing up: moves there if it is a destination. */
  tap(i) {
    if (this.boardTool) this.boardTool.activate(i);
    else if (this.targets.includes(i)) this.playerMove(this.selected, i, true);
    else this.clearSelection(true);
  }

  /** A dragged piece let go over square `to`. */
  drop(from, to) {
    if (from === this.selected && this.targets.includes(to)) this.playerMove(from, to, false);
    else this.renderBoard();
  }

  /** Enter or Space on square `i`. */
  activate(i) {
    if (this.boardTool) this.boardTool.activate(i);
    else if (this.targets.includes(i)) this.playerMove(this.selected, i, true);
    else if (i === this.selected || !this.pick(i)) this.clearSelection(true);
  }

  clearSelection(render = false) {
    this.selected = -1;
    this.targets = [];
    if (render) this.renderBoard();
  }

  playerMove(from, to, slide) {
    if (!this.isPlayersTurn()) return;
    this.status.showNotice(null);
    this.play(from, to, slide);
  }

  play(from, to, slide) {
    const board = this.game.board();
    try {
      this.game.play(squareName(from) + squareName(to));
    } catch (error) {
      this.status.showNotice(error.message);
      return;
    }
    this.lastMove = { from, to };
    this.clearSelection();
    this.view.animateMove(from, to, board[from], board[to], slide);
    this.render();
    const history = this.game.history();
    const entry = history[history.length - 1];
    this.announcer.say(`${moveSentence(entry, this.animals)} ${this.whoseTurnText()}`);
    this.dispatchEvent(new CustomEvent('move', { detail: entry }));
    const outcome = this.outcome();
    if (outcome) this.dispatchEvent(new CustomEvent('game-over', { detail: outcome }));
    this.continueGame();
  }

  // --- The computer -------------------------------------------------------------------

  /** Lets the computer move if it is its turn. */
  continueGame() {
    if (this.boardTool || this.outcome() || !this.isComputer(this.game.turn())) return;
    const token = ++this.thinkToken;
    const turn = this.game.turn();
    const started = performance.now();
    const level = this.settings.level;
    const request = {
      rules: this.game.rules(),
      startFen: this.game.startFen(),
      moves: this.game.history().map((entry) => entry.move),
      level,
      movetimeMs: THINK_MS[level - 1],
      seed: Math.floor(Math.random() * 2 ** 32),
    };
    $('move-now').hidden = false;
    this.renderStatus();
    this.ai.think(request, (info) => {
      if (token === this.thinkToken) this.status.showThinking(info, turn);
    }).then(async (result) => {
      const pause = this.settings.mode === 'watch' ? WATCH_PAUSE_MS : ANSWER_PAUSE_MS;
      await new Promise((r) => setTimeout(r, pause - (performance.now() - started)));
      if (token !== this.thinkToken || !result.best) return;
      this.thinkToken++;
      this.thinkingDone();
      this.play(squareIndex(result.best.slice(0, 2)), squareIndex(result.best.slice(2)), true);
    }, (error) => {
      if (token !== this.thinkToken) return;
      this.thinkingDone();
      this.status.showNotice(t('notice.computerFailed', { error: error.message }));
    });
  }

  thinkingDone() {
    $('move-now').hidden = true;
    this.status.showThinking(null);
  }

  stopThinking() {
    this.thinkToken++;
    this.ai.cancel();
    this.thinkingDone();
  }

  aiTrouble(message, retrying) {
    this.status.showNotice(t(retrying ? 'notice.aiRestartedRetrying' : 'notice.aiRestarted', { error: message }));
    this.announcer.say(t('say.aiRestarted'));
  }

  // --- Undo, redo, flip, settings --------------------------------------------------------

  /** Whether there is a move to take back: against the computer, one of yours. */
  canUndo() {
    if (this.settings.mode === 'watch' || this.timeOut) return false;
    return this.game.history().some((entry) => !this.isComputer(entry.color));
  }

  /** Takes back a move; against the computer, back to before your last move. */
  undo() {
    if (!this.canUndo()) return;
    this.stopThinking();
    this.game.undo();
    if (this.settings.mode === 'computer') {
      while (this.game.ply() > 0 && this.isComputer(this.game.turn())) this.game.undo();
    }
    this.afterHistoryChange('say.undone');
  }

  /** Replays a move taken back; against the computer, its answer too. */
  redo() {
    if (!this.game.canRedo() || this.settings.mode === 'watch' || this.timeOut) return;
    this.stopThinking();
    this.game.redo();
    if (this.settings.mode === 'computer') {
      while (this.game.canRedo() && this.isComputer(this.game.turn()) && !this.game.outcome()) this.game.redo();
    }
    this.afterHistoryChange('say.redone');
  }

  /** `sentenceKey` is the i18n key of what happened. */
  afterHistoryChange(sentenceKey) {
    const history = this.game.history();
    const last = history[history.length - 1];
    this.lastMove = last ? { from: squareIndex(last.from), to: squareIndex(last.to) } : null;
    this.clearSelection();
    this.status.showNotice(null);
    this.render();
    this.announcer.say(t(sentenceKey, { turn: this.whoseTurnText() }));
    this.continueGame();
  }

  flip() {
    this.flipped = !this.flipped;
    this.renderBoard();
  }

  changeSettings(settings) {
    const sideChanged = settings.side !== this.settings.side || settings.mode !== this.settings.mode;
    this.settings = settings;
    if (sideChanged) this.flipped = settings.mode === 'computer' && settings.side === 'blue';
    this.stopThinking();
    this.clearSelection();
    this.render();
    this.continueGame();
  }

  // --- Showing the game ---------------------------------------------------------------------

  whoseTurnText() {
    const outcome = this.outcome();
    if (outcome) {
      const { title, reason } = this.outcomeWords(outcome);
      return /[!！]$/.test(title) ? `${title} ${reason}` : t('say.over', { title, reason });
    }
    const turn = this.game.turn();
    if (this.settings.mode === 'computer') return t(this.isComputer(turn) ? 'say.computerThinking' : `say.yourMove.${turn}`);
    return t(`say.toMove.${turn}`);
  }

  outcomeWords(outcome) {
    const history = this.game.history();
    const you = this.settings.mode === 'computer' ? this.settings.side : null;
    return outcomeText(outcome, history[history.length - 1], this.animals, you);
  }

  render() {
    this.renderBoard();
    this.renderStatus();
    this.moves.update(this.game.history(), this.animals);
    const watching = this.settings.mode === 'watch';
    $('undo').disabled = !this.canUndo();
    $('redo').disabled = watching || !this.game.canRedo() || Boolean(this.timeOut);
    const outcome = this.outcome();
    if (outcome) this.banner.show(this.outcomeWords(outcome), outcome.winner);
    else this.banner.reset();
    this.dispatchEvent(new Event('change'));
  }

  renderBoard() {
    if (this.boardTool) {
      const state = { ...this.boardTool.state(), flipped: this.flipped };
      this.view.update(state);
      this.grid.update(state);
      return;
    }
    const board = this.game.board();
    const state = {
      board,
      terrain: this.terrain,
      animals: this.animals,
      flipped: this.flipped,
      lastMove: this.lastMove,
      selected: this.selected,
      targets: this.targets,
    };
    this.view.update(state);
    this.grid.update(state);
    const root = $('board');
    root.dataset.ply = String(this.game.ply());
    root.dataset.turn = this.game.turn();
    root.dataset.over = this.outcome() ? 'yes' : 'no';
  }

  renderStatus() {
    const outcome = this.outcome();
    if (outcome) {
      $('hint').hidden = true;
      this.status.showOver(this.outcomeWords(outcome).title);
      return;
    }
    const turn = this.game.turn();
    $('hint').hidden = this.game.ply() > 0 || !this.isPlayersTurn();
    let who = '';
    if (this.settings.mode === 'computer') who = t(this.isComputer(turn) ? 'status.computerThinking' : 'status.yourMove');
    else if (this.settings.mode === 'watch') who = t('status.thinking');
    this.status.showTurn(turn, who);
  }
}
