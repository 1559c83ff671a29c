const { test, openGame, square } = require('./helpers');
const FEN = encodeURIComponent('l5t/1d3c1/r1p3e/7/7/7/E1W1P1R/2Cw1D1/T5L w');
for (const theme of ['light', 'dark', 'contrast']) {
  test(`look ${theme}`, async ({ page }) => {
    await openGame(page, `?theme=${theme}&fen=${FEN}&mode=people`);
    await square(page, 'c2').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/looks-shots/${theme}.png` });
    await square(page, 'a3').focus();
    await page.keyboard.press('ArrowUp');
    await page.screenshot({ path: `/tmp/looks-shots/${theme}-focus.png` });
  });
}
