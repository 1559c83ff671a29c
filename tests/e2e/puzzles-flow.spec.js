// Puzzles for a newcomer (issue 36): the first three puzzles are easy, then rated to the
// player; Hint and Solution say what they cost before they are asked, and cost exactly that;
// a card over the board offers the next puzzle after a solve and after the solution (never a
// bare "Red wins"); a reload keeps the puzzle and how far it went; a wrong try then the
// solution is one miss, said as the rating rules say (README, "Puzzles"). Screenshots of the
// cost and of the solved card, desktop and phone, in English, German and Japanese.
const fs = require('node:fs');
const path = require('node:path');
const { test, expect, openGame, square, expectPly, reload, snapshot, lowContrast, wordTable } = require('./helpers');

/** The shipped standard puzzles by id, as the file has them. */
const PUZZLES = new Map(fs.readFileSync(path.join(__dirname, '../../www/puzzles/standard.txt'), 'utf8')
  .split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
    const [id, , fen, moves, , difficulty, goal = 'win'] = line.split('\t');
    return [id, { id, fen, solution: moves.split(' '), difficulty: Number(difficulty), goal: goal === 'win' ? 'win' : 'gain' }];
  }));

/** A short puzzle that wins the game, of `difficulty`. */
const puzzleOf = (difficulty) => [...PUZZLES.values()].find((p) => p.goal === 'win' && p.solution.length === 3 && p.difficulty === difficulty);

const AXE = require.resolve('axe-core/axe.min.js');
const rating = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('jungle.puzzles') ?? 'null'));
/** The puzzle on the board, from the shipped file. */
const shown = async (page) => PUZZLES.get(await page.evaluate(() => window.jungle.snapshot.puzzle));

/** Plays `move` by clicking its two squares. */
async function click(page, move) {
  await square(page, move.slice(0, 2)).click();
  await square(page, move.slice(2)).click();
}

/** Any legal move on the board but `right`. */
const otherMove = (page, right) => page.evaluate((solution) => {
  const s = window.jungle.snapshot;
  for (const file of 'abcdefg') {
    for (let rank = 1; rank <= 9; rank += 1) {
      const to = s.movesFrom(`${file}${rank}`).find((target) => `${file}${rank}${target}` !== solution);
      if (to) return `${file}${rank}${to}`;
    }
  }
  return null;
}, right);

/** Opens `puzzle` by its link, its position on the board. */
async function openPuzzle(page, puzzle, lang = 'en') {
  await openGame(page, `?lang=${lang}&puzzle=${puzzle.id}`);
  await expect.poll(() => page.evaluate(() => window.jungle.snapshot.puzzle)).toBe(puzzle.id);
}

/** Plays the solver's moves of `puzzle`; the defender answers by itself. */
async function solve(page, puzzle) {
  for (let ply = 0; ply < puzzle.solution.length; ply += 2) {
    await expectPly(page, ply);
    await click(page, puzzle.solution[ply]);
  }
}

/** A word's template whose `{change}` is a loss of rating (`−12`), as a RegExp. */
const withChange = (template) => new RegExp(`^${template.replace(/[()]/g, '\\$&').replace('{change}', '−\\d+')}$`);

/** The violations axe-core finds (default rules) in the element `selector`. */
async function axeViolations(page, selector) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate((s) => window.axe.run(s, { resultTypes: ['violations'] }), selector);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a fresh player’s first three puzzles are easy; then they are rated to the player', async ({ page }) => {
  await openGame(page, '?lang=en&puzzles=1');
  await expect(page.locator('#puzzle-difficulty')).toHaveValue('0');
  await expect(page.locator('#puzzle-difficulty option[value="0"]')).toHaveText('Suited to you');
  const seen = [];
  for (let n = 0; n < 3; n += 1) {
    await expect.poll(async () => (await shown(page))?.id).not.toBe(seen.at(-1));
    const puzzle = await shown(page);
    seen.push(puzzle.id);
    expect(puzzle.difficulty, `puzzle ${n + 1}: ${puzzle.id}`).toBe(1);
    expect(puzzle.goal).toBe('win');
    await expect(page.locator('#puzzle-meta')).toContainText('Difficulty 1/5');
    await solve(page, puzzle);
    // The solve ends on the puzzle's card, with the next puzzle one click away.
    await expect(page.locator('#puzzle-end-title')).toHaveText('Solved!');
    await expect(page.locator('#banner')).toBeHidden();
    await page.click('#puzzle-end-next');
  }
  await expect.poll(async () => (await shown(page))?.id).not.toBe(seen.at(-1));
  const { rating: now, solved } = await rating(page);
  expect(solved).toBe(3);
  const fourth = await shown(page);
  // Rated near the player: within one difficulty step (200) of the player's rating.
  expect(Math.abs(700 + 200 * fourth.difficulty - now), `difficulty ${fourth.difficulty} at rating ${now}`).toBeLessThanOrEqual(200);
  expect(fourth.difficulty).toBeGreaterThan(1);
});

