// A tournament played through the page by members who signed up with passkeys, against a real
// jungle-server on a free port (opened at http://localhost, the passkeys' default relying
// party) with Chromium's virtual authenticator: the admin creates a round robin, Ana and Ben
// register, the admin starts it, each is taken from "your next game" to the board and they
// play; a club's page frames the live standings twice, wide (with the round's game as a small
// board that follows the moves) and narrow (the standings alone), and both follow the game to
// its end, as do the players' standings.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, move, expectPly } = require('./helpers');
const { useClub, addAuthenticator, openSignUp } = require('./club');
const { serve } = require('./static-server');

// The host page of the README's "Embedding" section with two frames, keeping what each tells.
const HOST_SCRIPT = `
window.messages = { wide: [], narrow: [] };
window.addEventListener('message', (event) => {
  for (const id of ['wide', 'narrow']) {
    if (event.source === document.getElementById(id).contentWindow && event.data?.source === 'jungle') window.messages[id].push(event.data);
  }
});
`;

let host;
let hostRoot;

test.beforeAll(async () => {
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-club-site-'));
  host = await serve({ root: hostRoot });
});
// Started after the host (hooks run in order), which is the one site it lets frame its pages.
const club = useClub({ localhost: true, options: () => ['--embed-origins', new URL(host.url).origin] });

test.afterAll(async () => {
  await host?.close();
  if (hostRoot) fs.rmSync(hostRoot, { recursive: true, force: true });
});

