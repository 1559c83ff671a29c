// The club admin's screen through the page, against a real jungle-server on a free port with a
// temporary SQLite file: the admin (the club's first member) opens it from the account screen,
// sees the server's health and makes an invite code; another member sees no way to it.
const { test, expect, lowContrast } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub();

test('the admin sees the health figures and makes an invite code; a member sees no admin entry', async ({ browser }) => {
  const admin = await member(browser, club.base, 'Admin', { bypassCSP: true });
  await admin.page.click('#account-admin');
  await expect(admin.page.locator('#admin-dialog')).toBeVisible();
  const figure = (name) => admin.page.locator(`#admin-health dd[data-figure="${name}"]`);
  await expect(figure('gamesHeld')).toHaveText(/^\d+$/);
  await expect(figure('gamesOver')).toHaveText('0');
  await expect(figure('connections')).toHaveText(/^\d+ HTTP, \d+ WebSocket$/);
  await expect(figure('dbSize')).toHaveText(/^\d+\.\d MB \(sqlite\)$/);
  await expect(admin.page.locator('#admin-members tr')).toHaveCount(1);
  await expect(admin.page.locator('#admin-members')).toContainText('Admin');
  // The day one joined, in the page's language (it was the browser's en-US, 11/29/2026, in every one).
  const joined = await admin.page.evaluate(async () => {
    const [first] = await (await fetch('api/admin/members')).json();
    return new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(new Date(first.created));
  });
  await expect(admin.page.locator('#admin-members tr td').nth(1)).toHaveText(joined);

  await admin.page.click('#admin-new-invite');
  await expect(admin.page.locator('#admin-invite-code')).toHaveValue(/^\S{8,}$/);
  await expect(admin.page.locator('#admin-invite-code')).toBeFocused();
  await expect(admin.page.locator('#admin-invite-note')).toHaveText(/^Valid for \d+ days, once\.$/);
  expect(await lowContrast(admin.page), 'the admin screen').toEqual([]);
  await admin.page.screenshot({ path: 'test-results/screens/admin-desktop.png' });

  // The way to the tournaments, where an admin creates and runs them.
  await admin.page.click('#admin-tournaments');
  await expect(admin.page.locator('#tournaments-dialog')).toBeVisible();
  await expect(admin.page.locator('#tournament-create-submit')).toBeVisible();
  await expect(admin.page.locator('#tournaments-error'), 'no empty error bar').toBeHidden();

  const bob = await member(browser, club.base, 'Bob');
  await expect(bob.page.locator('#account-profile')).toBeVisible();
  await expect(bob.page.locator('#account-admin')).toHaveCount(0);
  for (const { context } of [admin, bob]) await context.close();
});
