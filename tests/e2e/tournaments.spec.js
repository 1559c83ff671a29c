// Tournaments through the page, against a real jungle-server (the binary scripts/test-web
// builds) on a free port with a temporary SQLite file: an admin creates a round robin in the
// tournaments screen, two members register from their own browsers, the admin starts it, and the
// standings show on every page, live; a club's host page (on its own origin) frames the live
// standings, which change when a result is entered and are posted to the host; the framed
// leaderboard lists members once a rated game between them has counted (the club lists members
// from their first rated game); the list of tournaments comes a page at a time, the finished ones
// after the open ones. (The server takes five sign-ups an hour from one address: these tests make
// five.)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage } = require('./helpers');
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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-tournaments-'));
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-club-'));
  host = await serve({ root: hostRoot });
  // The club's site is one the server lets frame its pages (and no other: cross-site.spec.js);
  // its leaderboard lists members from their first rated game.
  const options = ['--embed-origins', new URL(host.url).origin, '--leaderboard-games', '1'];
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite'), 0, options));
});

test.afterAll(async () => {
  server?.kill();
  await host?.close();
  for (const dir of [dataDir, hostRoot]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A member `name` signed up in a browser context of their own, at the page's `query`. */
async function member(browser, name, query = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openPage(page, `${base}index.html`);
  await openSignUp(page);
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText(`Signed in as ${name}`);
  await page.keyboard.press('Escape');
  if (query) await openPage(page, `${base}index.html${query}`);
  return { context, page };
}

/** An API request of `who` (its session cookie) from the club's own page. */
async function api(who, method, apiPath, data) {
  const origin = new URL(base).origin;
  const answer = await who.context.request.fetch(`${base}${apiPath}`, { method, data, headers: { origin } });
  expect(answer.ok(), `${method} ${apiPath}: ${await answer.text()}`).toBe(true);
  return answer.status() === 204 ? null : answer.json();
}

/** A host page (on its own origin) framing the club's page at `query`. */
async function openHost(page, query, width = 420) {
  const src = `${base}index.html?${query}`.replace(/&/g, '&amp;');
  fs.writeFileSync(path.join(hostRoot, 'host.js'), HOST_SCRIPT);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><title>Club</title>
<iframe id="club" src="${src}" width="${width}" height="400" title="Club standings"></iframe>
<script src="host.js"></script>`);
  await page.goto(host.url);
  const frame = page.frameLocator('#club');
  await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
  return frame;
}

test('a round robin from the page: created, registered, started, standings live; then framed on a club’s page', async ({ browser, page }) => {
  const admin = await member(browser, 'Admin');
  await admin.page.click('#open-tournaments');
  await expect(admin.page.locator('#tournaments-dialog')).toBeVisible();
  await admin.page.fill('#tournament-name', 'Club cup');
  await admin.page.selectOption('#tournament-format', 'round-robin');
  await expect(admin.page.locator('#tournament-rounds')).toBeHidden();
  await admin.page.click('#tournament-create-submit');
  await expect(admin.page.locator('#tournament-title')).toHaveText('Club cup');
  await expect(admin.page.locator('#tournament-title')).toBeFocused();
  const id = new URL(admin.page.url()).searchParams.get('tournament');
  expect(id).toMatch(/^[a-z0-9]{12}$/);

  // The members open the tournament's link, and register.
  const bob = await member(browser, 'Bob', `?tournament=${id}`);
  const cid = await member(browser, 'Cid', `?tournament=${id}`);
  for (const one of [bob, cid]) {
    await expect(one.page.locator('#tournament-title')).toHaveText('Club cup');
    await one.page.click('#tournament-register');
    await expect(one.page.locator('#tournament-withdraw')).toBeVisible();
    await expect(one.page.locator('#tournament-next')).toContainText('Registered');
  }
  // The admin's page was told, without a reload.
  await expect(admin.page.locator('#tournament-standings')).toContainText('Bob');
  await expect(admin.page.locator('#tournament-standings')).toContainText('Cid');

  await admin.page.click('#tournament-start');
  await expect(admin.page.locator('#tournament-status')).toContainText('round 1 of 1');
  await expect(bob.page.locator('#tournament-boards')).toContainText('Cid');
  await expect(bob.page.locator('#tournament-next')).toContainText('Your next game: board 1');
  await expect(bob.page.locator('#tournaments-said')).toHaveText('Round 1 has started.');
  await expect(cid.page.locator('#tournament-standings caption')).toHaveText('Crosstable');
  // A round robin takes no late entry: the admin, who does not play, is not offered one.
  await expect(admin.page.locator('#tournament-register')).toHaveCount(0);

  // A club's page frames the standings; a result entered by the admin reaches it, and its host.
  // It is the last of the tournament's one round: the server's director then finishes it.
  const frame = await openHost(page, `embed=1&tournament=${id}`);
  await expect(frame.locator('#tournament-standings')).toContainText('Bob');
  const [board] = (await api(admin, 'GET', `api/tournaments/${id}`)).pairings;
  await api(admin, 'PUT', `api/tournaments/${id}/results`, { round: 1, board: board.board, result: 'red' });
  const winner = board.red === 1 ? 'Bob' : 'Cid';
  await expect(frame.locator('#tournament-standings tbody tr').first()).toContainText(winner);
  await expect(frame.locator('#tournament-standings tbody tr').first().locator('td').last()).toHaveText('1');
  await expect(bob.page.locator('#tournament-standings tbody tr').first()).toContainText(winner);
  await expect(bob.page.locator('#tournaments-said')).toHaveText('The tournament is over.');
  await expect(bob.page.locator('#tournament-status')).toContainText('finished');
  await expect.poll(async () => {
    const told = await page.evaluate(() => window.messages.filter((m) => m.type === 'standings'));
    return told.at(-1)?.standings?.[0]?.points;
  }).toBe(1);
  await page.screenshot({ path: 'test-results/screens/tournament-embed.png' });

  await expect.poll(() => page.evaluate(() => window.messages.some((m) => m.type === 'tournament-finished'))).toBe(true);

  // The list comes 20 at a time, the open tournaments first: the finished cup is on the next page.
  for (let n = 1; n <= 20; n += 1) await api(admin, 'POST', 'api/tournaments', { name: `Night ${n}`, format: 'arena' });
  await admin.page.click('#tournaments-back');
  const upcoming = admin.page.locator('section[aria-labelledby="tournaments-upcoming"] li');
  const finished = admin.page.locator('section[aria-labelledby="tournaments-finished"]');
  await expect(upcoming).toHaveCount(20);
  await expect(finished).not.toContainText('Club cup');
  await admin.page.click('#tournaments-more');
  await expect(finished.locator('li')).toHaveText([/^Club cup/]);
  await expect(upcoming).toHaveCount(20);
  await expect(admin.page.locator('#tournaments-more')).toHaveCount(0);
  await expect(admin.page.locator('#tournaments-finished')).toBeFocused();
  for (const one of [admin, bob, cid]) await one.context.close();
});

test('a bad tournament or leaderboard link is said in the screen and in a frame, and told to the host', async ({ page }) => {
  const said = 'This link names no tournament: check the address.';
  // The frames below are refused by the server (404, 400): the browser logs it.
  await openPage(page, `${base}index.html?tournament=not-an-id`, { allowErrors: [/404 \(Not Found\)/, /400 \(Bad Request\)/] });
  await expect(page.locator('#tournaments-error')).toHaveText(said);
  await expect(page.locator('#tournaments-running')).toBeVisible();
  for (const [id, code] of [['not-an-id', 'bad_link'], ['a2345678abcd', 'not_found']]) {
    const frame = await openHost(page, `embed=1&tournament=${id}`);
    await expect(frame.locator('[role="alert"]')).toHaveText(said);
    // The host is told too (it heard nothing before).
    await expect.poll(() => page.evaluate(() => window.messages)).toEqual([{ source: 'jungle', type: 'error', code, message: said }]);
  }
  const frame = await openHost(page, `embed=1&leaderboard=${encodeURIComponent('cats-fly=yes')}`);
  const unknown = 'This link names rules the club does not know: check the address.';
  await expect(frame.locator('[role="alert"]')).toHaveText(unknown);
  await expect.poll(() => page.evaluate(() => window.messages)).toEqual([{ source: 'jungle', type: 'error', code: 'bad_field', message: unknown }]);
});

test('the framed leaderboard lists the members once a rated game between them counts', async ({ browser, page }) => {
  const frame = await openHost(page, 'embed=1&leaderboard=');
  const red = await member(browser, 'Erin');
  const blue = await member(browser, 'Finn');
  const created = await api(red, 'POST', 'api/games', { name: 'Erin', color: 'red', rated: true, clock: { kind: 'correspondence', days: 1 } });
  const joined = await api(blue, 'POST', `api/games/${created.id}/join`, { name: 'Finn' });
  // Over the game's WebSockets, from Finn's page, each side moves (a game counts only then),
  // and Blue resigns.
  await blue.page.evaluate(({ id, redToken, blueToken }) => new Promise((resolve) => {
    const open = (token, onMessage) => {
      const socket = new WebSocket(new URL(`api/games/${id}/ws`, document.baseURI).href.replace(/^http/, 'ws'));
      socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', token }));
      socket.onmessage = ({ data }) => onMessage(socket, JSON.parse(data));
    };
    open(redToken, (reds, first) => {
      if (first.type !== 'subscribed') return;
      open(blueToken, (blues, message) => {
        const send = (/** @type {object} */ body) => blues.send(JSON.stringify(body));
        if (message.type === 'subscribed') reds.send(JSON.stringify({ type: 'move', ply: 0, move: 'b2c2' }));
        if (message.type === 'moved' && message.ply === 0) send({ type: 'move', ply: 1, move: 'a9a8' });
        if (message.type === 'ack' && message.ply === 1) send({ type: 'resign' });
        if (message.type === 'state' && message.game.status === 'over') resolve(undefined);
      });
    });
  }), { id: created.id, redToken: created.token, blueToken: joined.token });
  await expect(frame.locator('#live-leaderboard tbody tr')).toHaveCount(2);
  await expect(frame.locator('#live-leaderboard tbody tr').first()).toContainText('Erin');
  await expect.poll(() => page.evaluate(() => window.messages.at(-1)?.players?.length)).toBe(2);
  for (const one of [red, blue]) await one.context.close();
});
