// Never lose a game: the game is saved in localStorage as it changes and comes back when the
// page is opened again; saved data that cannot be read is set aside with a message (a second
// failure never overwrites the first), and the page still works.
const { test, expect, openGame, square, expectPly, move, gameState, reload, snapshot } = require('./helpers');

test('a reload mid-game brings back the same position, moves, mode and level', async ({ page }) => {
  const errors = await openGame(page, '?mode=local&level=5');
  await move(page, 'g3', 'g4');
  await move(page, 'a7', 'a6');
  await move(page, 'g4', 'g5');
  await expectPly(page, 3);
  const before = await gameState(page);
  const moveList = await page.locator('#move-list').innerText();
  await reload(page);
  await expectPly(page, 3);
  expect(await gameState(page)).toEqual(before);
  expect(before.settings).toEqual({ mode: 'people', side: 'red', level: 5 });
  expect(await page.locator('#move-list').innerText()).toBe(moveList);
  await expect(page.locator('#settings input[name="mode"][value="people"]')).toBeChecked();
  await expect(page.locator('#settings select[name="level"]')).toHaveValue('5');
  await expect(page.locator('.page-message')).toHaveCount(0);
  // The game goes on from there.
  await move(page, 'a6', 'a5');
  await expectPly(page, 4);
  expect(errors).toEqual([]);
});

test('a game without clocks comes back without a warning about its clocks', async ({ page }) => {
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await openGame(page, '?mode=people');
  await move(page, 'g3', 'g4');
  await expectPly(page, 1);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('jungle.saved') ?? '{}').moves?.length)).toBe(1);
  await reload(page);
  await expectPly(page, 1);
  await expect(page.locator('#board-area')).toHaveAttribute('data-clocks', 'off');
  expect(warnings.filter((text) => /could not be restored/.test(text))).toEqual([]);
});

test('a game against the computer as Blue, under variant rules, comes back too', async ({ page }) => {
  const errors = await openGame(page, '?mode=ai&side=blue&level=1&rules=dog-swims%3Dyes');
  await expectPly(page, 1); // the computer (Red) moved first
  const before = await gameState(page);
  expect(before.rules).toBe('dog-swims=yes');
  await reload(page);
  await expectPly(page, 1);
  expect(await gameState(page)).toEqual(before);
  await expect(page.locator('#rules-summary')).toHaveText('Dog swims');
  await expect(page.locator('#board')).toHaveAttribute('data-turn', 'blue');
  expect(errors).toEqual([]);
});

const BROKEN = [
  ['garbage JSON', '{"version": 1, "moves": [', /not readable/],
  ['a later version', JSON.stringify({ version: 99, rules: '', fen: '', moves: [] }), /another version/],
  ['not an object', '[1, 2, 3]', /not a saved game/],
  ['an illegal move', JSON.stringify({ version: 1, rules: '', fen: '', moves: ['g3g4', 'g4g6'], mode: 'people', level: 3, side: 'red' }), /move 2 \(g4g6\)/],
  ['a bad position', JSON.stringify({ version: 1, rules: '', fen: '7/7/7/7/7/7/7/7/3E3 w', moves: [], mode: 'people', level: 3, side: 'red' }), /own den/],
  ['unknown rules', JSON.stringify({ version: 1, rules: 'dog-flies=yes', fen: '', moves: [], mode: 'people', level: 3, side: 'red' }), /dog-flies/],
  ['a bad level', JSON.stringify({ version: 1, rules: '', fen: '', moves: [], mode: 'people', level: 42, side: 'red' }), /level/],
];

