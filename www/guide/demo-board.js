// One small board of the guide: a position from demos.js that the reader plays on. Choosing
// a piece lights up the squares the engine allows; choosing one of them plays the move. The
// result is written under the board and announced to screen readers. The engine decides
// everything: which moves are legal, what they take, who wins.

import { JungleGame } from '../../jungle-web.js';
import { BoardView } from '../board-view.js';
import { animalTable, sideOf } from '../pieces.js';
import { squareIndex, squareName } from '../squares.js';
import { element } from './dom.js';
import { SquareButtons } from './square-buttons.js';
import { Words } from './words.js';
import { fill, writeText } from './texts.js';

export class DemoBoard {
  /**
   * Builds the board `name` of demos.js (`setup` is its {fen, rules}) with its title and
   * caption, in the language of `text`. The element to place in the page is `this.root`.
   */
  constructor(name, setup, { title, caption }, text) {
    this.setup = setup;
    this.text = text;
    this.root = element('figure', 'demo');
    this.root.dataset.demo = name;
    const heading = element('h3', 'demo-title', title);
    heading.id = `demo-${name}`;
    this.root.setAttribute('aria-labelledby', heading.id);
    const frame = element('div', 'demo-board');
    const canvas = element('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    const squares = element('div', 'squares');
    squares.setAttribute('role', 'group');
    squares.setAttribute('aria-label', `${fill(text.ui.board, { title })}. ${text.squares.boardLabel}`);
    frame.append(canvas, squares);
    this.turn = element('p', 'demo-turn');
    const reset = element('button', 'demo-reset', text.ui.reset);
    reset.type = 'button';
    reset.addEventListener('click', () => this.reset());
    this.message = element('p', 'demo-message');
    this.message.setAttribute('role', 'status');
    this.message.setAttribute('aria-live', 'polite');
    const intro = element('div', 'demo-intro');
    intro.append(heading, writeText(element('p', 'demo-caption'), caption));
    const controls = element('div', 'demo-controls');
    controls.append(this.turn, reset, this.message);
    this.root.append(intro, frame, controls);
    this.view = new BoardView(canvas);
    this.buttons = new SquareButtons(squares, (i) => this.activate(i));
    this.start();
  }

  /** Sets the position up from the start. */
  start() {
    this.game?.free();
    this.game = new JungleGame(this.setup.rules, this.setup.fen || undefined);
    this.words = new Words(this.text, animalTable(this.game.animals()));
    this.terrain = this.game.terrain();
    this.selected = -1;
    this.targets = [];
    this.lastMove = null;
    this.render();
  }

  reset() {
    this.start();
    this.say(this.words.say('reset'));
  }

  say(sentence) {
    this.message.textContent = sentence;
  }

  /** A click or key press on square `i`. */
  activate(i) {
    if (this.targets.includes(i)) {
      this.play(this.selected, i);
      return;
    }
    const board = this.game.board();
    const destinations = this.game.movesFrom(squareName(i));
    this.selected = destinations.length ? i : -1;
    this.targets = destinations.map(squareIndex);
    this.render();
    const piece = board[i];
    if (piece === '.') return;
    const square = squareName(i);
    if (destinations.length) this.say(this.words.say('picked', { piece, square, list: destinations }));
    else if (this.game.outcome()) this.say(this.words.outcome(this.game.outcome()));
    else if (sideOf(piece) !== this.game.turn()) this.say(this.words.say('notYours', { side: this.game.turn() }));
    else this.say(this.words.say('stuck', { piece, square }));
  }

  play(from, to) {
    const before = this.game.board();
    this.game.play(squareName(from) + squareName(to));
    const taken = before[to] === '.' ? null : before[to];
    this.selected = -1;
    this.targets = [];
    this.lastMove = { from, to };
    this.render();
    this.view.animateMove(from, to, before[from], before[to]);
    const values = { piece: before[from], from: squareName(from), to: squareName(to), taken };
    let sentence = this.words.say(taken ? 'took' : 'moved', values);
    const outcome = this.game.outcome();
    if (outcome) sentence += ` ${this.words.outcome(outcome)}`;
    this.say(sentence);
  }

  render() {
    const board = this.game.board();
    const outcome = this.game.outcome();
    const turn = this.game.turn();
    this.turn.dataset.turn = outcome ? '' : turn;
    this.turn.textContent = outcome ? this.text.ui.over : this.words.toMove(turn);
    this.root.dataset.over = outcome ? 'yes' : 'no';
    const targets = new Set(this.targets);
    this.buttons.update(board, (i) => this.words.square(i, board[i], this.terrain[i],
      { selected: i === this.selected, target: targets.has(i) }));
    this.view.update({
      board, terrain: this.terrain, animals: this.words.animals,
      selected: this.selected, targets: this.targets, lastMove: this.lastMove,
    });
  }

  /** Lets the engine's game go (when the page is rebuilt in another language). */
  free() {
    this.game.free();
  }
}
