// The board's colours in every theme, measured as WCAG 2 defines contrast: each marker against
// each ground it can be drawn on at least 3:1, the coordinates against the frame 4.5:1. The
// colours are the ones the drawing uses (www/board/board-colors.js), not copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD_THEMES } from '../../www/board/board-colors.js';

/** The relative luminance of a colour written `#rrggbb` (WCAG 2). */
function luminance(hex) {
  assert.match(hex, /^#[0-9a-f]{6}$/i, `an opaque colour: ${hex}`);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The grounds of a board square: both shades of grass (traps are grass too), water, dens. */
function grounds(colors) {
  return {
    'grass 1': colors.grass[0], 'grass 2': colors.grass[1], water: colors.water,
    'red den': colors.den.red, 'blue den': colors.den.blue,
  };
}

const MARKERS = ['dot', 'capture', 'lastMove', 'premove', 'selected', 'hover', 'focus', 'trapped'];

/** How well `marker` shows on `ground`: by its ink, or by its halo around the ink. */
function shows(marker, ground) {
  return Math.max(contrast(marker.ink, ground), marker.halo ? contrast(marker.halo, ground) : 0);
}

for (const [theme, colors] of Object.entries(BOARD_THEMES)) {
  test(`${theme}: every marker stands out 3:1 from every square it can be drawn on`, () => {
    const low = [];
    for (const name of MARKERS) {
      const marker = colors[name];
      assert.ok(marker, `${theme} has a ${name} marker`);
      for (const [groundName, ground] of Object.entries(grounds(colors))) {
        const ratio = shows(marker, ground);
        if (ratio < 3) low.push(`${name} on ${groundName}: ${ratio.toFixed(2)}`);
      }
      if (marker.halo && contrast(marker.ink, marker.halo) < 3) low.push(`${name}: ink on its halo`);
    }
    assert.deepEqual(low, []);
  });

  test(`${theme}: the coordinates read 4.5:1 on the frame, the traps' and dens' edges 3:1 on grass`, () => {
    assert.ok(contrast(colors.label, colors.frame) >= 4.5, `label ${contrast(colors.label, colors.frame).toFixed(2)}`);
    for (const side of /** @type {const} */ (['red', 'blue'])) {
      for (const grass of colors.grass) {
        const ratio = contrast(colors.edge[side], grass);
        assert.ok(ratio >= 3, `${side} trap edge on ${grass}: ${ratio.toFixed(2)}`);
      }
    }
  });
}

test('the contrast formula gives the known extremes', () => {
  assert.equal(contrast('#000000', '#ffffff'), 21);
  assert.equal(contrast('#777777', '#777777'), 1);
  assert.ok(Math.abs(contrast('#767676', '#ffffff') - 4.54) < 0.01);
});

// The lowest ratio of each theme: BOARD_CONTRAST_REPORT=1 scripts/test-unit tests/unit/board-colors.test.mjs
if (process.env.BOARD_CONTRAST_REPORT) {
  for (const [theme, colors] of Object.entries(BOARD_THEMES)) {
    const ratios = MARKERS.flatMap((name) => Object.entries(grounds(colors)).map(([g, ground]) => [shows(colors[name], ground), `${name} on ${g}`]));
    const [ratio, where] = ratios.sort((a, b) => a[0] - b[0])[0];
    console.log(`${theme}: lowest marker ${ratio.toFixed(2)}:1 (${where}); label ${contrast(colors.label, colors.frame).toFixed(2)}:1`);
  }
}
