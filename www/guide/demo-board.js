// One small board of the guide: a position from demos.js that the reader plays on. Choosing
// a piece lights up the squares the engine allows; choosing one of them plays the move. The
// result is written under the board and announced to screen readers. The engine decides
// everything: which moves are legal, what they take, who wins.

import { JungleGame } from '../game/engine.js';
import { Board } from '../board/board.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { animalTable, sideOf } from '../page/pieces.js';
import { destinationsByIndex, squareName } from '../board/squares.js';
import { writeText } from './texts.js';
import { outcomeSentence, say } from './words.js';

export class DemoBoard {
  /**
   * Builds the board `name` of demos.js (`setup` is its {fen, rules}) with its title and
   * caption (`guide.demo.<name>.*`), in the page's language. The element to place in the
   * page is `this.root`.
   * @param {string} name
   * @param {{fen: string, rules: string}} setup
   */
  constructor(name, setup) {
    this.setup = setup;
    const title = t(`guide.demo.${name}.title`);
    const heading = el('h3', { className: 'demo-title', id: `demo-${name}` }, title);
    const canvas = el('canvas', { 'aria-hidden': 'true' });
    const squares = el('div', { className: 'squares', role: 'group', 'aria-label': t('guide.board', { title }) });
    const board = el('div', { className: 'demo-board' }, canvas, squares);
    /** @type {HTMLParagraphElement} */
    this.turn = el('p', { className: 'demo-turn' });
    const reset = el('button', { type: 'button', className: 'demo-reset', onclick: () => this.reset() }, t('guide.reset'));
    /** @type {HTMLParagraphElement} */
    this.message = el('p', { className: 'demo-message', role: 'status', 'aria-live': 'polite' });
    this.root = el('figure', { className: 'demo', dataset: { demo: name }, 'aria-labelledby': heading.id },
      el('div', { className: 'demo-intro' },
        heading, writeText(el('p', { className: 'demo-caption' }), t(`guide.demo.${name}.caption`))),
      board,
      el('div', { className: 'demo-controls' }, this.turn, reset, this.message));
    this.board = new Board(board, {
      onMove: (from, to) => this.play(from, to),
      onSelect: (square) => this.chose(square),
      trapWords: false,
    });
    /** @type {JungleGame | null} */
    this.game = null;
    /** @type {import('../page/pieces.js').AnimalTable} */
    this.animals = {};
    this.start();
  }

  /** Sets the position up from the start. */
  start() {
    this.game?.free();
    const game = new JungleGame(this.setup.rules, this.setup.fen || undefined);
    this.game = game;
    this.animals = animalTable(game.animals());
    this.show({ terrain: game.terrain(), weakening: game.weakening(), animals: this.animals, lastMove: null });
  }

  /** The game being played (set up by start()). */
  get current() {
    if (!this.game) throw new Error('DemoBoard: the game was freed');
    return this.game;
  }

  reset() {
    this.start();
    this.say(say('reset', this.animals));
  }

  /** @param {string} sentence */
  say(sentence) {
    this.message.textContent = sentence;
  }

  /**
   * Square `i` chosen, not as a move: says what its piece may do (picked up), or why not.
   * @param {number} i
   */
  chose(i) {
    const game = this.current;
    const piece = game.board()[i];
    if (piece === '.') return;
    const square = squareName(i);
    const destinations = game.movesFrom(square);
    const outcome = game.outcome();
    if (this.board.selected === i) this.say(say('picked', this.animals, { piece, square, list: destinations }));
    else if (outcome) this.say(outcomeSentence(outcome));
    else if (sideOf(piece) !== game.turn()) this.say(say('notYours', this.animals, { side: game.turn() }));
    else if (!destinations.length) this.say(say('stuck', this.animals, { piece, square }));
  }

  /**
   * Plays the move from square `from` to square `to`, and says it.
   * @param {number} from
   * @param {number} to
   */
  play(from, to) {
    const game = this.current;
    const before = game.board();
    game.play(squareName(from) + squareName(to));
    const taken = before[to] === '.' ? null : before[to];
    this.show({ lastMove: { from, to } }, { animate: true });
    const values = { piece: before[from], from: squareName(from), to: squareName(to), taken };
    let sentence = say(taken ? 'took' : 'moved', this.animals, values);
    const outcome = game.outcome();
    if (outcome) sentence += ` ${outcomeSentence(outcome)}`;
    this.say(sentence);
  }

  /**
   * Shows the game's position, its legal moves and whose turn it is, with `changes` to the board.
   * @param {Partial<import('../board/board.js').BoardShown>} changes
   * @param {{animate?: boolean}} [options] whether the last move slides in
   */
  show(changes, options) {
    const game = this.current;
    const outcome = game.outcome();
    const turn = game.turn();
    this.turn.dataset.turn = outcome ? '' : turn;
    this.turn.textContent = outcome ? t('guide.over') : t(`status.toMove.${turn}`);
    this.root.dataset.over = outcome ? 'yes' : 'no';
    this.board.set({ ...changes, position: game.board(), dests: destinationsByIndex((square) => game.movesFrom(square)) }, options);
  }

  /** Lets the engine's game and the board go (when the page is rebuilt in another language). */
  free() {
    this.game?.free();
    this.game = null;
    this.board.destroy();
  }
}
