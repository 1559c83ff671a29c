// Ladders (issue 38) through the page, against a real jungle-server: the admin makes a ladder
// and joins it, a second member joins below and challenges up with the Challenge button, the
// admin's open screen shows the challenge (read again every few seconds) with the time left to
// answer and accepts it, and both then have the game's link; the embed (`embed=1&ladder=`)
// shows the ranking alone. axe-core checks the screen; screenshots in English and German, on a
// desktop and a phone, and of the embed in a 420 px frame.
const { test, expect, snapshot, lowContrast } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub();
const AXE = require.resolve('axe-core/axe.min.js');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Opens the ladders screen of `page` (its account screen closed first). */
async function openLadders(page) {
  await page.keyboard.press('Escape');
  await page.click('#open-ladders');
  await expect(page.locator('#ladders-dialog')).toBeVisible();
}

/** axe-core with its default rules over `selector`, and the page's contrast. */
async function expectAccessible(page, selector) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate((root) => window.axe.run(root, { resultTypes: ['violations'] }), selector);
  expect(result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await lowContrast(page)).toEqual([]);
}

test('a member joins a ladder, challenges up, and the challenged accepts with the time left shown', async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await member(browser, club.base, 'Ann', { bypassCSP: true });
  const bob = await member(browser, club.base, 'Bob', { bypassCSP: true });

  // Ann, the club's admin, makes a ladder and joins it.
  await openLadders(ann.page);
  await expect(ann.page.locator('#ladders-title')).toHaveText('Ladders');
  await ann.page.fill('#ladder-name', 'Club ladder');
  await ann.page.fill('#ladder-reach', '2');
  await ann.page.click('.ladder-form button[type="submit"]');
  await expect(ann.page.locator('#ladder-title')).toHaveText('Club ladder');
  await ann.page.click('#ladder-membership');
  await expect(ann.page.locator('.ladder-table tbody tr')).toHaveCount(1);

  // Bob finds it, joins below Ann, and challenges her.
  await openLadders(bob.page);
  await expect(bob.page.locator('#ladders-view')).not.toContainText('Loading');
  await bob.page.getByRole('button', { name: 'Club ladder' }).click();
  await bob.page.click('#ladder-membership');
  const rows = bob.page.locator('.ladder-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).locator('th')).toHaveText('Bob');
  await expect(bob.page.locator('#ladder-membership')).toHaveText('Leave');
  await rows.nth(0).getByRole('button', { name: 'Challenge' }).click();
  await expect(bob.page.locator('.ladder-challenge')).toContainText('Bob challenges Ann');
  // No second challenge of the same member: the button is gone (the limit is 2 open, but the
  // pair cools down; the server would refuse it).
  await expect(bob.page.locator('.ladder-challenge')).toHaveCount(1);

  // Ann's open screen hears of it: the time left to answer, Accept and Decline.
  await expect(ann.page.locator('.ladder-challenge')).toContainText('Bob challenges Ann', { timeout: 15_000 });
  await expect(ann.page.locator('.ladder-left')).toHaveText(/^(2 d 0 h|1 d 23 h) left to answer$/);
  await expect(ann.page.locator('#ladders-said')).toHaveText('Ladder updated.');
  await expectAccessible(ann.page, '#ladders-dialog');
  await ann.page.getByRole('button', { name: 'Accept' }).click();
  const play = ann.page.locator('.ladder-challenge a');
  await expect(play).toHaveText('Play');
  await expect(play).toHaveAttribute('href', /\?online=[a-z2-9]{12}$/);

  // Bob's screen, in English and German, on a desktop and a phone.
  for (const lang of ['en', 'de']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      await bob.page.setViewportSize(viewport);
      await bob.page.goto(`${club.base}index.html?lang=${lang}`);
      await expect(bob.page.locator('html[data-online="yes"]')).toHaveCount(1);
      await bob.page.click('#open-ladders');
      await bob.page.locator('.ladder-link').first().click();
      await expect(bob.page.locator('.ladder-challenge a')).toHaveText(lang === 'en' ? 'Play' : 'Spielen');
      if (lang === 'de') await expect(bob.page.locator('#ladders-dialog h2')).toHaveText('Leitern');
      const overflow = await bob.page.evaluate(() => {
        const dialog = document.querySelector('#ladders-dialog');
        return dialog ? dialog.scrollWidth - dialog.clientWidth : -1;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(bob.page, '#ladders-dialog');
      await snapshot(bob.page, `ladders-${lang}-${size}`);
    }
  }

  // The embed: the ranking and the open challenge alone, in a 420 px frame.
  const { ladders } = await (await bob.page.request.get(`${club.base}api/ladders`)).json();
  for (const lang of ['en', 'de']) {
    await bob.page.setViewportSize({ width: 420, height: 600 });
    await bob.page.goto(`${club.base}index.html?embed=1&ladder=${ladders[0].id}&lang=${lang}`);
    await expect(bob.page.locator('#ladder-embed .ladder-table tbody tr')).toHaveCount(2);
    await expect(bob.page.locator('#ladder-embed .ladder-challenge')).toContainText(lang === 'en' ? 'Bob challenges Ann' : 'Bob fordert Ann heraus');
    await expect(bob.page.locator('#ladder-embed button')).toHaveCount(0);
    expect(await lowContrast(bob.page)).toEqual([]);
    await snapshot(bob.page, `ladders-embed-${lang}`);
  }
  await ann.context.close();
  await bob.context.close();
});
