// The Puzzles mode: a puzzle opened by its link is solved (the defender's reply comes by itself,
// the rating rises) and the player's game comes back after; a wrong move is shown, taken back,
// and the rating falls; the mode opens from the tools and works on a phone; a material puzzle
// says its goal and is solved when its line ends, the game going on; the engine's aids are off
// meanwhile, and a puzzle is rated once only.
const fs = require('node:fs');
const path = require('node:path');
const { test, expect, openGame, square, expectPly, play, gameState, snapshot } = require('./helpers');

/** The shipped standard puzzles, as the file has them. */
function standardPuzzles() {
  const text = fs.readFileSync(path.join(__dirname, '../../www/puzzles/standard.txt'), 'utf8');
  return text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
    const [id, , fen, moves, , , goal = 'win'] = line.split('\t');
    return { id, fen, solution: moves.split(' '), goal: goal === 'win' ? 'win' : 'gain' };
  });
}

const rating = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('jungle.puzzles') ?? 'null'));

/** Any legal move on the board but `solution` (null if there is none). */
const otherMove = (page, solution) => page.evaluate((right) => {
  const s = window.jungle.snapshot;
  for (const file of 'abcdefg') {
    for (let rank = 1; rank <= 9; rank += 1) {
      const from = `${file}${rank}`;
      const to = s.movesFrom(from).find((target) => `${from}${target}` !== right);
      if (to) return `${from}${to}`;
    }
  }
  return null;
}, solution);

/** Opens `puzzle` by its link and waits until its position is on the board (the puzzle file loads
 * after the page is ready, so the board shows the player's game for a moment). */
async function openPuzzle(page, puzzle) {
  await openGame(page, `?lang=en&puzzle=${puzzle.id}`);
  await expect(page.locator('#puzzle-title')).toHaveText(`Puzzle ${puzzle.id}`);
  await expect.poll(async () => (await gameState(page)).startFen).toContain(puzzle.fen.split(' ')[0]);
}

/** Plays `move` on the board by clicking its two squares. */
async function click(page, move) {
  await square(page, move.slice(0, 2)).click();
  await square(page, move.slice(2)).click();
}

test('a puzzle from a link is solved, the rating rises, and the game comes back', async ({ page }) => {
  const puzzle = standardPuzzles().find((p) => p.goal === 'win' && p.solution.length === 3);
  await openGame(page, '?lang=en&mode=local');
  await play(page, ['a3a4', 'g7g6']);
  const game = await gameState(page);
  await page.goto(`index.html?lang=en&puzzle=${puzzle.id}`);
  await expect(page.locator('#puzzle-title')).toHaveText(`Puzzle ${puzzle.id}`);
  const side = puzzle.fen.endsWith(' b') ? 'Blue' : 'Red';
  await expect(page.locator('#puzzle-task')).toContainText(`${side} to play and win in 2 moves`);
  await expectPly(page, 0);
  expect((await gameState(page)).startFen).toContain(puzzle.fen.split(' ')[0]);
  await snapshot(page, 'puzzle-desktop');
  // The solver's move; the defender answers by itself.
  await click(page, puzzle.solution[0]);
  await expectPly(page, 2);
  expect((await gameState(page)).moves).toEqual(puzzle.solution.slice(0, 2));
  await expect(page.locator('#puzzle-feedback')).toHaveText('Right! Your move again.');
  await click(page, puzzle.solution[2]);
  await expect(page.locator('#puzzle-feedback')).toContainText('Solved! — Rating +');
  await expect(page.locator('#announcer')).toContainText('Solved!');
  const after = await rating(page);
  expect(after.rating).toBeGreaterThan(1200);
  expect(after.solved).toBe(1);
  await expect(page.locator('#puzzle-rating')).toContainText(`Your puzzle rating: ${after.rating} (1 solved, 0 missed)`);
  await snapshot(page, 'puzzle-solved');
  // The player's game was never replaced in storage: it comes back.
  await page.click('#puzzle-leave');
  await expect(page.locator('#puzzles')).toBeHidden();
  expect(await gameState(page)).toEqual(game);
  await expect(page.locator('#recent-games')).toBeHidden();
});

