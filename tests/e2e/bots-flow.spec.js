// Bot accounts on the page (issue 40): a member who has played no game makes the account a
// bot's from the account screen's bot tab (after a confirmation that says it is for good), makes
// a token — shown once, with a copy button, and never again in the list — revokes it after a
// confirmation (the bot API refuses it at once), and the bot's profile carries the BOT tag, as
// do its challenges and its seat in a game.
// Screenshots of the tab in English and German, on a desktop and a phone.
const { test, expect, snapshot } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub();
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

test('a member becomes a bot, makes a token seen once, revokes it; the BOT tag shows', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page } = await member(browser, club.base, 'Robo');

  await page.click('#account-tab-bot');
  await expect(page.locator('#bots-warning')).toContainText('cannot be undone');
  await page.click('#bots-upgrade');
  await expect(page.locator('#confirm-dialog')).toBeVisible();
  await page.click('#confirm-yes');
  await expect(page.locator('#bots-is-bot')).toContainText('This account is a bot.');
  await expect(page.locator('#bots-none')).toHaveText('No tokens yet.');

  await page.fill('#bots-label', 'my engine');
  await page.click('#bots-create');
  const token = (await page.locator('#bots-token').textContent()) ?? '';
  expect(token).toMatch(/^jbt_[A-Za-z0-9_-]{43}$/);
  await expect(page.locator('#bots-copy')).toBeVisible();
  await expect(page.locator('.bots-token-item')).toHaveCount(1);
  await expect(page.locator('.bots-token-item')).toContainText('my engine');
  await expect(page.locator('.bots-token-item')).toContainText('never used');
  // The token works, for the bot API only.
  const bearer = { Authorization: `Bearer ${token}` };
  const account = await page.request.get(`${club.base}api/bot/account`, { headers: bearer });
  expect(await account.json()).toEqual({ name: 'Robo', bot: true });

  for (const lang of ['en', 'de']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      if (lang !== 'en' || size !== 'desktop') {
        await page.goto(`${club.base}index.html?lang=${lang}`);
        await page.click('#open-account');
        await page.click('#account-tab-bot');
        await expect(page.locator('.bots-token-item')).toHaveCount(1);
      }
      await snapshot(page, `bots-tab-${lang}-${size}`);
    }
  }
  // Shown once: the screen opened again lists the token, never the token itself.
  await expect(page.locator('#bots-token')).toHaveCount(0);
  await expect(page.locator('#account-bots')).not.toContainText(token);

  // Revoked after a confirmation: it stops at once.
  await page.goto(`${club.base}index.html?lang=en`);
  await page.click('#open-account');
  await page.click('#account-tab-bot');
  await page.locator('.bots-revoke').click();
  await expect(page.locator('#confirm-text')).toContainText('my engine');
  await page.click('#confirm-yes');
  await expect(page.locator('#bots-none')).toHaveText('No tokens yet.');
  const refused = await page.request.get(`${club.base}api/bot/account`, { headers: bearer });
  expect(refused.status()).toBe(401);

  // The BOT tag beside the bot's name on its profile.
  await page.goto(`${club.base}index.html?lang=en&member=Robo`);
  await expect(page.locator('#profile-name')).toContainText('Robo');
  await expect(page.locator('#profile-name .bot-tag')).toHaveText('BOT');
  await snapshot(page, 'bots-profile-en-desktop');
});

test('a bot\'s challenge and its seat in the game carry the BOT tag', async ({ browser }) => {
  test.setTimeout(90_000);
  // The bot's account and token, through the API its engine uses.
  const bot = await member(browser, club.base, 'Chessy');
  const origin = { Origin: club.base.replace(/\/$/, '') };
  expect((await bot.page.request.post(`${club.base}api/me/bot`, { data: {}, headers: origin })).ok()).toBe(true);
  const made = await bot.page.request.post(`${club.base}api/me/bot-tokens`, { data: { label: 'engine' }, headers: origin });
  const bearer = { Authorization: `Bearer ${(await made.json()).token}` };

  const ann = await member(browser, club.base, 'Annie');
  const clock = { minutes: 5, increment: 0 };
  const sent = await ann.page.request.post(`${club.base}api/bot/challenge/Annie`, { data: { rules: '', clock, color: 'red' }, headers: bearer });
  expect(sent.status()).toBe(201);
  await ann.page.click('#account-dialog .dialog-close');
  await ann.page.click('#open-online');
  const received = ann.page.locator('#online-challenges li[data-challenge]');
  await expect(received).toContainText('Challenge from Chessy');
  await expect(received.locator('.bot-tag')).toHaveText('BOT');
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(ann.page.locator('#online-status')).toHaveText('You play Blue.');
  const botRow = ann.page.locator('.online-player[data-side="red"] .online-name');
  await expect(botRow).toContainText('Chessy');
  await expect(botRow.locator('.bot-tag')).toHaveText('BOT');
  await expect(ann.page.locator('.online-player[data-side="blue"] .bot-tag')).toHaveCount(0);
  await snapshot(ann.page, 'bots-opponent-en-desktop');
  for (const { context } of [bot, ann]) await context.close();
});
