// The rules guide (www/guide.html): its ten languages and its small boards, played through
// the same square buttons that keyboard and screen-reader users press.
const { test, expect, openPage, snapshot } = require('./helpers');

const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt', 'vi', 'ja', 'ko', 'zh-Hans', 'zh-Hant'];
/** English words that are words of another language too (German: „in den Bau“, Tiger, Leopard, Wolf). */
const ALSO = { de: ['den', 'tiger', 'leopard', 'wolf'] };
/** Words of the English page that must not show on the others (whole words, any case). */
const ENGLISH_WORDS = [
  'the', 'and', 'with', 'to', 'of', 'board', 'move', 'moves', 'reset', 'red', 'blue', 'water',
  'trap', 'traps', 'den', 'wins', 'draw', 'jump', 'river', 'tiger', 'leopard', 'wolf', 'dog',
  'cat', 'elephant', 'take', 'takes', 'play', 'print', 'language', 'contents', 'rules', 'rank',
];

/** The strict policy the site is meant to be served with: nothing inline, nothing from elsewhere. */
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'";

/** Serves `path` with the strict Content-Security-Policy header. */
async function serveWithStrictCsp(page, path) {
  await page.route(`**/${path}*`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
  });
}

/** Opens the guide with `query`: any console error fails the test (helpers.js). */
function openGuide(page, query = '') {
  return openPage(page, `www/guide.html${query}`);
}

function demo(page, name) {
  return page.locator(`.demo[data-demo="${name}"]`);
}

function square(page, name, at) {
  return demo(page, name).locator(`[data-square="${at}"]`);
}

/** The text a reader sees, leaving out code (option names) and words marked in another language. */
function visibleText(page) {
  return page.evaluate(() => {
    const parts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent.closest('code, body [lang]') || !parent.checkVisibility()) continue;
      parts.push(node.textContent);
    }
    return `${document.title} ${parts.join(' ')}`;
  });
}