test('a wrong move is shown, taken back, and the rating falls; hint and solution help', async ({ page }) => {
  const puzzle = standardPuzzles().find((p) => p.goal === 'win' && p.solution.length >= 3);
  await openPuzzle(page, puzzle);
  const wrong = await otherMove(page, puzzle.solution[0]);
  expect(wrong).not.toBeNull();
  await click(page, wrong);
  await expect(page.locator('#puzzle-feedback')).toHaveText(new RegExp(
    `^Not ${wrong.slice(0, 2)}–${wrong.slice(2)}: that does not win\\. The puzzle counts as missed \\(rating −\\d+\\); you may still finish it\\.$`));
  await expectPly(page, 1);
  await expectPly(page, 0); // taken back
  const after = await rating(page);
  expect(after.rating).toBeLessThan(1200);
  expect(after.failed).toBe(1);
  // The hint marks the piece to move; the solution plays the whole line.
  await page.click('#puzzle-hint');
  await expect(square(page, puzzle.solution[0].slice(0, 2))).toHaveClass(/puzzle-hint/);
  await snapshot(page, 'puzzle-hint');
  await expect(page.locator('#puzzle-feedback')).toHaveText(`Hint: move the piece on ${puzzle.solution[0].slice(0, 2)}.`);
  await page.click('#puzzle-solution');
  await expectPly(page, puzzle.solution.length);
  expect((await gameState(page)).moves).toEqual(puzzle.solution);
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'yes');
  expect((await rating(page)).failed).toBe(1); // one puzzle, counted once
});

/** Plays the solver's moves of `puzzle` on the board; the defender answers by itself. */
async function solve(page, puzzle) {
  for (let ply = 0; ply < puzzle.solution.length; ply += 2) {
    await expectPly(page, ply);
    await click(page, puzzle.solution[ply]);
  }
  await expect(page.locator('#puzzle-feedback')).toContainText('Solved');
}

test('the engine’s aids are off during a puzzle, and say why; they come back after', async ({ page }) => {
  const puzzle = standardPuzzles().find((p) => p.goal === 'win' && p.solution.length === 3);
  await openGame(page, '?lang=en&mode=local');
  await page.click('#settings-toggle');
  await page.check('#pref-eval');
  await page.click('#settings-toggle');
  await openPuzzle(page, puzzle);
  for (const id of ['#hint-button', '#review-toggle']) {
    await expect(page.locator(id)).toBeDisabled();
    await expect(page.locator(id)).toHaveAttribute('title', 'Off during a puzzle');
  }
  await expect(page.locator('#eval-bar .eval-text')).toHaveText('Evaluation: off during a puzzle');
  await expect(page.locator('#eval-bar .eval-track')).toBeHidden();
  await expect(page.locator('#puzzle-aids')).toContainText('off during a puzzle');
  await snapshot(page, 'puzzle-aids-off');
  await page.click('#puzzle-leave');
  await expect(page.locator('#puzzles')).toBeHidden();
  await expect(page.locator('#hint-button')).toBeEnabled();
  await expect(page.locator('#hint-button')).not.toHaveAttribute('title');
  await expect(page.locator('#review-toggle')).toBeEnabled();
  await expect(page.locator('#eval-bar .eval-text')).toContainText(/^Evaluation: (thinking|even|Red|Blue)/, { timeout: 20_000 });
});

test('a puzzle is rated once: solved again (the daily one too), the rating stays', async ({ page }) => {
  await openGame(page, '?lang=en&puzzles=daily');
  await expect(page.locator('#puzzle-title')).toHaveText(/^Puzzle of the day \([0-9a-z]{6}\)$/);
  const id = await page.evaluate(() => window.jungle.snapshot.puzzle);
  const puzzle = standardPuzzles().find((p) => p.id === id);
  await expect(page.locator('#puzzle-feedback')).toHaveText('');
  await solve(page, puzzle);
  await expect(page.locator('#puzzle-feedback')).toContainText('Solved! — Rating ');
  const once = await rating(page);
  expect(once.solved).toBe(1);
  // The daily puzzle again: said to be unrated from the start, and it changes nothing.
  await page.click('#puzzle-daily');
  await expectPly(page, 0);
  await expect(page.locator('#puzzle-feedback')).toHaveText('Played before: this attempt is not rated.');
  await solve(page, puzzle);
  await expect(page.locator('#puzzle-feedback')).toHaveText('Solved! — Played before: not rated again.');
  expect(await rating(page)).toEqual(once);
  await expect(page.locator('#puzzle-rating')).toContainText(`${once.rating} (1 solved, 0 missed)`);
  // Nor does a wrong move count against it now.
  await page.click('#puzzle-daily');
  await expectPly(page, 0);
  await click(page, await otherMove(page, puzzle.solution[0]));
  await expect(page.locator('#puzzle-feedback')).toContainText('Try again.');
  expect(await rating(page)).toEqual(once);
});

