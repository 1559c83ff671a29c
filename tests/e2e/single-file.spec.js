// One file: dist/jungle.html, opened from disk, plays against the computer.
const fs = require('node:fs');
const path = require('node:path');
const { test, expect } = require('@playwright/test');
const { square, expectPly, snapshot } = require('./helpers');

const FILE = path.join(__dirname, '../../dist/jungle.html');

test('jungle.html opened from disk plays, and the computer answers', async ({ page }) => {
  const errors = [];
  const requests = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.context().on('request', (request) => requests.push(request.url()));
  await page.goto(`file://${FILE}`);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expectPly(page, 2);
  await snapshot(page, 'single-file');
  expect(errors).toEqual([]);
  // Nothing but the file itself (and the data and blob URLs it makes) was loaded.
  expect(requests.filter((url) => !/^(data|blob):/.test(url))).toEqual([`file://${FILE}`]);
});

test('jungle.html offers no link to a page it does not hold', async ({ page }) => {
  await page.goto(`file://${FILE}`);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await page.click('#settings-toggle');
  await expect(page.locator('#settings')).toBeVisible();
  // The site's Rules and Print links (www/guide.html, www/print.html) are not shown.
  await expect(page.locator('#rules-link')).toBeHidden();
  await expect(page.locator('#print-link')).toBeHidden();
  const links = await page.locator('a[href]').evaluateAll((anchors) => anchors
    .filter((anchor) => anchor.checkVisibility())
    .map((anchor) => anchor.href)
    .filter((href) => href.startsWith('file:') && !href.includes('#')));
  expect(links).toEqual([]);
});

test('jungle.html holds the whole game: no file is loaded by address', () => {
  const html = fs.readFileSync(FILE, 'utf8');
  expect(html).not.toMatch(/<(script|img|iframe)\b[^>]*\bsrc=/i);
  expect(html).not.toMatch(/<link\b(?![^>]*href="data:)[^>]*>/i);
  for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) expect(css).not.toMatch(/url\((?!\s*["']?data:)/);
});
