// Help while playing: a hint (a legal move, shown and announced), the evaluation bar, and
// review mode stepping through a game with its evaluation graph.
const { test, expect, openGame, square, play, chooseMode, snapshot } = require('./helpers');

test('the hint suggests a legal move, draws it and announces it', async ({ page }) => {
  const errors = await openGame(page, '?lang=en');
  await page.click('#hint-button');
  const line = page.locator('#hint-line');
  await expect(line).toHaveAttribute('data-move', /^[a-g][1-9][a-g][1-9]$/, { timeout: 20_000 });
  const move = await line.getAttribute('data-move');
  const destinations = await page.evaluate((from) => window.jungle.snapshot.movesFrom(from), move.slice(0, 2));
  expect(destinations).toContain(move.slice(2));
  await expect(line).toContainText('Suggestion:');
  await expect(page.locator('.hint-layer')).toBeVisible();
  await expect(page.locator('#announcer')).toContainText('Suggested move:');
  await snapshot(page, 'help-hint');
  // Playing it clears the hint.
  await play(page, [move]);
  await expect(page.locator('.hint-layer')).toBeHidden();
  await expect(line).toBeHidden();
  expect(errors).toEqual([]);
});

test('the hint follows the level chosen for hints', async ({ page }) => {
  await openGame(page, '?lang=en');
  await page.click('#settings-toggle');
  await page.selectOption('#pref-hint-level', '8');
  await page.click('#settings-toggle');
  // A rat one step from the blue den: the strongest hint walks in.
  await page.goto(`index.html?lang=en&fen=${encodeURIComponent('l5t/1d1R1c1/p3w1e/7/7/7/E1W1P2/1C3D1/T5L w')}`);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await page.click('#hint-button');
  await expect(page.locator('#hint-line')).toHaveAttribute('data-move', 'd8d9', { timeout: 20_000 });
});

test('the evaluation bar shows a value after each move, and a forced win as such', async ({ page }) => {
  await openGame(page, `?lang=en&fen=${encodeURIComponent('7/3R3/7/7/7/7/7/7/l6 w')}`);
  await page.click('#settings-toggle');
  await page.check('#pref-eval');
  const text = page.locator('#eval-bar .eval-text');
  await expect(text).toHaveText('Evaluation: Red wins in 1', { timeout: 20_000 });
  await expect(page.locator('#eval-bar .eval-track')).toHaveAttribute('aria-valuenow', '100');
  // The switch is kept; a game from the usual start now.
  await page.evaluate(() => localStorage.removeItem('jungle.saved'));
  await page.goto('index.html?lang=en');
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expect(page.locator('#pref-eval')).toBeChecked();
  await expect(text).toHaveText(/^Evaluation: (even|(Red|Blue) \+\d+\.\d\d)$/, { timeout: 20_000 });
  const before = await text.textContent();
  await chooseMode(page, 'people');
  await play(page, ['a3a4']);
  await expect(text).not.toHaveText('Evaluation: thinking…', { timeout: 20_000 });
  await expect(text).toHaveText(/^Evaluation: /);
  await snapshot(page, 'help-eval');
  expect(before).toBeTruthy();
});

test('a suggestion is for the game now: a review clears it, and the hint waits until it ends', async ({ page }) => {
  await openGame(page, '?lang=en&mode=people');
  await play(page, ['a3a4', 'g7g6']);
  await page.click('#hint-button');
  const line = page.locator('#hint-line');
  await expect(line).toContainText('Suggestion:', { timeout: 20_000 });
  await page.click('#review-toggle');
  await expect(page.locator('#review')).toBeVisible();
  await expect(line).toBeHidden();
  await expect(page.locator('.hint-layer')).toBeHidden();
  await expect(page.locator('#hint-button')).toBeDisabled();
  await page.click('#review-close');
  await expect(page.locator('#review')).toBeHidden();
  await expect(page.locator('#hint-button')).toBeEnabled();
  await expect(line).toBeHidden();
});

test('review mode steps through the game and graphs the evaluation', async ({ page }) => {
  const errors = await openGame(page, '?lang=en');
  await chooseMode(page, 'people');
  await play(page, ['a3a4', 'g7g6', 'a4a5', 'g6g5']);
  await page.click('#review-toggle');
  const review = page.locator('#review');
  await expect(review).toBeVisible();
  await expect(review).toHaveAttribute('data-ply', '4');
  // Counted in moves, as the move list numbers them: four plies are two moves.
  await expect(page.locator('#review-position')).toContainText('Move 2 of 2: 2… Elephant g6–g5');
  // While reviewing, the board shows the position reviewed and takes no moves.
  await page.keyboard.press('Home');
  await expect(review).toHaveAttribute('data-ply', '0');
  await expect(square(page, 'a3')).toHaveAttribute('data-piece', 'E');
  await expect(page.locator('#review-position')).toContainText('Start position');
  await expect(page.locator('#status')).toHaveText('Red to move · review, start position');
  await page.keyboard.press('ArrowRight');
  await expect(review).toHaveAttribute('data-ply', '1');
  await expect(square(page, 'a4')).toHaveAttribute('data-piece', 'E');
  await page.click('#review-next');
  await page.click('#review-next');
  await expect(review).toHaveAttribute('data-ply', '3');
  await page.click('#review-prev');
  await expect(review).toHaveAttribute('data-ply', '2');
  await page.keyboard.press('End');
  await expect(review).toHaveAttribute('data-ply', '4');
  await expect(page.locator('#review-next')).toBeDisabled();
  await expect(review).toHaveAttribute('data-analysed', 'yes', { timeout: 40_000 });
  const points = await page.locator('.graph-line').getAttribute('points');
  expect(points.trim().split(/\s+/)).toHaveLength(5);
  await expect(page.locator('#review-position')).toContainText(/· (even|(Red|Blue) \+\d)/);
  await snapshot(page, 'help-review');
  // A click on the graph's left edge goes to the start.
  const graph = review.locator('.review-graph');
  const box = await graph.boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await expect(review).toHaveAttribute('data-ply', '0');
  await page.click('#review-close');
  await expect(review).toBeHidden();
  await expect(square(page, 'a5')).toHaveAttribute('data-piece', 'E');
  await play(page, ['a5a6']);
  expect(errors).toEqual([]);
});

test('a finished game is reviewed to its result, and a blunder is marked', async ({ page }) => {
  // Blue's lion should take the rat on d8; it walks away instead, and the rat enters the den.
  await openGame(page, `?lang=en&mode=local&fen=${encodeURIComponent('6r/2lR3/7/7/7/7/7/7/E6 b')}`);
  await play(page, ['c8b8', 'd8d9']);
  await expect(page.locator('#banner-title')).toHaveText('Red wins');
  await page.click('#banner-close');
  await page.click('#review-toggle');
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('data-analysed', 'yes', { timeout: 40_000 });
  await expect(page.locator('#review-position')).toContainText('Red has won');
  const swing = page.locator('#review-swings button');
  await expect(swing).toHaveCount(1);
  await expect(swing).toContainText('1… Lion c8–b8 ??');
  await swing.click();
  await expect(review).toHaveAttribute('data-ply', '1');
  await expect(page.locator('#review-position')).toContainText('Red wins in 1');
  await expect(page.locator('.graph-mark')).toHaveCount(1);
  await expect(page.locator('.graph-mark')).toHaveAttribute('data-grade', 'blunder');
  await snapshot(page, 'help-review-blunder');
});
