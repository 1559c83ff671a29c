// Whose turn it is, what the computer is thinking, and notices about trouble.

import { capitalize } from './pieces.js';
import { scoreText } from './notation.js';

export class StatusPanel {
  constructor({ status, thinking, notice }) {
    this.status = status;
    this.thinking = thinking;
    this.notice = notice;
  }

  /** `turn` is 'red' or 'blue'; `who` says who moves ("your move", "the computer is thinking"). */
  showTurn(turn, who) {
    this.status.dataset.turn = turn;
    this.status.textContent = `${capitalize(turn)} to move${who ? ` · ${who}` : ''}`;
  }

  showOver(text) {
    this.status.dataset.turn = '';
    this.status.textContent = text;
  }

  /** Shows a progress report of the AI thinking for side `turn`, or hides it with null. */
  showThinking(info, turn) {
    if (!info) {
      this.thinking.hidden = true;
      this.thinking.textContent = '';
      return;
    }
    const line = info.pv.slice(0, 6).map((m) => `${m.slice(0, 2)}–${m.slice(2)}`).join(' ');
    this.thinking.textContent = `Depth ${info.depth} · ${scoreText(info, turn)} · ${line}`;
    this.thinking.hidden = false;
  }

  /** A message the player should see (null hides it). */
  showNotice(text) {
    this.notice.textContent = text ?? '';
    this.notice.hidden = !text;
  }
}
