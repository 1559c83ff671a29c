// Nothing a player does is lost or given away: "New game", an imported record, a link and the
// host page each say so in one toast whose Undo brings the game back exactly; the computer's
// line is not shown to the person it plays; resign and draw for two people, resigning in two
// deliberate steps; the toast covers no square; the embedded board says whose turn it is; a
// bad language in a link is reported with the other settings.
const { test, expect, openGame, expectPly, play, chooseMode, gameState, snapshot } = require('./helpers');

const toast = (page) => page.locator('#toast');

test('New game shows one toast whose Undo brings the game back exactly, clocks included', async ({ page }) => {
  await openGame(page, '?lang=en&mode=local&level=5&rules=dog-swims%3Dyes');
  await page.click('#settings-toggle');
  await page.selectOption('#clock-control', '5+0');
  await page.click('#settings-toggle');
  await play(page, ['g3g4', 'a7a6', 'g4f4']);
  await page.click('#flip');
  const before = await gameState(page);
  const blueLeft = Number(await page.locator('.clock[data-side="blue"]').getAttribute('data-ms'));
  const redLeft = Number(await page.locator('.clock[data-side="red"]').getAttribute('data-ms'));
  await page.click('#new-game');
  await expectPly(page, 0);
  await expect(toast(page)).toBeVisible();
  await expect(toast(page)).toContainText('New game started');
  await expect(toast(page).locator('.toast-action')).toHaveText('Undo');
  await expect(page.locator('#recent-list li')).toHaveCount(1); // kept in the recent games too
  await snapshot(page, 'toast-new-game');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, 'toast-new-game-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await toast(page).locator('.toast-action').click();
  await expectPly(page, 3);
  expect(await gameState(page)).toEqual(before);
  expect(await page.evaluate(() => window.jungle.snapshot.flipped)).toBe(true);
  await expect(page.locator('#board')).toHaveAttribute('data-turn', 'blue');
  // The clocks come back as they were when the game was replaced (Blue's then runs on).
  await expect(page.locator('.clock[data-side="blue"]')).toHaveAttribute('data-running', 'true');
  expect(Number(await page.locator('.clock[data-side="red"]').getAttribute('data-ms'))).toBe(redLeft);
  const blueNow = Number(await page.locator('.clock[data-side="blue"]').getAttribute('data-ms'));
  expect(blueNow).toBeLessThanOrEqual(blueLeft);
  expect(blueNow).toBeGreaterThan(blueLeft - 5000);
  // The restored game left the recent list; the toast now says it is back, once.
  await expect(page.locator('#recent-games')).toBeHidden();
  await expect(toast(page)).toHaveText(/The previous game is back\./);
  await expect(page.locator('.toast')).toHaveCount(1);
});

test('messages never pile up: one toast, replaced, and gone by itself', async ({ page }) => {
  await openGame(page, '?lang=fr&mode=local');
  await play(page, ['g3g4']);
  await page.click('#new-game');
  await expect(toast(page)).toContainText('Nouvelle partie commencée');
  await expect(toast(page).locator('.toast-action')).toHaveText('Annuler');
  await play(page, ['a3a4']);
  await page.click('#new-game');
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect(page.locator('.page-message')).toHaveCount(0);
  await expect(toast(page)).toHaveAttribute('aria-live', 'polite');
  await expect(toast(page)).toBeHidden({ timeout: 15_000 });
});

test('an imported record is undone in one step, and the computer adds no move to it', async ({ page }) => {
  await openGame(page, '?lang=en');
  await play(page, ['g3g4']);
  await expectPly(page, 2); // the computer answered
  const before = await gameState(page);
  await page.click('#open-share');
  await page.fill('#record-paste', '1. a3a4 *');
  await page.click('#record-import');
  await expectPly(page, 1);
  await expect(toast(page)).toContainText('New game started');
  // Blue (the computer's side before) is to move: nobody plays for it.
  expect((await gameState(page)).settings.mode).toBe('people');
  await expect(page.locator('#move-now')).toBeHidden();
  await page.waitForTimeout(1500); // longer than the computer's pause before an answer
  await expectPly(page, 1);
  await toast(page).locator('.toast-action').click();
  expect(await gameState(page)).toEqual(before);
});

test('the game a link replaces comes back with the toast’s Undo', async ({ page }) => {
  await openGame(page, '?lang=en&mode=local');
  await play(page, ['a3a4', 'g7g6']);
  await page.goto('index.html?moves=g3g4&lang=en&mode=people'); // nobody answers g3g4
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expectPly(page, 1);
  await expect(toast(page)).toContainText('New game started');
  await toast(page).locator('.toast-action').click();
  await expectPly(page, 2);
  expect((await gameState(page)).moves).toEqual(['a3a4', 'g7g6']);
  // The link's game went into the recent games in its place.
  await expect(page.locator('#recent-list li')).toHaveCount(1);
  await expect(page.locator('#recent-list li')).toContainText('1 move');
});