test('Hint says its cost before it is asked, and costs exactly that', async ({ page }) => {
  const puzzle = puzzleOf(3);
  await openPuzzle(page, puzzle);
  await expect(page.locator('#puzzle-hint')).toHaveText(/^Hint \(−\d+\)$/);
  const cost = Number((await page.locator('#puzzle-hint').textContent()).match(/−(\d+)/)[1]);
  expect(cost).toBeGreaterThan(0);
  await expect(page.locator('#puzzle-solution')).toHaveText(`Solution (−${cost})`);
  await expect(page.locator('#puzzle-hint')).toHaveAttribute('title', `Counts this puzzle as missed: rating −${cost}`);
  await page.click('#puzzle-hint');
  await expect(square(page, puzzle.solution[0].slice(0, 2))).toHaveClass(/puzzle-hint/);
  expect(await rating(page)).toMatchObject({ rating: 1200 - cost, solved: 0, failed: 1 });
  // Paid once: now the buttons cost nothing more.
  await expect(page.locator('#puzzle-hint')).toHaveText('Hint');
  await expect(page.locator('#puzzle-solution')).toHaveText('Solution');
  await solve(page, puzzle);
  await expect(page.locator('#puzzle-end-title')).toHaveText('Solved with a hint');
  await expect(page.locator('#puzzle-end-detail')).toHaveText(`Counted as missed: rating −${cost}.`);
  expect(await rating(page)).toMatchObject({ rating: 1200 - cost, solved: 0, failed: 1 });
});

test('a wrong try then the solution: one miss, said so, and Next puzzle after it', async ({ page }) => {
  const puzzle = puzzleOf(2);
  await openPuzzle(page, puzzle);
  const cost = Number((await page.locator('#puzzle-hint').textContent()).match(/−(\d+)/)[1]);
  const wrong = await otherMove(page, puzzle.solution[0]);
  await click(page, wrong);
  await expect(page.locator('#puzzle-feedback')).toHaveText(
    `Not ${wrong.slice(0, 2)}–${wrong.slice(2)}: that does not win. The puzzle counts as missed (rating −${cost}); you may still finish it.`);
  await expectPly(page, 0);
  expect(await rating(page)).toMatchObject({ rating: 1200 - cost, solved: 0, failed: 1 });
  await page.click('#puzzle-solution');
  await expectPly(page, puzzle.solution.length);
  await expect(page.locator('#puzzle-end')).toBeVisible();
  await expect(page.locator('#puzzle-end-title')).toHaveText('Solution shown');
  await expect(page.locator('#puzzle-end-detail')).toHaveText(`Counted as missed: rating −${cost}.`);
  await expect(page.locator('#puzzle-end')).toHaveAttribute('data-result', 'missed');
  await expect(page.locator('#banner')).toBeHidden();
  expect(await rating(page)).toMatchObject({ rating: 1200 - cost, solved: 0, failed: 1 });
  await snapshot(page, 'puzzles-flow-missed');
  await page.click('#puzzle-end-next');
  await expect.poll(() => page.evaluate(() => window.jungle.snapshot.puzzle)).not.toBe(puzzle.id);
  await expectPly(page, 0);
  await expect(page.locator('#puzzle-end')).toBeHidden();
});

