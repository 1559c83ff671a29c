// The position editor: set up any position on the board by placing and removing pieces (a
// palette of the animals of the rules in force, an eraser, the side to move), then play it
// against the computer, by two people, or let the computer play it out. Every arrangement is
// checked by the engine exactly as a FEN is (checkSetup), and its reason shown when it is not
// a position of the game. The board's square buttons work here as in play (keyboard, screen
// readers): Enter or a click puts the chosen piece on the square. The editor takes the board
// over through the game's owner (setTool) and starts the game it sets up through it.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { JungleGame, loadToolEngine } from '../game/engine.js';
import { capitalize, characters, errorText, t } from '../page/i18n.js';
import { animalTable, pieceName } from '../page/pieces.js';
import { SQUARE_COUNT, squareName } from '../board/squares.js';
import { el } from '../page/dom.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('../game/types.js').Mode} Mode */

// The position's check is the AI's module's work (engine.js): ready before this module is.
const { checkSetup } = await loadToolEngine();

const ERASER = '.';

export class PositionEditor {
  /**
   * The editor's panel goes at the top of `container`; `page` says things to screen readers
   * (say) and moves the keyboard focus (focusSquare).
   * @param {GameController} owner
   * @param {HTMLElement} container
   * @param {{say: (text: string) => void, focusSquare: (index: number) => void}} page
   */
  constructor(owner, container, page) {
    this.owner = owner;
    this.page = page;
    this.name = 'editor';
    this.board = '.'.repeat(SQUARE_COUNT);
    /** @type {Side} */
    this.turn = 'red';
    /** The rules of the game edited. */
    this.rules = '';
    /** @type {import('../page/pieces.js').AnimalTable} */
    this.animals = {};
    /** @type {string | null} the position's FEN when the engine accepts it */
    this.valid = null;
    // The panel's parts that change (build() makes them again for each opening).
    this.status = el('p');
    this.error = el('p');
    /** @type {HTMLButtonElement[]} */
    this.playButtons = [];
    this.panel = el('section', { id: 'editor', className: 'panel editor-panel', hidden: true, 'aria-labelledby': 'editor-title' });
    container.prepend(this.panel);
    // Left when anything else takes the board or starts a game.
    owner.subscribe((snapshot) => {
      if (snapshot.tool !== this) this.panel.hidden = true;
    });
  }

  get active() {
    return this.owner.snapshot?.tool === this;
  }

  /** Opens the editor, or closes it when it is open. */
  toggle() {
    if (this.active) this.close();
    else this.open();
  }

  /** Starts editing from the position on the board. */
  open() {
    const snapshot = this.owner.started().current;
    this.rules = snapshot.rules;
    this.board = snapshot.board;
    this.turn = snapshot.turn;
    this.animals = animalTable(snapshot.animals, characters());
    this.build();
    this.owner.setTool(this);
    this.check();
    this.panel.hidden = false;
    /** @type {HTMLInputElement | null} */ (this.panel.querySelector('input[name="editor-piece"]'))?.focus();
  }

  /** Leaves the editor, back to the game as it was. */
  close() {
    this.owner.setTool(null);
  }

