// The game page: the board, its controls and the panels beside it, drawn from the snapshots
// of the game's owner (game-controller.js), and the player's moves on the board (board.js)
// turned into requests to it. It holds no rules: legal moves, results and positions come from
// the engine through the owner; the computer is a player of its own (computer-player.js).

import { Announcer } from '../page/announcer.js';
import { afterGame } from './after-game.js';
import { Banner } from './banner.js';
import { Board } from '../board/board.js';
import { ComputerPlayer, showsItsSearch } from '../game/computer-player.js';
import { byId } from '../page/dom.js';
import { isComputer } from '../game/settings.js';
import { characters, errorText, language, onLanguageChange, t } from '../page/i18n.js';
import { MoveList } from './move-list.js';
import { NewGameChooser } from './new-game-chooser.js';
import { opponentText } from './opponent.js';
import { PlayComputer } from './play-computer.js';
import { moveSentence, moveText, numberedMove, outcomeText } from '../page/notation.js';
import { premoveSide } from '../game/premove.js';
import { animalTable } from '../page/pieces.js';
import { SettingsForm } from './settings-form.js';
import { destinationsByIndex, squareIndex, squareName } from '../board/squares.js';
import { StatusPanel } from './status-panel.js';

/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Change} Change */
/** @typedef {import('../game/types.js').Settings} Settings */
/** @typedef {import('../game/types.js').SearchInfo} SearchInfo */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('../page/pieces.js').AnimalTable} AnimalTable */
/** @typedef {import('../game/game-controller.js').GameController} GameController */

/**
 * Whether a person is to move in `snapshot` (not the computer, and the game goes on); online,
 * only the person of the seat to move, on its page.
 * @param {Snapshot} snapshot
 */
function playersTurn(snapshot) {
  // A move on its way to the server is the seat's move: no other is picked meanwhile.
  if (snapshot.online) return !snapshot.outcome && !snapshot.online.pending && snapshot.online.seat === snapshot.turn;
  return !snapshot.outcome && !isComputer(snapshot.settings, snapshot.turn);
}

/**
 * The banner's words for the end of the game.
 * @param {Snapshot & {outcome: import('../game/types.js').Outcome}} snapshot a game over
 * @param {AnimalTable} animals
 */
function outcomeWords(snapshot, animals) {
  const { settings, history, outcome, online } = snapshot;
  // The player's own page says "You win!" or "You lost"; a spectator's names the winner.
  const you = settings.mode === 'computer' ? settings.side : online?.seat ?? null;
  return outcomeText(outcome, history.at(-1), animals, you);
}

/**
 * "Red to move", "Your move", or the result, for screen readers.
 * @param {Snapshot} snapshot
 * @param {AnimalTable} animals
 */
function whoseTurnText(snapshot, animals) {
  if (snapshot.outcome) {
    const { title, reason } = outcomeWords({ ...snapshot, outcome: snapshot.outcome }, animals);
    return /[!！]$/.test(title) ? `${title} ${reason}` : t('say.over', { title, reason });
  }
  const { turn, settings, online } = snapshot;
  if (settings.mode === 'computer') return t(isComputer(settings, turn) ? 'say.computerThinking' : `say.yourMove.${turn}`);
  return t(online?.seat === turn ? `say.yourMove.${turn}` : `say.toMove.${turn}`);
}

/** No piece may be picked up. @type {import('../board/board.js').Dests} */
const NO_MOVES = new Map();
/** The destinations of each position (by its snapshots' `movesFrom` or `premovesFrom`), worked out once. */
const DESTINATIONS = new WeakMap();

/**
 * The board's destinations of `movesFrom`, worked out once.
 * @param {(square: string) => string[]} movesFrom
 */
function destinationsOf(movesFrom) {
  let dests = DESTINATIONS.get(movesFrom);
  if (!dests) {
    dests = destinationsByIndex(movesFrom);
    DESTINATIONS.set(movesFrom, dests);
  }
  return dests;
}

