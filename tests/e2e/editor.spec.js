// The position editor: pieces placed and removed with the mouse or the keyboard, the engine's
// reason for a position that is not valid, and a game played from a valid one.
const { test, expect, openGame, square, expectPly, snapshot } = require('./helpers');

async function choose(page, piece) {
  await page.check(`#editor input[name="editor-piece"][value="${piece}"]`);
}

test('the editor rejects an invalid position with the engine’s reason', async ({ page }) => {
  const errors = await openGame(page);
  await page.click('#open-editor');
  await expect(page.locator('#editor')).toBeVisible();
  await expect(page.locator('#editor-status')).toContainText('l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w');
  await page.click('#editor-clear');
  await expect(page.locator('#squares button[data-piece="E"]')).toHaveCount(0);
  await choose(page, 'E');
  await square(page, 'd1').click();
  await expect(square(page, 'd1')).toHaveAttribute('data-piece', 'E');
  await expect(page.locator('#editor-error')).toHaveText('Not a position of the game: the red elephant on d1 stands on its own den.');
  await expect(page.locator('#editor-play-computer')).toBeDisabled();
  await snapshot(page, 'editor-invalid');
  // A second red elephant, then a cat in the water: each reason in turn.
  await square(page, 'd1').click(); // the same piece again: taken off
  await expect(square(page, 'd1')).toHaveAttribute('data-piece', '');
  await choose(page, 'C');
  await square(page, 'b5').click();
  await expect(page.locator('#editor-error')).toContainText('the red cat on b5 stands in water but cannot swim');
  await choose(page, '.');
  await square(page, 'b5').click();
  // An empty board: no game can start there.
  await expect(page.locator('#editor-error')).toHaveText('Not a position of the game: red has no animal: the game would already be over.');
  await page.click('#editor-cancel');
  await expect(page.locator('#editor')).toBeHidden();
  await expect(square(page, 'a3')).toHaveAttribute('data-piece', 'E'); // the game, as it was
  expect(errors).toEqual([]);
});

test('a position set up with the keyboard is played by two people', async ({ page }) => {
  const errors = await openGame(page);
  await page.click('#open-editor');
  await page.click('#editor-clear');
  await choose(page, 'L');
  await square(page, 'd7').focus();
  await page.keyboard.press('Enter');
  await choose(page, 'r');
  await square(page, 'a9').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown'); // to a8
  await choose(page, 't');
  await square(page, 'a8').focus();
  await page.keyboard.press('Space');
  await expect(square(page, 'a8')).toHaveAttribute('aria-label', 'a8, blue tiger');
  await page.check('#editor input[name="editor-turn"][value="blue"]');
  await expect(page.locator('#editor-status')).toHaveText('A valid position: FEN r6/t6/3L3/7/7/7/7/7/7 b');
  await snapshot(page, 'editor-valid');
  await page.click('#editor-play-people');
  await expect(page.locator('#editor')).toBeHidden();
  expect(await page.evaluate(() => window.jungle.snapshot.startFen)).toBe('r6/t6/3L3/7/7/7/7/7/7 b');
  await expect(page.locator('#board')).toHaveAttribute('data-turn', 'blue');
  await square(page, 'a8').click();
  await square(page, 'b8').click();
  await expectPly(page, 1);
  await square(page, 'd7').click();
  await square(page, 'd8').click();
  await expectPly(page, 2);
  expect(errors).toEqual([]);
});

test('a position from the editor is played against the computer', async ({ page }) => {
  const errors = await openGame(page);
  await page.click('#open-editor');
  await page.click('#editor-clear');
  await choose(page, 'E');
  await square(page, 'd5').click();
  await choose(page, 'r');
  await square(page, 'g9').click();
  await page.click('#editor-play-computer');
  await square(page, 'd5').click();
  await square(page, 'd6').click();
  await expectPly(page, 2); // the computer answered
  expect(errors).toEqual([]);
});

test('a board where a side has no animal is refused with the engine’s reason, in the page’s language', async ({ page }) => {
  const errors = await openGame(page, '?lang=fr');
  await page.click('#open-editor');
  await page.click('#editor-clear');
  await expect(page.locator('#editor-error')).toHaveText('Ce n’est pas une position du jeu : le camp rouge n’a aucun animal : la partie serait déjà finie.');
  await choose(page, 'L');
  await square(page, 'd5').click();
  await expect(page.locator('#editor-error')).toContainText('le camp bleu n’a aucun animal');
  await expect(page.locator('#editor-play-people')).toBeDisabled();
  await snapshot(page, 'editor-one-side');
  await page.locator('#editor-play-people').click({ force: true }); // refused: the editor stays
  await expect(page.locator('#editor')).toBeVisible();
  await expectPly(page, 0);
  await expect(square(page, 'a3')).toHaveAttribute('data-piece', '');
  // With a blue piece too, the position is one to play.
  await choose(page, 'r');
  await square(page, 'a9').click();
  await expect(page.locator('#editor-error')).toBeHidden();
  await page.click('#editor-play-people');
  await expect(page.locator('#editor')).toBeHidden();
  expect(await page.evaluate(() => window.jungle.snapshot.startFen)).toBe('r6/7/7/7/3L3/7/7/7/7 w');
  expect(errors).toEqual([]);
});
