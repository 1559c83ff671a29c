// The player's aids and comforts that the first board needs: the preferences as saved (colours,
// high contrast, the piece style), sound effects, and the clocks of games between people (they
// are set with a new game and restored with a saved one). main.js calls installAids() once the
// page's App is up; the aids the first board can do without come later (more-aids.js).

import { ClockView } from './clock-view.js';
import { byId } from '../page/dom.js';
import { onLanguageChange, setLanguage } from '../page/i18n.js';
import { setPieceStyle } from '../board/piece-style.js';
import { loadPrefs } from './prefs.js';
import { Sound } from './sound.js';
import { applyColors, applyContrast } from '../page/theme.js';

/** @typedef {import('./prefs.js').Prefs} Prefs */

/**
 * Sets up the aids around the game of `owner`, shown by `page` (the App: it draws the pieces
 * again); returns them, with `change`, which applies a preference the form has changed (its
 * value as prefs.js checked it) and, for the clock, tells whether to note that the clocks start
 * with the next game.
 * @param {import('../game/game-controller.js').GameController} owner
 * @param {import('../panels/app.js').App} page
 */
export function installAids(owner, page) {
  let prefs = loadPrefs();
  applyColors(prefs.colors);
  applyContrast(prefs.contrast);
  const showPieces = (/** @type {Prefs['pieces']} */ style) => {
    setPieceStyle(style);
    document.documentElement.dataset.pieces = style;
    page.relabel();
  };
  showPieces(prefs.pieces);

  const sound = new Sound(prefs.sound);
  const clocks = new ClockView(owner, byId('board-area'), () => prefs.clock);
  onLanguageChange(() => clocks.show());

  owner.subscribe((snapshot, change) => {
    if (change.type === 'move') sound.play(change.entry?.captured ? 'capture' : 'move');
    const { settings, outcome, online } = snapshot;
    if (!change.ended || !outcome) return;
    const you = settings.mode === 'computer' ? settings.side : online?.seat ?? null;
    if (!outcome.winner) sound.play('draw');
    else sound.play(you && outcome.winner !== you ? 'loss' : 'win');
  });

  /**
   * @param {string} name
   * @param {unknown} value
   * @returns {boolean}
   */
  const change = (name, value) => {
    prefs = loadPrefs();
    if (name === 'language') setLanguage(String(value));
    else if (name === 'sound') sound.setOn(Boolean(value));
    else if (name === 'contrast') applyContrast(/** @type {Prefs['contrast']} */ (value));
    else if (name === 'colors') applyColors(/** @type {Prefs['colors']} */ (value));
    else if (name === 'pieces') showPieces(/** @type {Prefs['pieces']} */ (value));
    else if (name === 'clock') {
      prefs.clock = /** @type {Prefs['clock']} */ (value); // kept even when storage is off
      return Boolean(value) && !clocks.startNow();
    }
    return false;
  };

  return { sound, clocks, prefs: () => prefs, change };
}
