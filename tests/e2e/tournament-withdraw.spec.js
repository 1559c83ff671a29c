// Leaving a tournament through the page never stalls its round (issue 34), against a real
// jungle-server (SQLite, a free port): in a Swiss of four, Cid leaves the game he is playing
// against Ana (his page gone), then withdraws from the tournaments screen, which asks first and
// says the game is lost by forfeit. Ana's page shows the game won within seconds, and never
// offered "Claim the win" (the server would refuse it for a minute). The standings count her
// point while the round's other game is played, marked provisional; they fit a 390 px phone and
// a club's 420 and 900 px frames, in English and German (the tie-breaks fold behind a button, or
// the table scrolls within its place); then the round ends and the next one is paired.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, move, expectPly } = require('./helpers');
const { useClub, member } = require('./club');
const { serve } = require('./static-server');

let host;
let hostRoot;

test.beforeAll(async () => {
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-withdraw-site-'));
  host = await serve({ root: hostRoot });
});
// Started after the host (hooks run in order), which is the one site it lets frame its pages.
const club = useClub({ options: () => ['--embed-origins', new URL(host.url).origin] });

test.afterAll(async () => {
  await host?.close();
  if (hostRoot) fs.rmSync(hostRoot, { recursive: true, force: true });
});

/** An API request of `who` (its session cookie) from the club's own page. */
async function api(who, method, apiPath, data) {
  const answer = await who.context.request.fetch(`${club.base}${apiPath}`, { method, data, headers: { origin: new URL(club.base).origin } });
  expect(answer.ok(), `${method} ${apiPath}: ${await answer.text()}`).toBe(true);
  return answer.status() === 204 ? null : answer.json();
}

/**
 * What is cut off in `scope` (a page or a frame): each table's place whose content is wider
 * than it, unless it scrolls (a region reached by Tab) with its tie-breaks folded or shown on
 * request; and the page itself wider than its window.
 */
