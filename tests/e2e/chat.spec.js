// The chat of an online game between members, through the page, against a real jungle-server
// on a free port with a temporary SQLite file: two members chat beside the board, a message
// with HTML shows as text, the other member reports it, and the club's admin sees the report
// and hides the message, which leaves the other member's chat.
const { test, expect, lowContrast } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub();

/** A member's own browser, signed up as `name`, the account screen closed. */
async function signedUp(browser, name) {
  const made = await member(browser, club.base, name, { bypassCSP: true });
  await made.page.click('#account-dialog .dialog-close');
  return made;
}

test('two members chat; HTML shows as text; a report reaches the admin, who hides the message', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedUp(browser, 'Admin');
  const alice = await signedUp(browser, 'Alice');
  const bob = await signedUp(browser, 'Bob');

  await alice.page.click('#open-online');
  await alice.page.check('input[name="online-color"][value="red"]');
  await alice.page.click('#online-create');
  await expect(alice.page.locator('#online-invite')).toHaveValue(/\?online=[a-z0-9]{12}$/);
  const invite = await alice.page.inputValue('#online-invite');
  await bob.page.goto(invite);
  await bob.page.click('#online-join-button');
  await expect(bob.page.locator('#online-status')).toHaveText('You play Blue.');
  await alice.page.keyboard.press('Escape');

  for (const { page } of [alice, bob]) await expect(page.locator('#chat-title')).toHaveText('Chat with your opponent');
  const html = '<b>tags</b> see https://example.org';
  await alice.page.fill('#chat-input', html);
  await alice.page.press('#chat-input', 'Enter');
  const line = bob.page.locator('#chat-list .chat-line');
  await expect(line.locator('.chat-text')).toHaveText(html);
  await expect(line.locator('.chat-author')).toHaveText('Alice');
  await expect(bob.page.locator('#chat-list b, #chat-list a')).toHaveCount(0);
  await expect(alice.page.locator('#chat-list .chat-text')).toHaveText(html);
  await expect(alice.page.locator('#chat-list .chat-report')).toHaveCount(0);
  await expect(bob.page.locator('#chat-list')).toHaveAttribute('aria-live', 'polite');
  expect(await lowContrast(bob.page), 'the chat panel').toEqual([]);
  await bob.page.screenshot({ path: 'test-results/screens/chat-desktop.png' });

  await line.locator('.chat-report').click();
  await expect(line.locator('.chat-reason')).toBeFocused();
  await bob.page.keyboard.type('rude');
  await bob.page.keyboard.press('Enter');
  await expect(bob.page.locator('#chat-note')).toHaveText('Report sent to the club’s admins.');

  await admin.page.click('#open-account');
  await admin.page.click('#account-admin');
  const report = admin.page.locator('#admin-reports .admin-report');
  await expect(report).toHaveCount(1);
  await expect(report.locator('.admin-quote')).toHaveText(html);
  await expect(report).toContainText('Bob reported a message of Alice. Reason: rude');
  await report.locator('.admin-hide').click();
  await expect(admin.page.locator('#admin-reports')).toHaveText('No open reports.');
  await expect(line).toHaveCount(0);
  for (const { context } of [admin, alice, bob]) await context.close();
});
