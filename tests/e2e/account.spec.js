// The club account through the page, against a real jungle-server (the binary scripts/test-web
// builds) on a free port with a temporary SQLite file: a member signs up, out and in again, a
// wrong password and a taken name are said; two members in two browsers play a rated game to
// its end, and the leaderboard and their profiles show the changed ratings (a profile at its
// own address, which Back leaves for the leaderboard); a member's other
// device lists the member's game in "your games" and plays it there. The static dist/
// (the usual test server) shows no account at all.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openGame, openPage, move, expectPly } = require('./helpers');
const { startServer } = require('./game-server');
const { PASSWORD, openSignUp, signUp } = require('./club');

let server;
let base;
let dataDir;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-account-'));
  // The club lists members on its leaderboard from their first rated game.
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite'), 0, ['--leaderboard-games', '1']));
});

test.afterAll(() => {
  server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A new browser context (a member's own browser) and its page at `address`, online play loaded. */
async function visitor(browser, address = `${base}index.html`, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openPage(page, address, options);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  return { context, page };
}

test('a member signs up, out and in again; a wrong password and a taken name are said', async ({ browser }) => {
  const refusals = [/401 \(Unauthorized\)/, /409 \(Conflict\)/];
  const alice = await visitor(browser, `${base}index.html`, { allowErrors: refusals });
  await expect(alice.page.locator('#open-account')).toHaveText('Sign in');
  await signUp(alice.page, 'Alice');
  await expect(alice.page.locator('#open-account')).toHaveText('Account: Alice');
  await alice.page.screenshot({ path: 'test-results/screens/account-member-desktop.png' });

  await alice.page.click('#account-signout');
  await expect(alice.page.locator('#account-note')).toHaveText('Signed out.');
  await expect(alice.page.locator('#open-account')).toHaveText('Sign in');
  await alice.page.fill('#signin-name', 'alice');
  await alice.page.fill('#signin-password', 'not the password');
  await alice.page.click('#signin-form-submit');
  await expect(alice.page.locator('#account-error')).toHaveText('Wrong name or password.');
  await expect(alice.page.locator('#signin-password')).toBeFocused();
  await alice.page.fill('#signin-password', PASSWORD);
  await alice.page.click('#signin-form-submit');
  await expect(alice.page.locator('#account-name')).toHaveText('Signed in as Alice');
  await expect(alice.page.locator('#account-error')).toHaveText('');

  // Signed in after a reload too (the session cookie), and the online screen uses the name.
  await alice.page.reload();
  await expect(alice.page.locator('#open-account')).toHaveText('Account: Alice');
  await alice.page.click('#open-online');
  await expect(alice.page.locator('#online-name')).toHaveValue('Alice');
  await expect(alice.page.locator('#online-name')).toHaveJSProperty('readOnly', true);
  await expect(alice.page.locator('#online-rated')).toBeVisible();

  const other = await visitor(browser, `${base}index.html`, { allowErrors: refusals });
  await openSignUp(other.page);
  await other.page.fill('#signup-name', 'ALICE');
  await other.page.fill('#signup-password', PASSWORD);
  await other.page.click('#signup-form-submit');
  await expect(other.page.locator('#account-error')).toHaveText('This name is taken: choose another.');
  // A guest's online screen has no rated game and a name of their own to type.
  await other.page.click('#account-dialog .dialog-close');
  await other.page.click('#open-online');
  await expect(other.page.locator('#online-rated')).toBeHidden();
  await expect(other.page.locator('#online-name')).toHaveJSProperty('readOnly', false);
  for (const { context } of [alice, other]) await context.close();
});

test('two members play a rated game; the leaderboard and the profiles show the new ratings', async ({ browser }) => {
  test.setTimeout(120_000);
  const carol = await visitor(browser);
  await signUp(carol.page, 'Carol');
  await carol.page.click('#account-dialog .dialog-close');
  const dave = await visitor(browser);
  await signUp(dave.page, 'Dave');
  await dave.page.click('#account-dialog .dialog-close');

  await carol.page.click('#open-online');
  await carol.page.check('input[name="online-color"][value="red"]');
  // A rated game of days a move: rated as correspondence.
  await carol.page.selectOption('#online-clock', 'correspondence');
  await carol.page.check('#online-rated');
  await carol.page.click('#online-create');
  await expect(carol.page.locator('#online-invite')).toHaveValue(/\?online=[a-z0-9]{12}$/);
  const invite = await carol.page.inputValue('#online-invite');
  const id = /online=([a-z0-9]{12})$/.exec(invite)[1];

  await dave.page.goto(invite);
  await expect(dave.page.locator('#online-join')).toBeVisible();
  await expect(dave.page.locator('#online-join-name')).toHaveValue('Dave');
  await expect(dave.page.locator('#online-join')).toContainText('rated');
  await dave.page.click('#online-join-button');
  await expect(dave.page.locator('#online-status')).toHaveText('You play Blue.');
  await move(carol.page, 'a3', 'a4');
  await expectPly(dave.page, 1);
  await move(dave.page, 'a7', 'a6');
  await expectPly(carol.page, 2);
  await dave.page.click('#online-resign');
  await dave.page.click('#confirm-yes');
  await expect(carol.page.locator('#banner-title')).toHaveText('You win!');

  // The server rates finished games every few seconds: wait for this one.
  await expect.poll(async () => (await (await carol.page.request.get(`${base}api/members/Carol`)).json()).history.length,
    { timeout: 15_000 }).toBe(1);
  await carol.page.click('#banner-close');
  await carol.page.click('#open-account');
  await carol.page.click('#account-leaderboard');
  const rows = carol.page.locator('#board-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Carol');
  await expect(rows.nth(1)).toContainText('Dave');
  const winner = Number(/(\d+)\?/.exec(await rows.nth(0).locator('td').nth(2).textContent())[1]);
  const loser = Number(/(\d+)\?/.exec(await rows.nth(1).locator('td').nth(2).textContent())[1]);
  expect(winner).toBeGreaterThan(1500);
  expect(loser).toBeLessThan(1500);
  await carol.page.screenshot({ path: 'test-results/screens/account-leaderboard-desktop.png' });

  await rows.nth(1).locator('button').click();
  await expect(carol.page.locator('#profile-name')).toHaveText('Dave');
  await expect(carol.page.locator('#profile-results')).toHaveText('0 won · 0 drawn · 1 lost');
  await expect(carol.page.locator('#profile-ratings')).toContainText(`Standard rules · Correspondence: ${loser}? · rated games: 1 (provisional)`);
  await expect(carol.page.locator('#profile-ratings svg polyline')).toHaveCount(1);
  await expect(carol.page.locator('#profile-recent li')).toContainText('Carol');
  await expect(carol.page.locator('#profile-recent a')).toHaveAttribute('href', `?watch=${id}`);
  // The profile is at an address of its own; Back returns to the leaderboard it was opened from.
  await expect(carol.page).toHaveURL(/[?&]member=Dave$/);
  await carol.page.goBack();
  await expect(rows).toHaveCount(2);
  await carol.page.goForward();
  await expect(carol.page.locator('#profile-name')).toHaveText('Dave');
  await carol.page.screenshot({ path: 'test-results/screens/account-profile-desktop.png' });
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await carol.page.screenshot({ path: 'test-results/screens/account-profile-phone.png' });
  await carol.page.click('#account-back');
  await carol.page.screenshot({ path: 'test-results/screens/account-member-phone.png' });

  // The archive lists the game as rated, each name with its rating.
  await carol.page.click('#account-dialog .dialog-close');
  await carol.page.click('#open-online');
  const listed = carol.page.locator(`#online-archive li[data-game="${id}"]`);
  await expect(listed).toContainText(`Carol (Red) ${winner}? – Dave (Blue) ${loser}?`);
  await expect(listed).toContainText('rated');
  for (const { context } of [carol, dave]) await context.close();
});

test('a member signed in on another device sees their game in "your games" and plays it there', async ({ browser }) => {
  test.setTimeout(120_000);
  const erin = await visitor(browser);
  await signUp(erin.page, 'Erin');
  await erin.page.click('#account-dialog .dialog-close');
  // A guest opponent: the sign-ups from one address are limited.
  const finn = await visitor(browser);
  await erin.page.click('#open-online');
  await erin.page.check('input[name="online-color"][value="red"]');
  await erin.page.click('#online-create');
  await expect(erin.page.locator('#online-invite')).toHaveValue(/\?online=[a-z0-9]{12}$/);
  const invite = await erin.page.inputValue('#online-invite');
  const id = /online=([a-z0-9]{12})$/.exec(invite)[1];
  await finn.page.goto(invite);
  await finn.page.fill('#online-join-name', 'Finn');
  await finn.page.click('#online-join-button');
  await expect(finn.page.locator('#online-status')).toHaveText('You play Blue.');

  // Erin's phone: no seat kept in this browser; signed in, the strip lists the game, her move.
  const phone = await visitor(browser);
  await expect(phone.page.locator('#your-games')).toBeHidden();
  await phone.page.click('#open-account');
  await phone.page.fill('#signin-name', 'Erin');
  await phone.page.fill('#signin-password', PASSWORD);
  await phone.page.click('#signin-form-submit');
  await expect(phone.page.locator('#account-name')).toHaveText('Signed in as Erin');
  await phone.page.click('#account-dialog .dialog-close');
  const entry = phone.page.locator(`#your-games li[data-game="${id}"]`);
  await expect(entry).toHaveAttribute('data-your-move', 'true');
  await expect(entry).toContainText('Online against Finn');
  await expect(phone.page.locator('#your-games .your-move-count')).toHaveText('1');
  await expect(phone.page.locator('#your-games .your-games-notify')).toHaveAttribute('aria-pressed', 'false');
  await phone.page.screenshot({ path: 'test-results/screens/your-games-member-desktop.png' });
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.screenshot({ path: 'test-results/screens/your-games-member-phone.png' });

  await entry.locator('button').click();
  await expect(phone.page.locator('#online-status')).toHaveText('You play Red.');
  await move(phone.page, 'a3', 'a4');
  await expectPly(finn.page, 1);
  await expectPly(erin.page, 1);
  for (const { context } of [erin, finn, phone]) await context.close();
});

test('a static host shows no account', async ({ page }) => {
  await openGame(page);
  await expect(page.locator('html[data-online="no"]')).toHaveCount(1);
  await expect(page.locator('#open-account')).toHaveCount(0);
});