for (const lang of LANGUAGES) {
  test(`the guide opens in ${lang} with every board and no console error`, async ({ page }) => {
    await openGuide(page, `?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('.demo')).toHaveCount(9);
    await expect(page.locator('.animal-card')).toHaveCount(8);
    await expect(page.locator('.demo').first().locator('.square')).toHaveCount(63);
    await expect(page.locator(`.languages [data-lang="${lang}"]`)).toHaveAttribute('aria-pressed', 'true');
    await snapshot(page, `guide-${lang}`);
  });
}

for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
  test(`the ${lang} guide shows no English words`, async ({ page }) => {
    await openGuide(page, `?lang=${lang}`);
    const words = (await visibleText(page)).toLowerCase().split(/[^a-z]+/);
    const english = ENGLISH_WORDS.filter((word) => !(ALSO[lang] ?? []).includes(word));
    expect(english.filter((word) => words.includes(word))).toEqual([]);
    const labels = await square(page, 'trap', 'c1').getAttribute('aria-label');
    expect(labels.toLowerCase()).not.toMatch(/\b(blue|red|trap|den|on)\b/);
  });
}

test('the guide works under a strict Content-Security-Policy', async ({ page }) => {
  await serveWithStrictCsp(page, 'www/guide.html');
  await openGuide(page, '?lang=zh-Hans');
  await square(page, 'jump', 'c3').click();
  await expect(square(page, 'jump', 'c7')).toHaveAttribute('aria-label', /可以吃子/);
});

test('switching the language rewrites the page and is remembered', async ({ page }) => {
  await openGuide(page, '?lang=en');
  await page.click('.languages [data-lang="fr"]');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveURL(/lang=fr/);
  await expect(page.locator('.demo-reset').first()).not.toHaveText('Reset');
  await page.click('.languages [data-lang="zh-Hant"]');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  expect(await page.evaluate(() => localStorage.getItem('jungle.lang'))).toBe('zh-Hant');
  await page.goto('www/guide.html');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.locator('#play-link')).toHaveAttribute('href', '../index.html?lang=zh-Hant');
});

test('the game’s settings link to the guide in the language chosen before', async ({ page }) => {
  await openPage(page, 'index.html');
  await page.evaluate(() => localStorage.setItem('jungle.lang', 'zh-Hant'));
  await page.click('#settings-toggle');
  await expect(page.locator('#print-link')).toHaveAttribute('href', 'www/print.html');
  await page.click('#rules-link');
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.locator('h1')).toHaveText('鬥獸棋怎麼玩');
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });
  test('the guide opens in French', async ({ page }) => {
    await openGuide(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test('the Lion jumps over the river, and a Rat in the water blocks it', async ({ page }) => {
  await openGuide(page, '?lang=en');
  await square(page, 'jump', 'c3').click();
  await expect(square(page, 'jump', 'c3')).toHaveAttribute('aria-label', 'c3, red lion, selected');
  await expect(square(page, 'jump', 'c7')).toHaveAttribute('aria-label', 'c7, blue leopard, can capture');
  await expect(demo(page, 'jump').locator('.demo-message')).toContainText('c7');
  await demo(page, 'jump').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/guide-jump-offered.png' });
  await square(page, 'jump', 'c7').click();
  await expect(square(page, 'jump', 'c7')).toHaveAttribute('data-piece', 'L');
  await expect(demo(page, 'jump').locator('.demo-message')).toHaveText('Red lion moves from c3 to c7 and takes the blue leopard.');

  await square(page, 'blocked', 'c3').click();
  await expect(square(page, 'blocked', 'c3')).toHaveAttribute('aria-label', /selected/);
  await expect(square(page, 'blocked', 'c7')).toHaveAttribute('aria-label', 'c7, blue leopard');
  await square(page, 'blocked', 'd5').click(); // the Tiger: the right jump only
  await expect(square(page, 'blocked', 'g5')).toHaveAttribute('aria-label', /can move here/);
  await expect(square(page, 'blocked', 'a5')).toHaveAttribute('aria-label', 'a5, empty');
  await demo(page, 'blocked').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/guide-jump-blocked.png' });
  // Red waits, the Rat swims out of the Lion's path, and the jump is there again.
  await square(page, 'blocked', 'd4').click();
  await square(page, 'blocked', 'c5').click();
  await square(page, 'blocked', 'b5').click();
  await square(page, 'blocked', 'c3').click();
  await expect(square(page, 'blocked', 'c7')).toHaveAttribute('aria-label', /can capture/);
  await demo(page, 'blocked').locator('.demo-reset').click();
  await expect(square(page, 'blocked', 'c5')).toHaveAttribute('data-piece', 'r');
});

test('a trap makes the Lion weak enough for the Cat', async ({ page }) => {
  await openGuide(page, '?lang=en');
  await square(page, 'trap', 'g2').click(); // the Dog cannot take the Tiger outside a trap
  await expect(square(page, 'trap', 'f2')).toHaveAttribute('aria-label', 'f2, blue tiger');
  await square(page, 'trap', 'b1').click();
  await expect(square(page, 'trap', 'c1')).toHaveAttribute('aria-label', 'c1, blue lion on red trap, can capture');
  await square(page, 'trap', 'c1').click();
  await expect(square(page, 'trap', 'c1')).toHaveAttribute('data-piece', 'C');
  await expect(demo(page, 'trap').locator('.demo-message')).toHaveText('Red cat moves from b1 to c1 and takes the blue lion.');
  await demo(page, 'trap').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/guide-trap-capture.png' });
});

test('the keyboard walks a Wolf into the den, and the win is announced', async ({ page }) => {
  await openGuide(page, '?lang=fr');
  await square(page, 'den', 'a1').focus(); // the board's one tab stop
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp',
    'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await expect(square(page, 'den', 'd8')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(square(page, 'den', 'd9')).toHaveAttribute('data-piece', 'W');
  await expect(demo(page, 'den')).toHaveAttribute('data-over', 'yes');
  await expect(demo(page, 'den').locator('[aria-live="polite"]')).toContainText('Rouge');
  await demo(page, 'den').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/guide-den-won-fr.png' });
});
