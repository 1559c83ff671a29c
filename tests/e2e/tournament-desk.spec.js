// The director's desk in the tournament screen, against a real jungle-server (club.js): the
// club's admin pauses and resumes a Swiss, sets a round's result and removes a player from the
// desk, each act asked once in the page's confirmation dialog (and one of them called off
// there), and reads each in the log, newest first; a member sees no desk but every round, the
// one being played open and the earlier ones folded; the desk at a desktop's width and a
// phone's (390 px) fits, in screenshots. (The server takes five sign-ups an hour from one
// address: this spec makes four.)
const { test, expect, lowContrast } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub();

/** An API request of `who` (its session cookie) from the club's own page. */
async function api(who, method, apiPath, data) {
  const answer = await who.context.request.fetch(`${club.base}${apiPath}`, { method, data, headers: { origin: new URL(club.base).origin } });
  expect(answer.ok(), `${method} ${apiPath}: ${await answer.text()}`).toBe(true);
  return answer.status() === 204 ? null : answer.json();
}

/**
 * Clicks the desk's button `id`, checks the question asked (its title, and its text containing
 * `says`), and answers it: `yes` goes on, otherwise it is called off.
 */
async function ask(page, id, { title, says, yes = true }) {
  await page.click(`#${id}`);
  const dialog = page.locator('#confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('#confirm-title')).toHaveText(title);
  await expect(page.locator('#confirm-text')).toContainText(says);
  await expect(page.locator('#confirm-no')).toBeFocused();
  await page.click(yes ? '#confirm-yes' : '#confirm-no');
  await expect(dialog).toBeHidden();
}

test('the director runs a Swiss from the desk; a member sees every round', async ({ browser }) => {
  const admin = await member(browser, club.base, 'Admin', { bypassCSP: true });
  const players = [];
  for (const name of ['Bob', 'Cid', 'Dee']) players.push(await member(browser, club.base, name));
  const { id } = await api(admin, 'POST', 'api/tournaments', { name: 'Club night', format: 'swiss', rounds: 3 });
  for (const one of players) await api(one, 'POST', `api/tournaments/${id}/players`);
  await api(admin, 'POST', `api/tournaments/${id}/start`);

  await admin.page.goto(`${club.base}index.html?tournament=${id}`);
  const desk = admin.page.locator('#director-desk');
  await expect(desk).toBeVisible();
  await expect(admin.page.locator('#desk-ratings')).toContainText('both players’ ratings follow it');
  const log = admin.page.locator('#desk-log li');
  await expect(admin.page.locator('#desk-log')).toContainText('Paired round 1');

  // Pause, then resume: each asked once, each in the log (newest first).
  await ask(admin.page, 'desk-pause', { title: 'Pause the tournament?', says: 'No new round is paired' });
  await expect(admin.page.locator('#desk-paused')).toBeVisible();
  await expect(log.first()).toContainText('Paused');
  await expect(log.first()).toContainText('Admin');
  await ask(admin.page, 'desk-resume', { title: 'Resume the tournament?', says: 'paired again' });
  await expect(admin.page.locator('#desk-paused')).toHaveCount(0);
  await expect(log.first()).toContainText('Resumed');
  // Ending is called off in the dialog: nothing changes.
  await ask(admin.page, 'desk-end', { title: 'End the tournament now?', says: 'cannot be undone', yes: false });
  await expect(admin.page.locator('#tournament-status')).toContainText('running');

  // Round 1's game: Red wins, set from the desk; the round is over, so round 2 is paired.
  const [board] = (await api(admin, 'GET', `api/tournaments/${id}`)).pairings.filter((p) => p.blue !== null);
  const names = { 1: 'Bob', 2: 'Cid', 3: 'Dee' };
  await admin.page.selectOption('#desk-board', `1-${board.board}`);
  await admin.page.selectOption('#desk-result', 'red');
  await ask(admin.page, 'desk-adjust', { title: 'Set this result?', says: `Round 1, board ${board.board} (${names[board.red]} – ${names[board.blue]}): Red wins.` });
  await expect(admin.page.locator('#desk-log')).toContainText(`Round 1, board ${board.board}: no result → Red wins`);
  await expect(log.first()).toContainText('Paired round 2');
  await expect(admin.page.locator('#tournament-status')).toContainText('round 2 of 3');
  await admin.page.screenshot({ path: 'test-results/screens/tournament-desk.png', fullPage: true });

  // Dee (who had round 1's bye, and plays in round 2) is removed: the question names her, and
  // what becomes of her game. (Bob and Cid have met: round 3 waits for the director.)
  await admin.page.selectOption('#desk-player', { label: 'Dee' });
  await ask(admin.page, 'desk-remove', { title: 'Remove Dee?', says: 'Dee’s game being played is forfeited' });
  await expect(admin.page.locator('#desk-log')).toContainText('Removed Dee');
  await expect(admin.page.locator('#desk-player option')).toHaveText(['Bob', 'Cid']);
  expect(await lowContrast(admin.page)).toEqual([]);

  // A member sees no desk, and every round: round 2 open, round 1 folded until opened.
  const bob = players[0];
  await bob.page.goto(`${club.base}index.html?tournament=${id}`);
  await expect(bob.page.locator('#tournament-title')).toHaveText('Club night');
  await expect(bob.page.locator('#director-desk')).toHaveCount(0);
  await expect(bob.page.locator('#tournament-rounds details')).toHaveCount(2);
  await expect(bob.page.locator('#tournament-round-2')).toHaveAttribute('open', '');
  await expect(bob.page.locator('#tournament-boards')).toBeVisible();
  const first = bob.page.locator('#tournament-round-1');
  await expect(first).not.toHaveAttribute('open', '');
  await expect(bob.page.locator('#tournament-boards-1')).toBeHidden();
  await bob.page.click('#tournament-round-1-summary');
  await expect(bob.page.locator('#tournament-boards-1')).toContainText('1–0');
  await expect(bob.page.locator('#tournament-round-1-summary')).toHaveText('Round 1: 1 of 1 results in');

  // The desk on a phone: one column, nothing wider than the screen.
  await admin.page.setViewportSize({ width: 390, height: 844 });
  await desk.evaluate((node) => node.scrollIntoView({ block: 'start' }));
  const wide = await admin.page.evaluate(() => [...document.querySelectorAll('#director-desk *')]
    .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5).map((node) => node.id || node.tagName));
  expect(wide).toEqual([]);
  await admin.page.screenshot({ path: 'test-results/screens/tournament-desk-phone.png' });
});
