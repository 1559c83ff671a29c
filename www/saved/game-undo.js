// "New game started · Undo": whatever replaces the game in progress — "New game", an imported
// record, the editor, a link, the host page — shows a toast whose Undo brings the game it
// replaced back in one step, exactly as it was: rules, start, moves (so the position and whose
// turn), settings, the board's side and the clocks' times. The replaced game also went into
// the recent games (save-game.js); an undo takes it out of the list again. A puzzle or an
// online game sets the player's game aside rather than replacing it (it waits in the snapshot);
// a game of their own started from one of them replaces the one that waited, and Undo brings
// that one back.
//
// It must subscribe to the owner before the clocks do (main.js makes it first): the clocks'
// state is read while they still show the game being replaced.

import { isOwnGame } from '../game/game-controller.js';
import { t } from '../page/i18n.js';
import { restoreExtras, saveExtras } from './save-game.js';

/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Settings} Settings */
/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../page/toast.js').Toast} Toast */
/**
 * A game that was replaced, as it is brought back.
 * @typedef {object} Replaced
 * @property {{rules: string, fen: string, moves: string[], settings: Settings}} game
 * @property {Record<string, unknown>} extra the other parts' state (the clocks)
 * @property {string} pausedAt when it was replaced (its clocks did not run since)
 * @property {boolean | null} flipped how the board was turned, if known
 * @property {string | null} keptId its entry in the recent games, if it was kept there
 */

/**
 * Whether `next` replaced anything of `previous` worth bringing back: moves, or other rules,
 * start position or players.
 * @param {Snapshot} previous
 * @param {Snapshot} next
 */
export function replacedSomething(previous, next) {
  const a = previous.settings;
  const b = next.settings;
  return previous.ply > 0 || previous.rules !== next.rules || previous.startFen !== next.startFen
    || a.mode !== b.mode || a.side !== b.side || a.level !== b.level;
}

export class GameUndo {
  /**
   * `takeKept(id)` takes a game out of the recent games (null when the page keeps none);
   * `listChanged()` shows the recent games again.
   * @param {GameController} owner
   * @param {Toast} toast
   * @param {((id: string) => unknown) | null} takeKept
   * @param {() => void} listChanged
   */
  constructor(owner, toast, takeKept, listChanged) {
    this.owner = owner;
    this.toast = toast;
    this.takeKept = takeKept;
    this.listChanged = listChanged;
    /** @type {Replaced | null} the game an Undo would bring back */
    this.replaced = null;
    this.restoring = false;
    owner.subscribe((snapshot, change) => {
      const { previous } = change;
      if (change.type !== 'new-game' || !previous || this.restoring || change.returned) return;
      // A puzzle or an online game sets the player's game aside (it waits, one click away):
      // only another game of their own replaces it.
      if (!isOwnGame(snapshot)) return;
      if (!isOwnGame(previous)) {
        const { waiting } = previous;
        if (waiting && (waiting.ply > 0 || waiting.game.rules !== snapshot.rules)) {
          this.offer({ game: waiting.game, extra: waiting.extra, pausedAt: waiting.pausedAt, flipped: waiting.flipped, keptId: null });
        }
        return;
      }
      if (!replacedSomething(previous, snapshot)) return;
      this.offer({
        game: {
          rules: previous.rules,
          fen: previous.startFen,
          moves: previous.history.map((entry) => entry.move),
          settings: { ...previous.settings },
        },
        extra: saveExtras(),
        pausedAt: new Date().toISOString(),
        flipped: previous.flipped,
        keptId: null,
      });
    });
  }

  /**
   * Offers to bring back `replaced` (shows the toast).
   * @param {Replaced} replaced
   */
  offer(replaced) {
    this.replaced = replaced;
    this.toast.show(t('toast.newGame'), { label: t('toast.undo'), ariaLabel: t('toast.undoLabel'), run: () => this.undo() });
  }

  /**
   * The replaced game was kept in the recent games as `entry` (save-game.js).
   * @param {{id: string}} entry
   */
  kept(entry) {
    if (this.replaced && !this.replaced.keptId) this.replaced.keptId = entry.id;
  }

  /** Brings the replaced game back; the game that replaced it goes into the recent games. */
  undo() {
    const replaced = this.replaced;
    this.replaced = null;
    if (!replaced) return;
    if (replaced.keptId) this.takeKept?.(replaced.keptId);
    this.restoring = true;
    try {
      this.owner.startGame(replaced.game);
    } finally {
      this.restoring = false;
    }
    restoreExtras(replaced.extra, replaced.pausedAt);
    if (replaced.flipped !== null && this.owner.started().current.flipped !== replaced.flipped) this.owner.flip();
    this.listChanged();
    this.toast.show(t('toast.restored'));
  }
}
