// An over-the-board night, the page's side, against a real jungle-server: a director (the
// club's first member, an admin) runs a Swiss of four whose games are played on real boards.
// The players report from phone-sized pages through their board's address: two equal reports
// enter the result, two different ones are shown as disputed to both, and the director settles
// them; a player not signed in is asked to sign in first, a member not on the board is told so.
// The round's sheets print one per page (pairings with each board's QR code, standings, a score
// sheet per board), and the room's screen at 1920×1080 shows the results as they come in.
// On SQLite, and on two instances of one PostgreSQL (the phones at one, the director, the
// sheets and the screen at the other). (The server takes five sign-ups an hour from one
// address: each club makes five.)
const { test, expect, openPage, lowContrast } = require('./helpers');
const { PASSWORD, member, signUp, useClub } = require('./club');

const PHONE = { width: 390, height: 844 };

/**
 * Someone at the club's address `base`, in a browser context of their own.
 * @typedef {{context: import('@playwright/test').BrowserContext, page: import('@playwright/test').Page, base: string, name: string | null}} Person
 */

/** An API request of `who` (its session cookie) from the club's own page. */
async function api(who, method, apiPath, data) {
  const answer = await who.context.request.fetch(`${who.base}${apiPath}`, { method, data, headers: { origin: new URL(who.base).origin } });
  expect(answer.ok(), `${method} ${apiPath}: ${await answer.text()}`).toBe(true);
  return answer.status() === 204 ? null : answer.json();
}

/** A phone of its own at `base`, signed up as `name` (the account screen closed); not signed in when `name` is null. */
async function phone(browser, base, name) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (name) {
    await openPage(page, `${base}index.html`);
    await signUp(page, name);
    await page.keyboard.press('Escape');
  }
  return { context, page, base, name };
}

/** `who` opens the page at `query` (a board's report address, or a tournament's). */
async function open(who, query) {
  await openPage(who.page, `${who.base}index.html${query}`);
  await expect(who.page.locator('#tournament-title')).toHaveText('Club night');
}

/** The page sizes of a PDF in points, read from its /MediaBox entries. */
function pageSizes(pdf) {
  const boxes = pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g);
  return [...boxes].map(([, width, height]) => [Math.round(Number(width)), Math.round(Number(height))]);
}

/**
 * The night on `club`: the director at its first instance, the phones at its last.
 * @param {{base: string, bases: string[]}} club
 */
