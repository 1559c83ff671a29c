// One small board of the guide: a position from demos.js that the reader plays on. Choosing
// a piece lights up the squares the engine allows; choosing one of them plays the move. The
// result is written under the board and announced to screen readers. The engine decides
// everything: which moves are legal, what they take, who wins.

import { JungleGame } from '../game/engine.js';
import { BoardView } from '../board/board-view.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { animalTable, sideOf } from '../board/pieces.js';
import { squareIndex, squareName } from '../board/squares.js';
import { SquareButtons } from './square-buttons.js';
import { writeText } from './texts.js';
import { outcomeSentence, say, squareLabel } from './words.js';

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
    /** @type {HTMLParagraphElement} */
    this.turn = el('p', { className: 'demo-turn' });
    const reset = el('button', { type: 'button', className: 'demo-reset', onclick: () => this.reset() }, t('guide.reset'));
    /** @type {HTMLParagraphElement} */
    this.message = el('p', { className: 'demo-message', role: 'status', 'aria-live': 'polite' });
    this.root = el('figure', { className: 'demo', dataset: { demo: name }, 'aria-labelledby': heading.id },
      el('div', { className: 'demo-intro' },
        heading, writeText(el('p', { className: 'demo-caption' }), t(`guide.demo.${name}.caption`))),
      el('div', { className: 'demo-board' }, canvas, squares),
      el('div', { className: 'demo-controls' }, this.turn, reset, this.message));
    this.view = new BoardView(canvas);
    this.buttons = new SquareButtons(squares, (i) => this.activate(i));
    /** @type {JungleGame | null} */
    this.game = null;
    /** @type {import('../board/pieces.js').AnimalTable} */
    this.animals = {};
    this.terrain = '';
    this.weakening = '';
    this.selected = -1;
    /** @type {number[]} */
    this.targets = [];
    /** @type {{from: number, to: number} | null} */
    this.lastMove = null;
    this.start();
  }

  /** Sets the position up from the start. */
  start() {
    this.game?.free();
    const game = new JungleGame(this.setup.rules, this.setup.fen || undefined);
    this.game = game;
    this.animals = animalTable(game.animals());
    this.terrain = game.terrain();
    this.weakening = game.weakening();
    this.selected = -1;
    this.targets = [];
    this.lastMove = null;
    this.render();
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
   * A click or key press on square `i`.
   * @param {number} i
   */
  activate(i) {
    if (this.targets.includes(i)) {
      this.play(this.selected, i);
      return;
    }
    const game = this.current;
    const board = game.board();
    const destinations = game.movesFrom(squareName(i));
    this.selected = destinations.length ? i : -1;
    this.targets = destinations.map(squareIndex);
    this.render();
    const piece = board[i];
    if (piece === '.') return;
    const square = squareName(i);
    const outcome = game.outcome();
    if (destinations.length) this.say(say('picked', this.animals, { piece, square, list: destinations }));
    else if (outcome) this.say(outcomeSentence(outcome));
    else if (sideOf(piece) !== game.turn()) this.say(say('notYours', this.animals, { side: game.turn() }));
    else this.say(say('stuck', this.animals, { piece, square }));
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
    this.selected = -1;
    this.targets = [];
    this.lastMove = { from, to };
    this.render();
    this.view.animateMove(from, to, before[from], before[to]);
    const values = { piece: before[from], from: squareName(from), to: squareName(to), taken };
    let sentence = say(taken ? 'took' : 'moved', this.animals, values);
    const outcome = game.outcome();
    if (outcome) sentence += ` ${outcomeSentence(outcome)}`;
    this.say(sentence);
  }

  render() {
    const game = this.current;
    const board = game.board();
    const outcome = game.outcome();
    const turn = game.turn();
    this.turn.dataset.turn = outcome ? '' : turn;
    this.turn.textContent = outcome ? t('guide.over') : t(`status.toMove.${turn}`);
    this.root.dataset.over = outcome ? 'yes' : 'no';
    const targets = new Set(this.targets);
    const animals = this.animals;
    this.buttons.update(board, (i) => squareLabel(i, board[i], this.terrain[i], animals,
      { selected: i === this.selected, target: targets.has(i) }));
    this.view.update({
      board, terrain: this.terrain, weakening: this.weakening, animals, selected: this.selected, targets: this.targets, lastMove: this.lastMove,
    });
  }

  /** Lets the engine's game go (when the page is rebuilt in another language). */
  free() {
    this.game?.free();
    this.game = null;
  }
}
