// Sharing: the position's FEN, a link that opens the same game, and game records exported and
// imported through the page; links with bad parameters are reported, and a link whose game
// cannot be read changes nothing.
const { test, expect, openGame, square, expectPly, move, gameState, snapshot } = require('./helpers');

/** Opens the game, two people, and plays a few moves (one a capture-free rat swim). */
async function playSome(page, query = '?mode=local') {
  const errors = await openGame(page, query);
  await move(page, 'g3', 'g4');
  await move(page, 'a7', 'a6');
  await move(page, 'g4', 'f4');
  await expectPly(page, 3);
  return errors;
}

test('the FEN of the position is copied, or offered to copy by hand', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = await playSome(page);
  await page.click('#open-share');
  const fen = await page.evaluate(() => window.jungle.snapshot.fen);
  await expect(page.locator('#share-fen')).toHaveValue(fen);
  await page.click('#share-fen-copy');
  await expect(page.locator('#share-fen').locator('..').locator('.copy-note')).toHaveText(/Copied|Ctrl\+C/);
  const copied = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
  if (copied !== null) expect(copied).toBe(fen);
  await snapshot(page, 'share-dialog');
  expect(errors).toEqual([]);
});

test('a share link opens the same position, moves and players', async ({ page, browser }) => {
  const errors = await playSome(page, '?mode=local&rules=lion-tiger%3Dequal');
  const before = await gameState(page);
  await page.click('#open-share');
  const link = await page.locator('#share-link').inputValue();
  expect(link).toContain('moves=g3g4,a7a6,g4f4');
  expect(link).toContain('mode=people');
  const other = await browser.newContext();
  const friend = await other.newPage();
  const friendErrors = [];
  friend.on('pageerror', (error) => friendErrors.push(String(error)));
  await friend.goto(link);
  await expect(friend.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expectPly(friend, 3);
  expect(await gameState(friend)).toEqual(before);
  await expect(friend.locator('#rules-summary')).toHaveText('Lion = Tiger');
  await expect(friend.locator('#settings input[name="mode"][value="people"]')).toBeChecked();
  await expect(friend.locator('.page-message')).toHaveCount(0);
  // The link's game parameters leave the address: a reload keeps the game as it goes on.
  expect(new URL(friend.url()).search).not.toContain('moves=');
  await other.close();
  expect(errors).toEqual([]);
  expect(friendErrors).toEqual([]);
});

test('a link in the hash with a start position opens it', async ({ page }) => {
  const errors = await openGame(page, '#fen=7/3L3/7/7/7/7/7/7/l6+w&mode=local');
  await expect(square(page, 'd8')).toHaveAttribute('data-piece', 'L');
  await move(page, 'd8', 'd9');
  await expect(page.locator('#banner')).toBeVisible();
  expect(errors).toEqual([]);
});

test('an exported record imports back to the same game', async ({ page }) => {
  const errors = await playSome(page);
  const before = await gameState(page);
  await page.click('#open-share');
  const record = await page.locator('#record-text').inputValue();
  expect(record).toMatch(/^\[Date "\d{4}\.\d\d\.\d\d"\]\n\[Red "Player"\]\n\[Blue "Player"\]\n\[Result "\*"\]\n\n1\. g3g4 a7a6 2\. g4f4 \*\n$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-download')]);
  expect(download.suggestedFilename()).toMatch(/^jungle-.*\.txt$/);
  const saved = await download.path();
  expect(require('node:fs').readFileSync(saved, 'utf8')).toBe(record);
  await page.click('#share-dialog .dialog-close');

  // A new game, then the record pasted back.
  await page.click('#new-game');
  await expectPly(page, 0);
  await page.click('#open-share');
  await page.fill('#record-paste', record);
  await page.click('#record-import');
  await expect(page.locator('#share-dialog')).toBeHidden();
  await expectPly(page, 3);
  expect(await gameState(page)).toEqual(before);
  await expect(page.locator('#toast')).toContainText('New game started');

  // And from a file, with a start position and rules.
  const fileRecord = '[Rules "dog-swims=yes"]\n[FEN "7/7/7/3E3/7/7/7/7/r6 w"]\n\n1. d6d7 a1a2 *\n';
  await page.click('#open-share');
  await page.setInputFiles('#record-file', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(fileRecord) });
  await expectPly(page, 2);
  expect(await gameState(page)).toEqual({
    fen: '7/7/3E3/7/7/7/7/r6/7 w 2 2', startFen: '7/7/7/3E3/7/7/7/7/r6 w', rules: 'dog-swims=yes', moves: ['d6d7', 'a1a2'],
    settings: { mode: 'people', side: 'red', level: 3 },
  });
  await expect(page.locator('#rules-summary')).toHaveText('Dog swims');
  expect(errors).toEqual([]);
});

test('a bad record is refused with the reason, and the game is kept', async ({ page }) => {
  const errors = await playSome(page);
  const before = await gameState(page);
  await page.click('#open-share');
  await page.fill('#record-paste', '[Red "Ann"]\n\n1. g3g4 a7a6 2. g4g6 *');
  await page.click('#record-import');
  const error = page.locator('#record-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('not a game record that can be played');
  await expect(error).toContainText('line 3, move 2. (red) `g4g6`');
  await snapshot(page, 'bad-record');
  await page.fill('#record-paste', '[FEN "7/7/7/7/7/7/7/7/3E3 w"]\n*');
  await page.click('#record-import');
  await expect(error).toContainText('stands on its own den');
  await page.click('#share-dialog .dialog-close');
  expect(await gameState(page)).toEqual(before);
  expect(errors).toEqual([]);
});

test('bad settings in a link are reported and ignored; the good ones apply', async ({ page }) => {
  const errors = await openGame(page, '?level=12&mode=local&side=green&utm_source=mail');
  const message = page.locator('.page-message');
  await expect(message).toHaveCount(1);
  await expect(message).toContainText('could not be used and were ignored');
  await expect(message.locator('li')).toHaveCount(2);
  await expect(message).toContainText('level');
  await expect(message).toContainText('green');
  await expect(message).not.toContainText('utm_source');
  // Two people (mode=local was good), from the usual start.
  await expect(page.locator('#settings input[name="mode"][value="people"]')).toBeChecked();
  await move(page, 'g3', 'g4');
  await move(page, 'a7', 'a6');
  await expectPly(page, 2);
  expect(errors).toEqual([]);
});

test('a link whose game cannot be read changes nothing and says why', async ({ page }) => {
  await playSome(page, '?mode=local&level=5');
  const before = await gameState(page);
  await page.goto('index.html?fen=xyz&level=2&mode=ai&side=green&moves=a1a9&rules=dog-flies%3Dyes&utm_source=mail');
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  const message = page.locator('.page-message');
  await expect(message).toHaveCount(1);
  await expect(message).toContainText('could not be opened, so nothing was changed');
  await expect(message.locator('li')).toHaveCount(4);
  await expect(message).toContainText('dog-flies');
  await expect(message).toContainText('green');
  await expect(message).not.toContainText('utm_source');
  await snapshot(page, 'bad-link');
  // The saved game, its players and level, all as they were; nothing went into the recent games.
  await expectPly(page, 3);
  expect(await gameState(page)).toEqual(before);
  await expect(page.locator('#recent-games')).toBeHidden();
  await move(page, 'a6', 'a5');
  await expectPly(page, 4);
});

test('a refused link’s message is worded again when the language changes', async ({ page }) => {
  await openGame(page, '?lang=en&fen=xyz&side=green');
  const message = page.locator('.page-message');
  await expect(message).toContainText('could not be opened, so nothing was changed');
  const details = await message.locator('li').allInnerTexts();
  expect(details).toHaveLength(2);
  await page.click('#settings-toggle');
  await page.selectOption('#language', 'fr');
  await expect(message).toContainText('n’a pas pu être ouverte');
  await expect.poll(() => message.locator('li').allInnerTexts()).not.toEqual(details);
  await expect(message.locator('li')).toHaveCount(2);
  await expect(message.locator('.message-close')).toHaveAttribute('aria-label', 'Fermer');
});
