// Every text of the page reads at WCAG AA contrast (4.5:1, large text 3:1) in each theme:
// axe-core's color-contrast rule over the main page, the settings open, the tools open (the
// share dialog with its Copy, Download and Import buttons, the rules dialog, the position
// editor), the question before resigning, the review panel and the puzzle panel. The board's own colours are measured in tests/unit/board-colors.test.mjs.
const { test, expect, openGame, play, chooseMode, lowContrast } = require('./helpers');

const THEMES = ['light', 'dark', 'contrast'];

for (const theme of THEMES) {
  test(`${theme}: the page's texts meet AA contrast, settings and tools open too`, async ({ page }) => {
    await openGame(page, `?theme=${theme}`);
    if (theme === 'light') await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    else await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('#hint')).toBeVisible();
    expect(await lowContrast(page), 'the first page, with its help').toEqual([]);
    // Two moves by two people: a move list, a last move, captured pieces' rows.
    await chooseMode(page, 'people');
    await play(page, ['g3g4', 'a7a6']);
    expect(await lowContrast(page), 'main page').toEqual([]);

    await page.click('#duel-resign');
    await expect(page.locator('#confirm-dialog')).toBeVisible();
    expect(await lowContrast(page), 'the question before resigning').toEqual([]);
    await page.keyboard.press('Escape');

    await page.click('#settings-toggle');
    await expect(page.locator('#settings')).toBeVisible();
    await page.locator('#settings input[name="side"][value="blue"]').focus();
    expect(await lowContrast(page), 'settings open').toEqual([]);
    await page.click('#settings-toggle');

    await page.click('#open-share');
    await expect(page.locator('#share-dialog')).toBeVisible();
    expect(await lowContrast(page), 'share dialog').toEqual([]);
    await page.keyboard.press('Escape');

    await page.click('#open-rules');
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    expect(await lowContrast(page), 'rules dialog').toEqual([]);
    await page.keyboard.press('Escape');

    await page.click('#open-editor');
    await expect(page.locator('.editor-panel')).toBeVisible();
    expect(await lowContrast(page), 'position editor').toEqual([]);
    await page.click('#open-editor');

    await page.click('#review-toggle');
    await expect(page.locator('#review')).toBeVisible();
    expect(await lowContrast(page), 'review').toEqual([]);
  });

  test(`${theme}: the puzzle panel's texts meet AA contrast`, async ({ page }) => {
    await openGame(page, `?theme=${theme}&puzzles=1`);
    await expect(page.locator('.puzzle-panel')).toBeVisible();
    expect(await lowContrast(page), 'puzzles').toEqual([]);
  });
}

test('the settings switch the colours, and the board follows them', async ({ page }) => {
  await openGame(page);
  const corner = () => page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board-canvas'));
    const [r, g, b] = canvas.getContext('2d').getImageData(2, 2, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  });
  const light = await corner();
  await page.click('#settings-toggle');
  await page.check('#prefs input[name="colors"][value="dark"]');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(corner).not.toBe(light);
  const dark = await corner();
  await page.check('#pref-contrast');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'contrast');
  await expect.poll(corner).not.toBe(dark);
  await page.uncheck('#pref-contrast');
  await page.check('#prefs input[name="colors"][value="light"]');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  await expect.poll(corner).toBe(light);
});
