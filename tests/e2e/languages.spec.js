// The ten languages on a phone upright (390 × 844): the first page and the settings of each
// render in that language without overflow — no horizontal scrolling of the page, no button
// and no panel whose content is wider than its box (scrollWidth ≤ clientWidth), and the
// header on one row. German, the longest, is also checked sideways (844 × 390) and on a
// desktop. One page load per language; a screenshot of each in test-results/screens/.
const { test, expect, openGame, snapshot, wordTable } = require('./helpers');

const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt', 'vi', 'ja', 'ko', 'zh-Hans', 'zh-Hant'];

/** The words of language `code` ('pt', 'zh-Hans'), by key. */
function table(code) {
  return wordTable(code.toLowerCase());
}

/**
 * What is too wide now: the page (scrollWidth past the window), and every visible button and
 * main panel whose content is wider than its box, as "what: scrollWidth > clientWidth".
 */
function tooWide(page) {
  return page.evaluate(() => {
    const out = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) out.push(`page: ${root.scrollWidth} > ${root.clientWidth}`);
    const nodes = document.querySelectorAll('button, .top-bar, .layout, .side, .panel, .settings label, select');
    for (const node of nodes) {
      const box = node.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !node.checkVisibility()) continue;
      if (box.right > root.clientWidth + 0.5 || box.left < -0.5) out.push(`${describe(node)}: past the window (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (node.scrollWidth > node.clientWidth + 1) out.push(`${describe(node)}: ${node.scrollWidth} > ${node.clientWidth}`);
    }
    return out;

    function describe(node) {
      const id = node.id ? `#${node.id}` : '';
      const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${node.tagName.toLowerCase()}${id}.${String(node.className).split(' ')[0]} “${text}”`;
    }
  });
}

/** The visible header items (title and action buttons) share one line. */
async function headerRows(page) {
  return page.evaluate(() => {
    const middles = [...document.querySelectorAll('.top-bar .title, .top-bar .actions button')]
      .filter((node) => node.getBoundingClientRect().height > 0)
      .map((node) => { const r = node.getBoundingClientRect(); return r.top + r.height / 2; });
    return Math.max(...middles) - Math.min(...middles);
  });
}

/**
 * Opens the game in `lang`, checks the first page (and that the header is one row, but on a
 * desktop), opens the settings and checks them.
 */
async function checkLanguage(page, lang, shot, { oneRow = true } = {}) {
  const words = table(lang);
  await openGame(page, `?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('#undo')).toHaveText(words['action.undo']);
  expect(await tooWide(page), `${lang}: the first page`).toEqual([]);
  if (oneRow) expect(await headerRows(page), `${lang}: the header's items share one line`).toBeLessThan(12);
  await snapshot(page, `${shot}`);
  await page.click('#settings-toggle');
  await expect(page.locator('#settings')).toBeVisible();
  await expect(page.locator('#language')).toHaveValue(lang);
  expect(await tooWide(page), `${lang}: the settings`).toEqual([]);
  await snapshot(page, `${shot}-settings`);
}

test.describe('phone upright 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  for (const lang of LANGUAGES) {
    test(`${lang}: the first page and the settings fit`, async ({ page }) => {
      await checkLanguage(page, lang, `lang-${lang}-phone`);
    });
  }
});

test.describe('German sideways and on a desktop', () => {
  test('phone sideways 844 × 390', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await checkLanguage(page, 'de', 'lang-de-sideways');
    await context.close();
  });

  test('desktop 1280 × 900', async ({ page }) => {
    await checkLanguage(page, 'de', 'lang-de-desktop', { oneRow: false });
  });
});

test('a first visit speaks the browser’s language (Brazilian Portuguese → pt)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await openGame(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.locator('#undo')).toHaveText(table('pt')['action.undo']);
  await context.close();
});