test('the computer’s planned line is not shown to its opponent, only when it plays itself', async ({ page }) => {
  await openGame(page, '?lang=en&level=8');
  await play(page, ['g3g4']);
  await expect(page.locator('#move-now')).toBeVisible(); // the computer is thinking
  await expect(page.locator('#hint-button')).toBeDisabled();
  await expectPly(page, 2);
  await expect(page.locator('#thinking')).toBeHidden();
  await expect(page.locator('#thinking')).toHaveText('');
  await expect(page.locator('#hint-button')).toBeEnabled();
  // Computer against computer: its search is shown.
  await chooseMode(page, 'watch');
  await expect(page.locator('#thinking')).toContainText('Depth');
});

test('two people: resign and draw offers end the game with the reason, and Undo takes them back', async ({ page }) => {
  await openGame(page, '?lang=en&mode=local');
  await expect(page.locator('#duel')).toBeVisible();
  await play(page, ['g3g4']);
  await expect(page.locator('#duel-resign')).toHaveText('Blue resigns');
  await expect(page.locator('#duel-offer-draw')).toHaveText('Blue offers a draw');
  await snapshot(page, 'duel-buttons');
  await page.click('#duel-offer-draw');
  await expect(page.locator('#duel-question')).toHaveText('Blue offers a draw. Red, do you accept?');
  await snapshot(page, 'duel-offer');
  await page.click('#duel-decline');
  await expect(toast(page)).toContainText('Red declined the draw.');
  await expect(page.locator('#duel-question')).toBeHidden();
  await page.click('#duel-offer-draw');
  await page.click('#duel-accept');
  await expect(page.locator('#banner-title')).toHaveText('Draw');
  await expect(page.locator('#banner-reason')).toHaveText('The players agreed to a draw.');
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'yes');
  // Undo takes the agreement back: the game goes on where it stood.
  await page.click('#banner-close');
  await page.click('#undo');
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'no');
  await expectPly(page, 1);
  await page.click('#duel-resign');
  await page.click('#confirm-yes');
  await expect(page.locator('#banner-title')).toHaveText('Red wins');
  await expect(page.locator('#banner-reason')).toHaveText('Blue resigned.');
  await snapshot(page, 'duel-resigned');
  // A new game, undone: the resignation comes back with the game.
  await page.click('#new-game');
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'no');
  await toast(page).locator('.toast-action').click();
  await expect(page.locator('#banner-reason')).toHaveText('Blue resigned.');
  await expectPly(page, 1);
  // The resignation is kept with the game.
  await page.reload();
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expect(page.locator('#banner-reason')).toHaveText('Blue resigned.');
  await expect(page.locator('#duel')).toBeHidden();
});

const SHAPES = [
  ['desktop', { width: 1280, height: 900 }],
  ['small-window', { width: 900, height: 600 }],
  ['phone', { width: 390, height: 844 }],
  ['phone-sideways', { width: 844, height: 390 }],
];
for (const [shape, viewport] of SHAPES) {
  test(`${shape}: the "New game started" toast covers no square of the board`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openGame(page, '?lang=en&mode=local');
    await play(page, ['g3g4']);
    await page.click('#new-game');
    await expect(toast(page)).toContainText('New game started');
    const board = await page.locator('#board').boundingBox();
    const box = await toast(page).boundingBox();
    const apart = box.x >= board.x + board.width || box.x + box.width <= board.x
      || box.y >= board.y + board.height || box.y + box.height <= board.y;
    expect(apart, `toast ${JSON.stringify(box)}, board ${JSON.stringify(board)}`).toBe(true);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await snapshot(page, `toast-${shape}`);
  });
}

