// Print and play (www/print.html): the board and the pieces on two pages, on A4 or Letter.
const { test, expect, openPage, snapshot } = require('./helpers');

/** Opens the print page with `query`: any console error fails the test (helpers.js). */
function openPrint(page, query = '') {
  return openPage(page, `www/print.html${query}`);
}

/** Serves the print page with the strict Content-Security-Policy the site is meant to have. */
async function serveWithStrictCsp(page) {
  const policy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    + "img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'";
  await page.route('**/www/print.html*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
}

/** The page sizes of a PDF in points, read from its /MediaBox entries. */
function pageSizes(pdf) {
  const boxes = pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g);
  return [...boxes].map(([, width, height]) => [Math.round(Number(width)), Math.round(Number(height))]);
}

test('the board and the pieces are drawn at print resolution, with no console error', async ({ page }) => {
  await serveWithStrictCsp(page);
  await openPrint(page, '?lang=en&paper=a4');
  const sizes = await page.evaluate(() => [...document.querySelectorAll('.print-board, .piece-sheet')]
    .map((canvas) => [canvas.width, canvas.height]));
  expect(sizes).toEqual([[2280, 2880], [1200, 600], [1200, 600]]);
  await snapshot(page, 'print-screen');
});

test('the paper choice switches the @page size between A4 and Letter', async ({ page }) => {
  await openPrint(page, '?lang=en&paper=a4');
  const sheetPage = () => page.locator('.sheet').first().evaluate((sheet) => getComputedStyle(sheet).page);
  expect(await sheetPage()).toBe('a4');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.top-bar')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/print-media-a4.png', fullPage: true });
  const a4 = await page.pdf({ preferCSSPageSize: true, printBackground: true, path: 'test-results/screens/print-a4.pdf' });
  expect(pageSizes(a4)).toEqual([[595, 842], [595, 842]]);

  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel('Letter').check();
  await expect(page.locator('body')).toHaveClass(/paper-letter/);
  expect(await sheetPage()).toBe('letter');
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: 'test-results/screens/print-media-letter.png', fullPage: true });
  const letter = await page.pdf({ preferCSSPageSize: true, printBackground: true, path: 'test-results/screens/print-letter.pdf' });
  expect(pageSizes(letter)).toEqual([[612, 792], [612, 792]]);
});

test('the Print button opens the browser’s print dialog', async ({ page }) => {
  await openPrint(page, '?lang=en');
  await page.evaluate(() => {
    window.print = () => { document.body.dataset.printed = 'yes'; };
  });
  await page.click('#print-button');
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
});

for (const [lang, title] of [['fr', 'Imprimer et jouer'], ['zh-Hans', '打印来玩'], ['zh-Hant', '列印來玩']]) {
  test(`the print page speaks ${lang}`, async ({ page }) => {
    await openPrint(page, `?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('h1')).toHaveText(title);
    await expect(page.locator('#print-button')).not.toHaveText('Print');
    await snapshot(page, `print-${lang}`);
  });
}