  build() {
    const letters = Object.keys(this.animals);
    const pieces = [...letters, ...letters.map((l) => l.toLowerCase())];
    const choice = (/** @type {string} */ value, /** @type {string} */ text, /** @type {boolean} */ checked) => el('label', { className: 'palette-item', dataset: { piece: value } },
      el('input', { type: 'radio', name: 'editor-piece', value, checked }), ' ', text);
    const palette = el('fieldset', { className: 'palette' },
      el('legend', {}, t('editor.palette')),
      pieces.map((p, i) => choice(p, `${this.animals[p.toUpperCase()].character} ${capitalize(pieceName(p, this.animals))}`, i === 0)),
      choice(ERASER, t('editor.eraser'), false));
    const turn = el('fieldset', { className: 'editor-turn' },
      el('legend', {}, t('editor.turn')),
      /** @type {Side[]} */ (['red', 'blue']).map((side) => el('label', {},
        el('input', { type: 'radio', name: 'editor-turn', value: side, checked: side === this.turn }), ' ',
        capitalize(t(`side.${side}`)))));
    turn.addEventListener('change', (event) => {
      this.turn = /** @type {Side} */ (/** @type {HTMLInputElement} */ (event.target).value);
      this.check();
    });
    const button = (/** @type {string} */ id, /** @type {string} */ text, /** @type {() => void} */ action, primary = false) =>
      el('button', { type: 'button', id, className: primary ? 'primary' : null, onclick: action }, text);
    this.status = el('p', { id: 'editor-status', className: 'editor-status', role: 'status' });
    this.error = el('p', { id: 'editor-error', className: 'tool-error', role: 'alert', hidden: true });
    this.playButtons = [
      button('editor-play-computer', t('editor.playComputer'), () => this.play('computer'), true),
      button('editor-play-people', t('editor.playPeople'), () => this.play('people')),
      button('editor-play-watch', t('editor.playWatch'), () => this.play('watch')),
    ];
    this.panel.replaceChildren(
      el('h2', { id: 'editor-title' }, t('editor.title')),
      el('p', { className: 'editor-help' }, t('editor.help')),
      palette,
      turn,
      el('div', { className: 'tool-actions' },
        button('editor-clear', t('editor.clear'), () => this.setBoard('.'.repeat(SQUARE_COUNT))),
        button('editor-start', t('editor.start'), () => this.startPosition())),
      this.status,
      this.error,
      el('div', { className: 'tool-actions' }, ...this.playButtons,
        button('editor-cancel', t('editor.cancel'), () => this.close())));
  }

  /** The piece chosen in the palette (a FEN letter, or '.' for the eraser). */
  chosen() {
    const checked = /** @type {HTMLInputElement | null} */ (this.panel.querySelector('input[name="editor-piece"]:checked'));
    return checked?.value ?? ERASER;
  }

  /**
   * A square activated on the board: puts the chosen piece there, or empties it.
   * @param {number} index
   */
  activate(index) {
    const piece = this.chosen();
    const next = this.board[index] === piece ? ERASER : piece;
    this.setBoard(this.board.slice(0, index) + next + this.board.slice(index + 1));
    this.page.focusSquare(index);
    const square = squareName(index);
    this.page.say(next === ERASER
      ? t('editor.said.emptied', { square })
      : t('editor.said.placed', { piece: capitalize(pieceName(next, this.animals)), square }));
  }

  /** @param {string} board 63 characters, a1 first */
  setBoard(board) {
    this.board = board;
    this.owner.setTool(this);
    this.check();
  }

  startPosition() {
    const game = new JungleGame(this.rules, undefined);
    /** @type {import('../game/types.js').EngineGame} */
    const { board, turn } = game.replay([]);
    game.free();
    this.turn = turn;
    const side = /** @type {HTMLInputElement | null} */ (this.panel.querySelector(`input[name="editor-turn"][value="${turn}"]`));
    if (side) side.checked = true;
    this.setBoard(board);
  }

  /** What the board shows while editing (a BoardTool's view). */
  view() {
    return { board: this.board, lastMove: null };
  }

  /** Asks the engine whether the arrangement is a position, and shows its answer. */
  check() {
    /** @type {{fen: string, error: {message: string, code: string, params: object} | null}} */
    const result = checkSetup(this.board, this.turn, this.rules);
    if (result.error) {
      this.showInvalid(result.error);
      return;
    }
    this.valid = result.fen;
    this.error.hidden = true;
    this.error.textContent = '';
    this.status.textContent = t('editor.valid', { fen: result.fen });
    for (const b of this.playButtons) b.disabled = false;
  }

  /**
   * Starts a game from the position in `mode` ('computer', 'people' or 'watch').
   * @param {Mode} mode
   */
  async play(mode) {
    if (!this.valid || !(await this.owner.mayLeave())) return;
    /** @type {Partial<import('../game/types.js').Settings>} */
    const settings = mode === 'computer' ? { mode, side: this.turn } : { mode };
    try {
      this.owner.startGame({ rules: this.rules, fen: this.valid, settings });
    } catch (error) {
      // The engine refused the game after all: its reason is shown, and the editor stays.
      this.showInvalid(error);
    }
  }

  /**
   * Shows the engine's reason `error` for refusing the position, and refuses to play it.
   * @param {unknown} error
   */
  showInvalid(error) {
    this.valid = null;
    this.error.textContent = t('editor.invalid', { reason: errorText(error) });
    this.error.hidden = false;
    this.status.textContent = '';
    for (const b of this.playButtons) b.disabled = true;
  }
}
