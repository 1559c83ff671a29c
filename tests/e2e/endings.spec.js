// Games started from a position near the end (the `fen` URL parameter) finish with the right banner.
const { test, expect, openGame, square, expectPly, move, chooseMode, chooseLevel, snapshot } = require('./helpers');

const fen = (text) => `?fen=${encodeURIComponent(text)}`;

async function expectBanner(page, title, reason) {
  await expect(page.locator('#banner')).toBeVisible();
  await expect(page.locator('#banner-title')).toHaveText(title);
  await expect(page.locator('#banner-reason')).toHaveText(reason);
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'yes');
}

test('entering the den wins', async ({ page }) => {
  const errors = await openGame(page, fen('7/3R3/7/7/7/7/7/7/l6 w'));
  await expect(page.locator('#banner')).toBeHidden();
  await move(page, 'd8', 'd9');
  await expectBanner(page, 'You win!', 'The red rat entered the blue den.');
  await expect(page.locator('#announcer')).toContainText('You win!');
  await expect(page.locator('#status')).toHaveText('You win!');
  await expect(page.locator('#status')).toHaveAttribute('data-turn', 'red'); // the winner's dot
  await snapshot(page, 'won-den');
  expect(errors).toEqual([]);
});

test('taking the last piece wins', async ({ page }) => {
  await openGame(page, fen('7/7/7/7/7/7/2c4/2L4/7 w'));
  await move(page, 'c2', 'c3');
  await expectBanner(page, 'You win!', 'Red captured every blue piece.');
  await expect(page.locator('#taken-by-red [role="img"]')).toHaveAttribute('aria-label', 'blue cat');
});

test('leaving the opponent without a move wins', async ({ page }) => {
  await openGame(page, fen('r6/CD5/7/7/7/7/7/7/7 w'));
  await move(page, 'b8', 'b9');
  await expectBanner(page, 'You win!', 'Blue has no legal move left.');
});

test('the computer can win too, and the player is told plainly', async ({ page }) => {
  // Blue's rat on d2 enters Red's den whatever Red does.
  await openGame(page, fen('6L/7/7/7/7/7/7/3r3/7 w'));
  // Levels 1–7 sometimes play a random or second-best move (even past a win); level 8 never.
  await chooseLevel(page, 8);
  await move(page, 'g9', 'g8');
  await expectBanner(page, 'You lost', 'The blue rat entered the red den.');
  await expect(page.locator('#status')).toHaveAttribute('data-turn', 'blue');
  await snapshot(page, 'lost-den');
});

test('the third repetition is a draw', async ({ page }) => {
  await openGame(page);
  await chooseMode(page, 'people');
  for (let i = 0; i < 2; i++) {
    await move(page, 'a3', 'a4');
    await move(page, 'a7', 'a6');
    await move(page, 'a4', 'a3');
    await move(page, 'a6', 'a7');
  }
  await expectPly(page, 8);
  await expectBanner(page, 'Draw', 'The same position came up three times.');
  await expect(page.locator('#status')).toHaveAttribute('data-turn', ''); // no winner: a green dot
  await snapshot(page, 'draw-repetition');
});

test('too long without a capture is a draw', async ({ page }) => {
  await openGame(page, fen('l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 199 100'));
  await move(page, 'a3', 'a4');
  await expectBanner(page, 'Draw', 'Too many moves in a row without a capture.');
  await expect(page.locator('#move-list th').first()).toHaveText('100.');
});

test('a bad fen parameter is shown as text and a normal game starts', async ({ page }) => {
  const errors = await openGame(page, fen('<img src=x onerror=alert(1)>'));
  // Link parameters are read by the engine (parseLink); what it refuses is listed as text.
  await expect(page.locator('.page-message')).toContainText('parameter `fen`');
  await expect(page.locator('.page-message img')).toHaveCount(0);
  await expect(square(page, 'a3')).toHaveAttribute('data-piece', 'E');
  expect(errors).toEqual([]);
});

test('undo after the end takes the game back', async ({ page }) => {
  await openGame(page, fen('7/3R3/7/7/7/7/7/7/l6 w'));
  await move(page, 'd8', 'd9');
  await expect(page.locator('#banner')).toBeVisible();
  await page.click('#undo');
  await expect(page.locator('#banner')).toBeHidden();
  await expect(square(page, 'd8')).toHaveAttribute('data-piece', 'R');
});
