// What the board marks: a piece standing in a trap that weakens it keeps its side's colour,
// with a dashed ring and a net badge, and is said to be trapped; an enemy piece that may be taken gets brackets at its
// square's corners, over the piece, in the theme's capture colour (www/board/board-colors.js).
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { test, expect, openGame, square } = require('./helpers');

/** The colour tables the drawing uses, read from the module itself (an ES module: Node reads it). */
const BOARD_THEMES = JSON.parse(execFileSync(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', '--input-type=module', '-e',
  `import { BOARD_THEMES } from ${JSON.stringify(path.resolve(__dirname, '../../www/board/board-colors.js'))}; console.log(JSON.stringify(BOARD_THEMES));`,
], { encoding: 'utf8' }));

// A Blue wolf in Red's trap d2, a Red cat beside it on c2; Red to move.
const TRAPPED = encodeURIComponent('l5t/1d3c1/r1p3e/7/7/7/E1W1P1R/2Cw1D1/T5L w');

/** The colour of the canvas at a point of the page, as `#rrggbb`. */
function pixelAt(page, x, y) {
  return page.evaluate(([px, py]) => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board-canvas'));
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    const data = canvas.getContext('2d').getImageData(Math.round((px - rect.left) * ratio), Math.round((py - rect.top) * ratio), 1, 1).data;
    return `#${[...data.slice(0, 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }, [x, y]);
}

test('a piece in a trap that weakens it is said to be trapped, and is taken by a weaker one', async ({ page }) => {
  await openGame(page, `?fen=${TRAPPED}&mode=people`);
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', /blue wolf on red trap, trapped, no strength/);
  await expect(square(page, 'c2')).not.toHaveAttribute('aria-label', /trapped/);
  await square(page, 'c2').click();
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', /trapped, no strength, can capture/);
});

test('with traps=universal a piece in its own trap is trapped too', async ({ page }) => {
  const fen = encodeURIComponent('l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C1D3/T5L w');
  await openGame(page, `?fen=${fen}&rules=${encodeURIComponent('traps=universal')}`);
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', /red dog on red trap, trapped/);
  await openGame(page, `?fen=${fen}`);
  await expect(square(page, 'd2')).not.toHaveAttribute('aria-label', /trapped/);
});

for (const theme of ['light', 'dark', 'contrast']) {
  test(`${theme}: capture brackets sit over the enemy piece in the theme's capture ink`, async ({ page }) => {
    await openGame(page, `?fen=${TRAPPED}&mode=people&theme=${theme}`);
    await square(page, 'c2').click();
    const box = await square(page, 'd2').boundingBox();
    // Down the middle of the bracket's arm at the top left corner of d2.
    const size = box.width;
    await expect.poll(() => pixelAt(page, box.x + size * 0.065, box.y + size * 0.15)).toBe(BOARD_THEMES[theme].capture.ink);
    // The trapped wolf's badge, at the middle of the square's top edge.
    expect(await pixelAt(page, box.x + size / 2 - size * 0.1, box.y + size * 0.17)).toBe(BOARD_THEMES[theme].trapped.ink);
  });
}