test('a reload keeps the puzzle, how far it went and how it was rated', async ({ page }) => {
  await openGame(page, '?lang=en&puzzles=1');
  await expect.poll(async () => (await shown(page))?.id).toBeTruthy();
  const puzzle = await shown(page);
  await expect(page).toHaveURL(new RegExp(`[?&]puzzle=${puzzle.id}(&|$)`));
  await click(page, puzzle.solution[0]);
  await expectPly(page, 2);
  await click(page, await otherMove(page, puzzle.solution[2]));
  await expect(page.locator('#puzzle-feedback')).toContainText('counts as missed');
  await expectPly(page, 2);
  const missed = await rating(page);
  await reload(page);
  await expect.poll(() => page.evaluate(() => window.jungle.snapshot?.puzzle)).toBe(puzzle.id);
  await expectPly(page, 2);
  expect(await page.evaluate(() => window.jungle.snapshot.history.map((e) => e.move))).toEqual(puzzle.solution.slice(0, 2));
  await expect(page.locator('#puzzle-hint')).toHaveText('Hint'); // rated already: nothing to pay
  // Opened again without its address, the page shows the player's game; Puzzles goes on with it.
  await openGame(page, '?lang=en');
  await expect(page.locator('#puzzles')).toHaveCount(0);
  await page.click('#open-puzzles');
  await expect.poll(() => page.evaluate(() => window.jungle.snapshot.puzzle)).toBe(puzzle.id);
  await expectPly(page, 2);
  await click(page, puzzle.solution[2]);
  await expect(page.locator('#puzzle-end-title')).toHaveText('Solved after a wrong try');
  expect(await rating(page)).toEqual(missed);
  // Reloaded at its end, the puzzle still says how it went.
  await reload(page);
  await expect(page.locator('#puzzle-end-title')).toHaveText('Solved after a wrong try');
  await expect(page.locator('#puzzle-end-detail')).toHaveText(`Counted as missed: rating −${1200 - missed.rating}.`);
  // Back to one's game: the address and the page forget the puzzle.
  await page.click('#puzzle-leave');
  await expect(page).not.toHaveURL(/puzzle/);
  await reload(page);
  await expect(page.locator('#puzzles')).toHaveCount(0);
});

for (const lang of ['en', 'de', 'ja']) {
  for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    test(`the cost and the solved card read well: ${lang}, ${device}`, async ({ page }) => {
      const words = wordTable(lang);
      await page.setViewportSize(viewport);
      const puzzle = puzzleOf(2);
      await openPuzzle(page, puzzle, lang);
      await expect(page.locator('#puzzle-hint')).toHaveText(withChange(words['puzzle.hintCost']));
      await snapshot(page, `puzzles-flow-cost-${lang}-${device}`);
      expect(await lowContrast(page)).toEqual([]);
      await solve(page, puzzle);
      await expect(page.locator('#puzzle-end-title')).toHaveText(words['puzzle.end.solved']);
      await expect(page.locator('#puzzle-end-next')).toHaveText(words['puzzle.next']);
      await expect(page.locator('#puzzle-end-next')).toBeInViewport();
      await snapshot(page, `puzzles-flow-solved-${lang}-${device}`);
      expect(await lowContrast(page)).toEqual([]);
      expect(await axeViolations(page, '#puzzle-end')).toEqual([]);
      expect(await axeViolations(page, '#puzzles')).toEqual([]);
    });
  }
}

test('the end card and the costs read well in the dark and high-contrast themes', async ({ page }) => {
  const puzzle = puzzleOf(2);
  for (const theme of ['dark', 'contrast']) {
    await openGame(page, `?lang=en&theme=${theme}&puzzle=${puzzle.id}`);
    await expect.poll(() => page.evaluate(() => window.jungle.snapshot.puzzle)).toBe(puzzle.id);
    await expect(page.locator('#puzzle-hint')).toHaveText(/^Hint \(−\d+\)$/);
    expect(await lowContrast(page), `${theme}: costs`).toEqual([]);
    await solve(page, puzzle);
    await expect(page.locator('#puzzle-end-title')).toBeVisible();
    expect(await lowContrast(page), `${theme}: end card`).toEqual([]);
    // The next theme starts as a newcomer, with the puzzle not rated yet.
    await page.evaluate(() => ['jungle.puzzles', 'jungle.puzzles.current'].forEach((key) => localStorage.removeItem(key)));
  }
});
