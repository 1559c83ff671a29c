// The "Play online" screen: the player's display name (kept on this device; a signed-in
// member's is the account's), a new game (rules preset, clock — a preset such as blitz 5 + 3 at
// first, correspondence, custom or none —, side, rated for a member, never without a clock) that
// gives an invite link, a member's ways to find an opponent (find-game.js), the open games to
// join (filtered: lobby-filter.js), the games being played to watch, and the finished games to
// review or download as a record.

import { rulePresets } from '../game/engine.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { dateTimeText } from '../page/date-text.js';
import { makeDialog } from '../page/page-ui.js';
import { summaryText } from '../tools/variants.js';
import { clockText } from './clock-text.js';
import { CLOCK_PRESETS, DEFAULT_PRESET, presetClock } from './clock-presets.js';
import { FindGame } from './find-game.js';
import { LobbyFilter } from './lobby-filter.js';
import { MEMBER_SEAT, request } from '../server/online-client.js';
import { MAX_NAME, keepName, keepSeat, savedName, seatToken } from './online-seats.js';
import { errorWords, ratedText, resultText } from '../server/online-words.js';
import { member } from '../account/member.js';
import { ratingText } from '../account/ratings.js';

/** @typedef {import('../server/online-client.js').Listed} Listed */
/** @typedef {import('../server/online-client.js').ClockSpec} ClockSpec */
/** @typedef {import('../server/online-client.js').Seated} Seated */
/** @typedef {{id: string, rules: string}} Preset */

/**
 * What the screen asks of the page: `play(id, token)` opens a game to play (or to watch, with
 * no token), `review(id)` opens a finished game in review mode.
 * @typedef {{play: (id: string, token: string | null) => void, review: (id: string) => void}} DialogHooks
 */

/**
 * "Alice (Red) – Bob (Blue)".
 * @param {Listed} game
 */
function playersText(game) {
  const name = (/** @type {string | null} */ n, /** @type {'red' | 'blue'} */ side) => {
    const shown = game[`${side}_rating`];
    const named = t('online.nameSide', { name: n ?? t('online.emptySeat'), Side: t(`Side.${side}`) });
    return shown ? `${named} ${ratingText(shown)}` : named;
  };
  return `${name(game.red, 'red')} – ${name(game.blue, 'blue')}`;
}

/**
 * A number field.
 * @param {string} id
 * @param {number} min
 * @param {number} max
 * @param {number} value
 */
function numberField(id, min, max, value) {
  return el('input', { id, type: 'number', min, max, step: 1, value, inputMode: 'numeric', required: true });
}

