// The endgame tables in the analysis board (issue 39): a position of up to 3 animals opened
// from a link shows who wins and in how many plies, and every legal move marked; practice
// against the tables' perfect defence is won only when the tables say so, and a move that
// throws the win is named and taken back; a review marks each move of an endgame played; a
// set used once answers with the network cut (the service worker keeps it); a damaged table
// file reads, quietly, "Endgame table not available".
// Prints the download of the sets the position needs and the time of a probe in the page.
const { test, expect, openGame, play, move, expectPly, snapshot } = require('./helpers');

/** Red's lion on d6, Blue's rat on a1, Red to move: Red wins in 5 plies, d6d7 the only win. */
const LION_V_RAT = '7/7/7/3L3/7/7/7/7/r6 w';
/** The same two animals elsewhere (the same set, LvR): Red to move. */
const LION_V_RAT_2 = '7/7/7/7/7/3L3/7/7/6r w';

const link = (fen, lang = 'en') => `?lang=${lang}&analysis=1&fen=${encodeURIComponent(fen)}`;
const verdict = (page) => page.locator('#endgame-verdict');
const marks = (page) => page.locator('#endgame-moves li');

/** The tables' marks on the moves shown: {move: result}. */
async function markedMoves(page) {
  return Object.fromEntries(await marks(page).evaluateAll((items) => items.map((li) => [li.dataset.move, li.dataset.result])));
}

test('an endgame shows the verdict and every move marked, in words, signs and on the board', async ({ page }) => {
  const fetched = [];
  page.on('response', async (response) => {
    if (response.url().includes('/tablebase/')) fetched.push({ url: response.url(), bytes: (await response.body()).length });
  });
  await openGame(page, link(LION_V_RAT));
  await expect(verdict(page)).toHaveText('Red wins in 5 plies');
  expect(await markedMoves(page)).toEqual({ d6d7: 'win', d6a6: 'loss', d6d5: 'loss', d6g6: 'loss' });
  await expect(marks(page).first()).toContainText('+');
  await expect(marks(page).first()).toContainText('wins in 5 plies');
  await expect(marks(page).nth(1)).toContainText('loses in 6 plies');
  await expect(page.locator('.endgame-arrow')).toHaveAttribute('x1', /\d/);
  const ms = Number(await page.locator('#endgame').getAttribute('data-probe-ms'));
  console.log(`tablebase: ${fetched.map((f) => `${f.url.split('/').pop()} ${f.bytes} B`).join(', ')}; first probe ${ms} ms (engine start, fetch, unpack, check)`);
  // A move on the board: the next position's verdict, from Blue's side.
  await play(page, ['d6d7']);
  await expect(verdict(page)).toHaveText('Red wins in 4 plies');
  const again = Number(await page.locator('#endgame').getAttribute('data-probe-ms'));
  console.log(`tablebase: probe with the set loaded ${again} ms`);
  expect(again).toBeLessThan(2_000);
  await snapshot(page, 'tablebase-desktop-en');
});

test('a position with more animals asks for no table and shows no part', async ({ page }) => {
  const asked = [];
  page.on('request', (request) => { if (request.url().includes('/tablebase/')) asked.push(request.url()); });
  await openGame(page, '?lang=en&analysis=1&moves=g3g4');
  await expect(page.locator('#analysis-lines li').first()).toBeVisible();
  await expect(page.locator('#endgame')).toBeHidden();
  expect(asked).toEqual([]);
});

test('in German, on a phone: the same words translated', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, link(LION_V_RAT, 'de'));
  await expect(verdict(page)).toHaveText('Rot gewinnt in 5 Halbzügen');
  await expect(marks(page).first()).toContainText('gewinnt in 5 Halbzügen');
  await page.locator('#endgame').scrollIntoViewIfNeeded();
  await snapshot(page, 'tablebase-phone-de');
});

