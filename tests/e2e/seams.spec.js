// The seams between activities: from each thing a player can be doing — a game against the
// computer, two people, a puzzle, a review, the editor, an online seat, watching an online
// game — each way to start something else — New game, a link, a puzzle, an import, the editor,
// a recent game, joining an online game — must leave the earlier game current again after
// the toast's Undo, or one click away in "Your games", with its moves (and, online, its seat).
// Served by a real jungle-server, so that online play is there as players find it.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, move, play, expectPly, gameState } = require('./helpers');
const { startServer } = require('./game-server');

let server;
let base;
let dataDir;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-seams-'));
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite')));
});

test.afterAll(() => {
  server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const toast = (page) => page.locator('#toast');
const yours = (page, game) => page.locator(`#your-games li[data-game="${game}"] button`);

/** Screenshots of `page` now on a desktop and on a phone, as test-results/screens/`name`-*.png. */
async function screens(page, name) {
  await page.screenshot({ path: `test-results/screens/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screens/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A game made by the server's API for `name`, as Red; its id and seat token. */
async function createGame(page, name) {
  const created = await page.request.post(`${base}api/games`, { data: { name, color: 'red' } });
  expect(created.status()).toBe(201);
  return created.json();
}

/** New game; after an online game the page first asks what to start: a game against the computer. */
async function newGame(page) {
  await page.click('#new-game');
  // The question opens in the click's own task, if it opens.
  if (await page.locator('#new-game-chooser[open]').count()) await page.click('#new-game-chooser [data-start="computer"]');
}

/** Keeps seat `token` of game `id` in the page's browser, as the page keeps it. */
async function keepSeat(page, id, token) {
  await page.evaluate(([game, seat]) => {
    const seats = JSON.parse(localStorage.getItem('jungle.online.seats') ?? '{}');
    seats[game] = { token: seat, at: Date.now() };
    localStorage.setItem('jungle.online.seats', JSON.stringify(seats));
  }, [id, token]);
}

/**
 * An online game between this page (Red) and a second browser (Blue), one move each, shown
 * on this page; returns its id.
 */
async function onlineSeat(page, browser) {
  const { id, token } = await createGame(page, 'Ann');
  await keepSeat(page, id, token);
  const joined = await page.request.post(`${base}api/games/${id}/join`, { data: { name: 'Ben' } });
  expect(joined.status()).toBe(200);
  const blue = await joined.json();
  await page.goto(`${base}index.html?online=${id}`);
  await expect(page.locator('#online-status')).toHaveText('You play Red.');
  await play(page, ['a3a4']);
  // Blue answers from a socket of its own.
  const other = await browser.newContext();
  const ben = await other.newPage();
  await ben.goto(`${base}index.html`);
  await ben.evaluate(([game, seat]) => {
    localStorage.setItem('jungle.online.seats', JSON.stringify({ [game]: { token: seat, at: Date.now() } }));
  }, [id, blue.token]);
  await ben.goto(`${base}index.html?online=${id}`);
  await expect(ben.locator('#online-status')).toHaveText('You play Blue.');
  await move(ben, 'a7', 'a6');
  await expectPly(page, 2);
  await other.close();
  return id;
}

/**
 * The activities to start from: each sets itself up over the player's own game (two moves,
 * with a finished game in the recent list) and says how to check it is back.
 */
const FROM = {
  computer: async (page) => {
    await page.goto(`${base}index.html?mode=computer&level=1`);
    await play(page, ['g3g4']);
    await expectPly(page, 2); // the computer's answer
  },
  people: async (page) => {
    await page.goto(`${base}index.html?mode=people`);
    await play(page, ['g3g4', 'a7a6']);
  },
  puzzle: async (page) => {
    await FROM.people(page);
    await page.click('#open-puzzles');
    await expect.poll(() => page.evaluate(() => window.jungle.snapshot.puzzle)).toBeTruthy();
  },
  review: async (page) => {
    await FROM.people(page);
    await page.click('#review-toggle');
    await expect(page.locator('#review')).toBeVisible();
  },
  editor: async (page) => {
    await FROM.people(page);
    await page.click('#open-editor');
    await expect(page.locator('#editor')).toBeVisible();
  },
};

/**
 * The ways to start something else; each returns how the game comes back: 'undo', 'yours',
 * or 'yours, leaving an online game' (which asks first).
 */
const WAYS = {
  'New game': async (page) => {
    await newGame(page);
    return 'undo';
  },
  'a link': async (page) => {
    await page.goto(`${base}index.html?moves=f2f3`);
    await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
    return 'undo';
  },
  'a puzzle': async (page) => {
    if (await page.locator('#puzzles:visible').count()) await page.click('#puzzle-next');
    else await page.click('#open-puzzles');
    await expect.poll(() => page.evaluate(() => window.jungle.snapshot.puzzle)).toBeTruthy();
    return 'yours';
  },
  'an import': async (page) => {
    await page.click('#open-share');
    await page.fill('#record-paste', '1. c3d3 e7d7');
    await page.click('#record-import');
    await expect(page.locator('#share-dialog')).toBeHidden();
    return 'undo';
  },
  'the editor': async (page) => {
    if (!(await page.locator('#editor:visible').count())) await page.click('#open-editor');
    await page.click('#editor-play-people');
    return 'undo';
  },
  'a recent game': async (page) => {
    await page.locator('#recent-games summary').click();
    await page.locator('#recent-list .recent-resume').first().click();
    return 'undo';
  },
  'joining an online game': async (page) => {
    const { id } = await createGame(page, 'Host');
    await page.goto(`${base}index.html?online=${id}`);
    await page.fill('#online-join-name', 'Guest');
    await page.click('#online-join-button');
    await expect(page.locator('#online-status')).toHaveText('You play Blue.');
    return 'yours, leaving an online game';
  },
};

/** A finished-looking earlier game in the recent list: a game with a move, then New game. */
async function withRecentGame(page) {
  await openPage(page, `${base}index.html?mode=people&moves=a3a4`);
  await page.click('#new-game');
  await expect(page.locator('#recent-games')).toBeVisible();
}

/** Brings the earlier game back as `how` says. */
async function bringBack(page, how) {
  if (how === 'undo') {
    await expect(toast(page)).toContainText('New game started');
    await toast(page).locator('.toast-action').click();
  } else {
    await yours(page, 'own').click();
    if (how !== 'yours') await page.click('#confirm-yes');
  }
}

for (const [from, setUp] of Object.entries(FROM)) {
  for (const [way, start] of Object.entries(WAYS)) {
    test(`from ${from}, ${way}: the player's game comes back`, async ({ page }) => {
      await withRecentGame(page);
      await setUp(page);
      const before = await page.evaluate(() => {
        const { waiting, history, settings } = window.jungle.snapshot;
        return waiting ? { moves: waiting.game.moves, mode: waiting.game.settings.mode } : { moves: history.map((e) => e.move), mode: settings.mode };
      });
      expect(before.moves.length).toBeGreaterThan(0);
      const how = await start(page);
      await bringBack(page, how);
      await expect.poll(() => gameState(page)).toMatchObject({ moves: before.moves, settings: { mode: before.mode } });
      expect(await page.evaluate(() => window.jungle.snapshot.puzzle)).toBeNull();
    });
  }
}

/** Each way to start something else, up to the moment it would replace the game shown. */
const TRIGGERS = {
  'New game': (page) => newGame(page),
  'a puzzle': (page) => page.click('#open-puzzles'),
  'an import': async (page) => {
    await page.click('#open-share');
    await page.fill('#record-paste', '1. c3d3 e7d7');
    await page.click('#record-import');
  },
  'the editor': async (page) => {
    if (!(await page.locator('#editor:visible').count())) await page.click('#open-editor');
    await page.click('#editor-play-people');
  },
  'a recent game': async (page) => {
    if (!(await page.locator('#recent-list:visible').count())) await page.locator('#recent-games summary').click();
    await page.locator('#recent-list .recent-resume').first().click();
  },
};

test('from an online seat, each way asks first, and the game is one click away in your games', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await withRecentGame(page);
  const id = await onlineSeat(page, browser);
  const shown = () => page.evaluate(() => window.jungle.snapshot.online?.id ?? null);
  for (const trigger of Object.values(TRIGGERS)) {
    // Asked, and answered "Cancel" (Escape): nothing changes.
    await trigger(page);
    await expect(page.locator('#confirm-dialog')).toBeVisible();
    if (trigger === TRIGGERS['New game']) await screens(page, 'seams-leave-online');
    await page.keyboard.press('Escape');
    await expect(page.locator('#confirm-dialog')).toBeHidden();
    expect(await shown()).toBe(id);
    if (await page.locator('#share-dialog[open]').count()) await page.keyboard.press('Escape');
    // Then left on purpose: the online game waits in "Your games" and comes back at its seat.
    await trigger(page);
    await page.click('#confirm-yes');
    await expect.poll(shown).not.toBe(id);
    await yours(page, id).click();
    await expect(page.locator('#online-status')).toHaveText('You play Red.');
    await expectPly(page, 2);
  }
  // Opening the site's address: the online game is listed, with "your move" when it is.
  await page.goto(`${base}index.html`);
  await expect(yours(page, id)).toBeVisible();
  await expect(page.locator(`#your-games li[data-game="${id}"]`)).toHaveAttribute('data-your-move', 'true');
  await expect(page.locator('#your-games .your-move-count')).toHaveText('1');
  await screens(page, 'seams-your-games');
  await yours(page, id).click();
  await expect(page.locator('#online-status')).toHaveText('You play Red.');
  // The games being played offer one's own game to play, not to watch.
  await page.click('#open-online');
  await expect(page.locator(`#online-live button[data-play="${id}"]`)).toBeVisible();
  await expect(page.locator(`#online-live button[data-watch="${id}"]`)).toHaveCount(0);
});

test('from watching an online game, New game and Undo bring the player\'s own game back', async ({ page }) => {
  await withRecentGame(page);
  await FROM.people(page);
  const before = await gameState(page);
  const { id } = await createGame(page, 'Someone');
  await page.goto(`${base}index.html?watch=${id}`);
  await expect(page.locator('#online-status')).toContainText('second player');
  // Watching asks nothing before leaving (but what to start).
  await newGame(page);
  await expect(page.locator('#confirm-dialog')).toBeHidden();
  await bringBack(page, 'undo');
  await expect.poll(() => gameState(page)).toMatchObject({ moves: before.moves });
});
