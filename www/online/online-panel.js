// Online play on the page, loaded only when the page's own origin is a game server (probe.js):
// the "Play online" button and screen (online-dialog.js), the panel of the game shown
// (online-bar.js), and the links that open a game: `?online=<id>` plays the seat this device
// or the signed-in member holds (a tournament's game, "your next game"), else joins the free
// seat (asking the player's name) or watches a full game;
// `?watch=<id>` watches (in an embedded board too: `embed=1&watch=<id>`); `?challenge=<id>`
// (a notification's link) shows a challenge received in the "Play online" screen. While an
// online game is shown its id stays in the address, so that a reload comes back to it.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { member } from '../account/member.js';
import { ConditionalPanel } from '../conditional/conditional-panel.js';
import { confirmAct } from '../page/confirm-dialog.js';
import { byId, el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';
import { summaryText } from '../tools/variants.js';
import { OnlineBar } from './online-bar.js';
import { MEMBER_SEAT, isGameId, request } from '../server/online-client.js';
import { clockText } from './clock-text.js';
import { OnlineDialog } from './online-dialog.js';
import { OnlineGame } from './online-game.js';
import { MAX_NAME, keepName, keepSeat, savedName, seatToken } from './online-seats.js';
import { SeatWatch } from './seat-watch.js';
import { asksMyGames, openMyGames } from './my-games-page.js';
import { TournamentBanner } from './tournament-game.js';
import { errorWords, refusalText } from '../server/online-words.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../server/online-client.js').GameView} GameView */
/** @typedef {import('../game/types.js').Side} Side */

/**
 * What online play needs of the page.
 * @typedef {object} PageHooks
 * @property {boolean} embed the board alone, in another site's page
 * @property {() => void} review opens review mode on the game shown
 * @property {(text: string | null) => void} notice shows a line under the status (null: none)
 * @property {(text: string) => void} say says something to screen readers
 * @property {(text: import('../page/page-ui.js').Words) => void} tell shows a message above the panels (words given as a function are worded again when the language changes)
 * @property {import('../panels/your-games.js').YourGames | null} yours the list of the player's games, if shown
 * @property {import('./tournament-game.js').OpenTournament} tournament opens a tournament in the tournaments screen, if the page has it
 */

/** The address's parameters that name an online game. */
const PARAMS = ['online', 'watch'];

/**
 * Writes the online game `id` in the page's address (null: takes it off).
 * @param {string | null} id
 */
function showInAddress(id) {
  const url = new URL(location.href);
  const before = url.href;
  for (const name of PARAMS) url.searchParams.delete(name);
  if (id) url.searchParams.set('online', id);
  if (url.href !== before) history.replaceState(history.state, '', url.href);
}

/**
 * Sets up online play for the game of `owner`.
 * @param {GameController} owner
 * @param {PageHooks} page
 */
export function installOnline(owner, page) {
  // The panel's looks, loaded with it (a path from the page: the one-file page has no online play).
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/online/online.css', document.baseURI).href }));
  const online = new OnlinePlay(owner, page);
  const query = new URLSearchParams(location.search);
  const [played, watched] = PARAMS.map((name) => query.get(name));
  if (isGameId(watched)) online.play(watched, null);
  else if (isGameId(played)) online.open(played);
  else if (asksMyGames(location.search) && !page.embed) openMyGames();
  const challenge = query.get('challenge');
  if (challenge !== null && !page.embed) online.showChallenge(challenge);
  return online;
}

class OnlinePlay {
  /**
   * @param {GameController} owner
   * @param {PageHooks} page
   */
  constructor(owner, page) {
    this.owner = owner;
    this.page = page;
    /** @type {OnlineGame | null} */
    this.game = null;
    /** @type {OnlineDialog | null} */
    this.dialog = null;
    /** @type {{side: Side | null, red: boolean, blue: boolean, offer: string}} what was last said */
    this.said = { side: null, red: false, blue: false, offer: '' };
    /** @type {OnlineBar | null} */
    this.bar = null;
    this.banner = new TournamentBanner(page.tournament);
    /** @type {import('../chat/chat-panel.js').ChatPanel | null} the game's chat, for a member */
    this.chatPanel = null;
    /** @type {ConditionalPanel | null} the seat's conditional moves */
    this.conditional = null;
    if (!page.embed) {
      const statusPanel = /** @type {HTMLElement} */ (document.querySelector('.status-panel'));
      this.bar = new OnlineBar(statusPanel, () => this.leave(), page.tournament);
      this.conditional = new ConditionalPanel(owner, statusPanel);
      const button = el('button', { type: 'button', id: 'open-online', onclick: () => this.openDialog() });
      byId('game-tools').prepend(button);
      const words = () => { button.textContent = t('online.button'); };
      words();
      onLanguageChange(() => {
        words();
        this.dialog?.ui.dialog.remove();
        this.dialog = null;
        this.bar?.show();
        this.banner.show(this.game);
      });
    }
    owner.subscribe(() => this.bar?.show());
    owner.seat.setLeaveQuestion(() => this.askToLeave());
    this.seats = page.yours && new SeatWatch(page.yours, () => this.game?.id ?? null, (id, token) => this.playAsked(id, token));
  }

