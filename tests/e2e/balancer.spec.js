// A club of three instances on one PostgreSQL database behind HAProxy, run from the
// configuration a club admin installs (tests/e2e/haproxy.js): two members play in real pages
// through HAProxy's one address, and the instance they are on is killed (kill -9) mid-game.
// Their pages reconnect to another instance; the move made meanwhile is acknowledged within 2 s
// of being made; the mover's clock is charged their thinking time only; and each page shows
// the other player as they are: away while cut off, connected again at once when back.
const { test, expect, openPage, move, expectPly } = require('./helpers');
const { useClub, signUp } = require('./club');
const { startServer } = require('./game-server');
const { startHaproxy, websocketsOn } = require('./haproxy');

const INSTANCE_OPTIONS = ['--trust-proxy', '127.0.0.1'];
const club = useClub({ instances: 3, options: INSTANCE_OPTIONS });
/** @type {{url: string, stop: () => void}} */
let proxy;

test.beforeAll(async () => {
  proxy = await startHaproxy(club.bases);
});

test.afterAll(() => proxy?.stop());

// A page cut off from the network says so in the console while it tries again: its socket, its
// requests, and the browser's look for a new version of the service worker.
const CUT_OFF = [/WebSocket connection to .* failed/, /Failed to load resource: net::ERR_/,
  /An unknown error occurred when fetching the script/];

/** A member's own browser at the club's page through HAProxy, signed up as `name`. */
async function member(browser, name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openPage(page, `${proxy.url}index.html`, { allowErrors: CUT_OFF });
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  await signUp(page, name);
  await page.click('#account-dialog .dialog-close');
  return { context, page };
}

/** The instances (their index in `club.servers`) that hold a game WebSocket now. */
async function instancesInUse() {
  const counts = await Promise.all(club.bases.map((base, n) => (club.servers[n].exitCode === null && club.servers[n].signalCode === null ? websocketsOn(base) : 0)));
  return counts.flatMap((count, n) => (count > 0 ? [n] : []));
}

/** Starts instance `n` again on its port, as a supervisor would after it died. */
async function restart(n) {
  const { child } = await startServer(club.postgres.url, Number(new URL(club.bases[n]).port), INSTANCE_OPTIONS);
  club.servers[n] = child;
}

/** Ana (Red, `name1`) creates a game through the page, with a 2-minute clock if `timed`; Ben (`name2`) joins it. */
async function twoMembersPlay(browser, name1, name2, timed) {
  const red = await member(browser, name1);
  const blue = await member(browser, name2);
  await red.page.click('#open-online');
  await red.page.check('input[name="online-color"][value="red"]');
  if (timed) {
    await red.page.selectOption('#online-clock', 'live');
    await red.page.fill('#online-minutes', '2');
    await red.page.fill('#online-increment', '0');
  }
  await red.page.click('#online-create');
  await expect(red.page.locator('#online-invite')).toHaveValue(/\?online=[a-z0-9]{12}$/);
  const invite = await red.page.inputValue('#online-invite');
  await blue.page.goto(invite);
  await blue.page.click('#online-join-button');
  await expect(blue.page.locator('#online-status')).toHaveText('You play Blue.');
  return { red, blue, invite, id: /online=([a-z0-9]{12})$/.exec(invite)[1] };
}

/** The side `side`'s time left on the server, in ms. */
async function timeLeft(id, side) {
  const game = await (await fetch(`${proxy.url}api/games/${id}`)).json();
  return game.clocks[side];
}

/** What `page` shows of `side`'s connection. */
function presence(page, side) {
  return page.locator(`.online-player[data-side="${side}"]`);
}

/** Notes in `page` every connection state it shows for `side` from now on (window.shownPresence). */
async function notePresence(page, side) {
  await page.evaluate((seat) => {
    const player = document.querySelector(`.online-player[data-side="${seat}"]`);
    const shown = [player.getAttribute('data-connected')];
    Object.assign(window, { shownPresence: shown });
    new MutationObserver(() => shown.push(player.getAttribute('data-connected')))
      .observe(player, { attributes: true, attributeFilter: ['data-connected'] });
  }, side);
}

