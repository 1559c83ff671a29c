// Clocks for games between two people: the side to move's clock runs, running out of time
// loses and stops the game, and the clocks come back right after a reload.
const { test, expect, openGame, square, expectPly, chooseMode, snapshot } = require('./helpers');

/** Chooses a custom time control of `minutes` plus `increment` seconds a move. */
async function chooseClock(page, minutes, increment) {
  await page.click('#settings-toggle');
  await page.selectOption('#clock-control', 'custom');
  await page.fill('#clock-minutes', String(minutes));
  await page.fill('#clock-increment', String(increment));
  await page.locator('#clock-increment').dispatchEvent('change');
  await page.click('#settings-toggle');
}

const clock = (page, side) => page.locator(`#clocks .clock[data-side="${side}"]`);
const millis = async (page, side) => Number(await clock(page, side).getAttribute('data-ms'));

test('the side to move runs out of time and loses; the game then stops', async ({ page }) => {
  const errors = await openGame(page, '?lang=en');
  await chooseMode(page, 'people');
  await chooseClock(page, 0.05, 0); // three seconds each
  await expect(page.locator('#clocks')).toBeVisible();
  await expect(clock(page, 'red')).toHaveAttribute('data-running', 'true');
  await expect(clock(page, 'blue')).toHaveAttribute('data-running', 'false');
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expectPly(page, 1);
  await expect(clock(page, 'blue')).toHaveAttribute('data-running', 'true');
  await expect(page.locator('#banner-title')).toHaveText('Red wins on time', { timeout: 10_000 });
  await expect(page.locator('#banner-reason')).toHaveText('Blue ran out of time.');
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'yes');
  await expect(clock(page, 'blue')).toHaveAttribute('data-ms', '0');
  await snapshot(page, 'clock-flag');
  // No more moves, and nothing to take back.
  await page.click('#banner-close');
  await square(page, 'g7').click();
  await square(page, 'g6').click();
  await expectPly(page, 1);
  await expect(page.locator('#undo')).toBeDisabled();
  // After a reload the game is still lost on time.
  await page.reload();
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expect(page.locator('#banner-title')).toHaveText('Red wins on time');
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'yes');
  expect(errors).toEqual([]);
});

test('Red, who moves first, loses on time if it does not move', async ({ page }) => {
  await openGame(page, '?lang=fr');
  await chooseMode(page, 'people');
  await chooseClock(page, 0.05, 0);
  await expect(page.locator('#banner-title')).toHaveText('Bleu gagne au temps', { timeout: 10_000 });
});

test('the increment is added after each move, and the clocks survive a reload', async ({ page }) => {
  await openGame(page, '?lang=en');
  await chooseMode(page, 'people');
  await chooseClock(page, 1, 5);
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expectPly(page, 1);
  // Red's clock stopped with its five seconds added; Blue's runs.
  const red = await millis(page, 'red');
  expect(red).toBeGreaterThan(60_000);
  expect(red).toBeLessThanOrEqual(65_000);
  await page.waitForTimeout(1500);
  const blueBefore = await millis(page, 'blue');
  expect(blueBefore).toBeLessThan(59_000);
  await page.reload();
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expectPly(page, 1);
  await expect(page.locator('#clocks')).toBeVisible();
  await expect(clock(page, 'blue')).toHaveAttribute('data-running', 'true');
  expect(await millis(page, 'red')).toBe(red);
  const blueAfter = await millis(page, 'blue');
  // The reload took time: Blue's clock ran on meanwhile, but not from the start again.
  expect(blueAfter).toBeLessThan(blueBefore);
  expect(blueAfter).toBeGreaterThan(blueBefore - 10_000);
  await snapshot(page, 'clock-reload');
});

test('no clocks against the computer, nor without a time control', async ({ page }) => {
  await openGame(page, '?lang=en');
  await expect(page.locator('#clocks')).toBeHidden();
  await chooseClock(page, 5, 0);
  await expect(page.locator('#clocks')).toBeHidden();
  await chooseMode(page, 'people');
  await expect(page.locator('#clocks')).toBeVisible();
  await expect(clock(page, 'red')).toContainText('5:00');
});