test('two people: one click on Resign (then Escape, or Keep playing) ends nothing; a second, deliberate step does', async ({ page }) => {
  await openGame(page, '?lang=en&mode=local');
  await play(page, ['g3g4']);
  const resign = page.locator('#duel-resign');
  const dialog = page.locator('#confirm-dialog');
  const over = page.locator('#board');
  await resign.click();
  await expect(dialog).toBeVisible();
  await expect(page.locator('#confirm-title')).toHaveText('Blue, resign this game?');
  await expect(page.locator('#confirm-text')).toHaveText('Red wins the game.');
  await expect(page.locator('#confirm-yes')).toHaveText('Blue resigns');
  // The focus is on "Keep playing": Escape, or Enter, keeps the game going.
  await expect(page.locator('#confirm-no')).toBeFocused();
  await snapshot(page, 'duel-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(resign).toBeFocused();
  await expect(over).toHaveAttribute('data-over', 'no');
  await resign.click();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(over).toHaveAttribute('data-over', 'no');
  await play(page, ['a7a6']);
  // Two deliberate steps, by keyboard: the button, then the dialog's own Resign.
  await resign.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#confirm-no')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#confirm-yes')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#banner-title')).toHaveText('Blue wins');
  await expect(page.locator('#banner-reason')).toHaveText('Red resigned.');
});

test('on a phone, resigning sits in a row of its own, apart from the draw offer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, '?lang=en&mode=local');
  await play(page, ['g3g4']);
  const draw = await page.locator('#duel-offer-draw').boundingBox();
  const resign = await page.locator('#duel-resign').boundingBox();
  expect(resign.y).toBeGreaterThan(draw.y + draw.height + 8);
  await page.locator('#duel').scrollIntoViewIfNeeded();
  await snapshot(page, 'duel-phone');
  await page.click('#duel-resign');
  await expect(page.locator('#confirm-dialog')).toBeVisible();
  await snapshot(page, 'duel-confirm-phone');
});

test('a resignation is in the game record’s Result, and comes back when the record is imported', async ({ page }) => {
  await openGame(page, '?lang=en&mode=local');
  await play(page, ['g3g4', 'a7a6']);
  await page.click('#duel-resign');
  await page.click('#confirm-yes');
  await expect(page.locator('#banner-reason')).toHaveText('Red resigned.');
  await page.click('#banner-close');
  await page.click('#open-share');
  const record = await page.locator('#record-text').inputValue();
  expect(record).toContain('[Result "0-1"]\n[Termination "resignation"]');
  expect(record).toMatch(/1\. g3g4 a7a6 0-1\n$/);
  await page.click('#share-dialog .dialog-close');
  await page.click('#new-game');
  await page.click('#open-share');
  await page.fill('#record-paste', record.replace('resignation', 'agreement').replaceAll('0-1', '1/2-1/2'));
  await page.click('#record-import');
  await expectPly(page, 2);
  await expect(page.locator('#banner-title')).toHaveText('Draw');
  await expect(page.locator('#banner-reason')).toHaveText('The players agreed to a draw.');
});

test('no resign or draw buttons against the computer', async ({ page }) => {
  await openGame(page, '?lang=en');
  await expect(page.locator('#duel')).toBeHidden();
});

test('the embedded board says whose turn it is', async ({ page }) => {
  await openGame(page, '?embed=1&lang=fr&mode=local');
  const line = page.locator('#embed-turn');
  await expect(line).toBeVisible();
  await expect(line).toHaveText('Aux Rouges de jouer');
  await expect(line).toHaveAttribute('data-turn', 'red');
  await play(page, ['g3g4']);
  await expect(line).toHaveText('Aux Bleus de jouer');
  await expect(line).toHaveAttribute('data-turn', 'blue');
  await page.setViewportSize({ width: 300, height: 400 });
  await snapshot(page, 'embed-turn');
  const box = await page.locator('#board').boundingBox();
  expect(box.y + box.height).toBeLessThanOrEqual(400.5); // the line and the board fit the frame
});

test('the full page has no turn line of the embedded board', async ({ page }) => {
  await openGame(page, '?lang=en');
  await expect(page.locator('#embed-turn')).toBeHidden();
});

test('a wrong language in a link is reported with the other bad settings', async ({ page }) => {
  await openGame(page, '?lang=xx&level=12');
  const message = page.locator('.page-message');
  await expect(message).toHaveCount(1);
  await expect(message.locator('li')).toHaveCount(2);
  await expect(message).toContainText('lang');
  await expect(message).toContainText('xx');
  await expect(message).toContainText('level');
});

test('the bad language is worded in the page’s language, like the others', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('jungle.lang', 'fr'));
  await openGame(page, '?lang=xx&theme=zz&level=12');
  const items = page.locator('.page-message li');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toHaveText('paramètre `level` : `12` n’est pas un niveau de 1 à 8 ; ignoré');
  await expect(page.locator('.page-message')).toContainText('paramètre `lang` : `xx` n’est pas une langue (`en`, `fr`, `es`, `de`, `pt`, `ja`, `ko`, `vi`, `zh-Hans` ou `zh-Hant`) ; ignoré');
  await expect(page.locator('.page-message')).toContainText('paramètre `theme` : `zz` n’est pas un thème');
});
