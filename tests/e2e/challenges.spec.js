// Finding a game through the page, against a real jungle-server (the binary scripts/test-web
// builds) on a free port with a temporary SQLite file, one server per test: a member challenges
// another by name, who accepts, and both land on the board; a member blocks one challenger and
// declines the others at once; two members press "Play now" and
// are paired; the lobby's rating range and rules hide a game outside them, and are kept; and a member whose
// page is in the background is told by a system notification that the opponent moved.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, move, expectPly } = require('./helpers');
const { startServer } = require('./game-server');
const { signUp } = require('./club');

let server;
let base;
let dataDir;

test.beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-challenges-'));
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite')));
});

test.afterEach(() => {
  server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A new browser context with its page on the club's site, online play loaded. */
async function visitor(browser, setUp = async () => {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await setUp(context);
  const page = await context.newPage();
  await openPage(page, `${base}index.html`);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  return { context, page };
}

/** A member's browser, signed up as `name`, the account screen closed. */
async function member(browser, name, setUp) {
  const who = await visitor(browser, setUp);
  await signUp(who.page, name);
  await who.page.click('#account-dialog .dialog-close');
  return who;
}

test('a member challenges another by name, who accepts, and both are taken to the board', async ({ browser }) => {
  const alice = await member(browser, 'Alice');
  const bob = await member(browser, 'Bob');
  await alice.page.click('#open-online');
  await alice.page.check('input[name="online-color"][value="red"]');
  await alice.page.fill('#online-challenge-name', 'Bob');
  await alice.page.press('#online-challenge-name', 'Enter');
  await expect(alice.page.locator('#online-find-status')).toHaveText('Challenge sent to Bob: waiting for the answer…');
  await expect(alice.page.locator('#online-find-cancel')).toBeVisible();

  await bob.page.click('#open-online');
  const received = bob.page.locator('#online-challenges li[data-challenge]');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText('Challenge from Alice');
  await bob.page.screenshot({ path: 'test-results/screens/challenge-received-desktop.png' });
  await received.getByRole('button', { name: 'Accept' }).click();

  await expect(bob.page.locator('#online-status')).toHaveText('You play Blue.');
  await expect(alice.page.locator('#online-status')).toHaveText('You play Red.');
  await move(alice.page, 'a3', 'a4');
  await expectPly(bob.page, 1);
  for (const { context } of [alice, bob]) await context.close();
});

test('a member blocks one challenger and declines the others all at once', async ({ browser }) => {
  const vic = await member(browser, 'Vic');
  const senders = [];
  for (const name of ['Ann', 'Pest']) {
    const sender = await member(browser, name);
    await sender.page.click('#open-online');
    await sender.page.fill('#online-challenge-name', 'Vic');
    await sender.page.press('#online-challenge-name', 'Enter');
    await expect(sender.page.locator('#online-find-status')).toHaveText('Challenge sent to Vic: waiting for the answer…');
    senders.push(sender);
  }
  const [ann, pest] = senders;

  await vic.page.click('#open-online');
  const received = vic.page.locator('#online-challenges li[data-challenge]');
  await expect(received).toHaveCount(2);
  await expect(received.first()).toContainText('Challenge from Pest', { message: 'the newest first' });
  await expect(vic.page.locator('#online-challenges-more')).toHaveText('');
  // More open than the server lists (as when a crowd challenges): the page says how many more.
  await vic.page.route('**/api/me/challenges', async (route) => {
    const listed = await (await route.fetch()).json();
    await route.fulfill({ json: { ...listed, incoming_count: listed.incoming_count + 3 } });
  });
  await vic.page.click('#online-refresh');
  await expect(vic.page.locator('#online-challenges-more')).toHaveText('More waiting, not shown: 3.');
  await vic.page.unroute('**/api/me/challenges');
  await received.first().getByRole('button', { name: 'Block' }).click();
  await expect(received).toHaveCount(1);
  await expect(received).toContainText('Challenge from Ann');
  const blocked = vic.page.locator('#online-challenge-blocks li[data-blocked]');
  await expect(blocked).toHaveText(/Blocked: Pest/);
  await expect(pest.page.locator('#online-find-status')).toHaveText('Vic declined the challenge.');
  await vic.page.screenshot({ path: 'test-results/screens/challenges-blocked-desktop.png' });

  await vic.page.click('#online-challenges-decline-all');
  await expect(received).toHaveCount(0);
  await expect(vic.page.locator('#online-challenges-decline-all')).toBeHidden();
  await expect(ann.page.locator('#online-find-status')).toHaveText('Vic declined the challenge.');
  await blocked.getByRole('button', { name: 'Unblock' }).click();
  await expect(blocked).toHaveCount(0);
  for (const { context } of [vic, ann, pest]) await context.close();
});

test('two members pressing "Play now" are paired into a game', async ({ browser }) => {
  const carol = await member(browser, 'Carol');
  const dave = await member(browser, 'Dave');
  await carol.page.click('#open-online');
  await carol.page.click('#online-play-now');
  await expect(carol.page.locator('#online-find-status')).toHaveText('Looking for an opponent…');
  await carol.page.screenshot({ path: 'test-results/screens/play-now-waiting-desktop.png' });
  await dave.page.click('#open-online');
  await dave.page.click('#online-play-now');

  await expect(dave.page.locator('#online-status')).toHaveText(/^You play (Red|Blue)\.$/);
  await expect(carol.page.locator('#online-status')).toHaveText(/^You play (Red|Blue)\.$/);
  const sides = [await carol.page.locator('#online-status').textContent(), await dave.page.locator('#online-status').textContent()];
  expect(new Set(sides).size).toBe(2);
  for (const { context } of [carol, dave]) await context.close();
});

test('the lobby\'s rating range and rules hide a game outside them, and are kept', async ({ browser }) => {
  const erin = await member(browser, 'Erin');
  await erin.page.click('#open-online');
  await erin.page.selectOption('#online-clock', 'none');
  await erin.page.click('#online-create');
  await expect(erin.page.locator('#online-invite')).toHaveValue(/\?online=[a-z0-9]{12}$/);
  const id = /online=([a-z0-9]{12})$/.exec(await erin.page.inputValue('#online-invite'))[1];

  const guest = await visitor(browser);
  await guest.page.click('#open-online');
  const listed = guest.page.locator(`#online-lobby li[data-game="${id}"]`);
  await expect(listed).toContainText('Erin (');
  // Erin's rating is a new member's 1500: a range from 1600 hides her game.
  await guest.page.fill('#lobby-min-rating', '1600');
  await guest.page.press('#lobby-min-rating', 'Tab');
  await expect(listed).toHaveCount(0);
  await expect(guest.page.locator('#online-lobby')).toContainText('None');

  await guest.page.reload();
  await guest.page.click('#open-online');
  await expect(guest.page.locator('#lobby-min-rating')).toHaveValue('1600');
  await expect(guest.page.locator('#online-lobby li[data-game]')).toHaveCount(0);
  await guest.page.fill('#lobby-min-rating', '1400');
  await guest.page.press('#lobby-min-rating', 'Tab');
  await expect(listed).toHaveCount(1);
  // Erin's game has the standard rules.
  await guest.page.selectOption('#lobby-rules', { label: 'Competition' });
  await expect(listed).toHaveCount(0);
  await guest.page.selectOption('#lobby-rules', { label: 'Standard' });
  await expect(listed).toHaveCount(1);
  await guest.page.selectOption('#lobby-clock', 'blitz');
  await expect(listed).toHaveCount(0, { message: 'a game without a clock is no blitz' });
  for (const { context } of [erin, guest]) await context.close();
});

test('a member whose page is in the background is notified when the opponent moves', async ({ browser }) => {
  // Notifications are allowed; the page's Notification records what it is asked to show, and
  // the page can be sent to the background (document.visibilityState).
  const setUp = async (context) => {
    await context.grantPermissions(['notifications']);
    await context.addInitScript(() => {
      window.shownNotices = [];
      window.Notification = class {
        static permission = 'granted';
        static requestPermission() {
          return Promise.resolve('granted');
        }
        constructor(title, options = {}) {
          window.shownNotices.push({ title, body: options.body, tag: options.tag });
        }
      };
      let hidden = false;
      Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { get: () => hidden });
      window.sendToBackground = () => {
        hidden = true;
        document.dispatchEvent(new Event('visibilitychange'));
      };
    });
  };
  const finn = await member(browser, 'Finn', setUp);
  await finn.page.click('#open-online');
  await finn.page.check('input[name="online-color"][value="blue"]');
  await finn.page.click('#online-create');
  await expect(finn.page.locator('#online-invite')).toHaveValue(/\?online=[a-z0-9]{12}$/);
  const invite = await finn.page.inputValue('#online-invite');
  const id = /online=([a-z0-9]{12})$/.exec(invite)[1];
  const gina = await visitor(browser);
  await gina.page.goto(invite);
  await gina.page.fill('#online-join-name', 'Gina');
  await gina.page.click('#online-join-button');
  await expect(gina.page.locator('#online-status')).toHaveText('You play Red.');
  await expect(finn.page.locator('#online-status')).toHaveText('You play Blue.');

  // Finn asks to be notified (the "Notify me" choice, kept on the device), and leaves the tab.
  await finn.page.evaluate(() => localStorage.setItem('jungle.online.notify', '1'));
  await finn.page.evaluate(() => window.sendToBackground());
  expect(await finn.page.evaluate(() => window.shownNotices)).toEqual([]);
  await move(gina.page, 'a3', 'a4');
  await expect.poll(() => finn.page.evaluate(() => window.shownNotices))
    .toEqual([{ title: 'Your move', body: 'Online against Gina', tag: `game-${id}` }]);
  for (const { context } of [finn, gina]) await context.close();
});
