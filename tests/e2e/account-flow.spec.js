// The club account's screens (issue 36), against a real jungle-server opened at http://localhost
// (the passkeys' default relying party), with Chromium's virtual authenticator: a guest's and a
// member's screens are tabs, one shown at a time under a heading of its own; deleting the
// account is a red button in a danger zone of its own, whose second step names what is lost
// and asks for the password (a passkey member: a passkey assertion), and the server refuses a
// deletion that brings only the session cookie; a profile and the leaderboard have addresses
// of their own, which open them and which Back leaves. axe-core checks every screen of the
// dialog; screenshots of each in English, German and Japanese, on a desktop and a phone.
const { test, expect, openPage } = require('./helpers');
const { PASSWORD, useClub, addAuthenticator, openSignUp, signUp } = require('./club');

const club = useClub({ localhost: true });
const AXE = require.resolve('axe-core/axe.min.js');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/**
 * A browser of its own at the club's page (`query` added), axe-core allowed in (bypassCSP),
 * with a virtual authenticator when `passkeys`: {context, page, cdp?, authenticatorId?}.
 */
async function visitor(browser, { query = '', passkeys = false, allowErrors = [] } = {}) {
  const context = await browser.newContext({ viewport: SIZES.desktop, bypassCSP: true });
  const page = await context.newPage();
  const authenticator = passkeys ? await addAuthenticator(context, page) : {};
  await openPage(page, `${club.base}index.html${query}`, { allowErrors });
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  return { context, page, ...authenticator };
}

/** axe-core over the account dialog as it is now, with its default rules (contrast among them). */
async function expectAccessible(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run('#account-dialog', { resultTypes: ['violations'] }));
  const found = result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
}

