// The computer in its worker: progress, "move now", recovery from a dead worker, watching a game.
const { test, expect } = require('@playwright/test');
const { openGame, square, expectPly, chooseMode, chooseLevel, snapshot } = require('./helpers');

test('move now plays the best move found so far', async ({ page }) => {
  await openGame(page);
  await chooseLevel(page, 8);
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expect(page.locator('#thinking')).toContainText('Depth');
  await expect(page.locator('#move-now')).toBeVisible();
  await snapshot(page, 'thinking');
  await page.click('#move-now');
  await expectPly(page, 2);
  await expect(page.locator('#move-now')).toBeHidden();
  // The fresh worker answers the next question.
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expect(page.locator('#thinking')).toContainText('Depth');
  await page.click('#move-now');
  await expectPly(page, 4);
});

test('a worker that dies is replaced, the player is told, and the game goes on', async ({ page }) => {
  await openGame(page);
  await chooseLevel(page, 8);
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expect(page.locator('#thinking')).toContainText('Depth');
  // What the browser does when a worker throws: an error event on the Worker object.
  await page.evaluate(() => window.jungle.ai.worker.dispatchEvent(new ErrorEvent('error', { message: 'simulated crash' })));
  await expect(page.locator('#notice')).toContainText('simulated crash');
  await expect(page.locator('#notice')).toContainText('Your game is safe');
  await expect(square(page, 'g4')).toHaveAttribute('data-piece', 'R');
  await expectPly(page, 2);
});

test('computer against computer plays by itself', async ({ page }) => {
  await openGame(page);
  await chooseLevel(page, 1);
  await chooseMode(page, 'watch');
  await expectPly(page, 4);
  await expect(page.locator('#undo')).toBeDisabled();
  await chooseMode(page, 'people');
  const ply = Number(await page.locator('#board').getAttribute('data-ply'));
  await page.waitForTimeout(1500);
  await expectPly(page, ply);
  await snapshot(page, 'watched');
});

test('undo while the computer thinks takes the move back and the answer never comes', async ({ page }) => {
  await openGame(page);
  await chooseLevel(page, 8);
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expect(page.locator('#thinking')).toContainText('Depth');
  await page.click('#undo');
  await expectPly(page, 0);
  await expect(page.locator('#move-now')).toBeHidden();
  await expect(page.locator('#status')).toHaveText(/Red to move · your move/);
  await page.waitForTimeout(6000); // longer than level 8 thinks
  await expectPly(page, 0);
  await expect(square(page, 'g3')).toHaveAttribute('data-piece', 'R');
});
