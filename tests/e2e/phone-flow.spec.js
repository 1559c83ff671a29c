// A phone held upright (390 × 844): the move list in sight under the board without scrolling,
// the header's buttons with words under their pictures, a trapped piece in its side's colour
// (here and on a desktop) with the trap shown by a ring and a badge, and a toast that covers
// no control. Screenshots in English, German and Japanese, checked by axe.
const { test, expect, openGame, play, square, snapshot, lowContrast } = require('./helpers');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const MOVES = 'g3g4,a7a6,g4g5,a6a5,g5g6,g7f7,g6g7,b8b7,g7f7,b7a7,a3a4,a7a6';
// A Blue wolf in Red's trap d2, a Red cat beside it on c2; Red to move.
const TRAPPED = encodeURIComponent('l5t/1d3c1/r1p3e/7/7/7/E1W1P1R/2Cw1D1/T5L w');

test('the move list is in sight under the board, on the move shown', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openGame(page, `?lang=en&mode=people&moves=${MOVES}`);
  const board = await page.locator('#board').boundingBox();
  expect(board.y + board.height).toBeLessThanOrEqual(PHONE.height);
  // The last move's button, in the window as the page opens: no scrolling needed.
  const last = page.locator('#move-list .move-button[data-ply="12"]');
  await expect(last).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // A game under way: the start folds to "How to play", making room for the list.
  await expect(page.locator('#play-computer')).toBeHidden();
  await expect(page.locator('#how-to-play')).toBeVisible();
  // A move picked there is the one looked at (a review of the game).
  await page.locator('#move-list .move-button[data-ply="9"]').click();
  await expect(page.locator('#board')).toHaveAttribute('data-reviewing', 'yes');
  await expect(page.locator('#move-list td[aria-current] .move-button')).toHaveAttribute('data-ply', '9');
  await expect(page.locator('#move-list .move-button[data-ply="9"]')).toBeInViewport({ ratio: 1 });
});

for (const lang of ['en', 'de', 'ja']) {
  test(`${lang}: each header button shows its word under its picture, within the button`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openGame(page, `?lang=${lang}&mode=people&moves=${MOVES}`);
    const buttons = await page.locator('.top-bar .actions button:visible').evaluateAll((nodes) => nodes.map((node) => {
      const box = node.getBoundingClientRect();
      const words = [...node.childNodes].filter((child) => !(child instanceof SVGElement)).map((child) => child.textContent).join('').trim();
      return {
        id: node.id,
        words,
        size: parseFloat(getComputedStyle(node).fontSize),
        fits: node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1,
        inside: box.left >= 0 && box.right <= innerWidth,
      };
    }));
    expect(buttons.length).toBeGreaterThanOrEqual(7);
    for (const button of buttons) {
      expect(button.words, button.id).not.toBe('');
      expect(button.size, `${button.id}: the words' size`).toBeGreaterThanOrEqual(9);
      expect(button.fits, `${button.id}: "${button.words}" within its button`).toBe(true);
      expect(button.inside, button.id).toBe(true);
      await expect(page.locator(`#${button.id}`)).toHaveAccessibleName(/\S/);
    }
    await expect(page.locator('.top-bar h1')).toHaveCount(1);
    await square(page, 'a4').click(); // a piece picked: its targets shown
    await snapshot(page, `phone-flow-start-${lang}`);
    expect(await lowContrast(page)).toEqual([]);
  });
}

/** The colour of the board's canvas at a point of the page, as [r, g, b]. */
function pixelAt(page, x, y) {
  return page.evaluate(([px, py]) => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board-canvas'));
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    return [...canvas.getContext('2d').getImageData(Math.round((px - rect.left) * ratio), Math.round((py - rect.top) * ratio), 1, 1).data.slice(0, 3)];
  }, [x, y]);
}

for (const [shape, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${shape}: a trapped piece keeps its side's colour and is said to be trapped`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openGame(page, `?lang=en&fen=${TRAPPED}&mode=people`);
    await expect(square(page, 'd2')).toHaveAttribute('aria-label', /blue wolf on red trap, trapped/);
    // The middle of the tile's lower band, between the character and the rank: Blue's blue,
    // as on Blue's leopard on c7, not trapped.
    const band = async (name) => {
      const box = await square(page, name).boundingBox();
      return pixelAt(page, box.x + box.width / 2, box.y + box.height * (0.5 + 0.86 * 0.36));
    };
    for (const [r, g, b] of [await band('d2'), await band('c7')]) {
      expect(b, `blue ${[r, g, b]}`).toBeGreaterThan(r + 60);
      expect(b, `blue ${[r, g, b]}`).toBeGreaterThan(g + 30);
    }
    await snapshot(page, `phone-flow-trapped-${shape}`);
  });
}

/**
 * The controls (buttons, links, menus, the board) under the toast, as far as they are shown
 * (a part scrolled out of a column that scrolls is not): their ids or words.
 */
function underToast(page) {
  return page.evaluate(() => {
    const toast = document.getElementById('toast').getBoundingClientRect();
    const shown = (/** @type {Element} */ node) => {
      let { left, top, right, bottom } = node.getBoundingClientRect();
      for (let box = node.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowY === 'visible') continue;
        const clip = box.getBoundingClientRect();
        ({ left, top, right, bottom } = {
          left: Math.max(left, clip.left), top: Math.max(top, clip.top), right: Math.min(right, clip.right), bottom: Math.min(bottom, clip.bottom),
        });
      }
      return { left, top, right, bottom };
    };
    const overlap = ({ left, top, right, bottom }) => left < right && top < bottom
      && toast.left < right && left < toast.right && toast.top < bottom && top < toast.bottom;
    return [...document.querySelectorAll('button, a, select, summary, #board')]
      .filter((node) => !node.closest('#toast') && overlap(shown(node)))
      .map((node) => node.id || node.textContent.trim());
  });
}

for (const [shape, viewport] of [['phone', PHONE], ['phone-sideways', { width: 844, height: 390 }], ['desktop', DESKTOP]]) {
  test(`${shape}: the toast covers no button, link or square, and goes with its ×`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openGame(page, '?lang=en&mode=people');
    await play(page, ['g3g4']);
    await page.click('#new-game');
    const toast = page.locator('#toast');
    await expect(toast).toContainText('New game started');
    const box = await toast.boundingBox();
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await underToast(page)).toEqual([]);
    await snapshot(page, `phone-flow-toast-${shape}`);
    await toast.locator('.toast-close').click();
    await expect(toast).toBeHidden();
  });
}
