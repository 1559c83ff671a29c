// Keeps "your games" (your-games.js) told of the online games this device holds a seat in,
// and of a signed-in member's games on any device (member-games.js): asks the server how each
// stands (the newest seats first, a few at a time) when the page opens, every half minute while
// it is in sight (or in the background too, when the member asked to be notified of their move:
// move-notice.js), and when it comes back into sight. Finished games leave the list and are not
// asked about again. A member's challenges received are listed too, to accept from here: as
// the server pushes them (challenge-feed.js), and at the games' rhythm should the push fail;
// not while an online game is on the board, and gone once accepted or withdrawn.

import { member, onMember } from '../account/member.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { acceptChallenge, challengeFacts, myChallenges } from './challenges-received.js';
import { challengeFeed } from './challenge-feed.js';
import { memberEntry, memberGames } from './member-games.js';
import { MoveNotice, noticesOn, noticeToggle } from './move-notice.js';
import { timeText } from './clock-text.js';
import { MEMBER_SEAT, request } from '../server/online-client.js';
import { heldSeats } from './online-seats.js';
import { openMyGames } from './my-games-page.js';

/** @typedef {import('../server/online-client.js').GameView} GameView */
/** @typedef {import('../panels/your-games.js').GameEntry} GameEntry */
/** @typedef {import('../panels/your-games.js').YourGames} YourGames */

/** How often the games are asked about while the page is in sight (ms). */
const EVERY_MS = 30_000;
/** The most seats asked about: the newest. */
const MAX_WATCHED = 12;

/**
 * How game `view` stands for the player of `color` (null: side not known yet).
 * @param {GameView} view
 * @param {import('../game/types.js').Side | null} color
 */
function facts(view, color) {
  if (view.status === 'open') return t('online.waiting');
  const parts = [t(`status.toMove.${view.turn}`)];
  if (view.clock.kind !== 'none' && color) parts.push(t('yours.clock', { time: timeText(view.clocks[color], view.clock.kind === 'correspondence') }));
  return parts.join(' · ');
}

export class SeatWatch {
  /**
   * Tells `strip` of the seats held but the game `shown()` (the one on the board); `open(id,
   * token)` goes to one.
   * @param {YourGames} strip
   * @param {() => string | null} shown
   * @param {(id: string, token: string) => void} open
   */
  constructor(strip, shown, open) {
    this.strip = strip;
    this.shown = shown;
    this.open = open;
    /** @type {Set<string>} games found over: not asked about again */
    this.over = new Set();
    /** @type {Map<string, GameView>} how each game stood when last heard */
    this.views = new Map();
    /** @type {import('./member-games.js').MemberGame[]} the signed-in member's games */
    this.mine = [];
    /** @type {import('./challenges-received.js').Challenge[]} the challenges the member received */
    this.challenges = [];
    this.notice = new MoveNotice();
    challengeFeed().listen(({ incoming }) => {
      this.challenges = incoming;
      this.show();
    });
    setInterval(() => {
      if (document.visibilityState === 'visible' || noticesOn()) this.refresh();
    }, EVERY_MS);
    onMember(() => this.refresh());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.refresh();
    });
    this.refresh();
  }

  /** Asks the server about every seat held (but finished games), then shows the list. */
  async refresh() {
    const seats = heldSeats().filter((seat) => !this.over.has(seat.id)).slice(0, MAX_WATCHED);
    await Promise.all(seats.map(async ({ id }) => {
      try {
        /** @type {GameView} */
        const view = await request(`api/games/${id}`);
        if (view.status === 'over') {
          this.over.add(id);
          this.views.delete(id);
        } else {
          this.views.set(id, view);
        }
      } catch {
        // Not known any more, or no answer now: left out until it answers again.
        this.views.delete(id);
      }
    }).concat(memberGames().then((games) => {
      this.mine = games;
    }), this.askChallenges()));
    this.show();
  }

  /** Asks for the challenges the member received (none for a guest). */
  async askChallenges() {
    try {
      this.challenges = member() ? (await myChallenges()).incoming : [];
    } catch {
      this.challenges = [];
    }
  }

  /**
   * Tells the strip of the games, without the one on the board: those at the player's move
   * first, the least time left first (as api/me/games), then the others, then the challenges.
   */
  show() {
    const here = this.shown();
    /** @type {{entry: GameEntry, left: number}[]} the games, with the time left to order them by */
    const games = [];
    for (const seat of heldSeats()) {
      const view = this.views.get(seat.id);
      if (!view || seat.id === here) continue;
      const color = seat.color ?? null;
      const opponent = color ? view.players[color === 'red' ? 'blue' : 'red'] : null;
      const yourMove = view.status === 'playing' && view.turn === color;
      const left = yourMove && color && view.clock.kind !== 'none' ? view.clocks[color] : Number.MAX_SAFE_INTEGER;
      games.push({ left, entry: {
        id: seat.id,
        title: opponent ? t('yours.against', { name: opponent.name }) : t('yours.online'),
        facts: facts(view, color),
        yourMove,
        action: t('online.play'),
        open: () => this.open(seat.id, seat.token),
      } });
    }
    const listed = new Set(games.map(({ entry }) => entry.id));
    for (const game of this.mine) {
      if (game.id === here || listed.has(game.id)) continue;
      const left = game.your_move && game.time_left ? game.time_left[game.color] : Number.MAX_SAFE_INTEGER;
      games.push({ left, entry: memberEntry(game, this.open) });
    }
    // Sorting is stable: the others keep their order.
    games.sort((a, b) => Number(b.entry.yourMove) - Number(a.entry.yourMove) || (a.entry.yourMove ? a.left - b.left : 0));
    const entries = games.map(({ entry }) => entry);
    this.notice.update(entries.filter((entry) => entry.yourMove));
    // An online game on the board has the player's attention: challenges wait until it is left.
    const open = here ? [] : this.challenges.filter((challenge) => challenge.expires > Date.now());
    for (const challenge of open) {
      entries.push({
        id: challenge.id,
        title: t('online.challenge.from', { name: challenge.from }),
        facts: challengeFacts(challenge),
        yourMove: false,
        action: t('online.challenge.accept'),
        open: () => acceptChallenge(challenge.id).then((game) => {
          this.challenges = this.challenges.filter((accepted) => accepted.id !== challenge.id);
          this.open(game, MEMBER_SEAT);
        }, () => this.refresh()),
      });
    }
    const tools = el('span', { className: 'your-games-actions' }, noticeToggle(() => this.show()),
      el('button', { type: 'button', id: 'open-my-games', onclick: () => openMyGames() }, t('myGames.open')));
    this.strip.setOnline(entries, member() ? tools : null);
  }
}