  openDialog() {
    this.dialog ??= new OnlineDialog({ play: (id, token) => this.playAsked(id, token), review: (id) => this.review(id) });
    return this.dialog.open();
  }

  /**
   * Shows challenge `id` received (a notification's link, `?challenge=<id>`, then taken off the
   * address): its card in the "Play online" screen, brought into view and focused, or a note
   * that it is no longer open; a guest is asked to sign in.
   * @param {string} id
   */
  async showChallenge(id) {
    const url = new URL(location.href);
    url.searchParams.delete('challenge');
    history.replaceState(history.state, '', url.href);
    if (!member()) {
      this.page.tell(() => t('online.challenge.signIn'));
      return;
    }
    await this.openDialog();
    if (!(isGameId(id) && this.dialog?.find.received.reveal(id))) this.dialog?.showError(t('online.challenge.gone'));
  }

  /**
   * Asks the player in the online game shown whether to leave it, saying what happens to its
   * clock; a game still waiting for its opponent is left without a question (it stays open).
   */
  askToLeave() {
    const view = this.game?.view;
    if (view?.status === 'open') return Promise.resolve(true);
    const timed = view ? view.clock.kind !== 'none' : false;
    return confirmAct({ title: t('leave.title'), text: t(timed ? 'leave.timed' : 'leave.untimed'), yes: t('leave.yes') });
  }

  /**
   * Shows game `id` (play) once the player may leave the one shown, if another.
   * @param {string} id
   * @param {string | null} token
   */
  async playAsked(id, token) {
    if (this.game?.id === id || await this.owner.mayLeave()) this.play(id, token);
  }

  /**
   * Opens game `id` from an invite link: the seat this device holds, else the signed-in
   * member's seat (by the session), else the free seat (asking the name first), else as a
   * spectator.
   * @param {string} id
   */
  async open(id) {
    const token = seatToken(id);
    if (token) {
      this.play(id, token);
      return;
    }
    /** @type {GameView} */
    let view;
    try {
      view = await request(`api/games/${id}`);
    } catch (error) {
      showInAddress(null);
      this.page.tell(() => t('online.cannotOpen', { reason: errorWords(error) }));
      return;
    }
    const free = view.status === 'open' && (!view.players.red || !view.players.blue);
    const me = member();
    const mine = me !== null && [view.players.red, view.players.blue].some((player) => player?.name === me.name);
    if (mine) this.play(id, MEMBER_SEAT);
    else if (free && !this.page.embed) this.askToJoin(view);
    else this.play(id, null);
  }