export class OnlineDialog {
  /** @param {DialogHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    this.ui = makeDialog('online-dialog', t('online.dialogTitle'));
    this.name = el('input', { id: 'online-name', type: 'text', maxLength: MAX_NAME, autocomplete: 'nickname', required: true, value: savedName() });
    /** @type {Preset[]} */
    this.presets = rulePresets();
    this.rules = el('select', { id: 'online-rules' }, this.presets.map((p) => el('option', { value: p.id }, t(`preset.${p.id}`))));
    this.clock = el('select', { id: 'online-clock' },
      Object.entries(CLOCK_PRESETS).map(([id, clock]) => el('option', { value: id }, `${t(`online.clock.${id}`)} · ${clockText(clock)}`)),
      el('option', { value: 'correspondence' }, t('online.clock.correspondence')),
      el('option', { value: 'live' }, t('online.clock.custom')),
      el('option', { value: 'none' }, t('online.clock.none')));
    this.clock.value = DEFAULT_PRESET;
    this.minutes = numberField('online-minutes', 1, 180, 10);
    this.increment = numberField('online-increment', 0, 180, 5);
    this.days = numberField('online-days', 1, 30, 3);
    this.live = el('div', { className: 'online-clock-fields' },
      el('label', {}, t('clock.minutes'), ' ', this.minutes), el('label', {}, t('clock.increment'), ' ', this.increment));
    this.correspondence = el('div', { className: 'online-clock-fields' }, el('label', {}, t('online.clock.days'), ' ', this.days));
    this.clock.addEventListener('change', () => this.showClockFields());
    const colour = (/** @type {string} */ value, /** @type {string} */ key) => el('label', {},
      el('input', { type: 'radio', name: 'online-color', value, checked: value === 'random' }), ' ', t(key));
    this.colors = el('fieldset', { className: 'online-colors' }, el('legend', {}, t('online.color')),
      colour('random', 'online.color.random'), colour('red', 'Side.red'), colour('blue', 'Side.blue'));
    this.rated = el('input', { type: 'checkbox', id: 'online-rated' });
    this.ratedRow = el('label', { className: 'online-rated' }, this.rated, ' ', t('online.rated'));
    // Why Rated and Play now are off without a clock.
    this.ratedWhy = el('p', { id: 'online-rated-why', className: 'online-rated-why', hidden: true }, t('online.ratedNeedsClock'));
    this.error = el('p', { id: 'online-error', className: 'tool-error', role: 'alert', hidden: true });
    const create = el('button', { type: 'submit', id: 'online-create', className: 'primary' }, t('online.create'));
    const form = el('form', { id: 'online-create-form', className: 'online-create' },
      el('h3', {}, t('online.newGame')),
      el('div', { className: 'rule-row' }, el('label', { htmlFor: 'online-rules' }, t('rules.preset')), this.rules),
      el('div', { className: 'rule-row online-clock-row' }, el('label', { htmlFor: 'online-clock' }, t('clock.label')), this.clock),
      this.live, this.correspondence, this.colors, this.ratedRow, this.ratedWhy,
      el('div', { className: 'tool-actions' }, create));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.create();
    });
    /** @type {Record<'lobby' | 'live' | 'archive', HTMLElement>} */
    this.lists = {
      lobby: el('ul', { id: 'online-lobby', className: 'online-list' }),
      live: el('ul', { id: 'online-live', className: 'online-list' }),
      archive: el('ul', { id: 'online-archive', className: 'online-list' }),
    };
    const refresh = el('button', { type: 'button', id: 'online-refresh', onclick: () => this.refresh() }, t('online.refresh'));
    this.lobbyFilter = new LobbyFilter(this.presets, () => this.fillLobby());
    this.find = new FindGame({ terms: () => this.terms(), play: (id) => this.playMember(id), showError: (text) => this.showError(text) });
    this.ui.body.append(
      el('div', { className: 'rule-row online-name-row' }, el('label', { htmlFor: 'online-name' }, t('online.name')), this.name),
      this.error,
      form,
      this.find.element,
      el('div', { className: 'online-lists-head' }, el('h3', {}, t('online.games')), refresh),
      el('section', { className: 'online-section' }, el('h4', {}, t('online.lobby')), this.lobbyFilter.element, this.lists.lobby),
      el('section', { className: 'online-section' }, el('h4', {}, t('online.live')), this.lists.live),
      el('section', { className: 'online-section' }, el('h4', {}, t('online.archive')), this.lists.archive));
    this.showClockFields();
  }

  /** Opens the screen; resolves once its lists are filled as they are now. */
  open() {
    this.error.hidden = true;
    // A signed-in member plays under the account's name, and may play rated games.
    const me = member();
    if (me) this.name.value = me.name;
    this.name.readOnly = Boolean(me);
    this.ratedRow.hidden = !me;
    this.find.element.hidden = !me;
    this.showClockFields();
    this.ui.open();
    return this.refresh();
  }

  /** The fields of the clock chosen; without one, no rated game and no "Play now", and why. */
  showClockFields() {
    this.live.hidden = this.clock.value !== 'live';
    this.correspondence.hidden = this.clock.value !== 'correspondence';
    const clocked = this.clock.value !== 'none';
    this.rated.disabled = !clocked;
    if (!clocked) this.rated.checked = false;
    this.ratedWhy.hidden = clocked || !member();
    this.find.setClocked(clocked);
  }

  /**
   * Shows a refusal or a problem.
   * @param {string} text
   */
  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  /** The display name typed, kept for next time; null (and the field shows why) if empty. */
  playerName() {
    const me = member();
    if (me) return me.name;
    const name = this.name.value.trim();
    if (!name) {
      this.showError(t('online.nameNeeded'));
      this.name.focus();
      return null;
    }
    keepName(name);
    return name;
  }

  /** The clock chosen. @returns {ClockSpec} */
  clockSpec() {
    const preset = presetClock(this.clock.value);
    if (preset) return preset;
    if (this.clock.value === 'live') {
      return { kind: 'live', seconds: Math.round(Number(this.minutes.value) * 60), increment: Math.round(Number(this.increment.value)) };
    }
    if (this.clock.value === 'correspondence') return { kind: 'correspondence', days: Math.round(Number(this.days.value)) };
    return { kind: 'none' };
  }

  /** The rules, clock, side and rated flag chosen. */
  terms() {
    return {
      rules: this.presets.find((p) => p.id === this.rules.value)?.rules ?? '',
      clock: this.clockSpec(),
      color: /** @type {HTMLInputElement | null} */ (this.colors.querySelector('input:checked'))?.value ?? 'random',
      rated: Boolean(member()) && this.rated.checked,
    };
  }

  async create() {
    const name = this.playerName();
    if (!name) return;
    try {
      /** @type {Seated} */
      const seated = await request('api/games', { name, ...this.terms() });
      this.seated(seated);
    } catch (error) {
      this.showError(errorWords(error));
    }
  }

  /**
   * Joins open game `id`.
   * @param {string} id
   */
  async join(id) {
    const name = this.playerName();
    if (!name) return;
    try {
      this.seated(await request(`api/games/${id}/join`, { name }));
    } catch (error) {
      this.showError(errorWords(error));
      this.refresh();
    }
  }

  /**
   * A seat taken: kept, and its game opened.
   * @param {Seated} seated
   */
  seated({ id, token, color }) {
    keepSeat(id, token, color);
    this.ui.dialog.close();
    this.hooks.play(id, token);
  }

  /**
   * A member's game found (paired, or a challenge accepted): opened at the member's seat.
   * @param {string} id
   */
  playMember(id) {
    this.ui.dialog.close();
    this.hooks.play(id, MEMBER_SEAT);
  }

  /** Loads the lobby again, as filtered. */
  fillLobby() {
    // A game of one's own is played (opened at its seat), not joined a second time or watched.
    return this.fill('lobby', this.lobbyFilter.path(), (game) => [seatToken(game.id)
      ? this.playButton(game.id)
      : el('button', { type: 'button', className: 'primary', dataset: { join: game.id }, onclick: () => this.join(game.id) }, t('online.join')),
    ]);
  }

  /** Loads the three lists again, and a member's challenges. */
  async refresh() {
    await Promise.all([
      member() ? this.find.refresh() : null,
      this.fillLobby(),
      this.fill('live', 'api/live', (game) => [seatToken(game.id)
        ? this.playButton(game.id)
        : el('button', { type: 'button', dataset: { watch: game.id }, onclick: () => this.watch(game.id) }, t('online.watch')),
      ]),
      this.fill('archive', 'api/archive?limit=30', (game) => [
        el('button', { type: 'button', dataset: { review: game.id }, onclick: () => this.review(game.id) }, t('online.review')),
        el('a', { href: `api/games/${game.id}/record`, download: `jungle-${game.id}.txt`, className: 'online-record' }, t('online.record')),
      ]),
    ]);
  }

  /**
   * Fills list `name` from `path`, each game with the controls `controls(game)` make.
   * @param {'lobby' | 'live' | 'archive'} name
   * @param {string} path
   * @param {(game: Listed) => HTMLElement[]} controls
   */
  async fill(name, path, controls) {
    const list = this.lists[name];
    /** @type {Listed[]} */
    let games;
    try {
      games = await request(path);
    } catch (error) {
      list.replaceChildren(el('li', { className: 'online-empty' }, errorWords(error)));
      return;
    }
    if (games.length === 0) {
      list.replaceChildren(el('li', { className: 'online-empty' }, t('online.none')));
      return;
    }
    list.replaceChildren(...games.map((game) => {
      const facts = [summaryText(game.rules), clockText(game.clock)];
      const rated = ratedText(game);
      if (rated) facts.push(rated);
      if (name === 'live') facts.push(t(game.ply === 1 ? 'recent.moves.one' : 'recent.moves', { n: game.ply }));
      if (game.result) facts.unshift(resultText(game.result));
      facts.push(dateTimeText(name === 'archive' ? game.updated : game.created));
      return el('li', { className: 'online-game', dataset: { game: game.id } },
        el('span', { className: 'online-game-text' },
          el('span', { className: 'online-game-players' }, playersText(game)),
          el('span', { className: 'online-game-facts' }, facts.join(' · '))),
        el('span', { className: 'online-game-controls' }, controls(game)));
    }));
  }

  /**
   * "Play": opens game `id` at the seat this device holds.
   * @param {string} id
   */
  playButton(id) {
    return el('button', { type: 'button', className: 'primary', dataset: { play: id }, onclick: () => this.watch(id) }, t('online.play'));
  }

  /**
   * Opens game `id`: to play in it if this device holds one of its seats, else to watch.
   * @param {string} id
   */
  watch(id) {
    this.ui.dialog.close();
    this.hooks.play(id, seatToken(id));
  }

  /** @param {string} id */
  review(id) {
    this.ui.dialog.close();
    this.hooks.review(id);
  }
}
