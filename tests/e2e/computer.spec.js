// The computer in its worker: progress, "move now", recovery from a dead worker, watching a game.
const { test, expect, openGame, square, expectPly, plyOf, move, play, chooseMode, chooseLevel, snapshot } = require('./helpers');

/** Red's elephant on a6, next to Blue's rat: after any quiet Red move, a7a6 wins the elephant. */
const ELEPHANT_HANGS = 'l5t/1d3c1/r1p1w1e/E6/7/7/2W1P1R/1C3D1/T5L w';

/** The moves played so far, as the page's owner has them. */
function moves(page) {
  return page.evaluate(() => window.jungle.snapshot.history.map((entry) => entry.move));
}

/** Whether the computer has a question open (its own state and its worker's). */
function computerBusy(page) {
  return page.evaluate(() => window.jungle.computer.thinking || window.jungle.computer.ai.busy);
}

/**
 * The line the computer's search has reported so far (it is not shown to its opponent: the
 * test reads it from the AI client).
 */
function reportedLine(page) {
  return page.evaluate(() => window.jungle.computer.ai.job?.latest?.pv ?? []);
}

/** Waits until the computer's search has reported a line. */
async function searchReported(page) {
  await expect.poll(async () => (await reportedLine(page)).length).toBeGreaterThan(0);
}

test('move now plays the best move found so far', async ({ page }) => {
  await openGame(page, `?level=8&fen=${encodeURIComponent(ELEPHANT_HANGS)}`);
  await move(page, 'g3', 'g4');
  await expect.poll(async () => (await reportedLine(page))[0]).toBe('a7a6');
  await expect(page.locator('#thinking')).toBeHidden(); // its plan is not shown to its opponent
  await expect(page.locator('#move-now')).toBeVisible();
  await snapshot(page, 'thinking');
  await page.click('#move-now');
  await expectPly(page, 2);
  expect(await moves(page)).toEqual(['g3g4', 'a7a6']);
  await expect(square(page, 'a6')).toHaveAttribute('data-piece', 'r');
  await expect(page.locator('#move-now')).toBeHidden();
  // The fresh worker answers the next question.
  await move(page, 'e3', 'e2');
  await searchReported(page);
  await page.click('#move-now');
  await expectPly(page, 4);
});

test('a worker that dies is replaced, the player is told, and the game goes on', async ({ page }) => {
  await openGame(page);
  await chooseLevel(page, 8);
  await move(page, 'g3', 'g4');
  await searchReported(page);
  // What the browser does when a worker throws: an error event on the Worker object.
  await page.evaluate(() => window.jungle.computer.ai.worker.dispatchEvent(new ErrorEvent('error', { message: 'simulated crash' })));
  await expect(page.locator('#notice')).toContainText('simulated crash');
  await expect(page.locator('#notice')).toContainText('Your game is safe');
  await expect(square(page, 'g4')).toHaveAttribute('data-piece', 'R');
  await expectPly(page, 2);
});

test('computer against computer plays by itself, and stops when people take over', async ({ page }) => {
  await openGame(page);
  await chooseLevel(page, 1);
  await chooseMode(page, 'watch');
  await expectPly(page, 4);
  await expect(page.locator('#undo')).toBeDisabled();
  await chooseMode(page, 'people');
  // The question in progress is dropped at once and no other is asked.
  expect(await computerBusy(page)).toBe(false);
  await expect(page.locator('#move-now')).toBeHidden();
  await expect(page.locator('#thinking')).toBeHidden();
  // The side to move now takes a move from a person.
  const ply = await plyOf(page);
  const legal = await page.evaluate(() => {
    const { movesFrom } = window.jungle.snapshot;
    for (const file of 'abcdefg') {
      for (let rank = 1; rank <= 9; rank++) {
        const to = movesFrom(`${file}${rank}`);
        if (to.length) return `${file}${rank}${to[0]}`;
      }
    }
    return null;
  });
  await play(page, [legal]);
  await expectPly(page, ply + 1);
  expect(await computerBusy(page)).toBe(false);
  await snapshot(page, 'watched');
});

test('undo while the computer thinks takes the move back and its answer is dropped', async ({ page }) => {
  await openGame(page);
  await chooseLevel(page, 8);
  await move(page, 'g3', 'g4');
  await searchReported(page);
  await page.click('#undo');
  await expectPly(page, 0);
  expect(await computerBusy(page)).toBe(false);
  await expect(page.locator('#move-now')).toBeHidden();
  await expect(page.locator('#status')).toHaveText(/Red to move · your move/);
  await expect(square(page, 'g3')).toHaveAttribute('data-piece', 'R');
  // The next move gets its own answer, and only one.
  await chooseLevel(page, 1);
  await move(page, 'a3', 'a4');
  await expectPly(page, 2);
  const played = await moves(page);
  expect(played[0]).toBe('a3a4');
  expect(played).toHaveLength(2);
});
