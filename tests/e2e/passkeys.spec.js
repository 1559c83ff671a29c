// Passkeys through the page, against a real jungle-server on a free port (its relying party the
// default, localhost, so the page is opened at http://localhost), with Chromium's virtual
// authenticator over CDP: a member signs up with a passkey, signs out and in again with it; a
// second browser holding a copy of the credential signs in too, is told it cannot remove its
// last way to sign in, sets a password (its passkey confirming who is there: no current
// password to ask for), adds a passkey of its own (the password confirming who adds it) and
// removes the first.
const { test, expect, openPage } = require('./helpers');
const { useClub, addAuthenticator } = require('./club');

const club = useClub({ localhost: true });

/** A new browser with a virtual platform authenticator: {context, page, cdp, authenticatorId}. */
async function browserWithAuthenticator(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const authenticator = await addAuthenticator(context, page);
  await openPage(page, `${club.base}index.html`, options);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  await page.click('#open-account');
  await expect(page.locator('#account-dialog')).toBeVisible();
  return { context, page, ...authenticator };
}

test('a member signs up with a passkey and signs in with it in two browsers', async ({ browser }) => {
  const first = await browserWithAuthenticator(browser, { allowErrors: [/401 \(Unauthorized\)/] });
  const { page } = first;
  await page.click('#account-tab-signup');
  await page.fill('#passkey-name', 'Kiwi');
  await page.click('#passkey-signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText('Signed in as Kiwi');
  await expect(page.locator('#passkey-list li')).toHaveCount(1);

  await page.click('#account-signout');
  await expect(page.locator('#account-note')).toHaveText('Signed out.');
  await page.click('#passkey-signin');
  await expect(page.locator('#account-name')).toHaveText('Signed in as Kiwi');

  // The second browser holds a copy of the credential (as a synced passkey would be).
  const { credentials } = await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId });
  expect(credentials).toHaveLength(1);
  const second = await browserWithAuthenticator(browser, { allowErrors: [/409 \(Conflict\)/] });
  await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0] });
  await second.page.locator('#passkey-signin').focus();
  await second.page.keyboard.press('Enter');
  await expect(second.page.locator('#account-name')).toHaveText('Signed in as Kiwi');

  // Its only way in cannot go.
  await second.page.click('#account-tab-passkeys');
  await expect(second.page.locator('#passkey-list li')).toHaveCount(1);
  await second.page.locator('#passkey-list .passkey-remove').click();
  await expect(second.page.locator('#account-error')).toHaveText('Add a password or another passkey first.');
  await expect(second.page.locator('#passkey-list li')).toHaveCount(1);

  // No password yet: the form sets one, the passkey confirming who is there, then changes it.
  await second.page.click('#account-tab-account');
  await expect(second.page.locator('#password-form-title')).toHaveText('Set a password');
  await expect(second.page.locator('#password-old')).toHaveCount(0);
  await expect(second.page.locator('#delete-password')).toHaveCount(0);
  await second.page.fill('#password-new', 'a long enough password');
  await second.page.click('#password-form-submit');
  await expect(second.page.locator('#account-note')).toHaveText('Password changed; other devices are signed out.');
  await expect(second.page.locator('#password-form-title')).toHaveText('Change password');
  await expect(second.page.locator('#password-old')).toBeVisible();
  await second.page.click('#account-tab-danger');
  await second.page.click('#delete-start');
  await expect(second.page.locator('#delete-password')).toBeVisible();

  // A passkey of its own, the password confirming who adds it (the copied one set aside, as
  // the server excludes the ones it has); then the first removed.
  await second.cdp.send('WebAuthn.removeCredential', { authenticatorId: second.authenticatorId, credentialId: credentials[0].credentialId });
  await second.page.click('#account-tab-passkeys');
  await second.page.fill('#passkey-add-password', 'a long enough password');
  await second.page.click('#passkey-add');
  await expect(second.page.locator('#account-note')).toHaveText('Passkey added.');
  await expect(second.page.locator('#passkey-list li')).toHaveCount(2);
  await second.page.locator('#passkey-list .passkey-remove').first().click();
  await expect(second.page.locator('#account-note')).toHaveText('Passkey removed.');
  await expect(second.page.locator('#passkey-list li')).toHaveCount(1);

  // The first browser's passkey was removed: it signs in no more.
  await page.click('#account-signout');
  await page.click('#passkey-signin');
  await expect(page.locator('#account-error')).not.toHaveText('');
  await expect(page.locator('#account-name')).toHaveCount(0);
  await first.context.close();
  await second.context.close();
});

test('a club opened at another address than its own says where its passkeys work', async ({ browser }) => {
  // The same server at http://127.0.0.1: a page the origin rule accepts, but not the passkeys'
  // relying party (localhost), where the browser would refuse or make an unusable passkey.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await addAuthenticator(context, page);
  await openPage(page, `${club.base.replace('//localhost:', '//127.0.0.1:')}index.html`, { allowErrors: [/403 \(Forbidden\)/] });
  await page.click('#open-account');
  await page.click('#account-tab-signup');
  await page.fill('#passkey-name', 'Wanderer');
  await page.click('#passkey-signup-form-submit');
  await expect(page.locator('#account-error')).toHaveText('This club’s passkeys work at http://localhost: open the club there.');
  await context.close();
});
