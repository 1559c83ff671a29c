// The aids the first board can do without, installed once it is playable (main.js): hints,
// the evaluation bar, review mode, the analysis board's evaluation graph (all four ask the
// analysis engine) and the form of the preferences, which aids.js applies.

import { AnalysisGraph } from '../analysis/analysis-graph.js';
import { graphSlot } from '../analysis/open-analysis.js';
import { Analyst } from '../computer/analysis.js';
import { byId } from '../page/dom.js';
import { EvalBar } from './eval-bar.js';
import { Hint } from './hint.js';
import { onLanguageChange } from '../page/i18n.js';
import { PrefsForm } from './prefs-form.js';
import { Review } from './review.js';

/**
 * Sets up the rest of the aids around the game of `owner`, shown by `page` (the App: its board,
 * move list and words for screen readers), beside `aids` (installAids); returns them.
 * @param {import('../game/game-controller.js').GameController} owner
 * @param {import('../panels/app.js').App} page
 * @param {ReturnType<typeof import('./aids.js').installAids>} aids
 */
export function installMoreAids(owner, page, aids) {
  const analyst = new Analyst();
  const hint = new Hint(owner, analyst, { button: byId('hint-button'), line: byId('hint-line'), board: page.board },
    () => aids.prefs().hintLevel, (/** @type {string} */ text) => page.say(text));
  const evalBar = new EvalBar(owner, analyst, byId('eval-bar'));
  evalBar.setOn(aids.prefs().evalBar);
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

  new AnalysisGraph(owner, analyst, graphSlot());

  const form = new PrefsForm(/** @type {HTMLFormElement} */ (byId('prefs')), byId('settings-toggle'), aids.prefs(), (name, value) => {
    const noteClock = aids.change(name, value);
    if (name === 'evalBar') evalBar.setOn(Boolean(value));
    else if (name === 'clock') form.noteClock(noteClock);
  });

  onLanguageChange(() => {
    hint.relabel();
    evalBar.show();
  });

  return { analyst, hint, evalBar, review };
}
