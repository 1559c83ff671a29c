// The player's aids and comforts around the game: the language menu and preferences, clocks
// for games between people, hints, the evaluation bar, review mode, sound effects, high
// contrast and the piece style. main.js calls installAids() once the page's App is up.

import { Analyst } from '../computer/analysis.js';
import { ClockView } from './clock-view.js';
import { byId } from '../page/dom.js';
import { EvalBar } from './eval-bar.js';
import { Hint } from './hint.js';
import { onLanguageChange, setLanguage } from '../page/i18n.js';
import { setPieceStyle } from '../board/piece-style.js';
import { PrefsForm } from './prefs-form.js';
import { loadPrefs } from './prefs.js';
import { Review } from './review.js';
import { Sound } from './sound.js';
import { applyColors, applyContrast } from '../page/theme.js';

/** @typedef {import('./prefs.js').Prefs} Prefs */

/**
 * Sets up the aids around the game of `owner`, shown by `page` (the App: it draws the pieces
 * again and speaks to screen readers); returns them (for tests and the console).
 * @param {import('../game/game-controller.js').GameController} owner
 * @param {import('../game/app.js').App} page
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

  const analyst = new Analyst();
  const sound = new Sound(prefs.sound);
  const clocks = new ClockView(owner, byId('board-area'), () => prefs.clock);
  const hint = new Hint(owner, analyst, { button: byId('hint-button'), line: byId('hint-line'), board: page.board },
    () => prefs.hintLevel, (/** @type {string} */ text) => page.say(text));
  const evalBar = new EvalBar(owner, analyst, byId('eval-bar'));
  evalBar.setOn(prefs.evalBar);
  const review = new Review(owner, analyst, {
    root: byId('review'),
    board: page.board,
    toggle: byId('review-toggle'),
    first: byId('review-first'),
    prev: byId('review-prev'),
    next: byId('review-next'),
    last: byId('review-last'),
    close: byId('review-close'),
    position: byId('review-position'),
    graph: byId('review-graph'),
    progress: byId('review-progress'),
    moments: byId('review-swings'),
  }, (grades) => page.moves.setGrades(grades));

  // The form hands over each preference's value as prefs.js checked it.
  const form = new PrefsForm(/** @type {HTMLFormElement} */ (byId('prefs')), byId('settings-toggle'), prefs, (name, value) => {
    prefs = loadPrefs();
    if (name === 'language') setLanguage(String(value));
    else if (name === 'sound') sound.setOn(Boolean(value));
    else if (name === 'contrast') applyContrast(/** @type {Prefs['contrast']} */ (value));
    else if (name === 'colors') applyColors(/** @type {Prefs['colors']} */ (value));
    else if (name === 'evalBar') evalBar.setOn(Boolean(value));
    else if (name === 'pieces') showPieces(/** @type {Prefs['pieces']} */ (value));
    else if (name === 'clock') {
      prefs.clock = /** @type {Prefs['clock']} */ (value); // kept even when storage is off
      form.noteClock(Boolean(value) && !clocks.startNow());
    }
  });

  onLanguageChange(() => {
    hint.relabel();
    evalBar.show();
    clocks.show();
  });

  owner.subscribe((snapshot, change) => {
    if (change.type === 'move') sound.play(change.entry?.captured ? 'capture' : 'move');
    const { settings, outcome, online } = snapshot;
    if (!change.ended || !outcome) return;
    const you = settings.mode === 'computer' ? settings.side : online?.seat ?? null;
    if (!outcome.winner) sound.play('draw');
    else sound.play(you && outcome.winner !== you ? 'loss' : 'win');
  });

  return { analyst, sound, clocks, hint, evalBar, review, prefs: () => prefs };
}