test('practice: a move that throws the win is named and taken back; the defence loses only at the end', async ({ page }) => {
  await openGame(page, link(LION_V_RAT));
  await expect(verdict(page)).toHaveText('Red wins in 5 plies');
  await page.click('#endgame-practice');
  const note = page.locator('#endgame-practice-note');
  await expect(note).toHaveText('Practice: win against perfect defence.');

  // A losing move: named, with the win it threw away; the defence waits.
  await play(page, ['d6d5']);
  await expect(note).toHaveText('That move loses: the win was Lion d6–d7.');
  await expectPly(page, 1);
  await page.click('#endgame-take-back');
  await expectPly(page, 0);
  await expect(verdict(page)).toHaveText('Red wins in 5 plies');

  // The winning moves: each answered by the tables' longest defence, the win a ply nearer.
  for (let left = 5; left > 1; left -= 2) {
    const ply = 5 - left;
    await expect(verdict(page)).toHaveText(`Red wins in ${left} plies`);
    const best = await marks(page).first().getAttribute('data-move');
    await move(page, best.slice(0, 2), best.slice(2));
    await expectPly(page, ply + 2); // the defence moved at once
    await expect(verdict(page)).toHaveText(`Red wins in ${left - 2} plies`);
  }
  await play(page, [await marks(page).first().getAttribute('data-move')]);
  await expect(note).toHaveText('Won: you converted the endgame.');
  await expectPly(page, 5);
  await snapshot(page, 'tablebase-practice-en');
});

test('a review marks each move of an endgame as the tables value it, and names the win thrown away', async ({ page }) => {
  // Red throws the win (d6d5 loses); Blue's answer is the tables' best there.
  await openGame(page, link('7/7/7/7/3L3/7/7/7/r6 b'));
  await expect(verdict(page)).toHaveText(/^Blue wins/);
  const answer = await marks(page).first().getAttribute('data-move');
  await openGame(page, `?lang=en&mode=people&fen=${encodeURIComponent(LION_V_RAT)}&moves=d6d5,${answer}`);
  await page.click('#review-toggle');
  const review = page.locator('#review');
  const line = page.locator('#review-endgame');
  await expect(review).toHaveAttribute('data-ply', '2');
  await expect(line).toHaveAttribute('data-played', 'win');
  await expect(line).toHaveText(/^Endgame table: Blue wins in 4 plies\. \+ The move played wins in 5 plies\.$/);
  await page.click('#review-prev');
  await expect(review).toHaveAttribute('data-ply', '1');
  await expect(line).toHaveAttribute('data-played', 'loss');
  await expect(line).toHaveText('Endgame table: Blue wins in 5 plies. − The move played loses in 6 plies. Lion d6–d7 won.');
  await snapshot(page, 'tablebase-review-en');
  // The start of the game: the position's verdict alone.
  await page.click('#review-first');
  await expect(line).toHaveText('Endgame table: Red wins in 5 plies.');
  await expect(line).not.toHaveAttribute('data-played', /./);
});

test('a set used once answers with the network cut', async ({ page, context }) => {
  await openGame(page, '?lang=en');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await openGame(page, link(LION_V_RAT));
  await expect(verdict(page)).toHaveText('Red wins in 5 plies');
  await context.setOffline(true);
  await openGame(page, link(LION_V_RAT_2));
  await expect(page.locator('#endgame')).toHaveAttribute('data-result', /^(win|draw|loss)$/);
  await expect(marks(page).first()).toBeVisible();
  await context.setOffline(false);
});

test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a damaged table file reads "Endgame table not available", and the board goes on', async ({ page }) => {
    // One damaged copy for every request of it (the page's and the AI worker's).
    const bytes = Buffer.from(await (await page.request.get('tablebase/LvR.jtb.gz')).body());
    bytes[bytes.length - 5] ^= 0xff; // the gzip's checksum or the table's no longer holds
    await page.route('**/tablebase/LvR.jtb.gz', (route) => route.fulfill({ status: 200, contentType: 'application/gzip', body: bytes }));
    await openGame(page, link(LION_V_RAT));
    await expect(verdict(page)).toHaveText('Endgame table not available');
    await expect(marks(page)).toHaveCount(0);
    await play(page, ['d6d7']);
    await expectPly(page, 1);
  });

  test('a missing table file reads the same', async ({ page }) => {
    await page.route('**/tablebase/LvR.jtb.gz', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await openGame(page, link(LION_V_RAT), { allowErrors: [/404/] });
    await expect(verdict(page)).toHaveText('Endgame table not available');
  });
});
