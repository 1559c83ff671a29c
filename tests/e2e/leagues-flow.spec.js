// Leagues through the page, against a real jungle-server on a free port with a temporary SQLite
// file: the admin creates a league in the leagues screen, four members join (one from the
// screen), the admin drafts the season into two divisions and starts it from the desk; a member
// starts the game of their pairing from "Your pairings" and lands on its seat; a result the
// director sets changes the standings live (said to screen readers) and in a club's page that
// frames them, whose host is told; the screen and the desk fit a phone, in English and German,
// in screenshots; axe finds no text below AA contrast. (The server takes five sign-ups an hour
// from one address: this spec makes five.)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, lowContrast } = require('./helpers');
const { startServer } = require('./game-server');
const { serve } = require('./static-server');
const { openSignUp } = require('./club');

const PASSWORD = 'correct horse battery';
// The host page of the README's "Embedding" section, keeping what it hears in `messages`.
const HOST_SCRIPT = `
window.messages = [];
const frame = document.getElementById('club');
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.data?.source !== 'jungle') return;
  window.messages.push(event.data);
});
`;

let server;
let base;
let dataDir;
let host;
let hostRoot;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-leagues-'));
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-club-'));
  host = await serve({ root: hostRoot });
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite'), 0, ['--embed-origins', new URL(host.url).origin]));
});

