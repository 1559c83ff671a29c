// Correspondence between club nights (issue 37), against a real jungle-server whose time is a
// test clock (`--test-clock FILE`): the member's "your turn" page (`?games=1`) lists every
// unfinished game of theirs, those at their move first, the least time left first, the time
// written in days and hours (hours and minutes under a day); a member takes days off from the
// account screen's vacation tab, and their opponent sees "on vacation until …" beside their
// name. axe-core checks both screens; screenshots in English, German and Japanese, on a desktop
// and a phone.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, snapshot, lowContrast } = require('./helpers');
const { useClub, member } = require('./club');

const CLOCK = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-co-clock-')), 'clock');
fs.writeFileSync(CLOCK, '0');
const club = useClub({ options: ['--test-clock', CLOCK] });
const AXE = require.resolve('axe-core/axe.min.js');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Moves the club's time `ms` ahead (the server reads the file again as it changes). */
async function advance(page, ms) {
  const offset = Number(fs.readFileSync(CLOCK, 'utf8')) + ms;
  fs.writeFileSync(`${CLOCK}.next`, String(offset));
  fs.renameSync(`${CLOCK}.next`, CLOCK);
  await expect.poll(async () => (await (await page.request.get(`${club.base}api/health`)).json()).now)
    .toBeGreaterThan(Date.now() + offset - 5_000);
}

/** A game of `clock` that `red` (a member's page) creates on red and `blue` joins: its id and both seat tokens. */
async function game(red, blue, clock) {
  const headers = { Origin: new URL(club.base).origin };
  const created = await (await red.request.post(`${club.base}api/games`, { data: { name: 'Red', color: 'red', clock }, headers })).json();
  const joined = await (await blue.request.post(`${club.base}api/games/${created.id}/join`, { data: { name: 'Blue' }, headers })).json();
  return { id: created.id, red: created.token, blue: joined.token };
}

/** Plays `move` as move `ply` of game `id` with seat `token`, over a WebSocket of `page`. */
function play(page, id, token, ply, move) {
  const url = `${club.base.replace(/^http/, 'ws')}api/games/${id}/ws`;
  return page.evaluate((asked) => new Promise((resolve, reject) => {
    const ws = new WebSocket(asked.url);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', token: asked.token }));
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === 'subscribed') ws.send(JSON.stringify({ type: 'move', ply: asked.ply, move: asked.move }));
      else if (msg.type === 'ack') resolve(ws.close());
      else if (msg.type === 'error') reject(new Error(event.data));
    };
  }), { url, token, ply, move });
}

/** axe-core with its default rules over `selector`, and the page's contrast. */
async function expectAccessible(page, selector) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate((root) => window.axe.run(root, { resultTypes: ['violations'] }), selector);
  expect(result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await lowContrast(page)).toEqual([]);
}

