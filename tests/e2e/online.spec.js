// Online play through the page: a real jungle-server (the binary scripts/test-web builds) on a
// free port, with a temporary SQLite file, serving dist/. Two browser contexts play a game
// (create, invite link, join, moves both ways, one page reloaded mid-game, resignation and the
// end banner on both; the analysis board closed to them until it ends), a third watches it
// from the list of games being played and then opens it from the archive in review mode; an
// embedded board watches it too. The static dist/ (the usual test server) shows nothing of
// online play.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openGame, openPage, move, expectPly, reload, lowContrast } = require('./helpers');
const { startServer } = require('./game-server');
const { startPostgres } = require('./postgres');
const { serve } = require('./static-server');

let server;
let base;
let dataDir;
// A club's own site, which the server lets frame its pages (--embed-origins).
let host;
let hostRoot;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-online-'));
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-club-'));
  host = await serve({ root: hostRoot });
  const club = ['--embed-origins', new URL(host.url).origin];
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite'), 0, club));
});

test.afterAll(async () => {
  server?.kill();
  await host?.close();
  for (const dir of [dataDir, hostRoot]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new browser context (a player's own browser) and its page, opened at `address` (openPage's `options`). */
async function player(browser, address, options = {}) {
  // `bypassCSP` lets a test add its own checker script (axe-core) under the server's policy.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: Boolean(options.bypassCSP) });
  const page = await context.newPage();
  await openPage(page, address, options);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  return { context, page };
}

/** Opens the "Play online" screen and types the player's name. */
async function openOnline(page, name) {
  await page.click('#open-online');
  await expect(page.locator('#online-dialog')).toBeVisible();
  if (name) await page.fill('#online-name', name);
  // These games are untimed unless a test chooses a clock (a preset is chosen at first).
  await page.selectOption('#online-clock', 'none');
}

/** The invite link of the game `page` created, once the page shows it. */
async function inviteOf(page) {
  await expect(page.locator('#online-invite')).toHaveValue(/\?online=[a-z0-9]{12}$/);
  return page.inputValue('#online-invite');
}

/** Alice creates an untimed game through the page as Red, Bob joins it from her invite link. */
async function aliceAndBob(browser) {
  const alice = await player(browser, `${base}index.html`);
  await openOnline(alice.page, 'Alice');
  await alice.page.check('input[name="online-color"][value="red"]');
  await alice.page.click('#online-create');
  const bob = await player(browser, await inviteOf(alice.page));
  await bob.page.fill('#online-join-name', 'Bob');
  await bob.page.click('#online-join-button');
  await expect(status(alice.page)).toHaveText('You play Red.');
  return { alice, bob };
}

/** The status line of the online panel. */
function status(page) {
  return page.locator('#online-status');
}

test('two players play through the page, one reloads, a spectator watches, the archive reviews the game', async ({ browser }) => {
  test.setTimeout(120_000);
  // Alice creates a timed game as Red and gets the invite link.
  const alice = await player(browser, `${base}index.html`);
  await openOnline(alice.page, 'Alice');
  await alice.page.check('input[name="online-color"][value="red"]');
  await alice.page.selectOption('#online-clock', 'live');
  await alice.page.fill('#online-minutes', '5');
  await alice.page.fill('#online-increment', '2');
  await alice.page.click('#online-create');
  await expect(alice.page.locator('#online-dialog')).toBeHidden();
  await expect(status(alice.page)).toContainText('Waiting for your opponent');
  const invite = await inviteOf(alice.page);
  const id = /\?online=([a-z0-9]{12})$/.exec(invite)?.[1];
  expect(id, invite).toBeTruthy();
  expect(alice.page.url()).toContain(`online=${id}`);

  // Bob opens the link in his own browser, gives his name and joins as Blue.
  const bob = await player(browser, invite);
  await expect(bob.page.locator('#online-join')).toBeVisible();
  await bob.page.fill('#online-join-name', 'Bob');
  await bob.page.click('#online-join-button');
  await expect(status(bob.page)).toHaveText('You play Blue.');
  await expect(status(alice.page)).toHaveText('You play Red.');
  await expect(alice.page.locator('.online-player[data-side="blue"] .online-name')).toHaveText('Bob');
  await expect(alice.page.locator('.online-player[data-side="blue"]')).toHaveAttribute('data-connected', 'true');
  await expect(bob.page.locator('.online-player[data-side="blue"] .online-name')).toHaveText('Bob (you)');
  // Blue's board is seen from Blue's side; the server's clocks show 5:00.
  expect(await bob.page.evaluate(() => window.jungle.snapshot.flipped)).toBe(true);
  await expect(alice.page.locator('.online-player[data-side="red"] .online-clock')).toHaveText('5:00');

  // Moves both ways; Blue cannot move on Red's turn: a move then is only a premove (cancelled here).
  await move(bob.page, 'a7', 'a6');
  await expect(bob.page.locator('#squares [data-premove]')).toHaveCount(2);
  await expectPly(bob.page, 0);
  await bob.page.keyboard.press('Escape');
  await expect(bob.page.locator('#squares [data-premove]')).toHaveCount(0);
  await move(alice.page, 'a3', 'a4');
  await expectPly(alice.page, 1);
  await expectPly(bob.page, 1);
  await expect(bob.page.locator('#announcer')).toContainText('a3');
  // Blue's clock stands still until Blue's first move; then Red's runs.
  await expect(bob.page.locator('.online-clock[data-running="true"]')).toHaveCount(0);
  await move(bob.page, 'a7', 'a6');
  await expectPly(alice.page, 2);
  await expectPly(bob.page, 2);
  await expect(bob.page.locator('.online-player[data-side="red"] .online-clock')).toHaveAttribute('data-running', 'true');
  // The players get no help from the engine while they play (fair-play.js).
  for (const page of [alice.page, bob.page]) {
    await expect(page.locator('#hint-button')).toBeDisabled();
    await expect(page.locator('#review-toggle')).toBeDisabled();
  }

  // A spectator finds the game among those being played and watches it.
  const carol = await player(browser, `${base}index.html`);
  await openOnline(carol.page);
  await carol.page.click(`#online-live button[data-watch="${id}"]`);
  await expect(status(carol.page)).toHaveText('You are watching.');
  await expectPly(carol.page, 2);

  // An embedded board on a club's page watches it too, and tells its host of the moves.
  fs.writeFileSync(path.join(hostRoot, 'host.js'), `window.messages = [];
addEventListener('message', (event) => { if (event.data?.source === 'jungle') window.messages.push(event.data); });`);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><title>Club</title>
<iframe id="jungle" src="${base}index.html?embed=1&amp;watch=${id}" width="320" height="420" title="Jungle"></iframe>
<script src="host.js"></script>`);
  const club = await carol.context.newPage();
  await club.goto(host.url);
  const framed = club.frameLocator('#jungle');
  await expect(framed.locator('#board')).toHaveAttribute('data-ply', '2');

  // Bob reloads mid-game: his page comes back to his seat and plays on.
  await reload(bob.page);
  await expect(status(bob.page)).toHaveText('You play Blue.');
  await expectPly(bob.page, 2);
  await move(alice.page, 'a4', 'a5');
  await expectPly(bob.page, 3);
  await move(bob.page, 'g7', 'g6');
  await expectPly(alice.page, 4);
  await expectPly(carol.page, 4);
  await expect(framed.locator('#board')).toHaveAttribute('data-ply', '4');
  const heard = await club.evaluate(() => window.messages.filter((m) => m.type === 'move').map((m) => m.move));
  expect(heard).toEqual(expect.arrayContaining(['a4a5', 'g7g6']));

  // Screenshots of the panel, on a desktop and on a phone.
  await alice.page.screenshot({ path: 'test-results/screens/online-desktop.png', fullPage: true });
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await bob.page.locator('#online-bar').scrollIntoViewIfNeeded();
  await bob.page.screenshot({ path: 'test-results/screens/online-phone.png', fullPage: true });
  await bob.page.setViewportSize({ width: 1280, height: 900 });

  // Bob offers a draw, Alice declines; then Bob resigns: the banner on both pages says why.
  await bob.page.click('#online-draw');
  await expect(alice.page.locator('#online-offer')).toContainText('Your opponent offers a draw.');
  await alice.page.click('#online-decline');
  await expect(bob.page.locator('#online-offer')).toBeHidden();
  await bob.page.click('#online-resign');
  await bob.page.click('#confirm-yes');
  for (const page of [alice.page, bob.page, carol.page]) {
    await expect(page.locator('#banner')).toBeVisible();
    await expect(page.locator('#banner-reason')).toHaveText('Blue resigned.');
  }
  await expect(alice.page.locator('#banner-title')).toHaveText('You win!');
  await expect(bob.page.locator('#banner-title')).toHaveText('You lost');
  await expect(framed.locator('#board')).toHaveAttribute('data-over', 'yes');
  await expect.poll(() => club.evaluate(() => window.messages.find((m) => m.type === 'game-over'))).toMatchObject({ winner: 'red', reason: 'resignation' });
  await expect(alice.page.locator('#online-rematch')).toBeVisible();

  // The archive lists the game with its players and result, offers its record, opens it in review.
  await carol.page.click('#banner-close');
  await openOnline(carol.page);
  const listed = carol.page.locator(`#online-archive li[data-game="${id}"]`);
  await expect(listed).toContainText('Alice (Red) – Bob (Blue)');
  await expect(listed).toContainText('Red won · resignation');
  await carol.page.screenshot({ path: 'test-results/screens/online-dialog-desktop.png' });
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await carol.page.screenshot({ path: 'test-results/screens/online-dialog-phone.png' });
  await carol.page.setViewportSize({ width: 1280, height: 900 });
  const record = await (await carol.page.request.get(`${base}${await listed.locator('a').getAttribute('href')}`)).text();
  expect(record).toContain('a3a4');
  await listed.locator('button[data-review]').click();
  await expect(carol.page.locator('#review')).toBeVisible();
  await expect(carol.page.locator('#board')).toHaveAttribute('data-reviewing', 'yes');
  await expect(carol.page.locator('#review-position')).toContainText('Move 2 of 2');

  for (const { context } of [alice, bob, carol]) await context.close();
});

test('resign and abort ask once more: one click (then Escape) ends nothing, two deliberate steps do', async ({ browser }) => {
  test.setTimeout(90_000);
  const { alice, bob } = await aliceAndBob(browser);
  const dialog = (page) => page.locator('#confirm-dialog');

  // Abort: asked first; Escape keeps the game, and the focus goes back to the button.
  await alice.page.click('#online-abort');
  await expect(dialog(alice.page)).toBeVisible();
  await expect(alice.page.locator('#confirm-title')).toHaveText('Abort this game?');
  await expect(alice.page.locator('#confirm-no')).toBeFocused();
  await alice.page.keyboard.press('Escape');
  await expect(dialog(alice.page)).toBeHidden();
  await expect(alice.page.locator('#online-abort')).toBeFocused();
  await move(alice.page, 'a3', 'a4');
  await expectPly(bob.page, 1);

  // Resign: one click then Escape, or "Keep playing", ends nothing; the game goes on.
  await bob.page.click('#online-resign');
  await expect(bob.page.locator('#confirm-title')).toHaveText('Resign this game?');
  await bob.page.screenshot({ path: 'test-results/screens/online-resign-confirm.png' });
  await bob.page.keyboard.press('Escape');
  await bob.page.click('#online-resign');
  await bob.page.click('#confirm-no');
  await expect(dialog(bob.page)).toBeHidden();
  await move(bob.page, 'a7', 'a6');
  await expectPly(alice.page, 2);
  await expect(alice.page.locator('#banner')).toBeHidden();
  // The endings sit apart from the routine requests, below them.
  const routine = await bob.page.locator('#online-draw').boundingBox();
  const resign = await bob.page.locator('#online-resign').boundingBox();
  expect(resign.y).toBeGreaterThan(routine.y + routine.height + 8);

  // Bob is asked again; meanwhile Alice resigns in two deliberate steps: Bob's question, moot
  // now, goes by itself, and each page says how the game ended for its player.
  await bob.page.click('#online-resign');
  await expect(dialog(bob.page)).toBeVisible();
  await alice.page.click('#online-resign');
  await alice.page.click('#confirm-yes');
  await expect(dialog(bob.page)).toBeHidden();
  await expect(bob.page.locator('#banner-title')).toHaveText('You win!');
  await expect(alice.page.locator('#banner-title')).toHaveText('You lost');
  for (const page of [alice.page, bob.page]) await expect(page.locator('#banner-reason')).toHaveText('Red resigned.');

  // A game waiting for its opponent is aborted in two steps too.
  await openOnline(alice.page, 'Alice');
  await alice.page.click('#online-create');
  await expect(status(alice.page)).toContainText('Waiting for your opponent');
  await alice.page.click('#online-abort');
  await alice.page.click('#confirm-yes');
  await expect(alice.page.locator('#banner-title')).toHaveText('Game aborted');
  for (const { context } of [alice, bob]) await context.close();
});

test('the analysis board is closed to the players of a game in progress, and open again once it is over', async ({ browser }) => {
  test.setTimeout(90_000);
  const { alice, bob } = await aliceAndBob(browser);
  await move(alice.page, 'a3', 'a4');
  await expectPly(bob.page, 1);
  await move(bob.page, 'a7', 'a6');
  await expectPly(alice.page, 2);

  // While the game goes on, neither player is offered the analysis board (nor the review that
  // leads to it), and the button says why.
  for (const page of [alice.page, bob.page]) {
    await expect(page.locator('#open-analysis')).toBeDisabled();
    await expect(page.locator('#open-analysis')).toHaveAttribute('title', 'Off during your online game');
    await expect(page.locator('#review-toggle')).toBeDisabled();
    await expect(page.locator('#analysis')).toBeHidden();
  }

  // Alice resigns: the game is over, and both may analyse it.
  await alice.page.click('#online-resign');
  await alice.page.click('#confirm-yes');
  for (const page of [alice.page, bob.page]) {
    await expect(page.locator('#banner-reason')).toHaveText('Red resigned.');
    await expect(page.locator('#open-analysis')).toBeEnabled();
    await expect(page.locator('#open-analysis')).not.toHaveAttribute('title', /.+/);
  }
  await bob.page.click('#banner-close');
  await bob.page.click('#open-analysis');
  await expect(bob.page.locator('#analysis')).toBeVisible();
  await expect(bob.page.locator('#analysis-tree')).toHaveText(/1\.\s*Elephant a3–a4\s*Rat a7–a6/);
  await expectPly(bob.page, 2);
  for (const { context } of [alice, bob]) await context.close();
});

test('a move taken back, a draw agreed, and a rematch with the sides swapped', async ({ browser }) => {
  test.setTimeout(90_000);
  const { alice, bob } = await aliceAndBob(browser);
  // No clock was chosen: none is shown.
  await expect(alice.page.locator('.online-clock:visible')).toHaveCount(0);

  // Alice takes her first move back, with Bob's consent.
  await move(alice.page, 'a3', 'a4');
  await expectPly(bob.page, 1);
  await alice.page.click('#online-takeback');
  await expect(bob.page.locator('#online-offer')).toContainText('take back');
  await bob.page.click('#online-accept');
  for (const page of [alice.page, bob.page]) await expectPly(page, 0);
  await expect(alice.page.locator('#online-takeback')).toBeHidden();

  // Another first move; then a draw offered by Bob and accepted by Alice.
  await move(alice.page, 'g3', 'g4');
  await expectPly(bob.page, 1);
  await bob.page.click('#online-draw');
  await alice.page.click('#online-accept');
  for (const page of [alice.page, bob.page]) {
    await expect(page.locator('#banner-title')).toHaveText('Draw');
    await expect(page.locator('#banner-reason')).toHaveText('The players agreed to a draw.');
  }

  // The rematch: the same seats' tokens, the sides swapped, a new game id in both addresses.
  const first = new URL(alice.page.url()).searchParams.get('online');
  await alice.page.click('#online-rematch');
  await expect(bob.page.locator('#online-offer')).toContainText('rematch');
  await bob.page.click('#online-accept');
  await expect(status(alice.page)).toHaveText('You play Blue.');
  await expect(status(bob.page)).toHaveText('You play Red.');
  for (const page of [alice.page, bob.page]) {
    await expectPly(page, 0);
    await expect(page.locator('#banner')).toBeHidden();
    await expect.poll(() => new URL(page.url()).searchParams.get('online')).not.toBe(first);
  }
  await move(bob.page, 'a3', 'a4');
  await expectPly(alice.page, 1);
  for (const { context } of [alice, bob]) await context.close();
});

test('a premove of Bob made during Alice\'s turn is sent and played as soon as Alice has moved', async ({ browser }) => {
  test.setTimeout(90_000);
  const { alice, bob } = await aliceAndBob(browser);
  await expect(status(bob.page)).toHaveText('You play Blue.');
  await move(bob.page, 'a7', 'a6');
  await expect(bob.page.locator('#squares [data-square="a6"]')).toHaveAttribute('data-premove', 'to');
  await expect(bob.page.locator('#squares [data-square="a7"]')).toHaveAttribute('data-premove', 'from');
  await expectPly(bob.page, 0);
  await move(alice.page, 'a3', 'a4');
  // Bob's premove goes to the server with no click more, and both boards have it.
  for (const page of [alice.page, bob.page]) {
    await expectPly(page, 2);
    await expect(page.locator('#squares [data-square="a6"]')).toHaveAttribute('data-piece', 'r');
  }
  await expect(bob.page.locator('#squares [data-premove]')).toHaveCount(0);
  // A premove cancelled with Escape is not played when the turn comes.
  await move(bob.page, 'g7', 'g6');
  await expect(bob.page.locator('#squares [data-premove]')).toHaveCount(2);
  await bob.page.keyboard.press('Escape');
  await expect(bob.page.locator('#squares [data-premove]')).toHaveCount(0);
  await move(alice.page, 'g3', 'g4');
  await expectPly(bob.page, 3);
  await move(bob.page, 'b8', 'b7');
  await expectPly(alice.page, 4);
  const moves = await bob.page.evaluate(() => window.jungle.snapshot.history.map((entry) => entry.move));
  expect(moves).toEqual(['a3a4', 'a7a6', 'g3g4', 'b8b7']);
  for (const { context } of [alice, bob]) await context.close();
});

test('a clock running out ends the game on both pages, on time', async ({ browser }) => {
  // A six-second game made through the API (the page offers whole minutes), Alice's seat
  // token kept in her browser as the page keeps it: her page resumes the seat from the link.
  const alice = await player(browser, `${base}index.html`);
  const created = await alice.page.request.post(`${base}api/games`, {
    data: { name: 'Alice', color: 'red', clock: { kind: 'live', seconds: 6, increment: 0 } },
  });
  expect(created.status()).toBe(201);
  const { id, token } = await created.json();
  await alice.page.evaluate(([game, seat]) => {
    localStorage.setItem('jungle.online.seats', JSON.stringify({ [game]: { token: seat, at: Date.now() } }));
  }, [id, token]);
  await alice.page.goto(`${base}index.html?online=${id}`);
  await expect(status(alice.page)).toContainText('Waiting for your opponent');
  const bob = await player(browser, `${base}index.html?online=${id}`);
  await bob.page.fill('#online-join-name', 'Bob');
  await bob.page.click('#online-join-button');
  // No clock runs before each side's first move: the server's game says so, and the page too.
  await expect(status(alice.page)).toHaveText('You play Red.');
  const clocks = async () => (await (await alice.page.request.get(`${base}api/games/${id}`)).json()).clocks;
  expect(await clocks()).toEqual({ red: 6000, blue: 6000, running: null });
  await expect(alice.page.locator('.online-clock[data-running="true"]')).toHaveCount(0);
  await move(alice.page, 'a3', 'a4');
  await expectPly(bob.page, 1);
  expect(await clocks()).toEqual({ red: 6000, blue: 6000, running: null });
  await move(bob.page, 'a7', 'a6');
  await expectPly(alice.page, 2);
  // From then on Red's clock counts down on the page between the server's messages, then the server flags it.
  await expect(alice.page.locator('.online-player[data-side="red"] .online-clock')).toHaveAttribute('data-running', 'true');
  await expect(alice.page.locator('.online-player[data-side="red"] .online-clock')).toHaveAttribute('data-low', 'true');
  await expect(bob.page.locator('#banner-title')).toHaveText('You win!');
  await expect(alice.page.locator('#banner-title')).toHaveText('You lost');
  for (const page of [alice.page, bob.page]) await expect(page.locator('#banner-reason')).toHaveText('Red ran out of time.');
  await expect(alice.page.locator('.online-player[data-side="red"] .online-clock')).toHaveText('0.0');
  for (const { context } of [alice, bob]) await context.close();
});

test('the server killed mid-game: the pages reconnect, and a move made meanwhile is sent again and played', async ({ browser }) => {
  test.setTimeout(90_000);
  const db = path.join(dataDir, 'killed.sqlite');
  let own = await startServer(db);
  const port = new URL(own.url).port;
  try {
    // While the server is down, the browser reports each refused connection in the console
    // (the game's WebSocket, and any file or question the page asks for meanwhile), and a
    // request on its way when the server is killed ends reset.
    const down = { allowErrors: [/WebSocket connection to .* failed/, /Failed to load resource: net::ERR_CONNECTION_(REFUSED|RESET)/] };
    const alice = await player(browser, `${own.url}index.html`, down);
    await openOnline(alice.page, 'Alice');
    await alice.page.check('input[name="online-color"][value="red"]');
    await alice.page.click('#online-create');
    const bob = await player(browser, await inviteOf(alice.page), down);
    await bob.page.fill('#online-join-name', 'Bob');
    await bob.page.click('#online-join-button');
    await move(alice.page, 'a3', 'a4');
    await expectPly(bob.page, 1);

    own.child.kill('SIGKILL');
    await expect(status(bob.page)).toContainText('Connection lost');
    // While cut off, Bob's page knows nothing of Alice and says it is reconnecting itself.
    await expect(bob.page.locator('.online-player[data-side="blue"] .online-presence')).toHaveText('reconnecting…');
    await expect(bob.page.locator('.online-player[data-side="red"]')).toHaveAttribute('data-connected', 'unknown');
    // Bob moves while the server is away: the move is shown on its way, marked, and no
    // second move can replace it; the game itself waits for the server's word.
    await move(bob.page, 'a7', 'a6');
    await expect(bob.page.locator('#squares [data-square="a6"][data-pending]')).toHaveCount(1);
    await expect(bob.page.locator('#online-pending')).toContainText('a7–a6');
    await expect(bob.page.locator('#online-pending-cancel')).toBeVisible();
    await move(bob.page, 'g7', 'g6');
    await expect(bob.page.locator('#squares [data-pending]')).toHaveCount(1);
    await expect(bob.page.locator('#squares [data-square="a6"][data-pending]')).toHaveCount(1);
    await bob.page.screenshot({ path: 'test-results/screens/online-pending-move.png' });
    // Not sent yet, it can be taken back; then made again.
    await bob.page.click('#online-pending-cancel');
    await expect(bob.page.locator('#squares [data-pending]')).toHaveCount(0);
    await expect(bob.page.locator('#online-pending')).toBeHidden();
    await move(bob.page, 'a7', 'a6');
    await expect(bob.page.locator('#squares [data-square="a6"][data-pending]')).toHaveCount(1);
    await expectPly(bob.page, 1);
    own = await startServer(db, port);
    for (const page of [alice.page, bob.page]) {
      await expect(status(page)).toHaveText(page === bob.page ? 'You play Blue.' : 'You play Red.', { timeout: 30_000 });
      await expectPly(page, 2);
    }
    // The move arrived once, as it was made.
    for (const page of [alice.page, bob.page]) {
      expect(await page.evaluate(() => window.jungle.snapshot.history.map((entry) => entry.move))).toEqual(['a3a4', 'a7a6']);
    }
    await expect(bob.page.locator('#squares [data-pending]')).toHaveCount(0);
    await expect(bob.page.locator('#online-pending')).toBeHidden();
    await move(alice.page, 'a4', 'a5');
    await expectPly(bob.page, 3);
    for (const { context } of [alice, bob]) await context.close();
  } finally {
    own.child.kill();
  }
});

test('PostgreSQL restarted mid-game: a move made meanwhile waits, marked as sent, and is played once it is back, with no error', async ({ browser }) => {
  test.setTimeout(90_000);
  const postgres = await startPostgres();
  const servers = [];
  try {
    // Alice plays on one instance, Bob on another, both on the one database.
    for (let n = 0; n < 2; n += 1) servers.push(await startServer(postgres.url));
    const [one, two] = servers.map((instance) => instance.url);
    const alice = await player(browser, `${one}index.html`);
    await openOnline(alice.page, 'Alice');
    await alice.page.check('input[name="online-color"][value="red"]');
    await alice.page.click('#online-create');
    const bob = await player(browser, (await inviteOf(alice.page)).replace(one, two));
    await bob.page.fill('#online-join-name', 'Bob');
    await bob.page.click('#online-join-button');
    await move(alice.page, 'a3', 'a4');
    await expectPly(bob.page, 1);

    postgres.pause();
    await move(bob.page, 'a7', 'a6');
    // The move has left the page and waits for the server, which holds it for the database.
    await expect(bob.page.locator('#online-pending-text')).toHaveText('Your move a7–a6 is sent; waiting for the server to play it.');
    await expect(bob.page.locator('#online-pending-cancel')).toBeHidden();
    await expect(bob.page.locator('#squares [data-square="a6"][data-pending]')).toHaveCount(1);
    // The database stays away a few seconds (what a restart takes).
    await bob.page.waitForTimeout(3_000);
    await expect(bob.page.locator('#online-pending')).toBeVisible();
    postgres.resume();
    for (const page of [alice.page, bob.page]) await expectPly(page, 2);
    await expect(bob.page.locator('#online-pending')).toBeHidden();
    await expect(bob.page.locator('#squares [data-pending]')).toHaveCount(0);
    await expect(bob.page.locator('#notice')).toBeHidden();
    await expect(status(bob.page)).toHaveText('You play Blue.');
    await move(alice.page, 'a4', 'a5');
    await expectPly(bob.page, 3);
    for (const { context } of [alice, bob]) await context.close();
  } finally {
    for (const instance of servers) instance.child.kill();
    postgres.stop();
  }
});

for (const theme of ['light', 'dark', 'contrast']) {
  test(`${theme}: the online screen and panel read at AA contrast`, async ({ browser }) => {
    const alice = await player(browser, `${base}index.html?theme=${theme}`, { bypassCSP: true });
    await openOnline(alice.page, 'Alice');
    expect(await lowContrast(alice.page), 'the Play online screen').toEqual([]);
    await alice.page.click('#online-create');
    await expect(alice.page.locator('#online-dialog')).toBeHidden();
    await expect(status(alice.page)).toContainText('Waiting for your opponent');
    expect(await lowContrast(alice.page), 'the panel of a game waiting').toEqual([]);
    await alice.context.close();
  });
}

test('the static dist/ shows no online play, asks one question and logs no error', async ({ page }) => {
  /** @type {string[]} */
  const problems = [];
  const asked = [];
  page.on('requestfailed', (request) => problems.push(`${request.url()} failed`));
  page.on('response', (response) => {
    if (response.url().includes('/api/')) asked.push(response.url());
    if (response.status() >= 400) problems.push(`${response.url()} answered ${response.status()}`);
  });
  await openGame(page, '?online=abcdefghijkm');
  await expect(page.locator('html[data-online="no"]')).toHaveCount(1);
  await expect(page.locator('#open-online, #online-bar, #online-join')).toHaveCount(0);
  expect(asked).toEqual([expect.stringMatching(/\/api\/health$/)]);
  expect(problems).toEqual([]);
});
