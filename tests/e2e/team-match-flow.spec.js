// A 4-board team match played through the page by members who signed up with passkeys
// (Chromium's virtual authenticator), against a real jungle-server: two captains make their
// teams and add their members by name, Lions' captain proposes the match and gives a line-up,
// Tigers' captain accepts it (Tigers lined up by rating) and starts it; each Red player goes
// from the match screen to their board and the boards end (a win, a forfeit before the first
// move, two resignations); a club's page frames the match (`?embed=1&match=ID`) and its score
// follows live, told to the host page. Screens are kept at desktop and phone size, in English
// and German, and checked for contrast.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, move, expectPly, lowContrast } = require('./helpers');
const { useClub, passkeyMember } = require('./club');
const { serve } = require('./static-server');

const HOST_SCRIPT = `
window.messages = [];
window.addEventListener('message', (event) => {
  if (event.source === document.getElementById('match').contentWindow && event.data?.source === 'jungle') window.messages.push(event.data);
});
`;

let host;
let hostRoot;

test.beforeAll(async () => {
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-team-site-'));
  host = await serve({ root: hostRoot });
});
// Eight members sign up: each from an address of their own, as a proxy the club trusts says
// (the sign-ups per address are limited).
const club = useClub({ localhost: true, options: () => ['--embed-origins', new URL(host.url).origin, '--trust-proxy', '127.0.0.1'] });

test.afterAll(async () => {
  await host?.close();
  if (hostRoot) fs.rmSync(hostRoot, { recursive: true, force: true });
});

/** `captain` makes team `name` and adds `members` by name through the teams screen. */
async function makeTeam(captain, name, members) {
  await captain.page.click('#open-teams');
  await captain.page.fill('#team-name', name);
  await captain.page.press('#team-name', 'Enter');
  await expect(captain.page.locator('#team-title')).toHaveText(name);
  for (const member of members) {
    await captain.page.fill('#team-member-name', member);
    await captain.page.press('#team-member-name', 'Enter');
    await expect(captain.page.locator('#team-members')).toContainText(member);
  }
}