/** The dialog's visible panel: one, under the heading `heading`. */
async function expectPanel(page, key, heading) {
  await expect(page.locator(`#account-tab-${key}`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#account-dialog [role="tabpanel"]:visible')).toHaveCount(1);
  await expect(page.locator(`#account-panel-${key} > h3`)).toHaveText(heading);
}

/** A refusal's code from an API answer. */
async function codeOf(answer) {
  return (await answer.json()).code;
}

/** DELETE api/me from `page`'s browser with its session cookie and `body` alone, as a stolen cookie would. */
function deleteWithCookie(page, body) {
  return page.request.delete(`${club.base}api/me`, { data: body, headers: { Origin: new URL(club.base).origin } });
}

test('a guest’s and a member’s account screens are tabs, each under a heading of its own', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.click('#open-account');
  await expect(page.locator('#account-dialog [role="tab"]')).toHaveText(['Sign in', 'Sign up']);
  await expectPanel(page, 'signin', 'Sign in');
  await expect(page.locator('#passkey-signin')).toBeVisible();
  await expect(page.locator('#signin-form')).toBeVisible();
  await expect(page.locator('#signup-form')).toBeHidden();
  await expectAccessible(page);
  // The keyboard moves between the tabs (arrow keys), the chosen tab alone in the Tab order.
  await page.locator('#account-tab-signin').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#account-tab-signup')).toBeFocused();
  await expectPanel(page, 'signup', 'Create an account');
  await expect(page.locator('#account-tab-signin')).toHaveAttribute('tabindex', '-1');
  await expect(page.locator('#passkey-signup-form')).toBeVisible();
  await expectAccessible(page);

  await page.fill('#signup-name', 'Tabby');
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText('Signed in as Tabby');
  await expect(page.locator('#account-dialog [role="tab"]')).toHaveText(['Account', 'Passkeys', 'Notifications', 'Vacation', 'Bot account', 'Danger zone']);
  await expectPanel(page, 'account', 'Signed in as Tabby');
  await expect(page.locator('#password-form')).toBeVisible();
  await expect(page.locator('#delete-start')).toBeHidden();
  await expectAccessible(page);
  await page.click('#account-tab-passkeys');
  await expectPanel(page, 'passkeys', 'Passkeys');
  await expect(page.locator('#passkey-none')).toHaveText('No passkey yet: add one to sign in without a password.');
  await expect(page.locator('#passkey-add-password')).toBeVisible(); // the password confirms who adds one
  await expect(page.locator('#passkey-add')).toBeVisible();
  await expectAccessible(page);
  await page.click('#account-tab-danger');
  await expectPanel(page, 'danger', 'Danger zone');
  await expect(page.locator('#password-form')).toBeHidden();
  // The delete button is red, and only opens a second step naming the account and what is lost.
  const red = await page.locator('#delete-start').evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(red).toBe('rgb(179, 38, 30)');
  await expect(page.locator('#delete-confirm')).toBeHidden();
  await page.click('#delete-start');
  await expect(page.locator('#delete-confirm h4')).toHaveText('Delete the account “Tabby” for good?');
  await expect(page.locator('#delete-lost')).toHaveText('Your account, ratings and sessions are removed for good. Your games stay, under the name “deleted member”.');
  await expect(page.locator('#delete-password')).toBeFocused();
  await expectAccessible(page);
  await page.click('#delete-cancel');
  await expect(page.locator('#delete-confirm')).toBeHidden();
  await expect(page.locator('#delete-start')).toBeFocused();
  // The danger zone's red reads as well in the dark and high-contrast themes.
  for (const theme of ['dark', 'contrast']) {
    await openPage(page, `${club.base}index.html?theme=${theme}`);
    await page.click('#open-account');
    await page.click('#account-tab-danger');
    await page.click('#delete-start');
    await expectAccessible(page);
  }
  await context.close();
});

test('deleting an account asks for the password, and the session cookie alone deletes nothing', async ({ browser }) => {
  const { context, page } = await visitor(browser, { allowErrors: [/401 \(Unauthorized\)/, /403 \(Forbidden\)/] });
  await signUp(page, 'Pat');
  await page.click('#account-tab-danger');
  await page.click('#delete-start');
  await page.fill('#delete-password', 'not my password');
  await page.click('#delete-submit');
  await expect(page.locator('#account-error')).toHaveText('Wrong name or password.');
  await expect(page.locator('#delete-password')).toBeFocused();
  const bare = await deleteWithCookie(page, {});
  expect([bare.status(), await codeOf(bare)]).toEqual([403, 'proof_needed']);
  await expect(page.locator('#open-account')).toHaveText('Account: Pat');

  await page.fill('#delete-password', PASSWORD);
  await page.click('#delete-submit');
  await expect(page.locator('#account-note')).toHaveText('Account deleted.');
  await expect(page.locator('#open-account')).toHaveText('Sign in');
  await expectPanel(page, 'signin', 'Sign in');
  await context.close();
});

test('a passkey member deletes the account with a passkey assertion, and not without one', async ({ browser }) => {
  const { context, page, cdp, authenticatorId } = await visitor(browser, { passkeys: true, allowErrors: [/403 \(Forbidden\)/] });
  await openSignUp(page);
  await page.fill('#passkey-name', 'Keya');
  await page.click('#passkey-signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText('Signed in as Keya');
  await page.click('#account-tab-danger');
  await page.click('#delete-start');
  await expect(page.locator('#delete-password')).toHaveCount(0);
  await expect(page.locator('#delete-submit')).toHaveText('Confirm with a passkey and delete');
  for (const body of [{}, { password: '' }]) {
    const bare = await deleteWithCookie(page, body);
    expect([bare.status(), await codeOf(bare)]).toEqual([403, 'proof_needed']);
  }

  // The authenticator without the member's passkey: no assertion, nothing deleted.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credentials[0].credentialId });
  await page.click('#delete-submit');
  await expect(page.locator('#account-error')).toHaveText('The passkey was not used: try again, or use a password.');
  await expect(page.locator('#open-account')).toHaveText('Account: Keya');

  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credentials[0] });
  await page.click('#delete-submit');
  await expect(page.locator('#account-note')).toHaveText('Account deleted.');
  await expect(page.locator('#open-account')).toHaveText('Sign in');
  const gone = await page.request.get(`${club.base}api/members/Keya`);
  expect(gone.status()).toBe(404);
  await context.close();
});

