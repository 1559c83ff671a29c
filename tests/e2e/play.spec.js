// Playing against the computer with the mouse, by dragging, with the keyboard; undo and redo.
const { test, expect, openGame, square, expectPly, chooseMode, snapshot } = require('./helpers');

test('opens straight into a game against the computer, with no console error', async ({ page }) => {
  const errors = await openGame(page);
  await expect(square(page, 'a3')).toHaveAttribute('data-piece', 'E');
  await expect(square(page, 'a3')).toHaveAttribute('aria-label', 'a3, red elephant');
  await expect(square(page, 'a7')).toHaveAttribute('aria-label', 'a7, blue rat');
  await expect(square(page, 'd9')).toHaveAttribute('aria-label', 'd9, blue den');
  await expect(square(page, 'b5')).toHaveAttribute('aria-label', 'b5, water');
  await expect(page.locator('#squares button')).toHaveCount(63);
  await expect(page.locator('#status')).toHaveText(/Red to move · your move/);
  await expect(page.locator('#settings')).toBeHidden();
  await snapshot(page, 'start');
  expect(errors).toEqual([]);
});

test('a move made by clicking squares is played and the computer answers', async ({ page }) => {
  const errors = await openGame(page);
  await square(page, 'g3').click();
  await expect(square(page, 'g3')).toHaveAttribute('aria-label', 'g3, red rat, selected');
  await expect(square(page, 'g4')).toHaveAttribute('aria-label', /can move here/);
  await snapshot(page, 'rat-picked');
  await square(page, 'g4').click();
  await expect(square(page, 'g4')).toHaveAttribute('data-piece', 'R');
  await expect(square(page, 'g3')).toHaveAttribute('data-piece', '');
  await expectPly(page, 2);
  await expect(page.locator('#move-list tr').first()).toContainText('Rat g3–g4');
  await expect(page.locator('#board')).toHaveAttribute('data-turn', 'red');
  await snapshot(page, 'computer-answered');
  expect(errors).toEqual([]);
});

test('an illegal click moves nothing', async ({ page }) => {
  await openGame(page);
  await square(page, 'a3').click();
  await square(page, 'a5').click(); // not a destination: the selection is dropped
  await expect(square(page, 'a3')).toHaveAttribute('data-piece', 'E');
  await expectPly(page, 0);
  await square(page, 'a7').click(); // Blue's piece: not the player's
  await expect(square(page, 'a7')).toHaveAttribute('aria-label', 'a7, blue rat');
});

test('drag and drop plays a move', async ({ page }) => {
  await openGame(page);
  const from = await square(page, 'e3').boundingBox();
  const to = await square(page, 'e2').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await snapshot(page, 'dragging');
  await page.mouse.up();
  await expect(square(page, 'e2')).toHaveAttribute('data-piece', 'P');
  await expectPly(page, 2);
});

test('a drop on a square that is not a destination leaves the piece', async ({ page }) => {
  await openGame(page);
  await square(page, 'a1').dragTo(square(page, 'a3'));
  await expect(square(page, 'a1')).toHaveAttribute('data-piece', 'T');
  await expectPly(page, 0);
});

test('undo takes back to your last move, redo replays it with the answer', async ({ page }) => {
  await openGame(page);
  await expect(page.locator('#undo')).toBeDisabled();
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expectPly(page, 2);
  const answer = await page.locator('#move-list tr').first().locator('td').nth(1).textContent();
  await page.click('#undo');
  await expectPly(page, 0);
  await expect(square(page, 'g3')).toHaveAttribute('data-piece', 'R');
  await expect(page.locator('#redo')).toBeEnabled();
  await page.click('#redo');
  await expectPly(page, 2);
  await expect(page.locator('#move-list tr').first().locator('td').nth(1)).toHaveText(answer);
  await expect(page.locator('#redo')).toBeDisabled();
});

test('two people take turns; undo takes back one move', async ({ page }) => {
  await openGame(page);
  await chooseMode(page, 'people');
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await expectPly(page, 1);
  await square(page, 'a7').click();
  await square(page, 'a6').click();
  await expectPly(page, 2);
  await page.keyboard.press('Control+z');
  await expectPly(page, 1);
  await expect(square(page, 'a7')).toHaveAttribute('data-piece', 'r');
  await page.keyboard.press('Control+y');
  await expectPly(page, 2);
});

test('keyboard: arrows move between squares, Enter picks and drops', async ({ page }) => {
  const errors = await openGame(page);
  await square(page, 'a1').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(square(page, 'a3')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(square(page, 'a3')).toHaveAttribute('aria-label', 'a3, red elephant, selected');
  await page.keyboard.press('Escape');
  await expect(square(page, 'a3')).toHaveAttribute('aria-label', 'a3, red elephant');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await expect(square(page, 'a4')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(square(page, 'a4')).toHaveAttribute('data-piece', 'E');
  await expect(page.locator('#announcer')).toContainText('Red elephant from a3 to a4');
  await expectPly(page, 2);
  await snapshot(page, 'keyboard');
  expect(errors).toEqual([]);
});

test('flip board turns the board and the button order', async ({ page }) => {
  await openGame(page);
  const before = await square(page, 'a1').boundingBox();
  await page.click('#flip');
  const after = await square(page, 'a1').boundingBox();
  expect(after.y).toBeLessThan(before.y);
  expect(after.x).toBeGreaterThan(before.x);
  await expect(page.locator('#squares button').first()).toHaveAttribute('data-square', 'g1');
  await snapshot(page, 'flipped');
});

test('playing Blue: the computer opens and the board turns', async ({ page }) => {
  await openGame(page);
  await page.click('#settings-toggle');
  await page.check('#settings input[name="side"][value="blue"]');
  await expectPly(page, 1);
  await expect(page.locator('#squares button').first()).toHaveAttribute('data-square', 'g1');
  await expect(page.locator('#status')).toHaveText(/Blue to move · your move/);
  await expect(page.locator('#undo')).toBeDisabled(); // nothing of yours to take back yet
  await snapshot(page, 'playing-blue');
});
