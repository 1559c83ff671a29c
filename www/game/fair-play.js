// Times when the engine helps nobody: while an online game goes on, its players get no hint, no
// evaluation, no review (each would be the computer playing for them; spectators and finished
// games keep every aid); and while a puzzle is on, the header's hint, the evaluation bar and
// review are off for everyone, so that a solve is the player's own (the puzzle's own Hint
// stays, and counts as help: puzzle-mode.js). The aids say why they are off (barredWords).

import { capitalize, t } from '../page/i18n.js';

/**
 * Why the page must not lend the engine to the player of `snapshot` now: 'puzzle', 'online',
 * or null when it may.
 * @param {import('./types.js').Snapshot} snapshot
 * @returns {'puzzle' | 'online' | null}
 */
export function barredBy(snapshot) {
  if (snapshot.puzzle) return 'puzzle';
  if (snapshot.online?.seat && !snapshot.outcome) return 'online';
  return null;
}

/**
 * Whether the page must not lend the engine to the player of `snapshot` now.
 * @param {import('./types.js').Snapshot} snapshot
 */
export function engineBarred(snapshot) {
  return barredBy(snapshot) !== null;
}

/**
 * Why an aid is off now, in words ("off during a puzzle"), or '' when it is not.
 * @param {import('./types.js').Snapshot} snapshot
 */
export function barredWords(snapshot) {
  const why = barredBy(snapshot);
  return why ? t(`fair.off.${why}`) : '';
}

/**
 * Disables an aid's `button` while the engine is barred, and says why in its tooltip and to
 * screen readers (its accessible description); `busy` disables it for another reason.
 * @param {HTMLButtonElement} button
 * @param {import('./types.js').Snapshot} snapshot
 */
export function barButton(button, snapshot, busy = false) {
  const why = barredWords(snapshot);
  button.disabled = Boolean(why) || busy;
  if (why) button.title = capitalize(why);
  else button.removeAttribute('title');
}