test('a profile and the leaderboard open at their own addresses, Back leaves them; each screen in three languages', async ({ browser }) => {
  test.setTimeout(120_000);
  const mira = await visitor(browser, { passkeys: true });
  const { page } = mira;
  await signUp(page, 'Mira');
  await page.click('#account-profile');
  await expect(page.locator('#profile-name')).toHaveText('Mira');
  await expect(page).toHaveURL(/[?&]member=Mira$/);
  await page.goBack();
  await expect(page).not.toHaveURL(/member=/);
  await expectPanel(page, 'account', 'Signed in as Mira');
  await page.goForward();
  await expect(page.locator('#profile-name')).toHaveText('Mira');
  await page.click('#account-back'); // the screen's own Back: the history's
  await expect(page).not.toHaveURL(/member=/);
  await expectPanel(page, 'account', 'Signed in as Mira');

  await page.click('#account-leaderboard');
  await expect(page.locator('#board-title')).toHaveText('Leaderboard');
  await expect(page).toHaveURL(/[?&]leaderboard=$/);
  await page.selectOption('#board-category', 'rapid');
  await expect(page).toHaveURL(/[?&]leaderboard=&category=rapid$/);
  await expectAccessible(page);
  await page.goBack(); // another category replaced the address: Back goes where the leaderboard was opened
  await expect(page).not.toHaveURL(/leaderboard=/);
  await expectPanel(page, 'account', 'Signed in as Mira');
  await page.keyboard.press('Escape');
  await expect(page.locator('#account-dialog')).toBeHidden();

  // Shared: the links open what they name in another browser; a bad one says so.
  const guest = await visitor(browser, { query: '?member=Mira' });
  await expect(guest.page.locator('#profile-name')).toHaveText('Mira');
  await expectAccessible(guest.page);
  await openPage(guest.page, `${club.base}index.html?leaderboard=&category=rapid`);
  await expect(guest.page.locator('#board-title')).toHaveText('Leaderboard');
  await expect(guest.page.locator('#board-category')).toHaveValue('rapid');
  await guest.page.keyboard.press('Escape');
  await expect(guest.page).not.toHaveURL(/leaderboard=/);
  await openPage(guest.page, `${club.base}index.html?member=no%20such%20name`);
  await expect(guest.page.locator('#account-error')).toHaveText('This link names no member or leaderboard of the club.');

  for (const lang of ['en', 'de', 'ja']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const shoot = (screen, on) => on.screenshot({ path: `test-results/screens/account-${screen}-${lang}-${size}.png` });
      await guest.page.setViewportSize(viewport);
      await openPage(guest.page, `${club.base}index.html?lang=${lang}`);
      await guest.page.click('#open-account');
      await shoot('signin', guest.page);
      await guest.page.click('#account-tab-signup');
      await shoot('signup', guest.page);
      await page.setViewportSize(viewport);
      await openPage(page, `${club.base}index.html?lang=${lang}`);
      await page.click('#open-account');
      await shoot('account', page);
      await page.click('#account-tab-passkeys');
      await shoot('passkeys', page);
      await page.click('#account-tab-danger');
      await page.click('#delete-start');
      await shoot('danger', page);
      await page.click('#account-leaderboard');
      await expect(page.locator('#board-title')).toBeVisible();
      await shoot('leaderboard', page);
      await page.click('#account-back');
      await page.click('#account-profile');
      await expect(page.locator('#profile-name')).toHaveText('Mira');
      await shoot('profile', page);
    }
  }
  for (const { context } of [mira, guest]) await context.close();
});
