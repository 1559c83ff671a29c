// The clocks offered first when a game is made, challenged or looked for (issue 36), as
// players know them from chess sites. Blitz 5 + 3 is chosen at first: a Jungle game runs
// longer than a chess game (the den is reached by manoeuvre, and only 200 moves without a
// capture draw), so 3 + 2 hurries a newcomer, while 5 + 3 (about 7 minutes a side over 40
// moves) still counts as blitz on the club's default bounds and keeps an evening's games short.
// One default also brings the members who press "Play now" into the same queue.

/** @typedef {import('../server/online-client.js').ClockSpec} ClockSpec */

/** @type {Record<'bullet' | 'blitz' | 'rapid' | 'classical', ClockSpec>} */
export const CLOCK_PRESETS = {
  bullet: { kind: 'live', seconds: 60, increment: 0 },
  blitz: { kind: 'live', seconds: 300, increment: 3 },
  rapid: { kind: 'live', seconds: 600, increment: 5 },
  classical: { kind: 'live', seconds: 1800, increment: 20 },
};

/** The preset chosen at first. */
export const DEFAULT_PRESET = 'blitz';

/**
 * The preset of `value`, if it names one.
 * @param {string} value
 * @returns {ClockSpec | null}
 */
export function presetClock(value) {
  return Object.hasOwn(CLOCK_PRESETS, value) ? CLOCK_PRESETS[/** @type {keyof typeof CLOCK_PRESETS} */ (value)] : null;
}