async function night(browser, club) {
  const director = { ...(await member(browser, club.base, 'Director')), base: club.base, name: 'Director' };
  await director.page.keyboard.press('Escape');
  // Made in the tournaments screen: over the board, no no-show time to set.
  await director.page.click('#open-tournaments');
  await director.page.fill('#tournament-name', 'Club night');
  await director.page.fill('#tournament-rounds', '2');
  await expect(director.page.locator('#tournament-no-show')).toBeVisible();
  await director.page.check('#tournament-otb');
  await expect(director.page.locator('#tournament-no-show')).toBeHidden();
  await director.page.click('#tournament-create-submit');
  await expect(director.page.locator('#tournament-status')).toHaveText('Swiss · registration open · Rated · over the board');
  const id = new URL(director.page.url()).searchParams.get('tournament');
  const players = [];
  for (const name of ['Ann', 'Bob', 'Cid', 'Dee']) {
    const one = await phone(browser, club.bases.at(-1), name);
    await api(one, 'POST', `api/tournaments/${id}/players`);
    players.push(one);
  }
  const started = await api(director, 'POST', `api/tournaments/${id}/start`);
  expect(started.over_the_board).toBe(true);
  const named = (number) => players.find((p) => p.name === started.players.find((q) => q.number === number).name);
  const [first, second] = started.pairings.filter((p) => p.round === 1 && p.blue !== null).sort((a, b) => a.board - b.board);
  expect(first.game).toBeNull();

  // Board 1: Red reports a win from the board's address…
  const red = named(first.red);
  const blue = named(first.blue);
  await open(red, `?tournament=${id}&report=1-${first.board}`);
  const panel = red.page.locator('#board-report');
  await expect(panel.locator('#board-report-board')).toHaveText(`Round 1 · Board ${first.board} — you play Red against ${blue.name}`);
  await expect(panel.locator('#board-report-state')).toHaveText('Once your game is over, tap its result.');
  await red.page.click('#board-report-won');
  await expect(red.page.locator('#tournaments-said')).toHaveText(`Result sent: waiting for ${blue.name}.`);
  await expect(panel.locator('#board-report-state')).toHaveText(`You reported “I won”. Waiting for ${blue.name} to report; you may change yours until you agree.`);
  await expect(red.page.locator('#board-report-won')).toHaveAttribute('aria-pressed', 'true');
  // …Blue, on the same address, sees it came, and agrees: the result is in, on both phones.
  await open(blue, `?tournament=${id}&report=1-${first.board}`);
  await expect(blue.page.locator('#board-report-board')).toHaveText(`Round 1 · Board ${first.board} — you play Blue against ${red.name}`);
  await expect(blue.page.locator('#board-report-state')).toHaveText(`${red.name} has reported: now report yours.`);
  await blue.page.screenshot({ path: 'test-results/screens/otb-phone-report.png' });
  await blue.page.click('#board-report-lost');
  await expect(blue.page.locator('#tournaments-said')).toHaveText('You both agree: the result is in.');
  for (const one of [red, blue]) {
    await expect(one.page.locator('#board-report-state')).toHaveText(`Result entered: ${red.name} 1–0 ${blue.name}.`);
  }
  // The panel's buttons fit the phone's width, nothing clipped.
  const overflow = await red.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Board 2: both claim the win, each from the tournament's own screen (no board in the
  // address: the panel shows for a member whose board has no result).
  const red2 = named(second.red);
  const blue2 = named(second.blue);
  for (const one of [red2, blue2]) {
    await open(one, `?tournament=${id}`);
    await expect(one.page.locator('#board-report-board')).toContainText(`Round 1 · Board ${second.board} — you play`);
    await one.page.click('#board-report-won');
  }
  const disputed = (other) => `You and ${other} reported different results: the director will settle it. Change yours if it was a slip.`;
  await expect(blue2.page.locator('#tournaments-said')).toHaveText('Your results differ: the director will settle it.');
  await expect(blue2.page.locator('#board-report-state')).toHaveText(disputed(red2.name));
  await expect(red2.page.locator('#board-report-state')).toHaveText(disputed(blue2.name));
  await red2.page.screenshot({ path: 'test-results/screens/otb-phone-disputed.png' });

  // The director, on no board, is told so; then settles the dispute, and round 2 is paired.
  await open(director, `?tournament=${id}&report=1-${second.board}`);
  await expect(director.page.locator('#board-report-state')).toHaveText('You do not play on this board: only its two players report its result.');
  await api(director, 'PUT', `api/tournaments/${id}/results`, { round: 1, board: second.board, result: 'blue' });
  await expect(director.page.locator('#tournament-status')).toContainText('round 2 of 2');
  await expect(red2.page.locator('#board-report-board')).toContainText('Round 2 · Board');
  await expect(director.page.locator('#tournament-sheets')).toHaveAttribute('href', new RegExp(`www/sheets\\.html\\?tournament=${id}&round=2&lang=en$`));

  // A phone not signed in opens a board's address of round 2: sign in first, then report.
  const round2 = (await api(director, 'GET', `api/tournaments/${id}`)).pairings.filter((p) => p.round === 2).sort((a, b) => a.board - b.board);
  const guest = await phone(browser, club.bases.at(-1), null);
  const owner = named(round2[0].red);
  await open(guest, `?tournament=${id}&report=2-${round2[0].board}`);
  await expect(guest.page.locator('#board-report-state')).toHaveText('Sign in to report the result of your game.');
  await guest.page.click('#board-report-sign-in');
  await guest.page.fill('#signin-name', owner.name);
  await guest.page.fill('#signin-password', PASSWORD);
  await guest.page.click('#signin-form-submit');
  await expect(guest.page.locator('#account-name')).toHaveText(`Signed in as ${owner.name}`);
  await guest.page.keyboard.press('Escape');
  await expect(guest.page.locator('#board-report-board')).toContainText(`Round 2 · Board ${round2[0].board} — you play Red against`);
  await expect(guest.page.locator('#board-report-won')).toBeVisible();

  // The round's sheets: pairings with a QR code a board, the standings after round 1, a score
  // sheet a board; printed one sheet per page on A4.
  const sheets = await director.context.newPage();
  await openPage(sheets, `${club.base}www/sheets.html?tournament=${id}&round=2&lang=en&paper=a4`);
  await expect(sheets.locator('#sheets-pairings-title')).toHaveText('Club night · Round 2 · Pairings');
  await expect(sheets.locator('#sheets-pairings tbody tr')).toHaveCount(round2.length);
  await expect(sheets.locator('#sheets-standings-title')).toHaveText('Club night · Standings after round 1');
  await expect(sheets.locator('#sheets-standings tbody tr')).toHaveCount(4);
  await expect(sheets.locator('.score-head')).toHaveCount(round2.length);
  await expect(sheets.locator('svg.qr-code')).toHaveCount(2 * round2.length);
  await expect(sheets.locator('.score-moves tbody tr')).toHaveCount(60 * round2.length);
  await expect(sheets.locator('#score-sheet-1 .score-red')).toContainText(named(round2[0].red).name);
  await sheets.screenshot({ path: 'test-results/otb-print.png', fullPage: true });
  await sheets.emulateMedia({ media: 'print' });
  const pdf = await sheets.pdf({ preferCSSPageSize: true, printBackground: true, path: 'test-results/screens/otb-sheets.pdf' });
  expect(pageSizes(pdf)).toEqual(Array(2 + round2.length).fill([595, 842]));
  await sheets.emulateMedia({ media: 'screen' });

  // The room's screen follows the round: a result reported on board 1 appears there.
  const room = await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
  const screen = await room.newPage();
  await openPage(screen, `${club.base}www/sheets.html?tournament=${id}&show=screen&lang=en`);
  await expect(screen.locator('#room-title')).toHaveText('Club night');
  await expect(screen.locator('#room-hint')).toHaveText('Report your result: scan your board’s code');
  const row = screen.locator('#room-boards tbody tr').first();
  await expect(row.locator('.room-result')).toHaveText('–');
  const opponent = named(round2[0].blue);
  await api(owner, 'POST', `api/tournaments/${id}/reports`, { round: 2, board: round2[0].board, result: 'draw' });
  await api(opponent, 'POST', `api/tournaments/${id}/reports`, { round: 2, board: round2[0].board, result: 'draw' });
  await expect(row.locator('.room-result')).toHaveText('½–½');
  const size = await row.locator('.room-red').evaluate((cell) => parseFloat(getComputedStyle(cell).fontSize));
  expect(size, 'names read from across the room').toBeGreaterThanOrEqual(48);
  expect(await lowContrast(screen)).toEqual([]);
  await screen.screenshot({ path: 'test-results/screens/otb-screen.png' });

  for (const one of [director, guest, ...players]) await one.context.close();
  await room.close();
}

