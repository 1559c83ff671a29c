// The player's aids and comforts around the game: the language menu and preferences, clocks
// for games between people, hints, the evaluation bar, review mode, sound effects, high
// contrast and the piece style. main.js calls installAids() once the page's App is up.

import { Analyst } from './analysis.js';
import { ClockView } from './clock-view.js';
import { EvalBar } from './eval-bar.js';
import { Hint } from './hint.js';
import { onLanguageChange, setLanguage } from './i18n.js';
import { setPieceStyle } from './piece-style.js';
import { PrefsForm } from './prefs-form.js';
import { loadPrefs } from './prefs.js';
import { Review } from './review.js';
import { Sound } from './sound.js';
import { applyContrast } from './theme.js';

const $ = (id) => document.getElementById(id);

/** Sets up the aids around `app`; returns them (for tests and the console). */
export function installAids(app) {
  let prefs = loadPrefs();
  applyContrast(prefs.contrast);
  const showPieces = (style) => {
    setPieceStyle(style);
    document.documentElement.dataset.pieces = style;
    app.relabel();
  };
  showPieces(prefs.pieces);

  const analyst = new Analyst();
  const sound = new Sound(prefs.sound);
  const clocks = new ClockView(app, $('clocks'), () => prefs.clock);
  const hint = new Hint(app, analyst, { button: $('hint-button'), line: $('hint-line'), board: $('board') }, () => prefs.hintLevel);
  const evalBar = new EvalBar(app, analyst, $('eval-bar'));
  evalBar.setOn(prefs.evalBar);
  const review = new Review(app, analyst, {
    root: $('review'),
    toggle: $('review-toggle'),
    first: $('review-first'),
    prev: $('review-prev'),
    next: $('review-next'),
    last: $('review-last'),
    close: $('review-close'),
    position: $('review-position'),
    graph: $('review-graph'),
    progress: $('review-progress'),
    swings: $('review-swings'),
  });

  const form = new PrefsForm($('prefs'), $('settings-toggle'), prefs, (name, value) => {
    prefs = loadPrefs();
    if (name === 'language') setLanguage(value);
    else if (name === 'sound') sound.setOn(value);
    else if (name === 'contrast') applyContrast(value);
    else if (name === 'evalBar') evalBar.setOn(value);
    else if (name === 'pieces') showPieces(value);
    else if (name === 'clock') {
      prefs.clock = value; // kept even when storage is off
      form.noteClock(Boolean(value) && !clocks.startNow());
    }
  });

  onLanguageChange(() => {
    app.relabel();
    hint.relabel();
    evalBar.show();
    clocks.show();
  });

  app.addEventListener('move', ({ detail }) => sound.play(detail.captured ? 'capture' : 'move'));
  app.addEventListener('game-over', ({ detail }) => {
    const you = app.settings.mode === 'computer' ? app.settings.side : null;
    if (!detail.winner) sound.play('draw');
    else sound.play(you && detail.winner !== you ? 'loss' : 'win');
  });

  return { analyst, sound, clocks, hint, evalBar, review, prefs: () => prefs };
}