test('the mode opens from the tools, picks by theme and difficulty, and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  /** @type {string[]} */
  const loaded = [];
  page.on('request', (request) => loaded.push(request.url()));
  await openGame(page, '?lang=en&mode=local');
  // The puzzles are no part of the first download, but the offline copy holds them.
  await page.waitForTimeout(500);
  expect(loaded.filter((url) => url.includes('/puzzles/') || url.includes('puzzle-mode'))).toEqual([]);
  const worker = await (await page.request.get('sw.js')).text();
  for (const file of ['standard', 'elephant-takes-rat', 'competition']) expect(worker).toContain(`www/puzzles/${file}.txt`);
  await page.click('#open-puzzles');
  await expect(page.locator('#puzzles')).toBeVisible();
  await expect(page.locator('#puzzle-title')).toHaveText(/^Puzzle [0-9a-z]{6}$/);
  await page.selectOption('#puzzle-difficulty', '3');
  await expect(page.locator('#puzzle-meta')).toContainText('Difficulty 3/5');
  await page.selectOption('#puzzle-theme', 'den');
  await expect(page.locator('#puzzle-meta')).toContainText('Den attack');
  await page.click('#puzzle-daily');
  await expect(page.locator('#puzzle-title')).toHaveText(/^Puzzle of the day \([0-9a-z]{6}\)$/);
  await snapshot(page, 'puzzle-phone');
  // A variant's puzzles are played under its rules.
  await page.selectOption('#puzzle-set', 'elephant-takes-rat');
  await expect(page.locator('#rules-summary')).toHaveText('Elephant takes rat');
  expect((await gameState(page)).rules).toBe('elephant-takes-rat=yes');
  expect(loaded.filter((url) => url.endsWith('/www/puzzles/standard.txt'))).toHaveLength(1);
});

test('a puzzle is played with the keyboard, and its moves are announced', async ({ page }) => {
  const puzzle = standardPuzzles().find((p) => p.goal === 'win' && p.solution.length === 3);
  await openPuzzle(page, puzzle);
  for (const name of [puzzle.solution[0].slice(0, 2), puzzle.solution[0].slice(2)]) {
    await square(page, name).focus();
    await page.keyboard.press('Enter');
  }
  await expectPly(page, 2);
  await expect(page.locator('#announcer')).toContainText(`to ${puzzle.solution[1].slice(2)}`);
  for (const name of [puzzle.solution[2].slice(0, 2), puzzle.solution[2].slice(2)]) {
    await square(page, name).focus();
    await page.keyboard.press('Enter');
  }
  await expect(page.locator('#puzzle-feedback')).toContainText('Solved!');
});

test('?puzzles=daily opens the puzzle of the day, ?puzzles=1 a puzzle; an unknown id says so and gives another', async ({ page }) => {
  await openGame(page, '?lang=en&puzzles=1');
  await expect(page.locator('#puzzle-title')).toHaveText(/^Puzzle [0-9a-z]{6}$/);
  await openGame(page, '?lang=en&puzzles=daily');
  await expect(page.locator('#puzzle-title')).toHaveText(/^Puzzle of the day \([0-9a-z]{6}\)$/);
  await openGame(page, '?lang=fr&puzzle=zzzzzz');
  await expect(page.locator('#puzzle-title')).toHaveText(/^Problème [0-9a-z]{6}$/);
  await expect(page.locator('#puzzle-feedback')).toHaveText('Il n’y a pas de problème zzzzzz.');
});

test('a material puzzle says its goal, refuses a wrong move in its words, and ends with its line', async ({ page }) => {
  const puzzle = standardPuzzles().find((p) => p.goal === 'gain' && p.solution.length === 3);
  await openGame(page, `?lang=en&puzzle=${puzzle.id}`);
  const side = puzzle.fen.endsWith(' b') ? 'Blue' : 'Red';
  await expect(page.locator('#puzzle-task')).toHaveText(
    `${side} to play and win material in 2 moves (a wolf’s worth or more, net): find the winning move.`);
  await expect(page.locator('#puzzle-task')).toHaveAttribute('data-goal', 'gain');
  await page.selectOption('#puzzle-goal', 'gain');
  await expect(page.locator('#puzzle-task')).toHaveAttribute('data-goal', 'gain');
  await openPuzzle(page, puzzle);
  const wrong = await otherMove(page, puzzle.solution[0]);
  await click(page, wrong);
  await expect(page.locator('#puzzle-feedback')).toHaveText(new RegExp(
    `^Not ${wrong.slice(0, 2)}–${wrong.slice(2)}: that does not win the material\\. The puzzle counts as missed`));
  await expectPly(page, 0);
  await click(page, puzzle.solution[0]);
  await expectPly(page, 2);
  await click(page, puzzle.solution[2]);
  await expect(page.locator('#puzzle-feedback')).toHaveText(/^Solved after a wrong try — Counted as missed: rating −\d+\.$/);
  expect((await gameState(page)).moves).toEqual(puzzle.solution);
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'no');
  // The game goes on past the line: its moves are no part of the puzzle (not "wrong", not taken back).
  await page.click('#puzzle-end-close');
  await expect(page.locator('#puzzle-end')).toBeHidden();
  await click(page, await otherMove(page, ''));
  await expectPly(page, puzzle.solution.length + 1);
  await expect(page.locator('#puzzle-end')).toBeHidden();
  await expect(page.locator('#puzzle-feedback')).toHaveText(/^Solved after a wrong try/);
});