for (const [label, options] of [['SQLite', {}], ['PostgreSQL, two instances', { instances: 2 }]]) {
  test.describe(label, () => {
    const club = useClub(options);
    test('an over-the-board Swiss: results reported from phones, a dispute settled, sheets printed, the room’s screen live', async ({ browser }) => {
      test.setTimeout(240_000);
      await night(browser, club);
    });
    if (options.instances) return;
    test('an address naming no board, no tournament, or one the club does not have says so', async ({ page }) => {
      const said = 'This link names no tournament: check the address.';
      await openPage(page, `${club.base}index.html?tournament=a2345678abcd&report=0-1&lang=en`);
      await expect(page.locator('#tournaments-error')).toHaveText('This link names no board: check the address.');
      await openPage(page, `${club.base}www/sheets.html?tournament=nope&lang=en`);
      await expect(page.locator('#sheets-error')).toHaveText(said);
      // The server's 404 is logged by the browser.
      for (const view of ['round=1', 'show=screen']) {
        await openPage(page, `${club.base}www/sheets.html?tournament=a2345678abcd&${view}&lang=en`, { allowErrors: [/404 \(Not Found\)/] });
        await expect(page.locator('#sheets-error')).toHaveText(said);
        await expect(page.locator('#sheets-error')).toBeVisible();
      }
    });
  });
}
