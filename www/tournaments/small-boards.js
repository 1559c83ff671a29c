// The games of a tournament's current round as small boards beside its standings, in a wide
// embedded frame (embed-live.js loads this module only then). Each board is a link that opens
// the game to watch; it is the board's canvas alone (board-canvas.js: no squares to press,
// nothing to pick up), kept live by the game's WebSocket as a spectator (online-client.js),
// and the engine turns the server's moves into positions.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { BoardCanvas } from '../board/board-canvas.js';
import { animalTable } from '../page/pieces.js';
import { SQUARE_COUNT, squareIndex } from '../board/squares.js';
import { JungleGame, startEngine } from '../game/engine.js';
import { el } from '../page/dom.js';
import { characters, t } from '../page/i18n.js';
import { GameSocket } from '../server/online-client.js';
import { pageAddress } from '../page/page-address.js';
import { boardsToWatch, nameOf } from './tournament-tables.js';
import { resultText } from './tournament-view.js';

/**
 * @typedef {import('./tournament-tables.js').Tournament} Tournament
 * @typedef {import('./tournament-tables.js').Pairing} Pairing
 * @typedef {import('../server/online-client.js').GameView} GameView
 * @typedef {import('../server/online-client.js').ServerMessage} ServerMessage
 * @typedef {import('../game/types.js').Side} Side
 */

/** The most boards shown: each holds a WebSocket, of which an address may open 100 (--connections-per-ip). */
const MAX_BOARDS = 12;

/**
 * How a game stands, as its board's words say it.
 * @typedef {{turn: Side, over: boolean, result: string | null}} Standing
 */

/**
 * The result of a finished game as a tournament writes it (`red`, `blue`, `draw`), or null.
 * @param {GameView['result']} result
 */
function resultOf(result) {
  if (!result) return null;
  return result.winner ?? (result.score === '1/2-1/2' ? 'draw' : null);
}

/**
 * Move `text` (`a3a4`) as squares.
 * @param {string} text
 */
function squaresOf(text) {
  return { from: squareIndex(text.slice(0, 2)), to: squareIndex(text.slice(2, 4)) };
}

/** One game of the round: its canvas in a link, following the game. */
class SmallBoard {
  /**
   * @param {string} id the game
   */
  constructor(id) {
    const canvas = el('canvas', { 'aria-hidden': 'true' });
    this.names = el('span', { className: 'small-board-names' });
    this.state = el('span', { className: 'small-board-state' });
    this.link = el('a', { href: pageAddress(location.href, 'watch', id), target: '_blank', rel: 'noopener', className: 'small-board', dataset: { game: id } },
      canvas, this.names, this.state);
    this.item = el('li', {}, this.link);
    const empty = '.'.repeat(SQUARE_COUNT);
    this.canvas = new BoardCanvas(canvas, {
      board: empty, terrain: empty, weakening: empty, animals: {}, flipped: false,
      lastMove: null, selected: -1, targets: [], pending: null, premove: null,
    });
    /** @type {JungleGame | null} */
    this.game = null;
    this.ply = 0;
    /** @type {Standing | null} null until the server has told */
    this.standing = null;
    /** @type {{pairing: Pairing, red: string, blue: string} | null} */
    this.seats = null;
    this.socket = new GameSocket(id, null, { message: (message) => this.heard(message), connection: () => {} });
  }

  /**
   * The tournament's view of the game: its board, players and result.
   * @param {Pairing} pairing
   * @param {Tournament} tournament
   */
  seat(pairing, tournament) {
    this.seats = { pairing, red: nameOf(tournament, pairing.red), blue: nameOf(tournament, pairing.blue) };
    this.words();
  }

  /** @param {ServerMessage} message */
  heard(message) {
    if (message.type === 'subscribed' || message.type === 'state') this.load(message.game);
    else if (message.type === 'moved') this.moved(message);
  }