/** A club's page framing match `id` at 420 px. */
async function openHost(page, id) {
  fs.writeFileSync(path.join(hostRoot, 'host.js'), HOST_SCRIPT);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><html data-ready="yes"><title>Club</title><link rel="icon" href="data:,">
<iframe id="match" src="${club.base}index.html?embed=1&amp;match=${id}" width="420" height="520" title="Lions against Tigers"></iframe>
<script src="host.js"></script>`);
  await page.setViewportSize({ width: 480, height: 560 });
  await openPage(page, host.url);
  const frame = page.frameLocator('#match');
  await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
  return frame;
}

test('passkey captains make teams and a 4-board match; the boards are played from the match screen and the framed score follows live', async ({ browser, page }) => {
  test.setTimeout(180_000);
  // The first member is the club's admin: here Tigers' captain.
  let address = 0;
  const signUp = (name) => {
    address += 1;
    return passkeyMember(browser, club.base, name, undefined, { extraHTTPHeaders: { 'X-Forwarded-For': `10.0.0.${address}` } });
  };
  const tina = await signUp('Tina');
  const leo = await signUp('Leo');
  const lions = [leo];
  const tigers = [tina];
  for (const name of ['Lara', 'Luis', 'Lena']) lions.push(await signUp(name));
  for (const name of ['Tom', 'Theo', 'Tara']) tigers.push(await signUp(name));
  const byName = Object.fromEntries([...lions, ...tigers].map((one) => [one.name, one]));

  await makeTeam(leo, 'Lions', ['Lara', 'Luis', 'Lena']);
  await makeTeam(tina, 'Tigers', ['Tom', 'Theo', 'Tara']);

  // Leo proposes the match (Lions at home) and lines his team up.
  await leo.page.click('.team-back');
  await leo.page.selectOption('#team-match-home', { label: 'Lions' });
  await leo.page.selectOption('#team-match-away', { label: 'Tigers' });
  await leo.page.click('#team-match-form button[type="submit"]');
  await expect(leo.page.locator('#team-match-state')).toContainText('Proposed');
  await expect(leo.page.locator('#team-match-accept')).toHaveCount(0);
  const order = ['Lena', 'Leo', 'Lara', 'Luis'];
  for (const [i, name] of order.entries()) await leo.page.selectOption(`#team-line-up-${i + 1}`, name);
  await leo.page.click('#team-line-up button[type="submit"]');
  await expect(leo.page.locator('#teams-error')).toHaveText('');
  const { matches: [listed] } = await (await leo.page.request.get(`${club.base}api/team-matches`)).json();
  const id = listed.id;
  expect(listed.line_ups_given).toEqual({ home: true, away: false });

  // Screens kept: the teams screen (desktop, then phone; English, then German).
  await leo.page.screenshot({ path: 'test-results/screens/team-match-proposed-desktop.png' });
  const frame = await openHost(page, id);
  await expect(frame.locator('#team-embed-score')).toHaveText('Lions 0 – 0 Tigers');

  // Tina accepts and starts it: the boards, colours alternating from Red for Lions on board 1.
  await openPage(tina.page, `${club.base}index.html`);
  await tina.page.click('#open-teams');
  await tina.page.click('#team-matches-list button');
  await tina.page.click('#team-match-accept');
  await expect(tina.page.locator('#team-match-state')).toContainText('Accepted');
  await tina.page.click('#team-match-start');
  const rows = tina.page.locator('.team-boards tbody tr');
  await expect(rows).toHaveCount(4);
  for (const [i, name] of order.entries()) {
    await expect(rows.nth(i).locator('td').nth(1)).toContainText(name);
    await expect(rows.nth(i).locator('td').nth(1)).toContainText(i % 2 === 0 ? 'Red' : 'Blue');
  }
  await expect(frame.locator('.team-boards tbody tr')).toHaveCount(4);
  // The desk is the club admin's alone: Tina may set a board's result by hand, Leo may not.
  await expect(tina.page.locator('#team-desk-board option')).toHaveCount(4);
  await expect(leo.page.locator('.team-boards tbody tr')).toHaveCount(4);
  await expect(leo.page.locator('#team-desk')).toHaveCount(0);
  const match = await (await tina.page.request.get(`${club.base}api/team-matches/${id}`)).json();

  // Each player opens their board from the match screen: "Play" goes to their own seat.
  const seats = [];
  for (const board of match.boards) {
    const home = byName[board.home];
    const away = byName[board.away];
    const [red, blue] = board.home_color === 'red' ? [home, away] : [away, home];
    for (const [one, side] of [[red, 'Red'], [blue, 'Blue']]) {
      await openPage(one.page, `${club.base}index.html`);
      await one.page.click('#open-teams');
      await one.page.click('#team-matches-list button');
      await one.page.click(`.team-boards tr[data-board="${board.board}"] a.team-game`);
      await expect(one.page.locator('#online-status')).toHaveText(`You play ${side}.`);
    }
    seats.push({ red, blue });
  }
  // Board 2: Red (Tigers) resigns before moving: a forfeit. Boards 1, 3 and 4: Blue resigns
  // once both have moved (Lions win 1 and 3, Tigers 4).
  const resign = async (one) => {
    await one.page.click('#online-resign');
    await one.page.click('#confirm-yes');
  };
  for (const [i, { red, blue }] of seats.entries()) {
    if (i === 1) {
      await resign(red);
    } else {
      await move(red.page, 'a3', 'a4');
      await expectPly(blue.page, 1);
      await move(blue.page, 'a7', 'a6');
      await expectPly(red.page, 2);
      await resign(blue);
    }
    await expect(red.page.locator('#banner-title')).toBeVisible();
  }
  // Board 1 Lions Red win, board 2 Lions Blue: Red (Tigers) forfeits, board 3 Lions Red win,
  // board 4 Lions Blue: Blue resigns, Tigers win. 3–1.
  await expect(frame.locator('#team-embed-score')).toHaveText('Lions 3 – 1 Tigers');
  await expect(frame.locator('#team-embed-state')).toContainText('Lions wins');
  const results = frame.locator('.team-boards tbody td.team-result');
  await expect(results).toHaveText(['1–0', '+–−', '1–0', '0–1']);
  await expect.poll(() => page.evaluate(() => window.messages.some((m) => m.type === 'team-match-finished' && m.outcome === 'home'))).toBe(true);
  const scores = await page.evaluate(() => window.messages.filter((m) => m.type === 'team-match').map((m) => `${m.score.home}-${m.score.away}`));
  expect(scores.length).toBeGreaterThan(2);
  await page.screenshot({ path: 'test-results/screens/team-match-embed.png' });

  // The match screen at the end: desktop and phone, English and German.
  await openPage(leo.page, `${club.base}index.html`);
  await leo.page.click('#open-teams');
  await leo.page.click('#team-matches-list button');
  await expect(leo.page.locator('#team-match-score')).toHaveText('Lions 3 – 1 Tigers');
  await leo.page.screenshot({ path: 'test-results/screens/team-match-desktop-en.png' });
  await leo.page.setViewportSize({ width: 390, height: 844 });
  await leo.page.screenshot({ path: 'test-results/screens/team-match-phone-en.png' });
  await openPage(leo.page, `${club.base}index.html?lang=de`);
  await leo.page.click('#open-teams');
  await leo.page.click('#team-matches-list button');
  await expect(leo.page.locator('#team-match-state')).toContainText('Lions gewinnt');
  await leo.page.screenshot({ path: 'test-results/screens/team-match-phone-de.png' });
  await leo.page.setViewportSize({ width: 1280, height: 800 });
  await leo.page.screenshot({ path: 'test-results/screens/team-match-desktop-de.png' });

  // Contrast of the match screen and the embed, seen by a guest (axe-core added to the page).
  const guest = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  const viewer = await guest.newPage();
  await openPage(viewer, `${club.base}index.html?embed=1&match=${id}`);
  await expect(viewer.locator('#team-embed-score')).toHaveText('Lions 3 – 1 Tigers');
  expect(await lowContrast(viewer)).toEqual([]);
  await openPage(viewer, `${club.base}index.html`);
  await viewer.click('#open-teams');
  await viewer.click('#team-matches-list button');
  await expect(viewer.locator('.team-boards tbody tr')).toHaveCount(4);
  expect(await lowContrast(viewer)).toEqual([]);
  await guest.close();
  for (const one of [...lions, ...tigers]) await one.context.close();
});
