// A tournament's settings through the page, against a real jungle-server (club.js): an admin
// in Tokyo makes a 3-round Swiss with a 3+2 clock, a rules preset and a start time in the form,
// a bad value first said on its field; the tournament screen shows every setting (the start time
// as the admin typed it, stored as the moment it is); the admin edits the clock to 5+3 in the
// same form, filled in, and the screen and the list show it; a value the server refuses is said
// on the field it names; the form fits a phone (a screenshot); the embedded standings name the
// clock and rules. One sign-up.
const { test, expect, openPage } = require('./helpers');
const { useClub, signUp } = require('./club');

const club = useClub();

/** The texts of the tournament's settings, by label. */
async function settings(page) {
  const rows = page.locator('#tournament-settings > div');
  await expect(rows.first()).toBeVisible();
  const pairs = await rows.evaluateAll((divs) => divs.map((div) => [div.querySelector('dt')?.textContent, div.querySelector('dd')?.textContent]));
  return Object.fromEntries(pairs);
}

test('an admin makes a Swiss with its clock, rules and start in the page, then changes its clock', async ({ browser }) => {
  // The start time is typed in the admin's own time zone.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  // The refusal asked for below is the one error the console shows.
  await openPage(page, `${club.base}index.html`, { allowErrors: [/status of 400 \(Bad Request\)/] });
  await signUp(page, 'Director');
  await page.keyboard.press('Escape');
  await page.click('#open-tournaments');
  await expect(page.locator('#tournament-create')).toBeVisible();
  // A new tournament starts as a rated Swiss at 5+3 with the standard rules.
  await expect(page.locator('#tournament-format')).toHaveValue('swiss');
  await expect(page.locator('#tournament-clock')).toHaveValue('5+3');
  await expect(page.locator('#tournament-rules')).toHaveValue('standard');
  await expect(page.locator('#tournament-minutes')).toBeHidden();

  await page.fill('#tournament-name', 'Club night');
  await page.fill('#tournament-rounds', '31');
  await page.selectOption('#tournament-clock', '3+2');
  await page.selectOption('#tournament-rules', 'competition');
  await page.fill('#tournament-no-show', '2');
  await page.selectOption('#tournament-bye', '0.5');
  await page.fill('#tournament-starts-at', '2030-06-14T19:30');
  await page.click('#tournament-create-submit');
  // Said next to the form, on its field, and nothing made.
  await expect(page.locator('#tournament-form-error')).toHaveText('A Swiss has 1 to 30 rounds.');
  await expect(page.locator('#tournament-rounds')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#tournament-rounds')).toBeFocused();
  await page.fill('#tournament-rounds', '3');
  await page.click('#tournament-create-submit');
  await expect(page.locator('#tournament-title')).toHaveText('Club night');

  const id = new URL(page.url()).searchParams.get('tournament');
  const stored = await (await page.request.get(`${club.base}api/tournaments/${id}`)).json();
  expect(stored.starts_at).toBe(Date.UTC(2030, 5, 14, 10, 30)); // 19:30 in Tokyo
  expect(stored.clock).toEqual({ kind: 'live', seconds: 180, increment: 2 });
  const shown = await settings(page);
  expect(shown['Start time']).toMatch(/^Jun 14, 2030, 7:30\sPM$/);
  expect(shown).toEqual({
    Format: 'Swiss', Rounds: '3', Clock: '3 min + 2 s', Rules: 'Anti-chasing rules', Rated: 'yes',
    'No-show time': '2 minutes', 'Points for a bye': '½', 'Points for each round a late entry missed': '0',
    'Start time': shown['Start time'],
  });

  // The same form, filled in with the tournament's settings.
  await page.click('#tournament-edit-settings');
  await expect(page.locator('#tournament-edit')).toBeVisible();
  await expect(page.locator('#tournament-name')).toBeFocused();
  await expect(page.locator('#tournament-clock')).toHaveValue('3+2');
  await expect(page.locator('#tournament-rounds')).toHaveValue('3');
  await expect(page.locator('#tournament-rules')).toHaveValue('competition');
  await expect(page.locator('#tournament-no-show')).toHaveValue('2');
  await expect(page.locator('#tournament-starts-at')).toHaveValue('2030-06-14T19:30');
  // On a phone, every field within the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.selectOption('#tournament-clock', 'live');
  await expect(page.locator('#tournament-clock-minutes')).toBeVisible();
  const widths = await page.locator('#tournament-edit').evaluate((form) => [form.scrollWidth, form.clientWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  await page.locator('#tournament-edit-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/tournament-settings-phone.png' });
  await page.locator('#tournament-edit-cancel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/tournament-settings-phone-end.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A value the server refuses (asked here of a page that does not check it) is said on its field.
  await page.route('**/api/tournaments/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    const body = route.request().postDataJSON();
    return route.continue({ postData: JSON.stringify({ ...body, no_show_seconds: 4000 }) });
  });
  await page.selectOption('#tournament-clock', '5+3');
  await page.click('#tournament-edit-submit');
  await expect(page.locator('#tournament-form-error')).toHaveText('The no-show time is 1 second to 60 minutes.');
  await expect(page.locator('#tournament-no-show')).toHaveAttribute('aria-invalid', 'true');
  await page.unroute('**/api/tournaments/*');

  await page.click('#tournament-edit-submit');
  await expect(page.locator('#tournament-edit')).toHaveCount(0);
  await expect(page.locator('#tournament-edit-settings')).toBeFocused();
  expect((await settings(page)).Clock).toBe('5 min + 3 s');
  // (The live stream redraws the screen: the title is looked up when scrolled to.)
  await page.evaluate(() => document.getElementById('tournament-title')?.scrollIntoView());
  await page.screenshot({ path: 'test-results/screens/tournament-settings-screen.png' });
  await page.click('#tournaments-back');
  await expect(page.locator('#tournaments-upcoming + ul')).toContainText('Club night');
  await expect(page.locator('#tournaments-upcoming + ul')).toContainText('5 min + 3 s');

  // The embedded standings say the clock and the rules in their header.
  const embed = await context.newPage();
  await embed.setViewportSize({ width: 420, height: 400 });
  await openPage(embed, `${club.base}index.html?embed=1&tournament=${id}`);
  await expect(embed.locator('.live-settings')).toHaveText('5 min + 3 s · Anti-chasing rules');
  await embed.screenshot({ path: 'test-results/screens/tournament-settings-embed.png' });
  await context.close();
});
