// An engine match through the page (issue 40), against two jungle-server instances of one
// PostgreSQL (club.js): an admin makes a bots-only double round robin in the tournaments form,
// enters two bot accounts by name at the director's desk (a member who is not a bot is refused
// there), and starts it. The bots play their games through the bot API with their tokens, on
// the other instance, driven from the test: every game reaches them by itself, no challenge to
// accept. The screen then shows the crosstable and, under it, the rating list — relative to
// the field, ± its error bar, games and score — and so does the embedded view; screenshots of
// both on a desktop and a phone. Four sign-ups. Where bots play members, the standings tag the
// bots.
const { test, expect, openPage, snapshot } = require('./helpers');
const { useClub, signUp } = require('./club');

// Two instances of one PostgreSQL: the admin's page on the first, the bots and the embed on
// the second.
const club = useClub({ instances: 2 });
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

/**
 * A bot account named `name`, made with the account API in a browser context of its own: its
 * token, to play with.
 */
async function botAccount(browser, name, base = club.base) {
  const context = await browser.newContext();
  const origin = new URL(base).origin;
  const post = async (path, data) => {
    const answer = await context.request.post(`${base}${path}`, { data, headers: { origin } });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
  await post('api/members', { name, password: 'correct horse battery' });
  await post('api/me/bot', {});
  const { token } = await post('api/me/bot-tokens', { label: 'engine' });
  await context.close();
  return token;
}

test('an admin runs an engine match of two bots from the page; the crosstable and the rating list show, embedded too', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: SIZES.desktop });
  const page = await context.newPage();
  // The desk's refusal asked for below is the one error the console shows.
  await openPage(page, `${club.base}index.html`, { allowErrors: [/status of 409 \(Conflict\)/] });
  await signUp(page, 'Admin');
  await page.keyboard.press('Escape');
  const tokens = { DeepBot: await botAccount(browser, 'DeepBot'), RandomBot: await botAccount(browser, 'RandomBot') };
  const human = await browser.newContext();
  const humanAnswer = await human.request.post(`${club.base}api/members`,
    { data: { name: 'Ann', password: 'correct horse battery' }, headers: { origin: new URL(club.base).origin } });
  expect(humanAnswer.status()).toBe(201);
  await human.close();

  // The form: a double round robin, bots only (an engine match: never over the board).
  await page.click('#open-tournaments');
  await page.fill('#tournament-name', 'Engine night');
  await page.selectOption('#tournament-format', 'double-round-robin');
  await expect(page.locator('#tournament-challenger')).toBeHidden();
  await page.selectOption('#tournament-entrants', 'bots');
  await expect(page.locator('#tournament-otb')).toBeHidden();
  await page.selectOption('#tournament-clock', '3+2');
  await page.click('#tournament-create-submit');
  await expect(page.locator('#tournament-title')).toHaveText('Engine night');
  await expect(page.locator('#tournament-settings')).toContainText('Bots only (an engine match)');
  // The admin, no bot, is not offered to register.
  await expect(page.locator('#tournament-register')).toHaveCount(0);
  const id = new URL(page.url()).searchParams.get('tournament');

  // The desk enters bots by name, and only bots.
  await page.fill('#desk-bot-name', 'Ann');
  await page.click('#desk-enter');
  await expect(page.locator('#desk-error')).toHaveText(/bot/i);
  for (const name of Object.keys(tokens)) {
    await page.fill('#desk-bot-name', name);
    await page.click('#desk-enter');
    await expect(page.locator('#tournament-standings')).toContainText(name);
  }
  await expect(page.locator('#desk-log')).toContainText('Entered the bot RandomBot');
  await page.click('#tournament-start');
  await expect(page.locator('#tournament-status')).toContainText('round 1 of 2');

  // The bots play each round's game as it comes: Red and Blue one move each, then RandomBot
  // resigns. Both moves are legal from the start position.
  const bot = (name, path) => request.post(`${club.bases[1]}api/bot/${path}`, { headers: { Authorization: `Bearer ${tokens[name]}` } });
  for (const round of [1, 2]) {
    let board = null;
    await expect.poll(async () => {
      const tournament = await (await request.get(`${club.bases[1]}api/tournaments/${id}`)).json();
      board = tournament.pairings.find((p) => p.round === round && p.game);
      if (board) board.names = [board.red, board.blue].map((n) => tournament.players.find((p) => p.number === n).name);
      return Boolean(board);
    }, { timeout: 20_000 }).toBe(true);
    const [red, blue] = board.names;
    for (const [name, uci] of [[red, 'a3a4'], [blue, 'g7g6']]) {
      const moved = await bot(name, `game/${board.game}/move/${uci}`);
      expect(moved.status(), await moved.text()).toBe(204);
    }
    expect((await bot('RandomBot', `game/${board.game}/resign`)).status()).toBe(204);
  }

  await expect(page.locator('#tournament-status')).toContainText('finished', { timeout: 20_000 });
  await expect(page.locator('#tournament-standings caption')).toHaveText('Crosstable');
  await expect(page.locator('#tournament-standings tbody tr').first()).toContainText('DeepBot');
  const list = page.locator('#tournament-rating-list');
  await expect(list.locator('caption')).toHaveText('Rating list');
  await expect(list.locator('tbody tr')).toHaveCount(2);
  await expect(list.locator('tbody tr').first()).toContainText('DeepBot');
  await expect(list.locator('tbody tr').first().locator('td').nth(1)).toHaveText(/^\+\d+$/);
  await expect(list.locator('tbody tr').first().locator('td').nth(2)).toHaveText(/^±\d+$/);
  await expect(list.locator('tbody tr').first().locator('td').last()).toHaveText('2 (100%)');
  await expect(page.locator('#tournament-rating-note')).toContainText('95%');

  const embed = await context.newPage();
  await openPage(embed, `${club.bases[1]}index.html?embed=1&tournament=${id}`);
  await expect(embed.locator('#tournament-standings tbody tr').first()).toContainText('DeepBot');
  await expect(embed.locator('#tournament-rating-list tbody tr').first()).toContainText('DeepBot');
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await embed.setViewportSize(viewport);
    await page.locator('#tournament-rating-list').scrollIntoViewIfNeeded();
    await snapshot(page, `engine-match-${size}`);
    await snapshot(embed, `engine-match-embed-${size}`);
  }
  await context.close();
});

