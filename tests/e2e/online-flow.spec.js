// Online play as players expect it (issue 36), in real pages against two jungle-server
// instances on one throwaway PostgreSQL database: the clock presets with blitz chosen at first,
// and no rated game (nor "Play now") without a clock; a challenge sent on one instance reaches
// its addressee on the other within 2 s, and its card goes once accepted (on another page of
// the addressee's too) and stays away during the game; both players' ratings beside their
// names, and the change a rated game made once it is over. Screenshots of the presets, the
// ratings in a game and the end, on a desktop and a phone, in English, German and Japanese.
const { test, expect, openPage, move, expectPly, snapshot, lowContrast } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub({ instances: 2 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Screenshots of what `open(page)` shows, in a new page of `context`, on a desktop and a phone
 * in English, German and Japanese: `online-flow-<name>-<lang>-<desktop|phone>.png`. The language
 * chosen is kept in the context: the players' own pages are left alone.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} name
 * @param {(page: import('@playwright/test').Page, lang: string) => Promise<void>} open
 */
async function screens(context, name, open) {
  for (const lang of ['en', 'de', 'ja']) {
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    await open(page, lang);
    await snapshot(page, `online-flow-${name}-${lang}-desktop`);
    await page.setViewportSize(PHONE);
    await snapshot(page, `online-flow-${name}-${lang}-phone`);
    await page.close();
  }
}

test('the clocks offered: blitz 5 + 3 first; without a clock, no rated game and no "Play now", and why', async ({ browser }) => {
  const ann = await member(browser, club.base, 'Ann', { bypassCSP: true });
  await ann.page.keyboard.press('Escape');
  await ann.page.click('#open-online');
  const clock = ann.page.locator('#online-clock');
  await expect(clock).toHaveValue('blitz');
  await expect(clock.locator('option:checked')).toHaveText('Blitz · 5 min + 3 s');
  await expect(clock.locator('option')).toHaveText([
    'Bullet · 1 min + 0 s', 'Blitz · 5 min + 3 s', 'Rapid · 10 min + 5 s', 'Classical · 30 min + 20 s',
    'Days per move (correspondence)', 'Custom', 'No clock',
  ]);
  await ann.page.check('#online-rated');
  await expect(ann.page.locator('#online-rated-why')).toBeHidden();
  await expect(ann.page.locator('#online-play-now')).toBeEnabled();

  await clock.selectOption('none');
  await expect(ann.page.locator('#online-rated')).not.toBeChecked();
  await expect(ann.page.locator('#online-rated')).toBeDisabled();
  await expect(ann.page.locator('#online-rated-why')).toHaveText('Rated games and Play now need a clock: choose one above.');
  await expect(ann.page.locator('#online-play-now')).toBeDisabled();
  expect(await lowContrast(ann.page), 'the Play online screen without a clock').toEqual([]);
  await clock.selectOption('rapid');
  await expect(ann.page.locator('#online-rated')).toBeEnabled();
  expect(await lowContrast(ann.page), 'the Play online screen with its presets').toEqual([]);

  await screens(ann.context, 'presets', async (page, lang) => {
    await openPage(page, `${club.base}index.html?lang=${lang}`);
    await page.click('#open-online');
    await expect(page.locator('#online-clock')).toHaveValue('blitz');
    await page.check('#online-rated');
  });
  await ann.context.close();
});

test('a challenge from another instance arrives within 2 s, goes once accepted, and the rated game shows ratings and their change', async ({ browser }) => {
  test.setTimeout(120_000);
  const [one, two] = club.bases;
  const alice = await member(browser, one, 'Alice', { bypassCSP: true });
  await alice.page.keyboard.press('Escape');
  const bob = await member(browser, two, 'Bob', { bypassCSP: true });
  await bob.page.keyboard.press('Escape');
  // Another page of Bob's, on the other instance: it sees the challenge too.
  const bobElsewhere = await bob.context.newPage();
  await openPage(bobElsewhere, `${one}index.html`);

  await alice.page.click('#open-online');
  await alice.page.check('input[name="online-color"][value="red"]');
  await alice.page.check('#online-rated');
  await alice.page.fill('#online-challenge-name', 'Bob');
  const sent = Date.now();
  await alice.page.press('#online-challenge-name', 'Enter');
  const card = (page) => page.locator('#your-games li[data-game]', { hasText: 'Challenge from Alice' });
  await expect(card(bob.page)).toBeVisible({ timeout: 2000 });
  expect(Date.now() - sent, 'the challenge reached Bob within 2 s').toBeLessThan(2000);
  await expect(card(bobElsewhere)).toBeVisible({ timeout: 2000 });
  await expect(card(bob.page)).toContainText('5 min + 3 s · rated');

  // Accepted on one page: both pages go to the board, the card gone from Bob's pages.
  await card(bob.page).getByRole('button').click();
  await expect(bob.page.locator('#online-status')).toHaveText('You play Blue.');
  await expect(alice.page.locator('#online-status')).toHaveText('You play Red.');
  await expect(card(bob.page)).toHaveCount(0);
  await expect(card(bobElsewhere)).toHaveCount(0, { timeout: 2000 });

  // Both players' ratings beside their names: new members, provisional.
  for (const page of [alice.page, bob.page]) {
    await expect(page.locator('.online-player[data-side="red"] .online-rating')).toHaveText('1500?');
    await expect(page.locator('.online-player[data-side="blue"] .online-rating')).toHaveText('1500?');
  }
  // And in the panel's line of whom each plays.
  await expect(alice.page.locator('#opponent')).toHaveText('Against Bob (1500?) online');
  await expect(bob.page.locator('#opponent')).toHaveText('Against Alice (1500?) online');
  expect(await lowContrast(alice.page), 'the panel with ratings').toEqual([]);
  const id = new URL(alice.page.url()).searchParams.get('online');
  const watcher = await browser.newContext();
  await screens(watcher, 'ratings', async (page, lang) => {
    await openPage(page, `${one}index.html?online=${id}&lang=${lang}`);
    await expect(page.locator('.online-player[data-side="blue"] .online-rating')).toHaveText('1500?');
  });

  // A move each (so that it counts), then Alice resigns: the change shows at the end.
  await move(alice.page, 'a3', 'a4');
  await expectPly(bob.page, 1);
  await move(bob.page, 'a7', 'a6');
  await expectPly(alice.page, 2);
  await alice.page.click('#online-resign');
  await alice.page.click('#confirm-yes');
  const change = (page, side) => page.locator(`.online-player[data-side="${side}"] .online-rating-change`);
  await expect(change(bob.page, 'blue')).toHaveText(/^\+\d+$/);
  const gain = (await change(bob.page, 'blue').textContent()).slice(1);
  await expect(change(bob.page, 'red')).toHaveText(`−${gain}`);
  await expect(bob.page.locator('#online-status')).toHaveText(`Your rating: 1500? → ${1500 + Number(gain)}? (+${gain})`);
  await expect(alice.page.locator('#online-status')).toHaveText(`Your rating: 1500? → ${1500 - Number(gain)}? (−${gain})`);
  expect(await lowContrast(bob.page), 'the end with the rating change').toEqual([]);
  await screens(watcher, 'end', async (page, lang) => {
    await openPage(page, `${two}index.html?online=${id}&lang=${lang}`);
    await expect(page.locator('.online-player[data-side="blue"] .online-rating-change')).toHaveText(`+${gain}`);
  });
  for (const context of [alice.context, bob.context, watcher]) await context.close();
});