test('the your-turn page sorts by time left in days and hours, and a vacation shows beside the name', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await member(browser, club.base, 'Alice', { bypassCSP: true });
  const bob = await member(browser, club.base, 'Bob', { bypassCSP: true });

  // Bob takes three of his 30 days off from the account screen.
  await bob.page.click('#account-tab-vacation');
  await expect(bob.page.locator('#account-panel-vacation > h3')).toHaveText('Vacation');
  await expect(bob.page.locator('#vacation-left')).toHaveText('30 of 30 vacation days left this year');
  await bob.page.fill('#vacation-days', '3');
  await bob.page.click('#vacation-begin');
  await expect(bob.page.locator('#vacation-now')).toContainText('On vacation until');
  await expect(bob.page.locator('#vacation-left')).toHaveText('27 of 30 vacation days left this year');
  await expect(bob.page.locator('#vacation-end')).toBeVisible();
  await expectAccessible(bob.page, '#account-dialog');

  // Alice's games, made so that the latest changed is not the most urgent.
  const day = await game(alice.page, bob.page, { kind: 'correspondence', days: 1 });
  await play(alice.page, day.id, day.red, 0, 'a3a4');
  await play(bob.page, day.id, day.blue, 1, 'a7a6');
  const threeDays = await game(alice.page, bob.page, { kind: 'correspondence', days: 3 });
  const live = await game(alice.page, bob.page, { kind: 'live', seconds: 300, increment: 0 });
  const bobsMove = await game(alice.page, bob.page, { kind: 'correspondence', days: 2 });
  await play(alice.page, bobsMove.id, bobsMove.red, 0, 'a3a4');
  // 18 h 47½ min later Alice's day holds a little over 5 h 12 min (less the real time passing).
  await advance(alice.page, 18 * HOUR + 47.5 * MINUTE);

  const shots = [['en', 'Your games'], ['de', 'Deine Partien'], ['ja', null]];
  for (const [lang, title] of shots) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      await alice.page.setViewportSize(viewport);
      await alice.page.goto(`${club.base}index.html?games=1&lang=${lang}`);
      await expect(alice.page.locator('#my-games')).toBeVisible();
      if (title) await expect(alice.page.locator('#my-games-title')).toHaveText(title);
      const rows = alice.page.locator('#my-games-table tbody tr');
      await expect(rows).toHaveCount(4);
      if (lang === 'en' && size === 'desktop') {
        expect(await rows.evaluateAll((all) => all.map((row) => row.dataset.game))).toEqual([live.id, day.id, threeDays.id, bobsMove.id]);
        // (A few seconds of real time pass too: 5 h 12 min, or 5 h 11 min on a slow machine.)
        await expect(alice.page.locator('#my-games-table .my-games-left')).toHaveText(['5:00', /^5 h 1[12] min$/, '3 d 0 h', '2 d 0 h']);
        await expect(alice.page.locator('#my-games-said')).toHaveText('3 waiting for your move');
        // Bob's vacation beside his name in the correspondence games, not in the live one.
        await expect(alice.page.locator('#my-games-table .my-games-vacation')).toHaveCount(3);
        await expect(rows.nth(1).locator('th')).toContainText('on vacation until');
        await expect(rows.nth(0).locator('.my-games-vacation')).toHaveCount(0);
        // Each game's link opens it (the member's seat: online=<id>), in the page's language.
        await expect(rows.nth(0).locator('a')).toHaveAttribute('href', new RegExp(`\\?lang=en&online=${live.id}$`));
        await expectAccessible(alice.page, '#my-games');
      }
      if (lang === 'de') await expect(alice.page.locator('#my-games-table .my-games-left').nth(1)).toHaveText(/^5 Std\. 1[12] Min\.$/);
      if (lang === 'ja') await expect(alice.page.locator('#my-games-table .my-games-left').nth(2)).toHaveText('3 日 0 時間');
      await snapshot(alice.page, `correspondence-your-turn-${lang}-${size}`);
    }
  }

  // Bob's vacation tab, in each language and size.
  for (const [lang] of shots) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      await bob.page.setViewportSize(viewport);
      await bob.page.goto(`${club.base}index.html?lang=${lang}`);
      await bob.page.click('#open-account');
      await bob.page.click('#account-tab-vacation');
      await expect(bob.page.locator('#vacation-now')).toBeVisible();
      await snapshot(bob.page, `correspondence-vacation-${lang}-${size}`);
    }
  }
  // Ended early, after the day begun: its two whole days not begun come back.
  await bob.page.goto(`${club.base}index.html?lang=en`);
  await bob.page.click('#open-account');
  await bob.page.click('#account-tab-vacation');
  await bob.page.click('#vacation-end');
  await expect(bob.page.locator('#vacation-form')).toBeVisible();
  await expect(bob.page.locator('#vacation-left')).toHaveText('29 of 30 vacation days left this year');
  await alice.context.close();
  await bob.context.close();
});
