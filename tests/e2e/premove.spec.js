// Premoves against the computer: a move made while the computer thinks is queued and shown,
// played at once when the turn comes if it is legal then, and dropped with a word why if not;
// Escape and a right-click on the board cancel it. The computer's answer is held back until the
// test lets it go, so that the premove is surely made during its turn.
const { test, expect, openGame, square, move, expectPly } = require('./helpers');

/** Holds every answer of the computer back until releaseComputer (the answer is its own). */
function holdComputer(page) {
  return page.evaluate(() => {
    const { ai } = window.jungle.computer;
    const think = ai.think.bind(ai);
    window.heldAnswers = [];
    ai.think = (request, progress) => new Promise((resolve) => {
      window.heldAnswers.push(() => resolve(think(request, progress)));
    });
  });
}

/** Lets the computer's answers held back go, once its question is asked. */
async function releaseComputer(page) {
  await expect.poll(() => page.evaluate(() => window.heldAnswers.length)).toBeGreaterThan(0);
  await page.evaluate(() => window.heldAnswers.splice(0).forEach((answer) => answer()));
}

/** The moves of the game, like 'a3a4'. */
function movesOf(page) {
  return page.evaluate(() => window.jungle.snapshot.history.map((entry) => entry.move));
}

/** The squares marked as the premove's, with their end: {a3: 'from', a4: 'to'}. */
function premoveSquares(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#squares [data-premove]')]
    .map((button) => [button.dataset.square, button.dataset.premove])));
}

test('a premove made while the computer thinks is played at once when the turn comes', async ({ page }) => {
  await openGame(page, '?level=1');
  await holdComputer(page);
  await move(page, 'g3', 'g4');
  await expectPly(page, 1);
  await move(page, 'a3', 'a4');
  expect(await premoveSquares(page)).toEqual({ a3: 'from', a4: 'to' });
  await expect(square(page, 'a4')).toHaveAttribute('aria-label', /premove/);
  await expect(page.locator('#status')).toContainText('premove Elephant a3–a4');
  await expectPly(page, 1);
  await releaseComputer(page);
  // The computer's answer, then the premove, with no click more.
  await expectPly(page, 3);
  expect((await movesOf(page))[2]).toBe('a3a4');
  await expect(square(page, 'a4')).toHaveAttribute('data-piece', 'E');
  expect(await premoveSquares(page)).toEqual({});
  await expect(page.locator('#status')).not.toContainText('premove');
});

// Blue's dog on a9 has one move, forced: to a8 (Red's elephant on b9 is too strong for it).
const TAKES_THE_CAT = encodeURIComponent('dE5/C6/7/7/7/7/7/7/6T w');
const BLOCKS_THE_RAT = encodeURIComponent('dE5/7/R6/7/7/7/7/7/6T w');

test('a premove that is not legal when the turn comes is cancelled, with the word why', async ({ page }) => {
  await openGame(page, `?fen=${TAKES_THE_CAT}&level=1`);
  await holdComputer(page);
  await move(page, 'g1', 'g2');
  await move(page, 'a8', 'a7');
  expect(await premoveSquares(page)).toEqual({ a8: 'from', a7: 'to' });
  await releaseComputer(page);
  await expectPly(page, 2);
  await expect(page.locator('#notice')).toHaveText('Premove Cat a8–a7 cancelled: its piece was taken.');
  expect(await premoveSquares(page)).toEqual({});
  await expect(page.locator('#status')).toContainText('your move');

  // The rat's square is taken by the dog, which the rat may not take.
  await openGame(page, `?fen=${BLOCKS_THE_RAT}&level=1`);
  await holdComputer(page);
  await move(page, 'g1', 'g2');
  await move(page, 'a7', 'a8');
  await releaseComputer(page);
  await expectPly(page, 2);
  await expect(page.locator('#notice')).toHaveText('Premove Rat a7–a8 cancelled: it is not legal any more.');
  expect(await movesOf(page)).toEqual(['g1g2', 'a9a8']);
});

test('Escape and a right-click cancel the premove; a second premove replaces the first', async ({ page }) => {
  await openGame(page, '?level=1');
  await holdComputer(page);
  await move(page, 'g3', 'g4');
  await move(page, 'a3', 'a4');
  await page.keyboard.press('Escape');
  expect(await premoveSquares(page)).toEqual({});
  await move(page, 'a3', 'a4');
  await move(page, 'b2', 'b3');
  expect(await premoveSquares(page)).toEqual({ b2: 'from', b3: 'to' });
  await square(page, 'd5').click({ button: 'right' });
  expect(await premoveSquares(page)).toEqual({});
  // A premove not yet made is only a piece picked up: the right-click drops it too.
  await square(page, 'a3').click();
  await square(page, 'd5').click({ button: 'right' });
  await square(page, 'a4').click();
  expect(await premoveSquares(page)).toEqual({});
  await releaseComputer(page);
  await expectPly(page, 2);
  await expect(page.locator('#status')).toContainText('your move');
  expect(await movesOf(page)).toHaveLength(2);
});

test('no premoves between two people on one device; undo and a new game cancel one', async ({ page }) => {
  await openGame(page, '?mode=people');
  await move(page, 'g3', 'g4');
  await move(page, 'a3', 'a4');
  expect(await premoveSquares(page)).toEqual({});
  await expectPly(page, 1);

  await openGame(page, '?level=1');
  await holdComputer(page);
  await move(page, 'g3', 'g4');
  await move(page, 'a3', 'a4');
  await page.click('#undo');
  await expectPly(page, 0);
  expect(await premoveSquares(page)).toEqual({});
  await move(page, 'g3', 'g4');
  await move(page, 'a3', 'a4');
  await page.click('#new-game');
  await expectPly(page, 0);
  expect(await premoveSquares(page)).toEqual({});
});
