// Comfort: sound effects with an off switch, the high-contrast theme (chosen, or from the
// system's prefers-contrast), the piece style, all kept in one checked localStorage entry.
const { test, expect, openGame, square, expectPly, chooseMode, reload, snapshot } = require('./helpers');

async function openPrefs(page) {
  await page.click('#settings-toggle');
  await expect(page.locator('#prefs')).toBeVisible();
}

/** The lowest contrast ratio between text and its background among the page's visible texts. */
function lowestContrast(page) {
  return page.evaluate(() => {
    const rgb = (text) => text.match(/[\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => {
      const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const background = (node) => {
      for (let n = node; n; n = n.parentElement) {
        const style = getComputedStyle(n);
        if (style.backgroundImage !== 'none') return null; // a gradient: checked by eye
        const colour = rgb(style.backgroundColor);
        if (colour.length < 4 || colour[3] > 0.9) return colour.slice(0, 3);
      }
      return [255, 255, 255];
    };
    let lowest = { ratio: 21, text: '' };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent.trim() || !element.checkVisibility() || element.closest('.visually-hidden')) continue;
      if (element.closest('button:disabled')) continue; // WCAG exempts inactive controls
      const back = background(element);
      if (!back) continue;
      const style = getComputedStyle(element);
      const [l1, l2] = [luminance(rgb(style.color)), luminance(back)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05) * Number(style.opacity);
      if (ratio < lowest.ratio) lowest = { ratio, text: node.textContent.trim().slice(0, 40) };
    }
    return lowest;
  });
}

test('sound effects play for moves and can be switched off, and the switch is kept', async ({ page }) => {
  const errors = await openGame(page, '?lang=en');
  await chooseMode(page, 'people');
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expectPly(page, 1);
  expect(await page.evaluate(() => window.jungleAids.sound.last)).toBe('move');
  await openPrefs(page);
  await page.uncheck('#pref-sound');
  await reload(page);
  await expect(page.locator('#pref-sound')).not.toBeChecked();
  await square(page, 'g7').click();
  await square(page, 'g6').click();
  await expectPly(page, 2);
  expect(await page.evaluate(() => window.jungleAids.sound.last)).toBeNull();
  expect(errors).toEqual([]);
});

test('a capture and the end of the game have their own sounds', async ({ page }) => {
  await openGame(page, `?lang=en&mode=local&fen=${encodeURIComponent('6r/2lR3/7/7/7/7/7/7/E6 b')}`);
  await square(page, 'c8').click();
  await square(page, 'd8').click();
  await expectPly(page, 1);
  expect(await page.evaluate(() => window.jungleAids.sound.last)).toBe('capture');
  await page.goto(`index.html?lang=en&mode=local&fen=${encodeURIComponent('6r/3R3/7/7/7/7/7/7/E6 w')}`);
  await square(page, 'd8').click();
  await square(page, 'd9').click();
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'yes');
  expect(await page.evaluate(() => window.jungleAids.sound.last)).toBe('win');
});

test('high contrast: kept after a reload, and every text at least 4.5:1', async ({ page }) => {
  await openGame(page, '?lang=en');
  expect((await lowestContrast(page)).ratio).toBeGreaterThan(1);
  await openPrefs(page);
  await page.check('#pref-contrast');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'contrast');
  await page.check('#pref-eval');
  await reload(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'contrast');
  await openPrefs(page);
  await expect(page.locator('#pref-contrast')).toBeChecked();
  const lowest = await lowestContrast(page);
  expect(lowest.ratio, lowest.text).toBeGreaterThanOrEqual(4.5);
  await snapshot(page, 'comfort-contrast');
  await page.uncheck('#pref-contrast');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'contrast');
});

test('the system asking for more contrast turns the theme on, unless the player said no', async ({ browser }) => {
  const context = await browser.newContext({ contrast: 'more' });
  const page = await context.newPage();
  await openGame(page, '?lang=en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'contrast');
  await openPrefs(page);
  await expect(page.locator('#pref-contrast')).toBeChecked();
  await page.uncheck('#pref-contrast');
  await reload(page);
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'contrast');
  await context.close();
});

test('the piece style is kept after a reload', async ({ page }) => {
  await openGame(page, '?lang=en');
  await expect(page.locator('html')).toHaveAttribute('data-pieces', 'pictures');
  await openPrefs(page);
  await page.check('#prefs input[name="pieces"][value="characters"]');
  await expect(page.locator('html')).toHaveAttribute('data-pieces', 'characters');
  await reload(page);
  await expect(page.locator('html')).toHaveAttribute('data-pieces', 'characters');
  await openPrefs(page);
  await expect(page.locator('#prefs input[name="pieces"][value="characters"]')).toBeChecked();
  await page.click('#settings-toggle');
  await snapshot(page, 'comfort-characters');
});

test('damaged preferences are ignored value by value', async ({ page }) => {
  await openGame(page, '?lang=en');
  await page.evaluate(() => localStorage.setItem('jungle.prefs', JSON.stringify({
    sound: 'loud', contrast: 42, pieces: 'characters', evalBar: 'yes', hintLevel: 99, clock: { minutes: -5, increment: 0 },
  })));
  await reload(page);
  await expect(page.locator('html')).toHaveAttribute('data-pieces', 'characters');
  await openPrefs(page);
  await expect(page.locator('#pref-sound')).toBeChecked();
  await expect(page.locator('#pref-eval')).not.toBeChecked();
  await expect(page.locator('#pref-hint-level')).toHaveValue('0');
  await expect(page.locator('#clock-control')).toHaveValue('off');
  await page.evaluate(() => localStorage.setItem('jungle.prefs', '{not json'));
  await reload(page);
  await expect(page.locator('html')).toHaveAttribute('data-pieces', 'pictures');
});

test('on a phone, in French, with clocks and high contrast', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openGame(page, '?lang=fr&mode=local');
  await openPrefs(page);
  await page.check('#pref-contrast');
  await page.check('#pref-eval');
  await page.selectOption('#clock-control', '5+0');
  await page.click('#settings-toggle');
  await expect(page.locator('#board-area .clock[data-side="red"]')).toBeVisible();
  await expect(page.locator('#eval-bar .eval-text')).toContainText('Évaluation', { timeout: 20_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, 'comfort-phone-fr');
  await context.close();
});