for (const [what, raw, reason] of BROKEN) {
  test(`saved data with ${what} is set aside with a message, and the page works`, async ({ page }) => {
    const errors = await openGame(page);
    await page.evaluate((text) => localStorage.setItem('jungle.saved', text), raw);
    await reload(page);
    const message = page.locator('.page-message');
    await expect(message).toHaveCount(1);
    await expect(message).toContainText('could not be restored');
    await expect(message).toContainText(reason);
    expect(await page.evaluate(() => localStorage.getItem('jungle.saved.broken'))).toBe(raw);
    await expectPly(page, 0);
    await expect(square(page, 'a3')).toHaveAttribute('data-piece', 'E');
    if (what === 'an illegal move') await snapshot(page, 'saved-game-set-aside');
    await move(page, 'g3', 'g4');
    await expect(square(page, 'g4')).toHaveAttribute('data-piece', 'R');
    // The new game is saved in its place, and the message can be closed.
    expect(JSON.parse(await page.evaluate(() => localStorage.getItem('jungle.saved'))).moves[0]).toBe('g3g4');
    await message.locator('button').click();
    await expect(message).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('a second failure is set aside beside the first, never over it', async ({ page }) => {
  await openGame(page);
  const [first, second] = ['{"version": 1, "moves": [', '{"version": 2, "rules": 7}'];
  for (const raw of [first, second]) {
    await page.evaluate((text) => localStorage.setItem('jungle.saved', text), raw);
    await reload(page);
    await expect(page.locator('.page-message')).toContainText('could not be restored');
  }
  const kept = await page.evaluate(() => [localStorage.getItem('jungle.saved.broken'), localStorage.getItem('jungle.saved.broken.2')]);
  expect(kept).toEqual([first, second]);
});

test('a game saved by the first version of the page comes back, and is saved in this version', async ({ page }) => {
  await openGame(page);
  const old = { version: 1, rules: 'dog-swims=yes', fen: '', moves: ['g3g4', 'a7a6'], mode: 'local', level: 5, side: 'red',
    extra: {}, savedAt: '2026-01-02T03:04:05.000Z' };
  await page.evaluate((text) => localStorage.setItem('jungle.saved', text), JSON.stringify(old));
  await reload(page);
  await expectPly(page, 2);
  await expect(page.locator('.page-message')).toHaveCount(0);
  const state = await gameState(page);
  expect(state).toMatchObject({ rules: 'dog-swims=yes', moves: ['g3g4', 'a7a6'], settings: { mode: 'people', side: 'red', level: 5 } });
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('jungle.saved')));
  expect(saved).toMatchObject({ version: 2, rules: 'dog-swims=yes', moves: ['g3g4', 'a7a6'], settings: { mode: 'people', side: 'red', level: 5 } });
});

test('a game that an earlier version set aside is brought back into the recent games', async ({ page }) => {
  await openGame(page);
  const setAside = { version: 1, rules: '', fen: '', moves: ['a3a4', 'g7g6', 'a4a5'], mode: 'computer', level: 2, side: 'red' };
  await page.evaluate((text) => localStorage.setItem('jungle.saved.broken', text), JSON.stringify(setAside));
  await reload(page);
  await expect(page.locator('#recent-games')).toBeVisible();
  await expect(page.locator('#recent-list li')).toHaveCount(1);
  await expect(page.locator('#recent-list li')).toContainText('3 moves');
  expect(await page.evaluate(() => localStorage.getItem('jungle.saved.broken'))).toBeNull();
  await page.locator('#recent-games summary').click();
  await page.locator('#recent-list .recent-resume').click();
  await expectPly(page, 3);
  expect((await gameState(page)).moves).toEqual(['a3a4', 'g7g6', 'a4a5']);
});

test('a full storage is reported once, and the game goes on', async ({ page }) => {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('jungle.saved') || key.startsWith('jungle.recent')) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await openGame(page, '?mode=local');
  await move(page, 'g3', 'g4');
  await move(page, 'a7', 'a6');
  await expectPly(page, 2);
  const message = page.locator('.page-message');
  await expect(message).toHaveCount(1);
  await expect(message).toContainText('storage is full');
  await page.click('#new-game');
  await expectPly(page, 0);
  await move(page, 'a3', 'a4');
  await expectPly(page, 1);
  await expect(message).toHaveCount(1);
});

test('a board embedded in another page neither restores nor overwrites the saved game', async ({ page }) => {
  await openGame(page, '?mode=local');
  await move(page, 'g3', 'g4');
  await expectPly(page, 1);
  const saved = await page.evaluate(() => localStorage.getItem('jungle.saved'));
  await page.goto('index.html?embed=1');
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expectPly(page, 0);
  await move(page, 'a3', 'a4');
  await expectPly(page, 2);
  expect(await page.evaluate(() => localStorage.getItem('jungle.saved'))).toBe(saved);
});
