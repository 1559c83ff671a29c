// The game page in four languages: the French and Chinese pages show no English words, the
// language can be switched from the page, <html lang> follows, and the choice is kept after a
// reload. (That the tables have the same keys and places: tests/unit/i18n.test.mjs.)
const { test, expect, openGame, square, expectPly, chooseMode, snapshot, wordTable } = require('./helpers');

/** Lowercase words of 3 letters or more in `text`, leaving out code (between backticks). */
function words(text) {
  return (text.replace(/`[^`]*`/g, ' ').match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase());
}

/**
 * The English words of the page: every word of the English table that no other table uses
 * (so 'lion', 'club' or 'Jungle', the same in French, do not count), and not key names.
 */
function englishWords() {
  // A placeholder ({red}) is a name in code, not a word of its table.
  const wordsOf = (/** @type {string} */ value) => words(value.replace(/\{\w+\}/g, ' '));
  const others = new Set();
  for (const name of ['fr', 'zh-hans', 'zh-hant']) {
    for (const value of Object.values(wordTable(name))) wordsOf(value).forEach((w) => others.add(w));
  }
  const english = new Set();
  for (const value of Object.values(wordTable('en'))) {
    for (const w of wordsOf(value)) if (!others.has(w)) english.add(w);
  }
  return english;
}

/** Every word a person or a screen reader meets on the page: visible text, labels, titles, options. */
async function pageWords(page) {
  const text = await page.evaluate(() => {
    const parts = [document.title];
    // The visible text, but for words marked with their own language (each language named in itself).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest('body [lang]') && parent.checkVisibility()) parts.push(node.textContent);
    }
    for (const node of document.querySelectorAll('[aria-label], [title], [aria-valuetext]')) {
      parts.push(node.getAttribute('aria-label') ?? '', node.getAttribute('title') ?? '', node.getAttribute('aria-valuetext') ?? '');
    }
    for (const option of document.querySelectorAll('option:not([lang])')) parts.push(option.textContent);
    for (const node of document.querySelectorAll('[data-empty]')) parts.push(node.dataset.empty);
    return parts.join('\n');
  });
  return { text, words: new Set(words(text)) };
}

/** Starts clocks, then plays a few moves, so that the clocks, move list and labels have words. */
async function playSomeMoves(page) {
  await chooseMode(page, 'people');
  await page.click('#settings-toggle');
  await page.selectOption('#clock-control', '10+5');
  await page.click('#settings-toggle');
  for (const [i, [from, to]] of [['a3', 'a4'], ['g7', 'g6'], ['a4', 'a5']].entries()) {
    await square(page, from).click();
    await square(page, to).click();
    await expectPly(page, i + 1);
  }
}

/** Shows every aid (clocks, hint, evaluation, review) and opens the settings, so that their words count too. */
async function openPanels(page) {
  await page.click('#settings-toggle');
  await page.check('#pref-eval');
  await page.click('#hint-button');
  await expect(page.locator('#hint-line')).toHaveAttribute('data-move', /./, { timeout: 20_000 });
  await page.click('#review-toggle');
  await expect(page.locator('#review')).toHaveAttribute('data-analysed', 'yes', { timeout: 40_000 });
  await page.click('#review-prev');
}

test('the English check finds the English words of the English page', async ({ page }) => {
  await openGame(page, '?lang=en');
  await playSomeMoves(page);
  await openPanels(page);
  const english = englishWords();
  const { words: seen } = await pageWords(page);
  const found = [...seen].filter((w) => english.has(w));
  // Buttons, settings, status, captured pieces, square labels, moves: many words.
  expect(found.length).toBeGreaterThan(40);
  for (const w of ['undo', 'settings', 'took', 'water', 'empty', 'red']) expect(found).toContain(w);
});

for (const lang of ['fr', 'zh-Hans', 'zh-Hant']) {
  test(`the page in ${lang} shows no English`, async ({ page }) => {
    await openGame(page, `?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await playSomeMoves(page);
    await openPanels(page);
    await expect(page.locator('#eval-bar .eval-text')).not.toHaveText('');
    await expect(page.locator('#board-area .clock[data-side="red"]')).toBeVisible();
    await snapshot(page, `i18n-${lang}`);
    const english = englishWords();
    const { words: seen, text } = await pageWords(page);
    const found = [...seen].filter((w) => english.has(w));
    expect(found, text).toEqual([]);
  });
}

test('the simplified and traditional pages draw the pieces with their own characters', async ({ page }) => {
  await openGame(page, '?lang=zh-Hans');
  expect(await page.evaluate(() => window.jungle.animals.L.character)).toBe('狮');
  await page.click('#settings-toggle');
  await page.selectOption('#language', 'zh-Hant');
  // The language's table loads first (only the page's language is loaded up front).
  await expect.poll(() => page.evaluate(() => window.jungle.animals.L.character)).toBe('獅');
  await expect(square(page, 'g1')).toHaveAttribute('aria-label', 'g1，紅方獅');
});

test('switching language updates <html lang> and every word, and is kept after a reload', async ({ page }) => {
  await openGame(page, '?lang=en');
  await expect(page.locator('#undo')).toHaveText('Undo');
  await page.click('#settings-toggle');
  await page.selectOption('#language', 'fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('#undo')).toHaveText('Annuler');
  await expect(page.locator('#status')).toContainText('Rouges');
  await expect(square(page, 'a3')).toHaveAttribute('aria-label', 'a3, éléphant rouge');
  await page.goto('index.html');
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('#undo')).toHaveText('Annuler');
  await expect(page.locator('#language')).toHaveValue('fr');
});

test('the browser language chooses the first language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-TW' });
  const page = await context.newPage();
  await openGame(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.locator('#undo')).toHaveText('悔棋');
  await context.close();
});

test('game ends, the move list and the wolf as a fox are translated', async ({ page }) => {
  // Red's rat walks into the blue den: d8 → d9.
  await openGame(page, `?lang=fr&rules=ranks=fox&fen=${encodeURIComponent('l5t/1d1R1c1/p3w1e/7/7/7/E1W1P2/1C3D1/T5L w')}`);
  await expect(square(page, 'e7')).toHaveAttribute('aria-label', 'e7, renard bleu');
  await chooseMode(page, 'people');
  await square(page, 'd8').click();
  await square(page, 'd9').click();
  await expect(page.locator('#banner-title')).toHaveText('Rouge gagne');
  await expect(page.locator('#banner-reason')).toHaveText('Le rat rouge est entré dans la tanière bleue.');
  await expect(page.locator('#move-list')).toContainText('Rat d8–d9');
});
