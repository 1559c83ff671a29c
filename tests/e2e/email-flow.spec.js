// Optional email on the page (issue 37), against a real jungle-server that mails through a test
// SMTP receiver (tests/e2e/smtp.js): a member adds an address on the account tab, opens the
// mailed link and sees it confirmed, switches the daily digest on; signed out, "Forgot your
// password?" mails a reset link, whose page asks for the new password twice and then signs the
// member in with it. axe-core checks each new screen; screenshots of them in English, German
// and Japanese, on a desktop and a phone.
const { test, expect, openPage, snapshot, lowContrast } = require('./helpers');
const { PASSWORD, useClub, member } = require('./club');
const { startSmtp, linkIn } = require('./smtp');

const AXE = require.resolve('axe-core/axe.min.js');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const NEW_PASSWORD = 'a brand new password';

/** @type {Awaited<ReturnType<typeof startSmtp>>} */
let smtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
});
test.afterAll(() => smtp?.close());
const club = useClub({ options: () => ['--smtp-url', smtp.url, '--mail-from', 'Jungle Club <club@example.org>'] });

/** axe-core over the account dialog as it is now, with its default rules (contrast among them). */
async function expectAccessible(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run('#account-dialog', { resultTypes: ['violations'] }));
  expect(result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member confirms an address by its link, and a reset link gets them back in', async ({ browser }) => {
  const { context, page } = await member(browser, club.base, 'Mailer', { bypassCSP: true });
  await page.fill('#email-address', 'Mailer@Club.Example');
  await page.click('#email-form-submit');
  await expect(page.locator('#account-note')).toHaveText('A link was mailed to Mailer@club.example: open it to confirm the address.');
  await expect(page.locator('#email-digest')).toBeDisabled();
  await expectAccessible(page);

  const confirm = await smtp.waitFor('Mailer@club.example', 'Jungle Club: Confirm your email address');
  await openPage(page, linkIn(confirm, '?verify-email='));
  await expect(page.locator('#email-landing-text')).toHaveText('Your email address Mailer@club.example is confirmed.');
  await expect(page).not.toHaveURL(/verify-email/);
  await expectAccessible(page);
  await page.click('#account-back');
  await expect(page.locator('#email-state')).toHaveText('Mailer@club.example is confirmed.');
  await page.check('#email-digest');
  await expect(page.locator('#account-note')).toHaveText('Daily digest on.');

  await page.click('#account-signout');
  await page.click('#forgot-password');
  await expect(page.locator('#reset-form')).toBeVisible();
  await expect(page.locator('#reset-form-title')).toBeFocused(); // the screen's convention: its heading
  await page.fill('#reset-address', 'mailer@CLUB.example');
  await page.click('#reset-form-submit');
  await expect(page.locator('#account-note')).toHaveText(/^If a member confirmed this address, a link is on its way/);
  await expectAccessible(page);

  const reset = await smtp.waitFor('Mailer@club.example', 'Jungle Club: Choose a new password');
  // The old password's refusal is logged by the browser (a 401).
  await openPage(page, linkIn(reset, '?reset='), { allowErrors: [/status of 401/] });
  await expect(page.locator('#reset-password-form')).toBeVisible();
  await expectAccessible(page);
  await page.fill('#reset-password', NEW_PASSWORD);
  await page.fill('#reset-password-again', 'something else');
  await page.click('#reset-password-form-submit');
  await expect(page.locator('#account-error')).toHaveText('The two passwords differ.');
  await page.fill('#reset-password-again', NEW_PASSWORD);
  await page.click('#reset-password-form-submit');
  await expect(page.locator('#account-note')).toHaveText(/^Password set; every session was ended/);
  await expect(page.locator('#signin-name')).toHaveValue('Mailer');
  await page.fill('#signin-password', PASSWORD);
  await page.click('#signin-form-submit');
  await expect(page.locator('#account-error')).not.toBeEmpty();
  await page.fill('#signin-password', NEW_PASSWORD);
  await page.click('#signin-form-submit');
  await expect(page.locator('#account-name')).toHaveText('Signed in as Mailer');
  await context.close();
});

test('the email screens in English, German and Japanese, on a desktop and a phone', async ({ browser }) => {
  for (const lang of ['en', 'de', 'ja']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const name = `Mail${lang}`;
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      const headers = { Origin: new URL(club.base).origin };
      // One member a language (sign-ups from one address are limited), signed in on each size.
      const data = { name, password: PASSWORD };
      const entered = size === 'desktop'
        ? await page.request.post(`${club.base}api/members`, { data, headers })
        : await page.request.post(`${club.base}api/session`, { data, headers });
      expect(entered.ok()).toBe(true);
      const added = await page.request.put(`${club.base}api/me/email`, { data: { address: `${name}@club.example`, lang }, headers });
      expect(added.status()).toBe(200);
      await openPage(page, `${club.base}index.html?lang=${lang}`);
      await page.click('#open-account');
      await expect(page.locator('#email-state')).toBeVisible();
      expect(await lowContrast(page)).toEqual([]);
      await snapshot(page, `email-account-${lang}-${size}`);
      await page.click('#account-signout');
      await page.click('#forgot-password');
      await expect(page.locator('#reset-form')).toBeVisible();
      await snapshot(page, `email-forgot-${lang}-${size}`);
      await openPage(page, `${club.base}index.html?lang=${lang}&reset=00`);
      await expect(page.locator('#reset-password-form')).toBeVisible();
      await expectAccessible(page);
      await snapshot(page, `email-reset-${lang}-${size}`);
      await openPage(page, `${club.base}index.html?lang=${lang}&unsubscribe=00`, { allowErrors: [/status of 403/] });
      await expect(page.locator('#account-error')).not.toBeEmpty();
      await snapshot(page, `email-unsubscribe-${lang}-${size}`);
      await context.close();
    }
  }
});