/**
 * Where the player may move on the board in `snapshot`, when no tool has the board: on their
 * turn, or a premove during the opponent's.
 * @param {Snapshot} snapshot
 */
function playersMoves(snapshot) {
  if (snapshot.tool) return NO_MOVES;
  if (playersTurn(snapshot)) return destinationsOf(snapshot.movesFrom);
  return premoveSide(snapshot) ? destinationsOf(snapshot.premovesFrom) : NO_MOVES;
}

/**
 * "Rat g3–g4" for the premove `premove` in the position `board`.
 * @param {import('../game/types.js').Premove} premove
 * @param {string} board
 * @param {AnimalTable} animals
 */
function premoveText({ from, to }, board, animals) {
  return moveText({ from, to, piece: board[squareIndex(from)] }, animals);
}

/**
 * What the board shows of `snapshot`: its position, or with the person's online move on its
 * way already made (the server has not played it yet).
 * @param {Snapshot} snapshot
 * @returns {{board: string, lastMove: import('../game/types.js').Move | null}}
 */
function withPending(snapshot) {
  const pending = snapshot.online?.pending;
  if (!pending) return snapshot;
  const cells = [...snapshot.board];
  const [from, to] = [squareIndex(pending.from), squareIndex(pending.to)];
  cells[to] = cells[from];
  cells[from] = '.';
  return { board: cells.join(''), lastMove: { from: pending.from, to: pending.to } };
}

export class App {
  /**
   * `owner` is the game's owner; the App draws each of its snapshots and asks it for moves.
   * @param {GameController} owner
   */
  constructor(owner) {
    this.owner = owner;
    /** @type {readonly import('../game/types.js').EngineAnimal[] | null} the engine's animals `animals` was made from */
    this.animalSource = null;
    /** @type {AnimalTable} */
    this.animals = {};
    // A tool that has the board (the editor) is told the squares chosen.
    this.board = new Board(byId('board'), {
      onMove: (from, to) => this.playerMove(from, to),
      onSquare: (square) => this.game.tool?.activate(square),
      onCancel: () => owner.cancelPremove(),
    });
    this.status = new StatusPanel({ status: byId('status'), opponent: byId('opponent'), thinking: byId('thinking'), notice: byId('notice') });
    this.moves = new MoveList({
      body: byId('move-list'),
      takenByRed: byId('taken-by-red'),
      takenByBlue: byId('taken-by-blue'),
      // A move picked in the list is looked at (a review opens on it), unless a tool such as
      // the editor has the board.
      onPick: (/** @type {number} */ ply) => {
        const { tool } = this.game;
        if (!tool || tool.name === 'review') owner.viewPly(ply);
      },
    });
    this.banner = new Banner({
      root: byId('banner'),
      title: byId('banner-title'),
      reason: byId('banner-reason'),
      close: byId('banner-close'),
      review: byId('banner-review'),
      rematch: byId('banner-rematch'),
      levelDown: byId('banner-level-down'),
      levelUp: byId('banner-level-up'),
      lobby: byId('banner-lobby'),
      newGame: byId('banner-new-game'),
    });
    /**
     * What the page can do after a game, once its parts are in: open the review, the lobby.
     * @type {{review: (() => void) | null, lobby: (() => void) | null}}
     */
    this.ways = { review: null, lobby: null };
    this.chooser = new NewGameChooser();
    this.playComputer = new PlayComputer(owner, {
      button: byId('play-computer'),
      level: /** @type {HTMLSelectElement} */ (byId('play-level')),
      levels: /** @type {HTMLSelectElement} */ (/** @type {HTMLFormElement} */ (byId('settings')).elements.namedItem('level')),
    });
    this.announcer = new Announcer(byId('announcer'));
    this.computer = new ComputerPlayer(owner, {
      started: () => { byId('move-now').hidden = false; },
      progress: (/** @type {SearchInfo} */ info, /** @type {Side} */ side) => {
        const watched = this.owner.snapshot && showsItsSearch(this.owner.snapshot.settings);
        this.status.showThinking(watched ? info : null, side);
      },
      stopped: () => {
        byId('move-now').hidden = true;
        this.status.showThinking(null);
      },
      trouble: (/** @type {string} */ message, /** @type {boolean} */ retrying) => {
        this.status.showNotice(t(retrying ? 'notice.aiRestartedRetrying' : 'notice.aiRestarted', { error: message }));
        this.announcer.say(t('say.aiRestarted'));
      },
      failed: (/** @type {string} */ message) => this.status.showNotice(t('notice.computerFailed', { error: message })),
    });
    this.settingsForm = new SettingsForm({ form: /** @type {HTMLFormElement} */ (byId('settings')), toggle: byId('settings-toggle') },
      (settings) => owner.setSettings(settings));
    this.listenToButtons();
    owner.subscribe((snapshot, change) => this.show(snapshot, change));
    this.relabel();
    onLanguageChange(() => this.relabel());
  }