// A club of its own: the first test used up the sign-ups one address may make in an hour.
test.describe('members and bots', () => {
  const open = useClub();

  test('where bots play members, the standings tag the bots', async ({ browser }) => {
    const context = await browser.newContext({ viewport: SIZES.desktop });
    const page = await context.newPage();
    await openPage(page, `${open.base}index.html`);
    await signUp(page, 'Boss');
    await page.keyboard.press('Escape');
    await botAccount(browser, 'TagBot', open.base);
    const origin = new URL(open.base).origin;
    const post = async (path, data) => {
      const answer = await page.request.post(`${open.base}${path}`, { data, headers: { origin } });
      expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
      return answer.json();
    };
    const { id } = await post('api/tournaments', { name: 'Open night', format: 'swiss', rounds: 1, entrants: 'members-and-bots' });
    await post(`api/tournaments/${id}/players`, {});
    await post(`api/tournaments/${id}/entrants`, { name: 'TagBot' });
    await post(`api/tournaments/${id}/start`, {});
    await page.goto(`${open.base}index.html?lang=en&tournament=${id}`);
    const standings = page.locator('#tournament-standings');
    await expect(standings.locator('th[scope="row"]', { hasText: 'TagBot' }).locator('.bot-tag')).toHaveText('BOT');
    await expect(standings.locator('th[scope="row"]', { hasText: 'Boss' }).locator('.bot-tag')).toHaveCount(0);
    await context.close();
  });
});