/** A member `name` signed up with a passkey in a browser of their own: {context, page}. */
async function passkeyMember(browser, name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await addAuthenticator(context, page);
  await openPage(page, `${club.base}index.html`);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  await openSignUp(page);
  await page.fill('#passkey-name', name);
  await page.click('#passkey-signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText(`Signed in as ${name}`);
  await page.click('#account-dialog .dialog-close');
  return { context, page };
}

/** A club's page (on its own origin) framing tournament `id` in a wide and a narrow frame. */
async function openHost(page, id) {
  const src = `${club.base}index.html?embed=1&amp;tournament=${id}`;
  fs.writeFileSync(path.join(hostRoot, 'host.js'), HOST_SCRIPT);
  // Ready from the start (openPage waits for it, and fails the test on an error in a frame).
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><html data-ready="yes"><title>Club</title><link rel="icon" href="data:,">
<iframe id="wide" src="${src}" width="900" height="560" title="Spring cup, with its games"></iframe>
<iframe id="narrow" src="${src}" width="420" height="560" title="Spring cup"></iframe>
<script src="host.js"></script>`);
  await page.setViewportSize({ width: 1360, height: 620 });
  await openPage(page, host.url);
  const frames = { wide: page.frameLocator('#wide'), narrow: page.frameLocator('#narrow') };
  for (const frame of Object.values(frames)) await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
  return frames;
}

test('passkey members play a tournament game on the board; the framed standings and small board follow it live', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const admin = await passkeyMember(browser, 'Admin');
  await admin.page.click('#open-tournaments');
  await admin.page.fill('#tournament-name', 'Spring cup');
  await admin.page.selectOption('#tournament-format', 'round-robin');
  await admin.page.click('#tournament-create-submit');
  await expect(admin.page.locator('#tournament-title')).toHaveText('Spring cup');
  const id = new URL(admin.page.url()).searchParams.get('tournament');

  const ana = await passkeyMember(browser, 'Ana');
  const ben = await passkeyMember(browser, 'Ben');
  for (const one of [ana, ben]) {
    await openPage(one.page, `${club.base}index.html?tournament=${id}`);
    await one.page.click('#tournament-register');
    await expect(one.page.locator('#tournament-next')).toContainText('Registered');
  }
  const frames = await openHost(page, id);
  for (const frame of Object.values(frames)) await expect(frame.locator('#tournament-standings')).toContainText('Ben');
  await expect(frames.wide.locator('#small-boards')).toBeHidden();

  await admin.page.click('#tournament-start');
  await expect(admin.page.locator('#tournament-status')).toContainText('round 1 of 1');
  const [pairing] = (await (await admin.page.request.get(`${club.base}api/tournaments/${id}`)).json()).pairings;
  const [red, blue] = pairing.red === 1 ? [ana, ben] : [ben, ana];
  const [redName, blueName] = red === ana ? ['Ana', 'Ben'] : ['Ben', 'Ana'];

  // The wide frame shows the game as a small board, named for the screen reader; the narrow one does not.
  const small = frames.wide.locator(`#small-boards a.small-board[data-game="${pairing.game}"]`);
  await expect(small).toHaveAttribute('aria-label', `Board 1: ${redName} (Red) against ${blueName} (Blue), Red to move. Opens the game in a new tab.`);
  await expect(small.locator('.small-board-names')).toHaveText(`${redName} – ${blueName}`);
  await expect(small).toHaveAttribute('href', new RegExp(`/index\\.html\\?(lang=en&)?watch=${pairing.game}$`));
  await expect(small).toHaveAttribute('target', '_blank');
  await expect(frames.narrow.locator('#small-boards')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.messages.wide.some((m) => m.type === 'round-started' && m.round === 1))).toBe(true);

  // Each player goes from "your next game" to the board.
  for (const [one, side] of [[red, 'Red'], [blue, 'Blue']]) {
    await expect(one.page.locator('#tournament-next')).toContainText('Your next game: board 1');
    await one.page.click('#tournament-play');
    await expect(one.page.locator('#online-status')).toHaveText(`You play ${side}.`);
  }
  const canvas = small.locator('canvas');
  const before = await canvas.screenshot();
  await move(red.page, 'a3', 'a4');
  await expectPly(blue.page, 1);
  await expect(small).toHaveAttribute('aria-label', /, Blue to move\./);
  await expect(small.locator('.small-board-state')).toHaveText('Blue to move');
  // The board is drawn again with the move.
  await expect.poll(async () => (await canvas.screenshot()).equals(before)).toBe(false);
  await move(blue.page, 'a7', 'a6');
  await expectPly(red.page, 2);
  await expect(small.locator('.small-board-state')).toHaveText('Red to move');
  await page.screenshot({ path: 'test-results/screens/tournament-embed-wide.png' });
  await frames.narrow.locator('html').screenshot({ path: 'test-results/screens/tournament-embed-narrow.png' });

  // Blue resigns: the result reaches the small board, both frames' standings and the players.
  await blue.page.click('#online-resign');
  await blue.page.click('#confirm-yes');
  await expect(red.page.locator('#banner-title')).toHaveText('You win!');
  await expect(small.locator('.small-board-state')).toHaveText('1–0');
  await expect(small).toHaveAttribute('aria-label', /, result 1–0\./);
  for (const frame of Object.values(frames)) {
    await expect(frame.locator('#tournament-standings tbody tr').first()).toContainText(redName);
    await expect(frame.locator('#tournament-standings tbody tr').first().locator('td').last()).toHaveText('1');
  }
  for (const one of [red, blue]) {
    await openPage(one.page, `${club.base}index.html?tournament=${id}`);
    await expect(one.page.locator('#tournament-status')).toContainText('finished');
    await expect(one.page.locator('#tournament-standings tbody tr').first()).toContainText(redName);
  }
  for (const which of ['wide', 'narrow']) {
    await expect.poll(() => page.evaluate((name) => window.messages[name].some((m) => m.type === 'tournament-finished'), which)).toBe(true);
  }
  await page.screenshot({ path: 'test-results/screens/tournament-embed-finished.png' });
  // A frame narrowed lets its boards go; widened again, it shows them as they stand.
  const resize = (width) => page.evaluate((w) => { document.getElementById('wide').width = String(w); }, width);
  await resize(600);
  await expect(frames.wide.locator('#small-boards')).toHaveCount(0);
  await resize(900);
  await expect(small.locator('.small-board-state')).toHaveText('1–0');
  for (const one of [admin, ana, ben]) await one.context.close();
});