  /**
   * Sets the whole game up from the server's view of it.
   * @param {GameView} view
   */
  load(view) {
    this.game?.free();
    this.game = new JungleGame(view.rules, view.fen || undefined);
    /** @type {{board: string, terrain: string, weakening: string, animals: {letter: string, name: string, rank: number}[]}} */
    const whole = this.game.replay(view.moves);
    this.ply = view.moves.length;
    const last = view.moves.at(-1);
    this.canvas.update({
      board: whole.board, terrain: whole.terrain, weakening: whole.weakening,
      animals: animalTable(whole.animals, characters()), lastMove: last ? squaresOf(last) : null,
    });
    this.told(view.turn, view.status === 'over', resultOf(view.result));
  }

  /**
   * A move of the game: slides in. A move the board cannot follow (one was missed) asks the
   * server for the whole game again.
   * @param {Extract<ServerMessage, {type: 'moved'}>} moved
   */
  moved({ ply, move, turn, status, result }) {
    if (!this.game || ply !== this.ply) {
      this.socket.reconnect();
      return;
    }
    const before = this.canvas.state.board;
    /** @type {{board: string}} */
    const after = this.game.play(move);
    this.ply++;
    const lastMove = squaresOf(move);
    this.canvas.update({ board: after.board, lastMove });
    this.canvas.animateMove(lastMove.from, lastMove.to, before[lastMove.from], before[lastMove.to]);
    this.told(turn, status === 'over', resultOf(result));
  }

  /**
   * How the game stands now; a finished game is not followed any more.
   * @param {Side} turn
   * @param {boolean} over
   * @param {string | null} result
   */
  told(turn, over, result) {
    this.standing = { turn, over, result };
    this.words();
    if (over) this.socket.close();
  }

  /** The board's words: players and result or turn, shown and as the link's name. */
  words() {
    if (!this.seats) return;
    const { pairing, red, blue } = this.seats;
    const result = resultText(pairing.result ?? this.standing?.result ?? null);
    const { standing } = this;
    const state = result ? t('tournament.smallBoardResult', { result })
      : !standing ? t('tournament.loading')
        : standing.over ? t('tournament.smallBoardOver') : t(`status.toMove.${standing.turn}`);
    this.names.replaceChildren(el('span', { className: 'small-board-red' }, red), ' – ', el('span', { className: 'small-board-blue' }, blue));
    this.state.textContent = result || state;
    this.link.setAttribute('aria-label', t('tournament.smallBoard', { board: pairing.board, redPlayer: red, bluePlayer: blue, state }));
  }

  /** Stops following the game. */
  destroy() {
    this.socket.close();
    this.canvas.destroy();
    this.game?.free();
    this.game = null;
  }
}

export class SmallBoards {
  /** Starts the engine; then the boards may be shown. */
  static async start() {
    await startEngine();
    return new SmallBoards();
  }

  constructor() {
    this.title = el('h2', { id: 'small-boards-title' });
    this.list = el('ul', { className: 'small-boards-list' });
    this.more = el('p', { className: 'small-boards-more' });
    this.root = el('section', { id: 'small-boards', className: 'small-boards', 'aria-labelledby': 'small-boards-title', hidden: true },
      this.title, this.list, this.more);
    /** @type {Map<string, SmallBoard>} by game */
    this.boards = new Map();
  }

  /**
   * Shows the games of `tournament`'s current round: the boards of games gone are let go, the
   * others kept as they are.
   * @param {Tournament} tournament
   */
  show(tournament) {
    const { shown, more } = boardsToWatch(tournament, MAX_BOARDS);
    const games = new Set(shown.map((pairing) => pairing.game));
    for (const [id, board] of this.boards) {
      if (games.has(id)) continue;
      board.destroy();
      this.boards.delete(id);
    }
    this.list.replaceChildren(...shown.map((pairing) => {
      const id = /** @type {string} */ (pairing.game);
      const board = this.boards.get(id) ?? new SmallBoard(id);
      this.boards.set(id, board);
      board.seat(pairing, tournament);
      return board.item;
    }));
    this.root.hidden = shown.length === 0;
    this.title.textContent = t('tournament.roundBoards', { round: tournament.round });
    this.more.replaceChildren(more === 0 ? '' : el('a', { href: pageAddress(location.href, 'tournament', tournament.id), target: '_blank', rel: 'noopener' },
      t('tournament.moreBoards', { n: more })));
  }

  /** Lets every board go. */
  destroy() {
    for (const board of this.boards.values()) board.destroy();
    this.boards.clear();
    this.root.remove();
  }
}
