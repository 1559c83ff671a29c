// Shared steps of the end-to-end tests.
const { expect } = require('@playwright/test');

/** Opens the game (with optional URL parameters) and fails the test on any console error. */
async function openGame(page, query = '') {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`index.html${query}`);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  return errors;
}

/** The square button `name` (like 'a3'). */
function square(page, name) {
  return page.locator(`#squares [data-square="${name}"]`);
}

/** Waits until `ply` moves have been played. */
async function expectPly(page, ply) {
  await expect(page.locator('#board')).toHaveAttribute('data-ply', String(ply));
}

/** Chooses who plays in the settings form: 'computer', 'people' or 'watch'. */
async function chooseMode(page, mode) {
  await page.click('#settings-toggle');
  await page.check(`#settings input[name="mode"][value="${mode}"]`);
  await page.click('#settings-toggle');
}

/** Sets the computer's level in the settings form. */
async function chooseLevel(page, level) {
  await page.click('#settings-toggle');
  await page.selectOption('#settings select[name="level"]', String(level));
  await page.click('#settings-toggle');
}

/** Saves a screenshot into test-results/ (kept as a test artifact). */
async function snapshot(page, name) {
  await page.waitForTimeout(350); // let the last move's animation finish
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

module.exports = { openGame, square, expectPly, chooseMode, chooseLevel, snapshot };