  /** The game now (for the tests and the browser console). */
  get snapshot() {
    return this.owner.snapshot;
  }

  /** The game now, for what people do on the board: only after the first game has started. */
  get game() {
    return this.owner.started().current;
  }

  /**
   * Shows `text` as a notice under the status (null hides it).
   * @param {string | null} text
   */
  notice(text) {
    this.status.showNotice(text);
  }

  /**
   * Says `text` to screen readers.
   * @param {string} text
   */
  say(text) {
    this.announcer.say(text);
  }

  /**
   * Moves the keyboard focus to square `index`.
   * @param {number} index
   */
  focusSquare(index) {
    this.board.focus(index);
  }

  /**
   * Gives the page's ways after a game (the review, the lobby) as its parts come in.
   * @param {Partial<App['ways']>} ways
   */
  offer(ways) {
    Object.assign(this.ways, ways);
    if (this.snapshot) this.render(this.snapshot);
  }

  /**
   * New game: after an online game, a question what to start (the computer, a friend, online);
   * else a game like this one. `settings` over this game's (a rematch at another level).
   * @param {Partial<Settings>} [settings]
   */
  async newGame(settings = {}) {
    const { owner } = this;
    if (owner.snapshot?.online) {
      const choice = await this.chooser.ask(Boolean(this.ways.lobby));
      if (choice === 'online') this.ways.lobby?.();
      else if (choice && await owner.mayLeave()) owner.newGame({ mode: choice });
      return;
    }
    if (await owner.mayLeave()) owner.newGame(settings);
  }

