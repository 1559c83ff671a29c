// A phone held upright: the whole board is visible and playable by touch.
const { test, expect, openGame, square, expectPly, snapshot } = require('./helpers');

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

test('the board fits a 360 × 740 screen and plays by touch', async ({ page }) => {
  const errors = await openGame(page);
  const board = await page.locator('#board').boundingBox();
  expect(board.x).toBeGreaterThanOrEqual(0);
  expect(board.x + board.width).toBeLessThanOrEqual(360);
  expect(board.y + board.height).toBeLessThanOrEqual(740);
  expect(board.width).toBeGreaterThan(320);
  const cell = await square(page, 'd5').boundingBox();
  expect(cell.width).toBeGreaterThanOrEqual(40); // a comfortable touch target
  const canvas = await page.evaluate(() => {
    const c = document.getElementById('board-canvas');
    return { pixels: c.width, css: c.getBoundingClientRect().width };
  });
  expect(canvas.pixels).toBe(Math.round(canvas.css * 2)); // crisp at devicePixelRatio 2
  await snapshot(page, 'phone-start');
  await square(page, 'g3').tap();
  await square(page, 'g4').tap();
  await expectPly(page, 2);
  await snapshot(page, 'phone-after-move');
  await page.click('#settings-toggle');
  // The settings open below the board and are scrolled into sight.
  await expect(page.locator('#settings')).toBeInViewport({ ratio: 0.9 });
  await snapshot(page, 'phone-settings');
  expect(errors).toEqual([]);
});

test('turning from a phone to a desktop window redraws the board sharp and in place', async ({ page }) => {
  await openGame(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  const canvas = await page.evaluate(() => {
    const c = document.getElementById('board-canvas');
    return { pixels: c.width, css: c.getBoundingClientRect().width };
  });
  expect(canvas.css).toBeGreaterThan(500);
  expect(canvas.pixels).toBe(Math.round(canvas.css * 2));
  const cell = await square(page, 'g3').boundingBox();
  await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
  await expect(square(page, 'g3')).toHaveAttribute('aria-label', /selected/);
});
