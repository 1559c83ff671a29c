// A member's way through the club, end to end, against a real jungle-server on a free port
// (opened at http://localhost, the passkeys' default relying party) with Chromium's virtual
// authenticator: Ana signs up with a passkey and signs in with it on a second device; from
// there she challenges Ben by name to a rated game, Ben accepts, they chat and play, Ben
// resigns; both ratings change, and the game is on both profiles.
const { test, expect, openPage, move, expectPly } = require('./helpers');
const { openSignUp, signUp, useClub, addAuthenticator } = require('./club');

// Members are on the leaderboard (where their profiles are opened from) after one rated game.
const club = useClub({ localhost: true, options: ['--leaderboard-games', '1'] });

/** A browser with a virtual platform authenticator, at the club's page: {context, page, cdp, authenticatorId}. */
async function device(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const authenticator = await addAuthenticator(context, page);
  await openPage(page, `${club.base}index.html`);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  return { context, page, ...authenticator };
}

/** The profile of `name` as `page` shows it, from the leaderboard. */
async function openProfile(page, name) {
  await page.click('#open-account');
  await page.click('#account-leaderboard');
  await page.locator('#board-table tbody tr', { hasText: name }).locator('button').click();
  await expect(page.locator('#profile-name')).toHaveText(name);
}

test('a member signs up with a passkey, plays a rated challenge from another device with chat, and both ratings change', async ({ browser }) => {
  test.setTimeout(120_000);
  // Ana's phone: a passkey sign-up.
  const phone = await device(browser);
  await openSignUp(phone.page);
  await phone.page.fill('#passkey-name', 'Ana');
  await phone.page.click('#passkey-signup-form-submit');
  await expect(phone.page.locator('#account-name')).toHaveText('Signed in as Ana');

  // Ana's computer holds the same passkey (as a synced one would be) and signs in with it.
  const { credentials } = await phone.cdp.send('WebAuthn.getCredentials', { authenticatorId: phone.authenticatorId });
  const ana = await device(browser);
  await ana.cdp.send('WebAuthn.addCredential', { authenticatorId: ana.authenticatorId, credential: credentials[0] });
  await ana.page.click('#open-account');
  await ana.page.click('#passkey-signin');
  await expect(ana.page.locator('#account-name')).toHaveText('Signed in as Ana');
  await ana.page.click('#account-dialog .dialog-close');

  const ben = await device(browser);
  await signUp(ben.page, 'Ben');
  await ben.page.click('#account-dialog .dialog-close');

  // A rated challenge by name, accepted.
  await ana.page.click('#open-online');
  await ana.page.check('input[name="online-color"][value="red"]');
  await ana.page.check('#online-rated');
  await ana.page.fill('#online-challenge-name', 'Ben');
  await ana.page.press('#online-challenge-name', 'Enter');
  await ben.page.click('#open-online');
  const received = ben.page.locator('#online-challenges li[data-challenge]');
  await expect(received).toContainText('Challenge from Ana');
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(ben.page.locator('#online-status')).toHaveText('You play Blue.');
  await expect(ana.page.locator('#online-status')).toHaveText('You play Red.');

  // They talk and play; Ben resigns.
  await ana.page.fill('#chat-input', 'Good luck!');
  await ana.page.press('#chat-input', 'Enter');
  await expect(ben.page.locator('#chat-list .chat-line .chat-text')).toHaveText('Good luck!');
  await move(ana.page, 'a3', 'a4');
  await expectPly(ben.page, 1);
  await move(ben.page, 'a7', 'a6');
  await expectPly(ana.page, 2);
  await ben.page.click('#online-resign');
  await ben.page.click('#confirm-yes');
  await expect(ana.page.locator('#banner-title')).toHaveText('You win!');

  // The server rates finished games every few seconds.
  for (const name of ['Ana', 'Ben']) {
    await expect.poll(async () => (await (await ana.page.request.get(`${club.base}api/members/${name}`)).json()).history.length,
      { timeout: 15_000 }).toBe(1);
  }
  await ana.page.click('#banner-close');
  await ben.page.click('#banner-close');
  for (const [who, name, opponent, results] of [[ana, 'Ana', 'Ben', '1 won · 0 drawn · 0 lost'], [ben, 'Ben', 'Ana', '0 won · 0 drawn · 1 lost']]) {
    await openProfile(who.page, name);
    await expect(who.page.locator('#profile-results')).toHaveText(results);
    await expect(who.page.locator('#profile-ratings')).toContainText('rated games: 1');
    await expect(who.page.locator('#profile-recent li')).toContainText(opponent);
  }
  // Both from the 1500 of a new member: the winner's rating up, the loser's down, for this game.
  const rated = async (name) => (await (await ana.page.request.get(`${club.base}api/members/${name}`)).json()).history[0];
  const [won, lost] = [await rated('Ana'), await rated('Ben')];
  expect(won.game).toBe(lost.game);
  expect(won.rating).toBeGreaterThan(1500);
  expect(lost.rating).toBeLessThan(1500);
  for (const { context } of [phone, ana, ben]) await context.close();
});
