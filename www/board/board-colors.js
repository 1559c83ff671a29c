// The board's colours in each theme of the page (light, dark, high contrast): squares, frame,
// coordinates, and the markers drawn over them. The drawing (terrain-drawing.js,
// board-background.js, board-canvas.js) takes every colour from here, and the contrast test
// (tests/unit/board-colors.test.mjs) measures the same tables: each marker against each
// square it can sit on at least 3:1 (WCAG 1.4.11), the coordinates against the frame 4.5:1.
//
// Markers are opaque on purpose: a translucent colour has no fixed contrast. A marker with a
// `halo` is drawn as a line of `ink` edged on both sides by `halo`, so it shows on any ground
// where one of the two does (the test asks the two to differ by 3:1 as well).

/**
 * @typedef {object} Marker
 * @property {string} ink
 * @property {string} [halo] drawn around the ink, for grounds the ink alone is too close to
 * @property {string} [tint] a see-through wash over the whole square, under the marker (a help
 *   to the eye only: the ink and halo alone meet the contrast asked)
 */

/**
 * @typedef {object} BoardColors
 * @property {[string, string]} grass the two shades of land, alternating like a chequer
 * @property {string} water
 * @property {string} wave the ripples drawn on the water
 * @property {string} net the rope of a trap, drawn over grass
 * @property {{red: string, blue: string}} edge each side's colour for its traps and den flags
 * @property {{red: string, blue: string}} den the ground of each side's den
 * @property {string} mound the den's mound
 * @property {string} cave the den's entrance and flag pole
 * @property {string} frame the wooden frame around the squares
 * @property {string} label the coordinates written on the frame
 * @property {string} grid the lines between squares
 * @property {Marker} dot a square the picked piece may move to
 * @property {Marker} capture an enemy piece it may take (brackets at the square's corners)
 * @property {Marker} lastMove the two squares of the last move (a frame inside each)
 * @property {Marker} premove the two squares of a move queued for the player's turn (a frame inside each)
 * @property {Marker} selected the picked piece's square (a thick frame)
 * @property {Marker} hover the destination under a dragged piece
 * @property {Marker} focus the keyboard focus ring on a square (CSS, set by board-canvas.js)
 * @property {Marker} trapped the badge on a piece that stands in a trap that weakens it
 */

/** @type {Record<'light' | 'dark' | 'contrast', BoardColors>} */
export const BOARD_THEMES = {
  light: {
    grass: ['#cfe7a9', '#c4df9b'],
    water: '#4f9fdd',
    wave: '#9fd0f4',
    net: '#8a5a2b',
    edge: { red: '#d1402c', blue: '#2b68c4' },
    den: { red: '#f7c9bd', blue: '#c3d7f5' },
    mound: '#9a7448',
    cave: '#3b2a1a',
    frame: '#6d4b2a',
    label: '#f3e3c8',
    grid: '#a9c488',
    dot: { ink: '#143d1f' },
    capture: { ink: '#8a0018', halo: '#ffffff' },
    lastMove: { ink: '#5a3a00', halo: '#ffd84d', tint: 'rgba(255, 221, 87, 0.35)' },
    premove: { ink: '#0b3a8c', halo: '#ffffff', tint: 'rgba(80, 140, 255, 0.3)' },
    selected: { ink: '#000000', halo: '#ffd84d', tint: 'rgba(255, 196, 0, 0.55)' },
    hover: { ink: '#143d1f' },
    focus: { ink: '#101010', halo: '#ffffff' },
    trapped: { ink: '#3b2a1a', halo: '#ffffff' },
  },
  dark: {
    grass: ['#2c4527', '#283f24'],
    water: '#1b4a73',
    wave: '#4d86b8',
    net: '#c99a5e',
    edge: { red: '#ff7a66', blue: '#7fb0ff' },
    den: { red: '#5a2a25', blue: '#233758' },
    mound: '#6e5536',
    cave: '#161009',
    frame: '#2b1f14',
    label: '#e6d3ad',
    grid: '#1f311c',
    dot: { ink: '#e9f7c6' },
    capture: { ink: '#ff9e8f', halo: '#1a0000' },
    lastMove: { ink: '#ffd84d', tint: 'rgba(255, 216, 77, 0.18)' },
    premove: { ink: '#8ec5ff', halo: '#000000', tint: 'rgba(142, 197, 255, 0.22)' },
    selected: { ink: '#ffe98a', halo: '#000000', tint: 'rgba(255, 233, 138, 0.35)' },
    hover: { ink: '#e9f7c6' },
    focus: { ink: '#ffffff', halo: '#000000' },
    trapped: { ink: '#ffd84d', halo: '#000000' },
  },
  contrast: {
    grass: ['#ffffff', '#ececec'],
    water: '#a8d1ff',
    wave: '#6e9fd6',
    net: '#000000',
    edge: { red: '#a3000f', blue: '#0039a6' },
    den: { red: '#ffd6d1', blue: '#d6e4ff' },
    mound: '#6b4a22',
    cave: '#000000',
    frame: '#000000',
    label: '#ffffff',
    grid: '#000000',
    dot: { ink: '#000000' },
    capture: { ink: '#b0001a', halo: '#ffffff' },
    lastMove: { ink: '#5c00a3' },
    premove: { ink: '#00529b', halo: '#ffffff' },
    selected: { ink: '#000000', halo: '#ffe000', tint: 'rgba(255, 224, 0, 0.6)' },
    hover: { ink: '#000000' },
    focus: { ink: '#c00000', halo: '#ffffff' },
    trapped: { ink: '#000000', halo: '#ffffff' },
  },
};

/**
 * The board's colours for theme `name` (the page's `data-theme`); light for any other.
 * @param {string | undefined} name
 * @returns {BoardColors}
 */
export function boardColors(name) {
  return name === 'dark' || name === 'contrast' ? BOARD_THEMES[name] : BOARD_THEMES.light;
}
