// Every shape of screen: phone upright and sideways, tablet both ways, desktop, and the board
// alone in a frame from 300 px wide. Each test checks the size of a square, that nothing
// sticks out sideways (no horizontal scrolling, no element past the window's edges), and
// saves a screenshot of the shape (its test's output folder, under test-results/).
const { test, expect, openGame, play, chooseMode, square } = require('./helpers');

/**
 * The elements of the page that stick out of the window sideways: visible ones whose box
 * passes an edge, unless an ancestor clips or scrolls them (that ancestor is checked itself).
 */
function overflowing(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (/** @type {Element} */ node) => {
      for (let p = node.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const out = [];
    for (const node of document.body.querySelectorAll('*')) {
      const rect = node.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || node.closest('.visually-hidden, dialog:not([open])')) continue;
      if ((rect.right > width + 0.5 || rect.left < -0.5) && !clipped(node)) {
        out.push(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${node.className?.baseVal ?? node.className} ${Math.round(rect.left)}–${Math.round(rect.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, out };
  });
}

/** Checks that nothing overflows and saves a screenshot named `name`. */
async function checkShape(page, testInfo, name) {
  const { scrollWidth, width, out } = await overflowing(page);
  expect(out, 'elements past the window sideways').toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  await page.waitForTimeout(300); // the last move's slide
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/** A square's side in CSS pixels. */
async function squareSize(page) {
  const box = await square(page, 'd5').boundingBox();
  return Math.min(box.width, box.height);
}

/** Two moves played by two people: a move list, a last move, a selected piece with targets. */
async function playSome(page) {
  await chooseMode(page, 'people');
  await play(page, ['g3g4', 'a7a6', 'g4g5', 'a6a5']);
  await square(page, 'c3').click();
}

/** The header is one row: every visible button of it on the title's line. */
async function headerOnOneRow(page) {
  const rows = await page.evaluate(() => {
    const tops = [...document.querySelectorAll('.top-bar .title, .top-bar .actions button')]
      .filter((node) => node.getBoundingClientRect().height > 0)
      .map((node) => { const r = node.getBoundingClientRect(); return r.top + r.height / 2; });
    return Math.max(...tops) - Math.min(...tops);
  });
  expect(rows, 'the header\'s items share one line').toBeLessThan(12);
}

test.describe('phone upright 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  test('header on one row, squares of 44 px or more, nothing overflows', async ({ page }, testInfo) => {
    await openGame(page);
    await playSome(page);
    await headerOnOneRow(page);
    expect(await squareSize(page)).toBeGreaterThanOrEqual(44);
    const board = await page.locator('#board').boundingBox();
    expect(board.y + board.height).toBeLessThanOrEqual(844);
    await checkShape(page, testInfo, 'phone-upright');
    await page.click('#settings-toggle');
    await checkShape(page, testInfo, 'phone-upright-settings');
  });
});

test.describe('phone sideways 844 × 390', () => {
  test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  test('the board takes the full height, panels beside it, squares of 40 px or more', async ({ page }, testInfo) => {
    await openGame(page);
    await playSome(page);
    expect(await squareSize(page)).toBeGreaterThanOrEqual(40);
    const board = await page.locator('#board').boundingBox();
    expect(board.y).toBeGreaterThanOrEqual(0);
    expect(board.y + board.height).toBeLessThanOrEqual(390.5);
    expect(board.height).toBeGreaterThan(380);
    const side = await page.locator('.side').boundingBox();
    expect(side.x).toBeGreaterThanOrEqual(board.x + board.width);
    const header = await page.locator('.top-bar').boundingBox();
    expect(header.x).toBeGreaterThanOrEqual(board.x + board.width);
    await headerOnOneRow(page);
    await checkShape(page, testInfo, 'phone-sideways');
    await page.click('#settings-toggle');
    await checkShape(page, testInfo, 'phone-sideways-settings');
  });

  test('the end-of-game banner is worded to the board\'s size, not the window\'s', async ({ page }, testInfo) => {
    // Blue's rat on d2 enters Red's den whatever Red does; level 8 never misses it.
    await openGame(page, `?level=8&fen=${encodeURIComponent('6L/7/7/7/7/7/7/3r3/7 w')}`);
    await square(page, 'g9').tap();
    await square(page, 'g8').tap();
    await expect(page.locator('#banner-title')).toHaveText('You lost');
    const board = await page.locator('#board').boundingBox();
    const banner = await page.locator('#banner').boundingBox();
    // A title as big as a desktop's took three lines and most of the board.
    expect(banner.height).toBeLessThan(board.height * 0.65);
    const title = await page.locator('#banner-title').boundingBox();
    expect(title.height).toBeLessThan(80); // two lines at most
    await checkShape(page, testInfo, 'phone-sideways-banner');
  });
});

for (const [width, height] of [[820, 1180], [1180, 820]]) {
  test.describe(`tablet ${width} × ${height}`, () => {
    test.use({ viewport: { width, height }, hasTouch: true, deviceScaleFactor: 2 });
    test('the move list is in view without scrolling', async ({ page }, testInfo) => {
      await openGame(page);
      await playSome(page);
      expect(await squareSize(page)).toBeGreaterThanOrEqual(56);
      const rows = page.locator('#move-list tr');
      await expect(rows).toHaveCount(2);
      const last = await rows.last().boundingBox();
      expect(last.y + last.height).toBeLessThanOrEqual(height);
      await checkShape(page, testInfo, `tablet-${width}x${height}`);
    });
  });
}

test.describe('desktop 1280 × 900', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('the board as tall as the window, panels beside it, move rows on one line', async ({ page }, testInfo) => {
    await openGame(page);
    await playSome(page);
    expect(await squareSize(page)).toBeGreaterThanOrEqual(70);
    const board = await page.locator('#board').boundingBox();
    expect(board.y + board.height).toBeLessThanOrEqual(900);
    const cell = page.locator('#move-list td').first();
    const lineHeight = await cell.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight) || 20);
    expect((await cell.boundingBox()).height).toBeLessThan(lineHeight * 1.6 + 8);
    await checkShape(page, testInfo, 'desktop');
  });
});

for (const [width, height] of [[300, 380], [420, 560]]) {
  test.describe(`embedded frame ${width} × ${height}`, () => {
    test.use({ viewport: { width, height } });
    test('the board and its turn line fill the frame', async ({ page }, testInfo) => {
      await openGame(page, '?embed=1');
      await square(page, 'g3').click();
      const board = await page.locator('#board').boundingBox();
      const turn = await page.locator('#embed-turn').boundingBox();
      expect(turn).not.toBeNull();
      const free = height - turn.height; // the height the turn line leaves the board
      expect(board.x).toBeGreaterThanOrEqual(0);
      expect(board.x + board.width).toBeLessThanOrEqual(width + 0.5);
      expect(board.y + board.height).toBeLessThanOrEqual(height + 0.5);
      expect(Math.max(board.width, board.height * 7.6 / 9.6)).toBeGreaterThan(Math.min(width, free * 7.6 / 9.6) - 4);
      await checkShape(page, testInfo, `embed-${width}x${height}`);
    });
  });
}

test('the French words keep the phone\'s header on one row and the move rows unbroken', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: 'fr-FR' });
  const page = await context.newPage();
  await openGame(page, '?lang=fr');
  await playSome(page);
  await headerOnOneRow(page);
  await checkShape(page, testInfo, 'phone-french');
  await context.close();
});