  listenToButtons() {
    const { owner } = this;
    byId('new-game').addEventListener('click', () => this.newGame());
    byId('banner-new-game').addEventListener('click', () => this.newGame());
    byId('banner-rematch').addEventListener('click', () => this.newGame());
    for (const id of ['banner-level-down', 'banner-level-up']) {
      const button = byId(id);
      button.addEventListener('click', () => this.newGame({ mode: 'computer', level: Number(button.dataset.level) }));
    }
    byId('banner-review').addEventListener('click', () => this.ways.review?.());
    byId('banner-lobby').addEventListener('click', () => this.ways.lobby?.());
    byId('undo').addEventListener('click', () => owner.undo());
    byId('redo').addEventListener('click', () => owner.redo());
    byId('flip').addEventListener('click', () => owner.flip());
    byId('move-now').addEventListener('click', () => this.computer.moveNow());
    document.addEventListener('keydown', (event) => {
      // Escape drops the premove, unless it closes a dialog or leaves a field.
      if (event.key === 'Escape' && !(event.target instanceof Element && event.target.closest('input, select, textarea, dialog'))) {
        owner.cancelPremove();
      }
      if (!(event.ctrlKey || event.metaKey) || (event.target instanceof Element && event.target.closest('input, select, textarea'))) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) owner.undo();
      else if (key === 'y' || (key === 'z' && event.shiftKey)) owner.redo();
      else return;
      event.preventDefault();
    });
  }

  /** Draws everything again, in the page's language and piece style. */
  relabel() {
    this.animalSource = null;
    byId('how-to-play').setAttribute('href', `www/guide.html?lang=${language()}`);
    if (this.snapshot) this.render(this.snapshot);
  }

  // --- The player's moves ------------------------------------------------------------------

  /**
   * Plays the player's move from square `from` to `to` (one the board was given as legal).
   * @param {number} from
   * @param {number} to
   */
  playerMove(from, to) {
    const move = squareName(from) + squareName(to);
    if (!playersTurn(this.game)) {
      this.owner.premove(move);
      return;
    }
    this.status.showNotice(null);
    try {
      // Online, the move goes to the server; the board shows it when the server has played it.
      if (this.game.online) this.owner.seat.propose(move);
      else this.owner.play(move);
    } catch (error) {
      this.status.showNotice(errorText(error));
    }
  }

  // --- Showing the game ---------------------------------------------------------------------

  /**
   * Shows snapshot `snapshot` after `change`: the board, panels, words for screen readers.
   * @param {Snapshot} snapshot
   * @param {Change} change
   */
  show(snapshot, change) {
    if (change.type === 'new-game') {
      this.animalSource = null;
      this.status.showNotice(null);
    }
    const animals = this.animalsOf(snapshot);
    const { entry, previous } = change;
    // A move that was shown on its way is on the board already: it does not slide again.
    const slides = change.type === 'move' && Boolean(entry) && previous?.online?.pending?.move !== entry?.move;
    this.render(snapshot, slides);
    /** @type {Partial<Record<Change['type'], () => string>>} */
    const words = {
      'new-game': () => t('say.newGame', { turn: whoseTurnText(snapshot, animals) }),
      move: () => `${entry ? moveSentence(entry, animals) : ''} ${whoseTurnText(snapshot, animals)}`,
      undo: () => t('say.undone', { turn: whoseTurnText(snapshot, animals) }),
      redo: () => t('say.redone', { turn: whoseTurnText(snapshot, animals) }),
      time: () => whoseTurnText(snapshot, animals),
      // A step on the analysis board: the move arrived at, then whose turn it is.
      analysis: () => {
        const last = snapshot.history.at(-1);
        return `${last ? moveSentence(last, animals) : ''} ${whoseTurnText(snapshot, animals)}`;
      },
      result: () => whoseTurnText(snapshot, animals),
    };
    const said = words[change.type];
    if (said) this.announcer.say(said());
    if (change.type === 'premove') this.announcer.say(this.premoveWords(snapshot, animals));
    if (change.dropped && previous?.premove) {
      const move = premoveText(previous.premove, previous.board, animals);
      this.status.showNotice(t(`premove.dropped.${change.dropped}`, { move }));
    }
    if (change.type === 'undo' || change.type === 'redo') this.status.showNotice(null);
  }

  /**
   * What a screen reader hears when the premove of `snapshot` is queued or cancelled.
   * @param {Snapshot} snapshot
   * @param {AnimalTable} animals
   */
  premoveWords({ premove, board }, animals) {
    return premove ? t('say.premove', { move: premoveText(premove, board, animals) }) : t('say.premoveCancelled');
  }

  /**
   * The animals of `snapshot`'s rules, named in the page's language.
   * @param {Snapshot} snapshot
   */
  animalsOf(snapshot) {
    if (this.animalSource !== snapshot.animals) {
      this.animalSource = snapshot.animals;
      this.animals = animalTable(snapshot.animals, characters());
    }
    return this.animals;
  }

  /**
   * @param {Snapshot} snapshot
   * @param {boolean} [slides] whether the board shows its last move sliding in
   */
  render(snapshot, slides = false) {
    const animals = this.animalsOf(snapshot);
    this.renderBoard(snapshot, slides);
    this.renderStatus(snapshot, animals);
    const { outcome, view } = snapshot;
    this.moves.update(snapshot.history, animals, view ? view.ply : snapshot.history.length);
    /** @type {HTMLButtonElement} */ (byId('undo')).disabled = !snapshot.canUndo;
    /** @type {HTMLButtonElement} */ (byId('redo')).disabled = !snapshot.canRedo;
    if (view) this.banner.conceal(); // the board belongs to the position looked at
    else if (outcome) {
      const ways = { review: Boolean(this.ways.review), lobby: Boolean(this.ways.lobby) };
      this.banner.show(outcomeWords({ ...snapshot, outcome }, animals), outcome.winner, afterGame(snapshot, ways));
    } else this.banner.reset();
    this.status.showOpponent(opponentText(snapshot));
    this.playComputer.show(snapshot);
  }

  /**
   * @param {Snapshot} snapshot
   * @param {boolean} slides
   */
  renderBoard(snapshot, slides) {
    const shown = snapshot.view ?? (snapshot.tool ? snapshot.tool.view() : withPending(snapshot));
    const pending = snapshot.view || snapshot.tool ? null : snapshot.online?.pending;
    const { premove } = snapshot;
    this.board.set({
      position: shown.board,
      terrain: snapshot.terrain,
      weakening: snapshot.weakening,
      animals: this.animalsOf(snapshot),
      flipped: snapshot.flipped,
      dests: playersMoves(snapshot),
      free: Boolean(snapshot.tool),
      lastMove: shown.lastMove && { from: squareIndex(shown.lastMove.from), to: squareIndex(shown.lastMove.to) },
      pending: pending ? { square: squareIndex(pending.to), label: t('online.sending') } : null,
      premove: premove && { from: squareIndex(premove.from), to: squareIndex(premove.to) },
    }, { animate: slides });
    const root = byId('board');
    root.dataset.ply = String(snapshot.ply);
    root.dataset.turn = snapshot.turn;
    root.dataset.over = snapshot.outcome ? 'yes' : 'no';
  }

  /**
   * @param {Snapshot} snapshot
   * @param {AnimalTable} animals
   */
  renderStatus(snapshot, animals) {
    this.settingsForm.write(snapshot.settings);
    const { view } = snapshot;
    if (view) {
      // An earlier position of the game, looked at in a review: its side to move, or the result.
      byId('hint').hidden = true;
      if (view.outcome) this.status.showOver(outcomeWords({ ...snapshot, outcome: view.outcome }, animals).title, view.outcome.winner);
      else {
        // The move looked at, numbered as the move list and the review number it.
        const last = view.history.at(-1);
        this.status.showTurn(view.turn, last ? t('status.reviewing', { move: numberedMove(last, animals) }) : t('status.reviewingStart'));
      }
      return;
    }
    const { outcome } = snapshot;
    if (outcome) {
      byId('hint').hidden = true;
      this.status.showOver(outcomeWords({ ...snapshot, outcome }, animals).title, outcome.winner);
      return;
    }
    const { turn, settings } = snapshot;
    byId('hint').hidden = snapshot.ply > 0 || !playersTurn(snapshot);
    let who = '';
    if (settings.mode === 'computer') who = t(isComputer(settings, turn) ? 'status.computerThinking' : 'status.yourMove');
    else if (settings.mode === 'watch') who = t('status.thinking');
    else if (snapshot.online?.pending) who = t('online.sendingMove');
    else if (snapshot.online?.seat) who = t(snapshot.online.seat === turn ? 'status.yourMove' : 'online.theirMove');
    if (snapshot.premove) who = t('status.premove', { who, move: premoveText(snapshot.premove, snapshot.board, animals) });
    this.status.showTurn(turn, who);
  }
}
