// Whom the player plays, whose turn it is, what the computer is thinking, and notices about trouble.

import { t } from '../page/i18n.js';
import { scoreText } from '../page/notation.js';

export class StatusPanel {
  /** @param {{status: HTMLElement, opponent: HTMLElement, thinking: HTMLElement, notice: HTMLElement}} els */
  constructor({ status, opponent, thinking, notice }) {
    this.status = status;
    this.opponent = opponent;
    this.thinking = thinking;
    this.notice = notice;
  }

  /**
   * Says whom the player plays ("Against the computer · level 3"; null: nobody, hidden).
   * @param {string | null} text
   */
  showOpponent(text) {
    this.opponent.textContent = text ?? '';
    this.opponent.hidden = !text;
  }

  /**
   * `turn` is 'red' or 'blue'; `who` says who moves ("your move", "the computer is thinking").
   * @param {import('../game/types.js').Side} turn
   * @param {string} who
   */
  showTurn(turn, who) {
    this.status.dataset.turn = turn;
    const toMove = t(`status.toMove.${turn}`);
    this.status.textContent = who ? t('status.toMoveWho', { toMove, who }) : toMove;
  }

  /**
   * Shows the result: its dot in the winner's colour (green for a draw).
   * @param {string} text the result
   * @param {import('../game/types.js').Side | null} winner
   */
  showOver(text, winner) {
    this.status.dataset.turn = winner ?? '';
    this.status.textContent = text;
  }

  /**
   * Shows a progress report of the AI thinking for side `turn`, or hides it with null.
   * @param {import('../game/types.js').SearchInfo | null} info
   * @param {import('../game/types.js').Side} [turn]
   */
  showThinking(info, turn = 'red') {
    if (!info) {
      this.thinking.hidden = true;
      this.thinking.textContent = '';
      return;
    }
    const line = info.pv.slice(0, 6).map((m) => `${m.slice(0, 2)}–${m.slice(2)}`).join(' ');
    this.thinking.textContent = t('status.depth', { depth: info.depth, score: scoreText(info, turn), line });
    this.thinking.hidden = false;
  }

  /**
   * A message the player should see (null hides it).
   * @param {string | null} text
   */
  showNotice(text) {
    this.notice.textContent = text ?? '';
    this.notice.hidden = !text;
  }
}
