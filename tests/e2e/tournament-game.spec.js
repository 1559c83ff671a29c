// A tournament's game on the page, against a real jungle-server (club.js): its panel names the
// tournament (a link to it), the round and the board, and counts down the no-show time of the
// side that has yet to make its first move; a spectator sees the same; the end banner leads back
// to the tournament (no New game, no Rematch); the record of the share dialog carries the
// tournament, round, board and clock. (Three sign-ups: the server takes five an hour from one
// address.)
const { test, expect, openPage, expectPly, lowContrast, move } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub();

/** An API request of `who` (its session cookie) from the club's own page; the JSON answer. */
async function api(who, method, path, data) {
  const answer = await who.context.request.fetch(`${club.base}${path}`, { method, data, headers: { origin: new URL(club.base).origin } });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return answer.status() === 204 ? null : answer.json();
}

/** The tournament lines of the online panel of `page`. */
function facts(page) {
  return {
    title: page.locator('#online-title'),
    link: page.locator('#online-tournament-link'),
    board: page.locator('#online-tournament-board'),
    noShow: page.locator('#online-no-show'),
  };
}

test('a tournament game names its tournament, round, board and no-show time, and its end leads back to the tournament', async ({ browser }) => {
  const admin = await member(browser, club.base, 'Admin');
  const ann = await member(browser, club.base, 'Ann');
  const ben = await member(browser, club.base, 'Ben');
  const tournament = await api(admin, 'POST', 'api/tournaments', {
    name: 'Club night', format: 'swiss', rounds: 1, no_show_seconds: 600,
    clock: { kind: 'live', seconds: 180, increment: 2 },
  });
  for (const one of [ann, ben]) await api(one, 'POST', `api/tournaments/${tournament.id}/players`);
  const started = await api(admin, 'POST', `api/tournaments/${tournament.id}/start`);
  const [board] = started.pairings;
  const redName = started.players.find((player) => player.number === board.red).name;
  const [red, blue] = redName === 'Ann' ? [ann, ben] : [ben, ann];

  // Red plays the seat; the panel names the tournament, the board and Red's time to show.
  await openPage(red.page, `${club.base}index.html?online=${board.game}`);
  const shown = facts(red.page);
  await expect(shown.title).toHaveText('Tournament game');
  await expect(shown.link).toHaveText('Club night');
  await expect(shown.board).toHaveText('Round 1 · Board 1');
  await expect(shown.noShow).toHaveText(/^Red loses by forfeit in (10:00|9:[0-5]\d) without a first move$/);
  await expect(shown.noShow).toHaveAttribute('role', 'timer');
  await red.page.screenshot({ path: 'test-results/screens/tournament-game-desktop.png' });

  // A spectator sees the same names.
  const spectator = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watcher = await spectator.newPage();
  await openPage(watcher, `${club.base}index.html?watch=${board.game}`);
  const watched = facts(watcher);
  await expect(watched.title).toHaveText('Watching a tournament game');
  await expect(watched.link).toHaveText('Club night');
  await expect(watched.board).toHaveText('Round 1 · Board 1');
  await expect(watched.noShow).toContainText('Red loses by forfeit in');
  // The lines read at AA contrast in every theme.
  const themed = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  for (const theme of ['light', 'dark', 'contrast']) {
    const page = await themed.newPage();
    await openPage(page, `${club.base}index.html?watch=${board.game}&theme=${theme}`);
    await expect(facts(page).noShow).toBeVisible();
    expect(await lowContrast(page), `${theme}: the panel of a tournament game`).toEqual([]);
    await page.close();
  }
  await themed.close();

  // After Red's first move, Blue's time counts, on a phone too; after Blue's, none.
  await move(red.page, 'a3', 'a4');
  await expectPly(red.page, 1);
  await blue.page.setViewportSize({ width: 390, height: 844 });
  await openPage(blue.page, `${club.base}index.html?online=${board.game}`);
  await expect(facts(blue.page).noShow).toHaveText(/^Blue loses by forfeit in (10:00|9:[0-5]\d) without a first move$/);
  await expect(watched.noShow).toContainText('Blue loses by forfeit in');
  await blue.page.locator('#online-bar').scrollIntoViewIfNeeded();
  await blue.page.screenshot({ path: 'test-results/screens/tournament-game-phone.png', fullPage: true });
  const overflow = await blue.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);
  await move(blue.page, 'g7', 'g6');
  await expectPly(red.page, 2);
  for (const page of [red.page, blue.page, watcher]) await expect(facts(page).noShow).toBeHidden();

  // The record the share dialog gives is the server's: the tournament, round, board and clock.
  await red.page.click('#open-share');
  await expect(red.page.locator('#record-text')).toHaveValue(/\[Event "Club night"\]/);
  const record = await red.page.locator('#record-text').inputValue();
  for (const header of ['[Round "1"]', '[Board "1"]', '[TimeControl "180+2"]']) expect(record).toContain(header);
  await red.page.keyboard.press('Escape');

  // Red resigns: the banner leads back to the tournament, and offers no New game nor Rematch.
  await red.page.click('#online-resign');
  await red.page.click('#confirm-yes');
  for (const page of [red.page, blue.page]) {
    await expect(page.locator('#banner')).toBeVisible();
    await expect(page.locator('#banner-tournament')).toHaveText('Back to the tournament');
    await expect(page.locator('#banner-new-game')).toBeHidden();
    await expect(page.locator('#online-rematch')).toBeHidden();
  }
  await blue.page.screenshot({ path: 'test-results/screens/tournament-game-end-phone.png' });
  await red.page.screenshot({ path: 'test-results/screens/tournament-game-end-desktop.png' });
  await red.page.locator('#banner-tournament').focus();
  await red.page.keyboard.press('Enter');
  await expect(red.page.locator('#tournaments-dialog')).toBeVisible();
  await expect(red.page.locator('#tournament-title')).toHaveText('Club night');
  expect(new URL(red.page.url()).searchParams.get('tournament')).toBe(tournament.id);
  // The spectator's link opens it as well.
  await watched.link.click();
  await expect(watcher.locator('#tournament-title')).toHaveText('Club night');

  // Another game on the board: New game is back on its banner.
  await red.page.keyboard.press('Escape');
  await red.page.click('#online-leave');
  await expect(red.page.locator('#banner-tournament')).toBeHidden();
  await expect(red.page.locator('#banner-new-game')).not.toHaveAttribute('hidden');
  await expect(red.page.locator('#online-bar')).toBeHidden();
  for (const context of [admin.context, ann.context, ben.context, spectator]) await context.close();
});
