// A system notification when it becomes the member's move in one of their games while the page
// is in a background tab: a game of "your games" (MoveNotice, at the strip's rhythm), or the
// game on the board, as soon as the opponent's move arrives (noticeYourMove). Permission is
// asked for only on the "Notify me" click, never on load; the choice is kept on this device.
// For devices without push: once push is on for this device (the account's Notifications tab),
// the club's pushes bring these notices, with the page closed too, so the open tab shows none of
// its own, never two notices for one move; its notices also carry the push's tag (`game-<id>`),
// so that one shown at the moment push is turned on is replaced, not doubled.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { pushOnHere } from '../push/push-device.js';

const KEY = 'jungle.online.notify';

/** Whether the member asked for the open tab's notifications here, and the browser allows them. */
export function noticesOn() {
  try {
    return 'Notification' in window && Notification.permission === 'granted' && localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The "Notify me" toggle, pressed while notifications are on; `changed()` after each click.
 * @param {() => void} changed
 */
export function noticeToggle(changed) {
  const button = el('button', { type: 'button', className: 'your-games-notify', 'aria-pressed': String(noticesOn()) }, t('yours.notify'));
  button.addEventListener('click', async () => {
    const on = !noticesOn() && 'Notification' in window && await Notification.requestPermission() === 'granted';
    try {
      localStorage.setItem(KEY, on ? '1' : '0');
    } catch {
      // Nothing kept: the choice lasts as long as the permission alone says.
    }
    changed();
  });
  return button;
}

/**
 * Tells the member it is their move in game `id` (`title` names it), if the page is in the
 * background and notifications are on.
 * @param {string} id
 * @param {string} title
 */
export function noticeYourMove(id, title) {
  if (document.visibilityState === 'visible' || !noticesOn() || pushOnHere()) return;
  new Notification(t('yours.yourMove'), { body: title, tag: `game-${id}` });
}

export class MoveNotice {
  constructor() {
    /** @type {Set<string> | null} the games at the member's move when last told (null: not yet) */
    this.waiting = null;
  }

  /**
   * The games now at the member's move: a notification for each that was not before, if the
   * page is in the background. The first call only learns them.
   * @param {{id: string, title: string}[]} games
   */
  update(games) {
    const before = this.waiting;
    this.waiting = new Set(games.map((game) => game.id));
    if (!before) return;
    for (const game of games) {
      if (!before.has(game.id)) noticeYourMove(game.id, game.title);
    }
  }
}
