// The analysis board looks finished: its moves (the tree's and the engine's lines) read as the
// move list writes them, its controls are the page's own (no browser-default button), the
// record and position tools are folded under "Record and position", and on a phone opening it
// keeps the board in sight. Screenshots on desktop and phone in English, German and Japanese,
// checked by axe.
const { test, expect, openGame, play, expectPly, snapshot, lowContrast } = require('./helpers');

// Red's rat walks up the g file and takes Blue's elephant on f7.
const MOVES = 'g3g4,a7a6,g4g5,a6a5,g5g6,g7f7,g6g7,b8b7,g7f7';

/** The violations axe-core finds inside `selector` with its default rules (axe loaded by lowContrast). */
async function axeViolations(page, selector) {
  await lowContrast(page);
  const result = await page.evaluate((within) => window.axe.run(within, { resultTypes: ['violations'] }), selector);
  return result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The text of each cell of the move list, in order, with its spaces made single. */
function moveListWords(page) {
  return page.locator('#move-list td').evaluateAll((cells) => cells.map((cell) => cell.textContent.replace(/\s+/g, ' ').trim()).filter(Boolean));
}

test('the tree and the engine\'s lines write each move as the move list does', async ({ page }) => {
  await openGame(page, `?lang=en&analysis=1&moves=${MOVES}`);
  await expect(page.locator('#analysis')).toBeVisible();
  await expectPly(page, 9);
  const listed = await moveListWords(page);
  expect(listed).toContain('Rat g7–f7 × Elephant');
  const tree = await page.locator('.analysis-move').allTextContents();
  expect(tree).toEqual(listed);
  // A side line: back to Blue's fourth move, another move of the dog in its place.
  await page.locator('body').press('ArrowLeft');
  await page.locator('body').press('ArrowLeft');
  await play(page, ['b8c8']);
  await expect(page.locator('.analysis-move[aria-current="true"]')).toHaveText('Dog b8–c8');
  await expect(page.locator('#analysis-tree')).toContainText('4. Rat g6–g7 Dog b8–b7 (4... Dog b8–c8) 5. Rat g7–f7 × Elephant');
  // The engine's lines, numbered, in the same words.
  const line = page.locator('#analysis-lines .analysis-moves').first();
  await expect(line).toHaveText(/^5\. (Elephant|Lion|Tiger|Leopard|Wolf|Dog|Cat|Rat) [a-g]\d–[a-g]\d/, { timeout: 30_000 });
  await expect(line).not.toHaveText(/\b[a-g]\d[a-g]\d\b/);
});

test('the controls are the page\'s own; the record and position tools are folded', async ({ page }) => {
  await openGame(page, `?lang=en&analysis=1&moves=${MOVES}`);
  await expect(page.locator('#analysis')).toBeVisible();
  // A button of the tools' panel is what the page's buttons look like.
  const looks = (selector) => page.locator(selector).evaluateAll((nodes) => nodes.map((node) => {
    const style = getComputedStyle(node);
    return {
      id: node.id || node.className,
      background: style.backgroundColor,
      border: `${style.borderTopStyle} ${style.borderTopColor}`,
      radius: style.borderTopLeftRadius,
      font: style.fontFamily,
    };
  }));
  const [page_] = await looks('#open-rules');
  const buttons = await looks('#analysis button:not(.analysis-move):visible');
  expect(buttons.length).toBeGreaterThanOrEqual(7);
  for (const button of buttons) expect({ ...button, id: page_.id }, button.id).toEqual(page_);
  // The moves are text-like buttons, as in the move list: no browser face, the page's font.
  const [listMove] = await looks('#move-list .move-button');
  for (const move of await looks('.analysis-move:not([aria-current])')) {
    expect(move.background).toBe('rgba(0, 0, 0, 0)');
    expect(move.font).toBe(listMove.font);
  }
  // The switch and the menu are drawn by the page too.
  for (const selector of ['#analysis-engine', '#analysis-count']) {
    expect(await page.locator(selector).evaluate((node) => getComputedStyle(node).appearance), selector).toBe('none');
  }
  // No text area in sight until "Record and position" is opened.
  for (const id of ['#analysis-fen', '#analysis-record', '#analysis-paste']) await expect(page.locator(id)).toBeHidden();
  await page.getByText('Record and position').click();
  for (const id of ['#analysis-fen', '#analysis-record', '#analysis-paste']) await expect(page.locator(id)).toBeVisible();
  await expect(page.locator('#analysis-record')).toHaveValue(/5\. g7f7 \*/);
});

test('on a phone, opening the analysis board from the tools keeps the board in sight', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, `?lang=en&mode=people&moves=${MOVES}`);
  await page.locator('#open-analysis').scrollIntoViewIfNeeded();
  await page.click('#open-analysis');
  await expect(page.locator('#analysis')).toBeVisible();
  await expect(page.locator('#analysis-lines li').first()).toBeVisible({ timeout: 30_000 });
  const board = await page.locator('#board').boundingBox();
  expect(board.y).toBeGreaterThanOrEqual(0);
  expect(board.y + board.height).toBeLessThanOrEqual(844);
  // The panel starts right under it, its step buttons in sight.
  await expect(page.locator('#analysis-back')).toBeInViewport();
});

for (const lang of ['en', 'de', 'ja']) {
  test(`${lang}: the analysis board on a desktop and a phone, checked by axe`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openGame(page, `?lang=${lang}&analysis=1&moves=${MOVES}`);
    await expect(page.locator('#analysis-lines li')).toHaveCount(3, { timeout: 30_000 });
    for (const [shape, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      await page.setViewportSize(viewport);
      // Nothing sticks out of the panel sideways (a long German word, a Japanese line).
      const wide = await page.locator('#analysis *').evaluateAll((nodes) => {
        const panel = document.getElementById('analysis').getBoundingClientRect();
        return nodes.filter((node) => node.getBoundingClientRect().right > panel.right + 0.5).map((node) => node.id || node.className);
      });
      expect(wide).toEqual([]);
      await snapshot(page, `analysis-flow-${shape}-${lang}`);
      const tools = page.locator('.analysis-record-tools');
      await page.locator('#analysis-record-toggle').click();
      await expect(tools).toHaveAttribute('open', '');
      expect(await lowContrast(page)).toEqual([]);
      expect(await axeViolations(page, '#analysis')).toEqual([]);
      await snapshot(page, `analysis-flow-${shape}-${lang}-record`);
      await page.locator('#analysis-record-toggle').click();
      await expect(tools).not.toHaveAttribute('open', '');
    }
  });
}