  /**
   * Asks the name of a person who opened the invite link of open game `view`, then joins.
   * @param {GameView} view
   */
  askToJoin(view) {
    const host = view.players.red ?? view.players.blue;
    const ui = makeDialog('online-join', t('online.joinTitle'));
    // A signed-in member plays under the account's name.
    const me = member();
    const name = el('input', { id: 'online-join-name', type: 'text', maxLength: MAX_NAME, autocomplete: 'nickname', required: true, autofocus: true, value: me?.name ?? savedName(), readOnly: Boolean(me) });
    const error = el('p', { className: 'tool-error', role: 'alert', hidden: true });
    const join = el('button', { type: 'submit', id: 'online-join-button', className: 'primary' }, t('online.join'));
    const watch = el('button', { type: 'button', id: 'online-join-watch', onclick: () => {
      ui.dialog.close();
      this.play(view.id, null);
    } }, t('online.watch'));
    const form = el('form', { className: 'online-join' },
      el('p', {}, t('online.invited', { name: host?.name ?? '?' })),
      el('p', { className: 'online-game-facts' }, [summaryText(view.rules), clockText(view.clock), view.rated ? t('online.ratedTag') : null].filter(Boolean).join(' · ')),
      el('div', { className: 'rule-row' }, el('label', { htmlFor: 'online-join-name' }, t('online.name')), name),
      error,
      el('div', { className: 'tool-actions' }, join, watch));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const chosen = name.value.trim();
      if (!chosen) return;
      if (!me) keepName(chosen);
      try {
        /** @type {import('../server/online-client.js').Seated} */
        const seated = await request(`api/games/${view.id}/join`, { name: chosen });
        keepSeat(seated.id, seated.token, seated.color);
        ui.dialog.close();
        this.play(seated.id, seated.token);
      } catch (refusal) {
        error.textContent = errorWords(refusal);
        error.hidden = false;
      }
    });
    ui.body.append(form);
    ui.dialog.addEventListener('close', () => ui.dialog.remove());
    ui.open();
  }

  /**
   * Shows game `id`, playing the seat of `token` (null: watching).
   * @param {string} id
   * @param {string | null} token
   */
  play(id, token) {
    this.game?.close();
    this.chatPanel?.remove();
    this.chatPanel = null;
    this.said = { side: null, red: false, blue: false, offer: '' };
    this.page.notice(null);
    /** @type {OnlineGame | null} */
    let made = null; // told of changes from its first (the connection it opens at once)
    const game = new OnlineGame(this.owner, id, token, {
      changed: () => made && this.changed(made),
      refused: (refusal) => this.page.notice(refusalText(refusal)),
      rematch: (next, seat) => this.play(next, seat),
      chat: (message) => made && this.chat(made, message),
    });
    made = game;
    this.game = game;
    this.seats?.show();
    this.bar?.setGame(game);
    this.banner.show(game);
    if (!this.page.embed) showInAddress(id);
  }

  /**
   * Something of `game` changed: the panel, and words for screen readers.
   * @param {OnlineGame} game
   */
  changed(game) {
    if (game !== this.game) return;
    if (game.socket.closed) {
      this.chatPanel?.remove();
      this.chatPanel = null;
      this.game = null;
      this.bar?.setGame(null);
      this.banner.show(null);
      if (!this.page.embed) showInAddress(null);
      this.seats?.refresh(); // the game left is one of the player's games again
      this.conditional?.follow(null);
      return;
    }
    this.bar?.show();
    this.conditional?.follow(game);
    this.banner.show(game);
    this.announce(game);
  }

  /**
   * A chat message of `game`: the chat panel (loaded with the first) shows it.
   * @param {OnlineGame} game
   * @param {import('../server/online-client.js').ChatMessage} message
   */
  async chat(game, message) {
    const me = member();
    if (this.page.embed || !me) return;
    if (!this.chatPanel || this.chatPanel.room !== message.room) {
      const { ChatPanel } = await import('../chat/chat-panel.js');
      if (game !== this.game) return;
      this.chatPanel?.remove();
      this.chatPanel = new ChatPanel(message.room, (text) => game.say(text), me.name);
    }
    this.chatPanel.receive(message);
  }

  /**
   * Says when the opponent comes or goes, and what they offer.
   * @param {OnlineGame} game
   */
  announce(game) {
    const { seat, view } = game;
    if (!seat || !view) return;
    const side = seat === 'red' ? 'blue' : 'red';
    const opponent = view.players[side];
    const here = Boolean(opponent?.connected);
    const offer = view.offer && view.offer.by !== seat ? view.offer.kind : '';
    if (this.said.side === seat && opponent && here !== this.said[side]) {
      this.page.say(t(here ? 'online.say.back' : 'online.say.left', { name: opponent.name }));
    }
    if (offer && offer !== this.said.offer) this.page.say(t(`online.offers.${offer}`));
    this.said = { ...this.said, side: seat, [side]: here, offer };
  }

  /** Leaves the online game (asking first while it goes on) for the player's game on this device. */
  async leave() {
    if (!(await this.owner.mayLeave())) return;
    this.game?.close();
    if (!this.owner.resume()) this.owner.newGame();
  }

  /**
   * Opens finished game `id` in review mode.
   * @param {string} id
   */
  async review(id) {
    if (!(await this.owner.mayLeave())) return;
    try {
      /** @type {GameView} */
      const view = await request(`api/games/${id}`);
      this.game?.close();
      const result = view.result && { winner: view.result.winner, reason: view.result.reason };
      this.owner.startGame({ rules: view.rules, fen: view.fen, moves: view.moves, online: { id, seat: null, result } });
      this.page.review();
    } catch (error) {
      this.page.tell(() => t('online.cannotOpen', { reason: errorWords(error) }));
    }
  }
}
