// Whom the player plays and what comes after a game (issue 36, items 1 and 2): the panel names
// the opponent, the first screen's main action is "Play the computer" with a level, the board
// explains its traps, dens and water (hover, keyboard focus, long-press), "How to play" is one
// click from the board and from the rules screen; the end banner offers a review, a rematch
// and the next level down and up, and after an online game the way back to the lobby, with a
// question what to start on New game. Screenshots in English, German and Japanese, on a
// desktop and a phone, with axe over the new screens.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openGame, openPage, square, move, expectPly, chooseMode, snapshot, lowContrast } = require('./helpers');
const { startServer } = require('./game-server');

const AXE = require.resolve('axe-core/axe.min.js');
// Red's rat on d8 walks into Blue's den (d9): a win in one move, before the computer answers.
const DEN_IN_ONE = `fen=${encodeURIComponent('7/3R3/7/7/7/7/7/7/l6 w')}`;

/** The violations of axe's default rules inside `selector` (ids of the rules, with the nodes). */
async function axeFindings(page, selector) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate((context) => window.axe.run(context, { resultTypes: ['violations'] }), selector);
  return result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Holds a finger still on square `name` (a real touch, through the DevTools protocol) until its note shows, then lifts it. */
async function longPress(page, name) {
  const box = await square(page, name).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true });
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await expect(page.locator('.square-popover')).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
  await cdp.detach();
}

/** Wins the den-in-one game on the page. */
async function winAtOnce(page) {
  await move(page, 'd8', 'd9');
  await expect(page.locator('#banner')).toBeVisible();
}

test('the panel says whom you play; the first screen starts a game against the computer at a level', async ({ page }) => {
  await openGame(page, '?lang=en');
  await expect(page.locator('#opponent')).toHaveText('Against the computer · level 3');
  await expect(page.locator('#status')).toHaveText('Red to move · your move');
  // "Play the computer" is the primary action, in the accent colour; its level picker beside it.
  const start = page.locator('#play-computer');
  await expect(start).toHaveText('Play the computer');
  const colours = await start.evaluate((button) => [getComputedStyle(button).backgroundColor, getComputedStyle(button).color]);
  expect(colours).toEqual(['rgb(47, 93, 58)', 'rgb(255, 255, 255)']);
  await expect(page.locator('#play-level')).toHaveValue('3');
  await page.selectOption('#play-level', '5');
  await start.click();
  await expect(page.locator('#opponent')).toHaveText('Against the computer · level 5');
  await expect.poll(() => page.evaluate(() => window.jungle.snapshot.settings)).toMatchObject({ mode: 'computer', level: 5 });
  // A friend on this device, then a puzzle.
  await chooseMode(page, 'people');
  await expect(page.locator('#opponent')).toHaveText('Against a friend on this device');
  await page.click('#open-puzzles');
  await expect(page.locator('#opponent')).toHaveText('Solving a puzzle');
});

test('the board explains traps, dens and water on hover, keyboard focus and a long press', async ({ page }) => {
  await openGame(page, '?lang=en');
  const water = square(page, 'b4');
  const trap = square(page, 'd2');
  const den = square(page, 'd1');
  await expect(water).toHaveAttribute('title', /^River: only the rat swims/);
  await expect(trap).toHaveAttribute('title', /^Trap: an enemy animal on it loses all its strength/);
  await expect(den).toHaveAttribute('title', /^Den: walk into the other side’s den to win/);
  await expect(square(page, 'a3')).not.toHaveAttribute('title', /./); // plain land has no note
  // The accessible description a screen reader reads on focus.
  await den.focus();
  await expect(den).toHaveAccessibleDescription(/^Den: walk into/);
  await expect(water).toHaveAccessibleDescription(/^River:/);
  // A finger held still on a trap shows its note; the next press hides it.
  await longPress(page, 'd2');
  await expect(page.locator('.square-popover')).toHaveText(/^Trap: an enemy animal/);
  await square(page, 'a5').click();
  await expect(page.locator('.square-popover')).toBeHidden();
});

test('How to play is one click from the board and from the rules screen, in the page’s language', async ({ page }) => {
  await openGame(page, '?lang=de');
  await expect(page.locator('#how-to-play')).toHaveText('So wird gespielt');
  await expect(page.locator('#how-to-play')).toHaveAttribute('href', 'www/guide.html?lang=de');
  await page.click('#open-rules');
  const link = page.locator('#rules-dialog #rules-how-to-play');
  await expect(link).toBeVisible();
  // At the top of the rules screen, before its presets and options.
  await expect(page.locator('#rules-dialog .dialog-body > :first-child')).toContainText('So wird gespielt');
  await page.keyboard.press('Escape');
  await page.click('#how-to-play');
  await expect(page).toHaveURL(/guide\.html\?lang=de$/);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveText('So spielt man Dschungelschach');
});

