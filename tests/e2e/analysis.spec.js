// The analysis board: opened from a link, moves played for both sides into a tree, a side line
// made and promoted, the keys stepping through it, the engine's lines shown (distinct, legal)
// with arrows, the evaluation graph of the main line (clicked, and by keyboard), and the record
// with variations copied, downloaded and read back by the engine.
const fs = require('node:fs');
const { test, expect, openGame, play, expectPly, square, snapshot } = require('./helpers');

/** The moves of the tree as the panel shows them, with the side lines' parentheses. */
function treeText(page) {
  return page.locator('#analysis-tree').evaluate((tree) => tree.textContent.replace(/\s+/g, ' ').trim());
}

test('a link opens the analysis board; lines are made, promoted, stepped and copied', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openGame(page, '?lang=en&analysis=1&moves=g3g4,a7a6');
  const panel = page.locator('#analysis');
  await expect(panel).toBeVisible();
  await expectPly(page, 2);

  // Moves for both sides go into the main line.
  await play(page, ['g4g5', 'a6a5']);
  expect(await treeText(page)).toBe('1. Rat g3–g4 Rat a7–a6 2. Rat g4–g5 Rat a6–a5');

  // Back two moves with the key, and another move for Red: a side line.
  await page.locator('body').press('ArrowLeft');
  await page.locator('body').press('ArrowLeft');
  await expectPly(page, 2);
  await play(page, ['a3a4']);
  expect(await treeText(page)).toBe('1. Rat g3–g4 Rat a7–a6 2. Rat g4–g5 (2. Elephant a3–a4) 2... Rat a6–a5');
  await expect(page.locator('.analysis-move[aria-current="true"]')).toHaveText('Elephant a3–a4');
  await expect(page.locator('#analysis-promote')).toBeEnabled();

  // Promoted, it becomes the main line; the old one its side line.
  await page.click('#analysis-promote');
  expect(await treeText(page)).toBe('1. Rat g3–g4 Rat a7–a6 2. Elephant a3–a4 (2. Rat g4–g5 Rat a6–a5)');
  await expect(page.locator('#analysis-promote')).toBeDisabled();

  // Home, End and a click on a move go there.
  await page.locator('body').press('Home');
  await expectPly(page, 0);
  await page.locator('body').press('End');
  await expectPly(page, 3);
  await page.locator('.analysis-move', { hasText: 'Rat a6–a5' }).click();
  await expectPly(page, 4);
  await expect(square(page, 'a5')).toHaveAttribute('aria-label', /rat/i);
  await page.locator('body').press('ArrowLeft');
  await expectPly(page, 3);

  // The engine's lines: three, each from a different legal move, and an arrow for the best.
  const lines = page.locator('#analysis-lines li');
  await expect(lines).toHaveCount(3, { timeout: 30_000 });
  await expect(page.locator('#analysis-status')).toContainText(/Depth \d+ · [\d,.\s]+ nodes\/s/);
  const firsts = await lines.evaluateAll((items) => items.map((item) => item.dataset.moves.split(' ')[0]));
  expect(new Set(firsts).size).toBe(3);
  const legal = await page.evaluate((moves) => moves.map((m) => window.jungle.snapshot.movesFrom(m.slice(0, 2)).includes(m.slice(2))), firsts);
  expect(legal).toEqual([true, true, true]);
  await expect(page.locator('.analysis-best-layer')).toBeVisible();
  await expect(page.locator('.analysis-best-arrow')).toHaveAttribute('x1', /\d/);
  await page.selectOption('#analysis-count', '1');
  await expect(lines).toHaveCount(1, { timeout: 30_000 });

  // The evaluation graph of the main line: a point for the start and one per move; on a side
  // line it marks the move the line branches from.
  const graph = page.locator('#analysis-graph');
  await expect(graph).toHaveAttribute('data-analysed', 'yes', { timeout: 30_000 });
  const points = await graph.locator('polyline').getAttribute('points');
  expect(points.trim().split(/\s+/)).toHaveLength(4);
  await expect(graph).toHaveAttribute('aria-valuemax', '3');
  await expect(graph).toHaveAttribute('aria-valuenow', '2');
  await expect(graph).toHaveAccessibleName('Evaluation of the main line');
  await snapshot(page, 'analysis-desktop');
  // A click on the graph goes to that move of the main line; so do the keys on it.
  const box = await graph.locator('svg').boundingBox();
  await graph.locator('svg').click({ position: { x: box.width / 3, y: box.height / 2 } });
  await expectPly(page, 1);
  await expect(graph).toHaveAttribute('aria-valuenow', '1');
  await expect(graph).toHaveAttribute('aria-valuetext', /^1\. Rat g3–g4: (Red|Blue|even)/);
  await graph.press('End');
  await expect(page.locator('.analysis-move[aria-current="true"]')).toHaveText('Elephant a3–a4');
  await graph.press('ArrowLeft');
  await expectPly(page, 2);
  await expect(page.locator('.analysis-move[aria-current="true"]')).toHaveText('Rat a7–a6');

  // The record with its variations (folded under "Record and position") is copied, and the
  // engine reads it back to the same tree.
  await page.click('#analysis-record-toggle');
  await page.click('#analysis-record-copy');
  const record = await page.evaluate(() => navigator.clipboard.readText());
  expect(record).toBe('[Result "*"]\n\n1. g3g4 a7a6 2. a3a4 (2. g4g5 a6a5) *\n');
  // The same record downloaded as a .txt file; it is what is read back below.
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#analysis-download')]);
  expect(file.suggestedFilename()).toMatch(/^jungle-\d{8}-\d{4}\.txt$/);
  const downloaded = fs.readFileSync(await file.path(), 'utf8');
  expect(downloaded).toBe(record);
  const before = await treeText(page);
  await page.fill('#analysis-paste', 'not a record (');
  await page.click('#analysis-open');
  await expect(page.locator('#analysis-refusal')).toContainText('This is not a game record');
  await page.fill('#analysis-paste', downloaded);
  await page.click('#analysis-open');
  await expect(page.locator('#analysis-refusal')).toHaveText('');
  expect(await treeText(page)).toBe(before);
  await expect(page.locator('#analysis-fen')).toHaveValue(await page.evaluate(() => window.jungle.snapshot.fen));

  // Deleting the side line, then leaving: back to the link's game.
  await page.locator('.analysis-move', { hasText: 'Rat g4–g5' }).click();
  await page.click('#analysis-delete');
  expect(await treeText(page)).toBe('1. Rat g3–g4 Rat a7–a6 2. Elephant a3–a4');
  await page.click('#analysis-leave');
  await expect(panel).toBeHidden();
  await expectPly(page, 2);
});

test('a finished game opens on the analysis board from the tools; the phone shows it whole', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  // Red's lion enters the den: the game is over.
  await openGame(page, '?lang=en&mode=people&fen=7/3L3/7/7/7/7/7/7/l6%20w&moves=d8d9');
  await page.click('#open-analysis');
  await expect(page.locator('#analysis')).toBeVisible();
  await expect(page.locator('#analysis-status')).toHaveText('The game is over in this position.');
  await page.locator('body').press('ArrowLeft');
  await expectPly(page, 0);
  await expect(page.locator('#analysis-lines li').first()).toContainText('Red wins in 1', { timeout: 30_000 });
  // The graph of the one move: the start, then Red's win at the top.
  const graph = page.locator('#analysis-graph');
  await expect(graph).toHaveAttribute('data-analysed', 'yes', { timeout: 30_000 });
  const points = (await graph.locator('polyline').getAttribute('points')).trim().split(/\s+/);
  expect(points).toHaveLength(2);
  expect(Number(points[1].split(',')[1])).toBeLessThan(10);
  await snapshot(page, 'analysis-phone');
  await expect(page.locator('#open-analysis')).toBeDisabled();
});