test.afterAll(async () => {
  server?.kill();
  await host?.close();
  for (const dir of [dataDir, hostRoot]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A member `name` signed up in a browser context of their own. */
async function member(browser, name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await openPage(page, `${base}index.html`);
  await openSignUp(page);
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText(`Signed in as ${name}`);
  await page.keyboard.press('Escape');
  return { context, page };
}

/** An API request of `who` (its session cookie) from the club's own page. */
async function api(who, method, apiPath, data) {
  const answer = await who.context.request.fetch(`${base}${apiPath}`, { method, data, headers: { origin: new URL(base).origin } });
  expect(answer.ok(), `${method} ${apiPath}: ${await answer.text()}`).toBe(true);
  // A join's answer (201) has no body.
  return answer.json().catch(() => null);
}

/** Nothing in `selector` of `page` reaches past the window's right edge. */
async function overflow(page, selector) {
  return page.evaluate((sel) => [...document.querySelectorAll(`${sel} *`)]
    .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5).map((node) => node.id || node.tagName), selector);
}

test('a league from the page: created, joined, drafted, started, a game started, standings live and framed', async ({ browser, page }) => {
  const admin = await member(browser, 'Admin');
  await admin.page.click('#open-leagues');
  await expect(admin.page.locator('#leagues-dialog')).toBeVisible();
  await expect(admin.page.locator('#leagues-title')).toBeFocused();
  await admin.page.fill('#league-name', 'Winter league');
  await admin.page.fill('#league-division_size', '2');
  await admin.page.click('#league-form button[type="submit"]');
  await expect(admin.page.locator('#league-title')).toHaveText('Winter league');
  await expect(admin.page.locator('#league-state')).toContainText('Taking members');
  const { leagues: [{ id }] } = await api(admin, 'GET', 'api/leagues');

  // Bob joins from the screen; the others by the API.
  const players = {};
  for (const name of ['Bob', 'Cid', 'Dee', 'Eve']) players[name] = await member(browser, name);
  const bob = players.Bob;
  await openPage(bob.page, `${base}index.html?league=${id}`);
  await bob.page.click('#league-join');
  await expect(bob.page.locator('#league-leave')).toBeVisible();
  for (const name of ['Cid', 'Dee', 'Eve']) await api(players[name], 'POST', `api/leagues/${id}/members`);

  // The director drafts (two divisions of two) and starts the season from the desk.
  await admin.page.click('#league-draft');
  await expect(admin.page.locator('.league-division')).toHaveCount(2);
  await expect(admin.page.locator('#league-state')).toContainText('Season 1 drafted');
  await admin.page.click('#league-start');
  await expect(admin.page.locator('#league-state')).toContainText('Season 1 in play');
  await expect(admin.page.locator('#league-result-pairing option')).toHaveCount(2);

  // Bob's pairing, live in his screen: he starts its game and lands on his seat.
  await expect(bob.page.locator('#league-mine-title')).toHaveText('Your pairings');
  await expect(bob.page.locator('.league-mine li')).toContainText(/deadline in (6 d 23|7 d 0) h/);
  await expect(bob.page.locator('.league-start')).toBeVisible();
  expect(await lowContrast(bob.page)).toEqual([]);
  await bob.page.screenshot({ path: 'test-results/screens/league-member.png', fullPage: true });
  await bob.page.click('.league-start');
  await expect(bob.page).toHaveURL(/[?&]online=[a-z0-9]{12}/);
  await expect(bob.page.locator('#online-title')).toBeVisible();

  // A club's page frames the standings (420 px); the director sets Bob's result: the frame, its
  // host and Bob's screen (said to screen readers) follow.
  await openPage(bob.page, `${base}index.html?league=${id}`);
  await expect(bob.page.locator('.league-play')).toHaveText('Play');
  const src = `${base}index.html?embed=1&league=${id}`.replace(/&/g, '&amp;');
  fs.writeFileSync(path.join(hostRoot, 'host.js'), HOST_SCRIPT);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><title>Club</title>
<iframe id="club" src="${src}" width="420" height="500" title="League standings"></iframe>
<script src="host.js"></script>`);
  await page.goto(host.url);
  const frame = page.frameLocator('#club');
  await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
  await expect(frame.locator('.league-table')).toHaveCount(2);
  const league = await api(admin, 'GET', `api/leagues/${id}`);
  const mine = league.pairings.find((p) => p.red === 'Bob' || p.blue === 'Bob');
  const value = `${mine.division}-${mine.round}-${mine.board}`;
  await admin.page.selectOption('#league-result-pairing', value);
  await admin.page.selectOption('#league-result-value', mine.red === 'Bob' ? 'red' : 'blue');
  await admin.page.click('#league-result');
  await expect(bob.page.locator('#leagues-said')).toHaveText('Standings updated.');
  const first = (scope) => scope.locator(`#league-division-${mine.division}`).locator('..').locator('tbody tr').first();
  await expect(first(bob.page)).toContainText('Bob');
  await expect(first(frame)).toContainText('Bob');
  await expect(first(frame)).toContainText('1');
  await expect.poll(async () => {
    const told = await page.evaluate(() => window.messages.filter((m) => m.type === 'league-standings'));
    return told.at(-1)?.divisions?.[mine.division - 1]?.standings?.[0]?.name;
  }).toBe('Bob');
  await page.screenshot({ path: 'test-results/screens/league-embed.png' });
  expect(await lowContrast(admin.page)).toEqual([]);
  await admin.page.screenshot({ path: 'test-results/screens/league-desk.png', fullPage: true });

  // A phone, in English and German: nothing wider than the screen.
  for (const lang of ['en', 'de']) {
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await openPage(admin.page, `${base}index.html?lang=${lang}&league=${id}`);
    await expect(admin.page.locator('#league-desk')).toBeVisible();
    expect(await overflow(admin.page, '#leagues-dialog')).toEqual([]);
    await admin.page.screenshot({ path: `test-results/screens/league-desk-phone-${lang}.png`, fullPage: true });
  }
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await openPage(bob.page, `${base}index.html?lang=de&league=${id}`);
  await expect(bob.page.locator('#league-mine-title')).toHaveText('Deine Paarungen');
  expect(await overflow(bob.page, '#leagues-dialog')).toEqual([]);
  await bob.page.screenshot({ path: 'test-results/screens/league-member-phone-de.png', fullPage: true });
  await admin.page.setViewportSize({ width: 1280, height: 800 });
  await openPage(admin.page, `${base}index.html?lang=de&league=${id}`);
  await admin.page.screenshot({ path: 'test-results/screens/league-desk-de.png', fullPage: true });
  for (const one of [admin, ...Object.values(players)]) await one.context.close();
});