test('the instance two members play on is killed: they go on elsewhere, the move made meanwhile is acknowledged within 2 s, the clock charges thinking time only, presence stays true', async ({ browser }) => {
  test.setTimeout(90_000);
  const { red: ana, blue: ben, id } = await twoMembersPlay(browser, 'Ana', 'Ben', true);
  await move(ana.page, 'a3', 'a4');
  await expectPly(ben.page, 1);
  await move(ben.page, 'a7', 'a6');
  await expectPly(ana.page, 2);
  // Ben's clock runs from Ana's next move, which his page shows at `seen`.
  await move(ana.page, 'a4', 'a5');
  await expectPly(ben.page, 3);
  const seen = Date.now();
  // Each sees the other connected at once, whichever instances they are on.
  await expect(presence(ana.page, 'blue')).toHaveAttribute('data-connected', 'true', { timeout: 2_000 });
  await expect(presence(ben.page, 'red')).toHaveAttribute('data-connected', 'true', { timeout: 2_000 });
  await notePresence(ana.page, 'blue');

  // Ben thinks a second; the instances the two are on die. His network is away a second
  // too (a phone), so that his page comes back well after the instance died: what that time
  // cost his clock shows clearly.
  await new Promise((resolve) => { setTimeout(resolve, 1000); });
  const used = await instancesInUse();
  expect(used.length).toBeGreaterThan(0);
  await ben.context.setOffline(true);
  const killed = Date.now();
  for (const n of used) club.servers[n].kill('SIGKILL');
  await expect(ben.page.locator('#online-status')).toContainText('Connection lost');
  await move(ben.page, 'a6', 'a5');
  const made = Date.now();
  await expect(ben.page.locator('#squares [data-square="a5"][data-pending]')).toHaveCount(1);
  await new Promise((resolve) => { setTimeout(resolve, 1000); });
  await ben.context.setOffline(false);
  // Acknowledged within 2 s of being made, through another instance.
  await ben.page.waitForFunction(() => window.jungle.snapshot.online?.pending == null && window.jungle.snapshot.history.length === 4, null, { polling: 'raf', timeout: 5_000 });
  const acknowledged = Date.now();
  expect(acknowledged - made, 'from the move made to its acknowledgement (ms)').toBeLessThan(2_000);
  await expectPly(ana.page, 4);
  for (const page of [ana.page, ben.page]) {
    expect(await page.evaluate(() => window.jungle.snapshot.history.map((entry) => entry.move))).toEqual(['a3a4', 'a7a6', 'a4a5', 'a6a5']);
  }

  // Ben's clock: charged his thinking time, from the move shown to the move made, and not
  // the time his page was cut off. The tolerance, 500 ms, covers the trips of Ana's move to
  // his page and of his move back, which every move's clock counts, on a busy machine; the
  // second his page was away (and the time until HAProxy found another instance) is more.
  const thinking = made - seen;
  const full = 120_000;
  await expect.poll(async () => full - (await timeLeft(id, 'blue')), { timeout: 8_000, message: `charged within 500 ms of ${thinking} ms of thinking` })
    .toBeLessThanOrEqual(thinking + 500);
  // Not less than the thinking before the instance died (its last sign of life came at most
  // a heartbeat, 500 ms, before the kill).
  expect(full - await timeLeft(id, 'blue')).toBeGreaterThanOrEqual(killed - seen - 700);

  // Both pages show both players connected again, and Ana's page never showed Ben away
  // while his page was connected (only while it was cut off, if at all).
  await expect(presence(ana.page, 'blue')).toHaveAttribute('data-connected', 'true');
  await expect(presence(ben.page, 'red')).toHaveAttribute('data-connected', 'true');
  await move(ana.page, 'g3', 'g4');
  await expectPly(ben.page, 5);
  await expect(presence(ana.page, 'blue')).toHaveAttribute('data-connected', 'true');
  // Ben came back before his instance was found lost: Ana's page never showed him away
  // (while her own page was cut off, it showed "unknown").
  expect(await ana.page.evaluate(() => /** @type {any} */ (window).shownPresence)).not.toContain('false');

  // The killed instances come back (a supervisor restarts them).
  for (const n of used) await restart(n);
  for (const { context } of [ana, ben]) await context.close();
});

/**
 * Opens the game again in `page` (Blue's) until HAProxy puts its WebSocket on another instance
 * than Red's (it goes to the instance with the fewest connections); that instance.
 */
async function apart(page, invite) {
  for (let tries = 0; tries < 6; tries += 1) {
    await page.goto('about:blank');
    const reds = await instancesInUse();
    await openPage(page, invite, { allowErrors: CUT_OFF });
    await expect(page.locator('#online-status')).toHaveText('You play Blue.');
    const blues = (await instancesInUse()).filter((n) => !reds.includes(n));
    if (blues.length === 1) return blues[0];
  }
  throw new Error('HAProxy kept both players on one instance');
}

test("while a member's instance is down, the other sees them away within a few seconds, and connected at once when back elsewhere", async ({ browser }) => {
  test.setTimeout(60_000);
  const { red: cy, blue: di, invite } = await twoMembersPlay(browser, 'Cyd', 'Dina', false);
  await move(cy.page, 'a3', 'a4');
  await expectPly(di.page, 1);
  const disInstance = await apart(di.page, invite);
  await expect(presence(cy.page, 'blue')).toHaveAttribute('data-connected', 'true');

  // Di's network goes, and her instance dies with her connection on it.
  await di.context.setOffline(true);
  const killed = Date.now();
  club.servers[disInstance].kill('SIGKILL');
  await expect(presence(cy.page, 'blue')).toHaveAttribute('data-connected', 'false', { timeout: 10_000 });
  expect(Date.now() - killed, 'from the kill to Di shown away (ms)').toBeLessThan(5_000);

  // Her network is back: her page is on another instance at once, and Cy sees her connected.
  await di.context.setOffline(false);
  const back = Date.now();
  await expect(presence(cy.page, 'blue')).toHaveAttribute('data-connected', 'true');
  expect(Date.now() - back, "from Di's return to Di shown connected (ms)").toBeLessThan(2_000);
  await move(di.page, 'a7', 'a6');
  await expectPly(cy.page, 2);
  await restart(disInstance);
  for (const { context } of [cy, di]) await context.close();
});
