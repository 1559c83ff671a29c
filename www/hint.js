// The hint button: asks the AI (analysis.js) for a move for the side to move, at the level the
// player chose for hints or the computer's level, and shows it as an arrow on the board, in
// words under the status and to screen readers. The hint goes away when the position changes.

import { gameFacts } from './analysis.js';
import { HintArrow } from './hint-arrow.js';
import { t } from './i18n.js';
import { moveSentence, moveText } from './notation.js';
import { squareIndex } from './squares.js';

export class Hint {
  /** `button` asks; `line` shows the words; `level()` gives the hints' level (0: the computer's). */
  constructor(app, analyst, { button, line, board }, level) {
    this.app = app;
    this.analyst = analyst;
    this.line = line;
    this.level = level;
    this.arrow = new HintArrow(board);
    this.key = '';
    this.entry = null;
    this.token = 0;
    button.addEventListener('click', () => this.ask());
    app.addEventListener('change', () => {
      if (this.positionKey() !== this.key) this.clear();
      else this.arrow.show(this.arrow.move, app.flipped);
    });
    document.getElementById('flip')?.addEventListener('click', () => this.arrow.show(this.arrow.move, app.flipped));
  }

  positionKey() {
    return `${this.app.game.startFen()}|${this.app.game.history().map((e) => e.move).join(' ')}`;
  }

  clear() {
    this.token++;
    this.key = '';
    this.entry = null;
    this.arrow.show(null);
    this.line.hidden = true;
    delete this.line.dataset.move;
  }

  async ask() {
    const { app } = this;
    this.clear();
    if (app.outcome()) {
      this.write(t('notice.noHint'));
      return;
    }
    const token = this.token;
    this.key = this.positionKey();
    this.write(t('hint.thinking'));
    const level = this.level() || app.settings.level;
    let result;
    try {
      result = await this.analyst.suggest(gameFacts(app), level);
    } catch {
      result = null;
    }
    if (token !== this.token || !result?.best) {
      if (token === this.token) this.line.hidden = true;
      return;
    }
    const board = app.game.board();
    const from = squareIndex(result.best.slice(0, 2));
    const to = squareIndex(result.best.slice(2));
    this.entry = { piece: board[from], captured: board[to] === '.' ? null : board[to], from: result.best.slice(0, 2), to: result.best.slice(2) };
    this.arrow.show({ from, to }, app.flipped);
    this.line.dataset.move = result.best;
    this.relabel();
    app.announcer.say(t('hint.say', { sentence: moveSentence(this.entry, app.animals) }));
  }

  /** Writes the hint shown again in the page's language. */
  relabel() {
    if (this.entry) this.write(t('hint.move', { move: moveText(this.entry, this.app.animals) }));
  }

  write(text) {
    this.line.textContent = text;
    this.line.hidden = false;
  }
}
