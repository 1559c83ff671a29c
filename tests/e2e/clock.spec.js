// Clocks for games between two people: at the board's edges (the side at the foot of the board
// below it), they start with the first move, the side to move's clock runs, running out of time
// loses and stops the game (a question before resigning, then moot, goes away by itself), and
// the clocks come back right after a reload.
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

const clock = (page, side) => page.locator(`#board-area .clock[data-side="${side}"]`);
const clocks = (page) => page.locator('#board-area .clock');
const millis = async (page, side) => Number(await clock(page, side).getAttribute('data-ms'));

test('the side to move runs out of time and loses; the game then stops', async ({ page }) => {
  const errors = await openGame(page, '?lang=en');
  await chooseMode(page, 'people');
  await chooseClock(page, 0.05, 0); // three seconds each
  await expect(clocks(page)).toHaveCount(2);
  await expect(clock(page, 'red')).toBeVisible();
  await expect(clock(page, 'red')).toHaveAttribute('data-running', 'false'); // until the first move
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

test('a clock running out while resigning is asked: the question goes by itself, the loss on time stands', async ({ page }) => {
  await openGame(page, '?lang=en&mode=people');
  await chooseClock(page, 0.05, 0); // three seconds each
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expectPly(page, 1);
  await page.click('#duel-resign');
  await expect(page.locator('#confirm-dialog')).toBeVisible();
  await expect(page.locator('#confirm-dialog')).toBeHidden({ timeout: 10_000 });
  await expect(page.locator('#banner-title')).toHaveText('Red wins on time');
  await expect(page.locator('#banner-reason')).toHaveText('Blue ran out of time.');
});

test('the clocks start with the first move, not before', async ({ page }) => {
  await openGame(page, '?lang=fr');
  await chooseMode(page, 'people');
  await chooseClock(page, 0.05, 0); // three seconds each
  await page.waitForTimeout(3500); // longer than Red's whole time: it does not run yet
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'no');
  expect(await millis(page, 'red')).toBe(3000);
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expect(clock(page, 'blue')).toHaveAttribute('data-running', 'true');
  await expect(page.locator('#banner-title')).toHaveText('Rouge gagne au temps', { timeout: 10_000 });
});

test('each clock sits at its side’s edge of the board, and follows the board when it turns', async ({ page }) => {
  await openGame(page, '?lang=en');
  await chooseMode(page, 'people');
  await chooseClock(page, 10, 5);
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expectPly(page, 1);
  const edges = async () => {
    const board = await page.locator('#board').boundingBox();
    const red = await clock(page, 'red').boundingBox();
    const blue = await clock(page, 'blue').boundingBox();
    return { board, red, blue };
  };
  let { board, red, blue } = await edges();
  // Blue (at the top of the board) above it, Red below, both beside its edge.
  expect(blue.y + blue.height).toBeLessThanOrEqual(board.y + 1);
  expect(red.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
  expect(board.y - (blue.y + blue.height)).toBeLessThan(20);
  expect(red.y - (board.y + board.height)).toBeLessThan(20);
  // The whole board and both clocks fit the screen.
  expect(red.y + red.height).toBeLessThanOrEqual(900);
  await snapshot(page, 'clocks-beside-board');
  await page.click('#flip');
  ({ board, red, blue } = await edges());
  expect(red.y + red.height).toBeLessThanOrEqual(board.y + 1);
  expect(blue.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
  await page.click('#flip');
  await page.setViewportSize({ width: 390, height: 844 });
  ({ board, red, blue } = await edges());
  expect(blue.y + blue.height).toBeLessThanOrEqual(board.y + 1);
  expect(red.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
  expect(red.x + red.width).toBeLessThanOrEqual(390);
  await snapshot(page, 'clocks-beside-board-phone');
});

test('the increment is added after each move, and the clocks survive a reload', async ({ page }) => {
  await openGame(page, '?lang=en');
  await chooseMode(page, 'people');
  await chooseClock(page, 1, 5);
  await expect(clock(page, 'red')).toHaveAttribute('data-ms', '60000');
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expectPly(page, 1);
  // Red's clock, which did not run before the first move, has its five seconds added; Blue's runs.
  const red = await millis(page, 'red');
  expect(red).toBe(65_000);
  await page.waitForTimeout(1500);
  const blueBefore = await millis(page, 'blue');
  expect(blueBefore).toBeLessThan(59_000);
  await page.reload();
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expectPly(page, 1);
  await expect(clock(page, 'blue')).toBeVisible();
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
  await expect(page.locator('#board-area')).toHaveAttribute('data-clocks', 'off');
  await expect(clock(page, 'red')).toBeHidden();
  await chooseClock(page, 5, 0);
  await expect(clock(page, 'red')).toBeHidden();
  await chooseMode(page, 'people');
  await expect(page.locator('#board-area')).toHaveAttribute('data-clocks', 'on');
  await expect(clock(page, 'red')).toBeVisible();
  await expect(clock(page, 'red')).toContainText('5:00');
});
