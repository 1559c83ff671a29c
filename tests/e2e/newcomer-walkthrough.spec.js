// A newcomer's first evening, step by step, as issue 36 walks it: the first visit says whom
// they play; a game against the computer; its review; a rematch; puzzles, the first an easy
// one ending on "Next puzzle"; signing up; a challenge from a member arriving within 2 s; a
// rated blitz game whose end shows the rating change. Each step leaves a screenshot,
// test-results/screens/walkthrough-<n>-<step>.png (desktop), which the note names.
const { test, expect, openPage, move, expectPly, snapshot } = require('./helpers');
const { useClub, signUp, member } = require('./club');

const club = useClub();

// A game near its end, as a link gives it: Red's rat on d8 walks into Blue's den (d9).
const NEAR_THE_END = `fen=${encodeURIComponent('7/3R3/7/7/7/7/7/7/l6 w')}`;

test('a newcomer: the computer, a review, a rematch, puzzles, signing up, a challenge, a rated blitz game', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const shot = (/** @type {number} */ step, /** @type {string} */ name) => snapshot(page, `walkthrough-${step}-${name}`);

  // 1. The first visit: whom they play, and the main action.
  await openPage(page, `${club.base}index.html?lang=en`);
  await expect(page.locator('#opponent')).toHaveText('Against the computer · level 3');
  await expect(page.locator('#play-computer')).toHaveText('Play the computer');
  await shot(1, 'first-visit');

  // 2. A game against the computer at level 1: a move and its answer.
  await page.selectOption('#play-level', '1');
  await page.click('#play-computer');
  await expect(page.locator('#opponent')).toHaveText('Against the computer · level 1');
  await move(page, 'g3', 'g4');
  await expectPly(page, 2);
  await shot(2, 'game-against-the-computer');

  // 3. A game won (from a link near its end), then its review with the engine's grades.
  await openPage(page, `${club.base}index.html?lang=en&level=1&${NEAR_THE_END}`);
  await move(page, 'd8', 'd9');
  await expect(page.locator('#banner')).toBeVisible();
  await expect(page.locator('#banner-level-up')).toHaveText('Try level 2');
  await shot(3, 'won');
  await page.click('#banner-review');
  await expect(page.locator('#review')).toHaveAttribute('data-analysed', 'yes', { timeout: 30_000 });
  await shot(4, 'review');
  await page.click('#review-close');

  // 4. A rematch at the same level.
  await page.click('#banner-rematch');
  await expectPly(page, 0);
  await expect(page.locator('#opponent')).toHaveText('Against the computer · level 1');
  await shot(5, 'rematch');

  // 5. Puzzles: the first an easy one, its cost said before it is paid; the solution, then
  // "Next puzzle".
  await page.click('#open-puzzles');
  await expect(page.locator('#opponent')).toHaveText('Solving a puzzle');
  await expect(page.locator('#puzzle-meta')).toContainText('Difficulty 1/5');
  await expect(page.locator('#puzzle-solution')).toHaveText(/^Solution \(−\d+\)$/);
  await shot(6, 'puzzle');
  await page.click('#puzzle-solution');
  await expect(page.locator('#puzzle-end-next')).toBeVisible({ timeout: 15_000 });
  await shot(7, 'puzzle-next');

  // 6. Signing up.
  await openPage(page, `${club.base}index.html?lang=en`);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  await signUp(page, 'Newcomer');
  await shot(8, 'signed-up');
  await page.keyboard.press('Escape');

  // 7. A member challenges them to a rated blitz game: the card arrives within 2 s.
  const ben = await member(browser, club.base, 'Ben');
  await ben.page.keyboard.press('Escape');
  await ben.page.click('#open-online');
  await expect(ben.page.locator('#online-clock')).toHaveValue('blitz');
  await ben.page.check('input[name="online-color"][value="red"]');
  await ben.page.check('#online-rated');
  await ben.page.fill('#online-challenge-name', 'Newcomer');
  const sent = Date.now();
  await ben.page.press('#online-challenge-name', 'Enter');
  const card = page.locator('#your-games li[data-game]', { hasText: 'Challenge from Ben' });
  await expect(card).toBeVisible({ timeout: 2000 });
  expect(Date.now() - sent, 'the challenge arrived within 2 s').toBeLessThan(2000);
  await expect(card).toContainText('5 min + 3 s · rated');
  await shot(9, 'challenge');

  // 8. The rated blitz game: ratings beside the names, and the change at the end.
  await card.getByRole('button').click();
  await expect(page.locator('#online-status')).toHaveText('You play Blue.');
  await expect(page.locator('#opponent')).toHaveText('Against Ben (1500?) online');
  await expect(card).toHaveCount(0);
  await move(ben.page, 'a3', 'a4');
  await expectPly(page, 1);
  await move(page, 'a7', 'a6');
  await expectPly(ben.page, 2);
  await shot(10, 'rated-blitz');
  await ben.page.click('#online-resign');
  await ben.page.click('#confirm-yes');
  await expect(page.locator('#online-status')).toHaveText(/^Your rating: 1500\? → 1\d{3}\? \(\+\d+\)$/);
  await expect(page.locator('#banner-lobby')).toBeVisible();
  await shot(11, 'rating-change');
  await ben.context.close();
  await context.close();
});