test('a finished game offers a review, a rematch and the next level down and up', async ({ page }) => {
  await openGame(page, `?lang=en&${DEN_IN_ONE}`);
  await winAtOnce(page);
  await expect(page.locator('#banner-rematch')).toBeVisible();
  await expect(page.locator('#banner-review')).toBeVisible();
  await expect(page.locator('#banner-level-down')).toHaveText('Try level 2');
  await expect(page.locator('#banner-level-up')).toHaveText('Try level 4');
  await expect(page.locator('#banner-new-game')).toBeHidden(); // the rematch is the new game
  await expect(page.locator('#banner-lobby')).toBeHidden();
  // One level up: the same start, the same side, level 4.
  await page.click('#banner-level-up');
  await expectPly(page, 0);
  await expect(page.locator('#opponent')).toHaveText('Against the computer · level 4');
  await expect.poll(() => page.evaluate(() => window.jungle.snapshot.startFen)).toBe('7/3R3/7/7/7/7/7/7/l6 w');
  // Review opens the review of the game, with the engine's grades.
  await winAtOnce(page);
  await page.click('#banner-review');
  await expect(page.locator('#review')).toBeVisible();
  await expect(page.locator('#review-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#review')).toHaveAttribute('data-analysed', 'yes', { timeout: 30_000 });
  await expect(page.locator('#review-summary')).toBeVisible();
  await page.click('#review-close');
  // Rematch: again at level 4.
  await expect(page.locator('#banner')).toBeVisible();
  await page.click('#banner-rematch');
  await expectPly(page, 0);
  await expect.poll(() => page.evaluate(() => window.jungle.snapshot.settings)).toMatchObject({ mode: 'computer', level: 4, side: 'red' });
  // At the lowest level there is no level below; by two people, no levels at all.
  await openGame(page, `?lang=en&level=1&${DEN_IN_ONE}`);
  await winAtOnce(page);
  await expect(page.locator('#banner-level-down')).toBeHidden();
  await expect(page.locator('#banner-level-up')).toHaveText('Try level 2');
  await openGame(page, `?lang=en&mode=people&${DEN_IN_ONE}`);
  await winAtOnce(page);
  await expect(page.locator('#banner-rematch')).toBeVisible();
  await expect(page.locator('#banner-level-up')).toBeHidden();
});

test.describe('online', () => {
  // axe-core is added as a script of the test's own, which the server's policy would refuse.
  test.use({ bypassCSP: true });
  let server;
  let base;
  let dataDir;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-framing-'));
    ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite')));
  });

  test.afterAll(async () => {
    server?.kill();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('after an online game: the lobby, and New game asks what to start', async ({ page }) => {
    await openPage(page, `${base}index.html?lang=en`);
    await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
    // "Play online" is the secondary action beside "Play the computer".
    const online = await page.locator('#open-online').evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(online).not.toBe('rgb(47, 93, 58)');
    // Ann (this page) holds Red; Ben joins as Blue.
    const created = await (await page.request.post(`${base}api/games`, { data: { name: 'Ann', color: 'red' } })).json();
    await page.evaluate(({ id, token }) => {
      localStorage.setItem('jungle.online.seats', JSON.stringify({ [id]: { token, at: Date.now() } }));
    }, created);
    expect((await page.request.post(`${base}api/games/${created.id}/join`, { data: { name: 'Ben' } })).status()).toBe(200);
    await openPage(page, `${base}index.html?lang=en&online=${created.id}`);
    await expect(page.locator('#opponent')).toHaveText('Against Ben online');
    await page.click('#online-resign');
    await page.click('#confirm-yes');
    await expect(page.locator('#banner-title')).toHaveText('You lost');
    // No computer's options: the review, the lobby, a new game.
    await expect(page.locator('#banner-review')).toBeVisible();
    await expect(page.locator('#banner-lobby')).toBeVisible();
    await expect(page.locator('#banner-new-game')).toBeVisible();
    for (const id of ['#banner-rematch', '#banner-level-down', '#banner-level-up']) await expect(page.locator(id)).toBeHidden();
    await page.click('#banner-lobby');
    await expect(page.locator('#online-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    // New game asks; closing the question starts nothing; "a friend" starts a game by two.
    await page.click('#banner-new-game');
    const chooser = page.locator('#new-game-chooser');
    await expect(chooser).toBeVisible();
    await expect(chooser.locator('button[data-start]:visible')).toHaveText(['Play the computer', 'Play a friend on this device', 'Play online']);
    expect(await axeFindings(page, '#new-game-chooser')).toEqual([]);
    await snapshot(page, 'framing-new-game-chooser');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => window.jungle.snapshot.online?.id)).toBe(created.id);
    await page.click('#new-game');
    await chooser.locator('[data-start="people"]').click();
    await expect.poll(() => page.evaluate(() => window.jungle.snapshot.settings.mode)).toBe('people');
    await expect(page.locator('#opponent')).toHaveText('Against a friend on this device');
  });
});

for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test(`screens of the first screen, a square's note and the end banner: ${size}, en/de/ja`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const lang of ['en', 'de', 'ja']) {
      await openGame(page, `?lang=${lang}&${DEN_IN_ONE}`);
      await snapshot(page, `framing-first-${size}-${lang}`);
      expect(await lowContrast(page)).toEqual([]);
      expect(await axeFindings(page, '.play-start')).toEqual([]);
      // Nothing of the start row runs out of the panel (long German words, Japanese).
      const overflow = await page.locator('.play-start').evaluate((row) => row.scrollWidth > row.clientWidth);
      expect(overflow).toBe(false);
      await longPress(page, 'e1');
      await snapshot(page, `framing-note-${size}-${lang}`);
      await page.keyboard.press('Escape');
      await winAtOnce(page);
      await snapshot(page, `framing-banner-${size}-${lang}`);
      expect(await lowContrast(page)).toEqual([]);
      expect(await axeFindings(page, '#banner')).toEqual([]);
      const spill = await page.locator('#banner').evaluate((banner) => {
        const box = banner.getBoundingClientRect();
        const board = /** @type {HTMLElement} */ (banner.parentElement).getBoundingClientRect();
        return box.top < board.top || box.bottom > board.bottom || banner.scrollWidth > banner.clientWidth;
      });
      expect(spill).toBe(false);
    }
  });
}
