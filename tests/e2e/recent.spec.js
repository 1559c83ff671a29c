// Nothing replaces a game silently: "New game", a link, the editor or an imported record put the
// game in progress into the recent games first, and "Resume" brings it back exactly. A page
// framed by another site keeps no games.
const { test, expect, openGame, square, expectPly, move, play, gameState, reload, snapshot } = require('./helpers');

const list = (page) => page.locator('#recent-list li');

/** Opens the recent games (a closed <details> at first). */
async function openList(page) {
  await expect(page.locator('#recent-games')).toBeVisible();
  if (!(await page.locator('#recent-games').getAttribute('open'))) await page.locator('#recent-games summary').click();
}

test('New game keeps the game in the recent games, and Resume brings it back exactly', async ({ page }) => {
  await openGame(page, '?lang=en&mode=local&level=5&rules=dog-swims%3Dyes');
  await expect(page.locator('#recent-games')).toBeHidden();
  await play(page, ['g3g4', 'a7a6', 'g4f4']);
  const before = await gameState(page);
  await page.click('#new-game');
  await expectPly(page, 0);
  await openList(page);
  await expect(list(page)).toHaveCount(1);
  await expect(list(page)).toContainText('Two people · Dog swims · Blue to move, 3 moves');
  // The new game (one move) goes into the list when the first comes back.
  await play(page, ['a3a4']);
  await list(page).locator('.recent-resume').click();
  await expectPly(page, 3);
  expect(await gameState(page)).toEqual(before);
  await expect(list(page)).toHaveCount(1);
  await expect(list(page)).toContainText('1 move');
  await expect(page.locator('#move-list')).toContainText('Rat g4–f4');
  await snapshot(page, 'recent-games');
  // The resumed game is the one in progress: it comes back after a reload, and goes on.
  await reload(page);
  expect(await gameState(page)).toEqual(before);
  await expect(list(page)).toHaveCount(1);
  await play(page, ['a6a5']);
});

test('a game without a move is not kept', async ({ page }) => {
  await openGame(page, '?mode=local');
  await page.click('#new-game');
  await page.click('#new-game');
  await expectPly(page, 0);
  await expect(page.locator('#recent-games')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('jungle.recent'))).toBeNull();
});

test('the game a link replaces goes into the recent games', async ({ page }) => {
  await openGame(page, '?mode=local');
  await play(page, ['a3a4', 'g7g6']);
  await page.goto('index.html?moves=g3g4');
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expectPly(page, 1);
  await openList(page);
  await expect(list(page)).toHaveCount(1);
  await expect(list(page)).toContainText('2 moves');
  await list(page).locator('.recent-resume').click();
  await expectPly(page, 2);
  expect((await gameState(page)).moves).toEqual(['a3a4', 'g7g6']);
});

test('the editor and an imported record keep the game they replace', async ({ page }) => {
  await openGame(page, '?mode=local');
  await play(page, ['a3a4']);
  await page.click('#open-editor');
  await page.click('#editor-start');
  await page.click('#editor-play-people');
  await expectPly(page, 0);
  await play(page, ['g3g4', 'g7g6']);
  await page.click('#open-share');
  await page.fill('#record-paste', '1. a3a4 *');
  await page.click('#record-import');
  await expectPly(page, 1);
  await openList(page);
  await expect(list(page)).toHaveCount(2);
  await expect(list(page).nth(0)).toContainText('2 moves');
  await expect(list(page).nth(1)).toContainText('1 move');
});

test('clocks come back with the game, as they were when it was put aside', async ({ page }) => {
  await openGame(page, '?lang=en&mode=local');
  await page.click('#settings-toggle');
  await page.selectOption('#clock-control', '5+0');
  await page.click('#settings-toggle');
  await play(page, ['a3a4']);
  const clock = (side) => page.locator(`#board-area .clock[data-side="${side}"]`);
  await page.click('#new-game');
  await openList(page);
  await list(page).locator('.recent-resume').click();
  await expectPly(page, 1);
  await expect(page.locator('#board-area .clock[data-side="red"]')).toBeVisible();
  await expect(clock('blue')).toHaveAttribute('data-running', 'true');
  // Red's time is what it was after its move; Blue's is counted from the resume on.
  expect(Number(await clock('red').getAttribute('data-ms'))).toBeLessThanOrEqual(300_000);
  expect(Number(await clock('blue').getAttribute('data-ms'))).toBeGreaterThan(295_000);
});

test('a page framed by another without embed=1 neither restores nor saves games', async ({ page, baseURL }) => {
  const saved = { version: 2, rules: '', fen: '', moves: ['g3g4', 'a7a6'], settings: { mode: 'people', side: 'red', level: 3 }, extra: {} };
  // A host page of the same site (so that the frame shares its storage): the server's own
  // answer for a missing page, with the game framed in it.
  await page.goto(`${baseURL}no-such-page.html`);
  await page.evaluate((text) => localStorage.setItem('jungle.saved', text), JSON.stringify(saved));
  await page.evaluate(() => {
    document.body.innerHTML = '<iframe id="game" src="index.html?mode=local" width="900" height="800"></iframe>';
  });
  const frame = page.frameLocator('#game');
  await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
  const game = page.frame({ url: /index\.html/ });
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '0');
  await frame.locator('[data-square="a3"]').click();
  await frame.locator('[data-square="a4"]').click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '1');
  await frame.locator('#new-game').click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '0');
  expect(await game.evaluate(() => [localStorage.getItem('jungle.saved'), localStorage.getItem('jungle.recent')]))
    .toEqual([JSON.stringify(saved), null]);
  await expect(frame.locator('#recent-games')).toHaveCount(0);
});

for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`the recent games on a ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openGame(page, '?lang=en&mode=local');
    for (const moves of [['a3a4', 'g7g6'], ['g3g4'], ['c3c2', 'c7c8', 'a3a4']]) {
      await play(page, moves);
      await page.click('#new-game');
    }
    await openList(page);
    await expect(list(page)).toHaveCount(3);
    await page.locator('#recent-games').scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, `recent-games-${name}`);
    await square(page, 'a3').scrollIntoViewIfNeeded();
    await move(page, 'a3', 'a4');
    await expectPly(page, 1);
  });
}
