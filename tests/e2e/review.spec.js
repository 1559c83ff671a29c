// Review that teaches: a game with a deliberate blunder (Red's elephant walks next to the blue
// rat, which takes it) is reviewed; the blunder is marked ?? in the review and the move list,
// the engine's better move is drawn as an arrow, every panel follows the move looked at, a
// move of the list goes there, and "Play from here" starts a new game from that position
// while the game reviewed stays in the recent games.
const { test, expect, openGame, square, snapshot } = require('./helpers');

// 3. Elephant a5–a6 is the blunder (ply 5); 3… Rat a7–a6 takes the elephant (ply 6).
const MOVES = ['a3a4', 'g7g6', 'a4a5', 'g6g5', 'a5a6', 'a7a6', 'g3g4'];

test('a blunder is marked, its better move drawn, and every panel follows the move reviewed', async ({ page }) => {
  test.setTimeout(120_000);
  await openGame(page, `?lang=en&mode=people&moves=${MOVES.join(',')}`);
  await page.click('#settings-toggle');
  await page.check('#pref-eval');
  await page.click('#settings-toggle');
  const review = page.locator('#review');
  const moveButton = (ply) => page.locator(`#move-list .move-button[data-ply="${ply}"]`);

  await page.click('#review-toggle');
  await expect(review).toHaveAttribute('data-ply', String(MOVES.length));
  await expect(review).toHaveAttribute('data-analysed', 'yes', { timeout: 60_000 });

  // The blunder in the list of moments, in the move list and in the summary.
  const moment = page.locator('#review-swings button[data-ply="5"]');
  await expect(moment).toHaveAttribute('data-grade', 'blunder');
  await expect(moment).toContainText('3. Elephant a5–a6 ??');
  await expect(moveButton(5)).toHaveAttribute('data-grade', 'blunder');
  await expect(moveButton(5).locator('.move-mark')).toHaveText('??');
  await expect(moveButton(6).locator('.move-mark')).toHaveCount(0);
  await expect(page.locator('#review-summary tr[data-side="red"] td[data-count="blunder"]')).not.toHaveText('0');
  await expect(page.locator('.graph-mark[data-grade="blunder"]')).not.toHaveCount(0);

  // A click on the move in the move list goes there.
  await moveButton(5).click();
  await expect(review).toHaveAttribute('data-ply', '5');
  await expect(review).toHaveAttribute('data-grade', 'blunder');
  await expect(page.locator('#review-position')).toContainText('Move 3 of 4: 3. Elephant a5–a6 ??');
  const verdict = page.locator('#review-verdict');
  await expect(verdict).toContainText('Blunder (??). Better was');
  const better = await verdict.getAttribute('data-better');
  expect(better).toMatch(/^[a-g][1-9][a-g][1-9]$/);
  expect(better).not.toBe('a5a6');
  // The arrow starts on the better move's square (the board is not flipped: a1 bottom left).
  const layer = page.locator('.review-layer');
  await expect(layer).toBeVisible();
  const ring = page.locator('.review-ring');
  const column = better.charCodeAt(0) - 97;
  const row = 9 - Number(better[1]);
  await expect(ring).toHaveAttribute('cx', String(column + 0.5));
  await expect(ring).toHaveAttribute('cy', String(row + 0.5));
  // Board, status, evaluation bar, captured pieces and move-list highlight show move 5.
  await expect(square(page, 'a6')).toHaveAttribute('data-piece', 'E');
  await expect(square(page, 'a7')).toHaveAttribute('data-piece', 'r');
  await expect(page.locator('#status')).toHaveText('Blue to move · review, after 3. Elephant a5–a6');
  await expect(page.locator('#eval-bar')).toHaveAttribute('data-ply', '5');
  const value = (await page.locator('#review-position').textContent()).split(' · ')[1];
  await expect(page.locator('#eval-bar .eval-text')).toHaveText(`Evaluation: ${value}`);
  await expect(page.locator('#taken-by-blue canvas')).toHaveCount(0);
  await expect(page.locator('#move-list td[aria-current] .move-button')).toHaveAttribute('data-ply', '5');
  await snapshot(page, 'review-blunder');

  // By keyboard: the next move of the list, focused and pressed.
  await moveButton(6).focus();
  await page.keyboard.press('Enter');
  await expect(review).toHaveAttribute('data-ply', '6');
  await expect(page.locator('#status')).toHaveText('Red to move · review, after 3… Rat a7–a6 × Elephant');
  await expect(page.locator('#taken-by-blue canvas')).toHaveCount(1);
  await expect(page.locator('#eval-bar')).toHaveAttribute('data-ply', '6');
  await expect(layer).toBeHidden(); // taking the elephant was no mistake

  // Back to the game: every panel shows the game now again.
  await page.click('#review-close');
  await expect(review).toBeHidden();
  await expect(square(page, 'a6')).toHaveAttribute('data-piece', 'r');
  await expect(page.locator('#status')).toHaveText('Blue to move');
  await expect(page.locator('#eval-bar')).toHaveAttribute('data-ply', '7');
  await expect(page.locator('#move-list td[aria-current] .move-button')).toHaveAttribute('data-ply', '7');
  await expect(page.locator('#move-list .move-mark')).toHaveCount(0);
});

test('play from here starts a game from the position reviewed, and the game reviewed is kept', async ({ page }) => {
  await openGame(page, `?lang=en&mode=people&moves=${MOVES.join(',')}`);
  // A move of the list opens the review on it.
  await page.locator('#move-list .move-button[data-ply="4"]').click();
  const review = page.locator('#review');
  await expect(review).toBeVisible();
  await expect(review).toHaveAttribute('data-ply', '4');
  await expect(page.locator('#review-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(square(page, 'a5')).toHaveAttribute('data-piece', 'E');
  await page.click('#review-play-computer');
  await expect(review).toBeHidden();
  const game = await page.evaluate(() => {
    const s = window.jungle.snapshot;
    return { moves: s.history.map((entry) => entry.move), settings: s.settings, view: s.view, turn: s.turn };
  });
  expect(game).toEqual({ moves: MOVES.slice(0, 4), settings: { mode: 'computer', side: 'red', level: 3 }, view: null, turn: 'red' });
  await expect(page.locator('#status')).toHaveText('Red to move · your move');
  await expect(square(page, 'a5')).toHaveAttribute('data-piece', 'E');
  // The game reviewed is in the recent games, with its seven moves.
  await expect(page.locator('#recent-games')).toBeVisible();
  await expect(page.locator('#recent-list li')).toHaveCount(1);
  await expect(page.locator('#recent-list li').first()).toContainText('7 moves');
});

test('play from here by two: the side to move there moves first, no computer', async ({ page }) => {
  await openGame(page, `?lang=en&mode=computer&side=blue&moves=${MOVES.slice(0, 6).join(',')}`);
  await page.locator('#move-list .move-button[data-ply="5"]').click();
  await expect(page.locator('#review')).toHaveAttribute('data-ply', '5');
  await page.click('#review-play-people');
  await expect(page.locator('#review')).toBeHidden();
  const settings = await page.evaluate(() => window.jungle.snapshot.settings);
  expect(settings.mode).toBe('people');
  await expect(page.locator('#status')).toHaveText('Blue to move');
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '5');
});
