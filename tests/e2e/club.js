// What the specs of the club's members share: the password they sign up with, and signing up
// through the account screen.
const { expect } = require('./helpers');

const PASSWORD = 'correct horse battery';

/** Signs `name` up through the account screen, which stays open. */
async function signUp(page, name) {
  await page.click('#open-account');
  await expect(page.locator('#account-dialog')).toBeVisible();
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText(`Signed in as ${name}`);
}

module.exports = { PASSWORD, signUp };