function clipped(scope) {
  return scope.locator('html').evaluate(() => {
    const out = [];
    for (const region of document.querySelectorAll('.table-scroll')) {
      const table = region.querySelector('table');
      if (region.scrollWidth > region.clientWidth + 1 && region.tabIndex !== 0) out.push(`${table?.id}: ${region.scrollWidth} > ${region.clientWidth}`);
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push(`page: ${root.scrollWidth} > ${root.clientWidth}`);
    return out;
  });
}

/** The standings' place in `scope`: whether its tie-breaks are folded, and the table's width over its place's. */
function standingsFit(scope) {
  return scope.locator('#tournament-standings').evaluate((table) => {
    const region = /** @type {HTMLElement} */ (table.parentElement);
    const toggle = document.getElementById('tournament-standings-folds');
    return { folded: Boolean(toggle && !toggle.hidden && toggle.getAttribute('aria-expanded') === 'false'), fits: region.scrollWidth <= region.clientWidth + 1 };
  });
}

test('a member withdraws mid-round: the opponent wins at once, never offered a refused claim; live standings that fit', async ({ browser, page }) => {
  test.setTimeout(150_000);
  /** @type {Record<string, {context: import('@playwright/test').BrowserContext, page: import('@playwright/test').Page}>} */
  const people = {};
  for (const name of ['Ana', 'Ben', 'Cid', 'Dan']) {
    people[name] = await member(browser, club.base, name);
    await people[name].page.keyboard.press('Escape');
  }
  const { Ana, Cid, Dan } = people;
  const created = await api(Ana, 'POST', 'api/tournaments', {
    name: 'Club night', format: 'swiss', rounds: 2, no_show_seconds: 3600,
    clock: { kind: 'live', seconds: 600, increment: 0 },
  });
  const id = created.id;
  for (const name of ['Ana', 'Ben', 'Cid', 'Dan']) await api(people[name], 'POST', `api/tournaments/${id}/players`);
  const started = await api(Ana, 'POST', `api/tournaments/${id}/start`);
  // All rated alike, ranked by number: Ana–Cid on board 1, Dan–Ben on board 2.
  expect(started.pairings.map((p) => [p.red, p.blue])).toEqual([[1, 3], [4, 2]]);

  // Ana and Cid go from "your next game" to the board and make a move each.
  const cidGame = await Cid.context.newPage();
  for (const [one, side] of [[Ana.page, 'Red'], [cidGame, 'Blue']]) {
    await openPage(one, `${club.base}index.html?tournament=${id}`);
    await one.click('#tournament-play');
    await expect(one.locator('#online-status')).toHaveText(`You play ${side}.`);
  }
  await move(Ana.page, 'a3', 'a4');
  await expectPly(cidGame, 1);
  await move(cidGame, 'a7', 'a6');
  await expectPly(Ana.page, 2);
  // From now on, Ana's page notes whether it ever offers "Claim the win".
  await Ana.page.evaluate(() => {
    const claim = /** @type {HTMLElement} */ (document.getElementById('online-claim'));
    window.claimOffered = !claim.hidden;
    new MutationObserver(() => { if (!claim.hidden) window.claimOffered = true; }).observe(claim, { attributes: true, attributeFilter: ['hidden'] });
  });
  // Cid's game page goes; Ana moves, and it is the turn of Cid, who is away: the win may be
  // claimed only after the server's minute (the page offered it at once, and was refused).
  await cidGame.close();
  await expect(Ana.page.locator('.online-player[data-side="blue"]')).toHaveAttribute('data-connected', 'false');
  await move(Ana.page, 'a4', 'a5');
  await expectPly(Ana.page, 3);

  // Cid withdraws from the tournaments screen, which asks first and names the forfeit.
  await openPage(Cid.page, `${club.base}index.html?tournament=${id}`);
  await Cid.page.click('#tournament-withdraw');
  await expect(Cid.page.locator('#confirm-dialog')).toBeVisible();
  await expect(Cid.page.locator('#confirm-title')).toHaveText('Withdraw from this tournament?');
  await expect(Cid.page.locator('#confirm-text')).toContainText('Your game against Ana is still being played: you lose it by forfeit at once.');
  await expect(Cid.page.locator('#confirm-no')).toBeFocused();
  await Cid.page.screenshot({ path: 'test-results/screens/tournament-withdraw-confirm.png' });
  await Cid.page.keyboard.press('Escape');
  await expect(Cid.page.locator('#tournament-withdraw')).toBeVisible();
  await Cid.page.click('#tournament-withdraw');
  const asked = Date.now();
  await Cid.page.click('#confirm-yes');
  await expect(Cid.page.locator('#tournament-next')).toContainText('You have withdrawn');

  // Ana's page: the game is won within seconds, and why.
  await expect(Ana.page.locator('#banner-title')).toHaveText('You win!');
  expect(Date.now() - asked).toBeLessThan(5000);
  await expect(Ana.page.locator('#banner-reason')).toHaveText('Blue left the tournament: Red wins by forfeit.');
  expect(await Ana.page.evaluate(() => window.claimOffered)).toBe(false);
  await Ana.page.screenshot({ path: 'test-results/screens/tournament-withdraw-won.png' });

  // Ben follows it on a desktop, in English and German: the standings are not cut off.
  const { Ben } = people;
  for (const lang of ['en', 'de']) {
    await openPage(Ben.page, `${club.base}index.html?lang=${lang}&tournament=${id}`);
    await expect(Ben.page.locator('#tournament-standings tbody tr').first().locator('th')).toHaveText('Ana');
    await expect.poll(() => clipped(Ben.page)).toEqual([]);
    await expect.poll(async () => (await standingsFit(Ben.page)).fits).toBe(true);
  }
  await Ben.page.screenshot({ path: 'test-results/screens/tournament-withdraw-desktop-de.png' });

  // Dan watches the tournament on his phone: Ana's point counts while board 2 is played, marked
  // provisional, and the standings fit (the tie-breaks folded behind a button).
  await Dan.page.setViewportSize({ width: 390, height: 844 });
  await openPage(Dan.page, `${club.base}index.html?tournament=${id}`);
  const first = Dan.page.locator('#tournament-standings tbody tr').first();
  await expect(first.locator('th')).toHaveText('Ana');
  await expect(first.locator('td').nth(1)).toHaveText('1');
  await expect(Dan.page.locator('#tournament-provisional-note')).toContainText('Provisional');
  await expect(Dan.page.locator('#tournament-status')).toContainText('round 1 of 2');
  await expect.poll(() => standingsFit(Dan.page)).toEqual({ folded: true, fits: true });
  await expect.poll(() => clipped(Dan.page)).toEqual([]);
  await Dan.page.screenshot({ path: 'test-results/screens/tournament-withdraw-phone.png', fullPage: true });
  // Shown on request, the tie-breaks scroll within their place, reached by Tab, the names kept.
  const toggle = Dan.page.locator('#tournament-standings-folds');
  await expect(toggle).toHaveText('Show tie-breaks');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveText('Hide tie-breaks');
  const region = Dan.page.locator('.table-scroll:has(#tournament-standings)');
  await expect(region).toHaveAttribute('tabindex', '0');
  await expect(region).toHaveAttribute('aria-labelledby', 'tournament-standings-caption');
  await expect(Dan.page.locator('#tournament-standings th', { hasText: 'Sonneborn-Berger' })).toBeVisible();
  await expect.poll(() => clipped(Dan.page)).toEqual([]);
  await region.focus();
  await Dan.page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
  await expect(first.locator('th')).toBeInViewport();
  await Dan.page.screenshot({ path: 'test-results/screens/tournament-withdraw-phone-tie-breaks.png', fullPage: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The phone in German: folded again, nothing cut off.
  await openPage(Dan.page, `${club.base}index.html?lang=de&tournament=${id}`);
  await expect(Dan.page.locator('#tournament-provisional-note')).toContainText('Vorläufig');
  await expect.poll(() => clipped(Dan.page)).toEqual([]);
  await expect(Dan.page.locator('#tournament-standings-folds')).toHaveText('Feinwertungen zeigen');

  // A club's page frames the standings at 420 and 900 px, in English and German.
  const frames = [['narrow-de', 420, 'de'], ['wide-de', 900, 'de'], ['narrow-en', 420, 'en'], ['wide-en', 900, 'en']];
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><html data-ready="yes"><title>Club</title><link rel="icon" href="data:,">
${frames.map(([name, width, lang]) => `<iframe id="${name}" src="${club.base}index.html?embed=1&amp;lang=${lang}&amp;tournament=${id}" width="${width}" height="520" title="Club night"></iframe>`).join('\n')}`);
  await page.setViewportSize({ width: 1400, height: 1150 });
  await openPage(page, host.url);
  for (const [name, , lang] of frames) {
    const frame = page.frameLocator(`#${name}`);
    await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
    await expect(frame.locator('#tournament-standings tbody tr').first().locator('th')).toHaveText('Ana');
    await expect(frame.locator('#tournament-provisional-note')).toContainText(lang === 'de' ? 'Vorläufig' : 'Provisional');
    await expect.poll(() => clipped(frame), { message: name }).toEqual([]);
  }
  await page.frameLocator('#narrow-de').locator('html').screenshot({ path: 'test-results/screens/tournament-withdraw-embed-de-420.png' });
  await page.screenshot({ path: 'test-results/screens/tournament-withdraw-embeds.png' });

  // Board 2 ends: the round is complete, and the next one is paired at once.
  await api(Ana, 'PUT', `api/tournaments/${id}/results`, { round: 1, board: 2, result: 'draw' });
  await expect(Dan.page.locator('#tournament-status')).toContainText('Runde 2 von 2');
  await expect(Dan.page.locator('#tournament-boards')).not.toContainText('Cid');
});
