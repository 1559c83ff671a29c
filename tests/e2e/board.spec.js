// The board component (www/board/board.js) through its interface alone: made on an element of
// its own over the game's page (with the class of the game's board), given a position and the
// legal destinations as data, and pressed like a player would. It says onMove once per move,
// keeps no piece picked up after a square that is not a destination, moves the keyboard focus
// across its buttons with the arrow keys, and in free placement gives every square to onSquare.
const { test, expect, openGame } = require('./helpers');

/** A position with a red Lion on d2 (square 10) and a blue Rat on d3 (square 17). */
const POSITION = `${'.'.repeat(10)}L${'.'.repeat(6)}r${'.'.repeat(45)}`;
/** The Lion may go to d3 (taking), c2 or e2. */
const DESTS = [[10, [17, 9, 11]]];

/** Makes the test board on the game's page: `window.testBoard`, its calls in `window.boardCalls`. */
async function makeBoard(page) {
  await openGame(page);
  await page.evaluate(({ position, dests }) => {
    const holder = document.createElement('div');
    holder.id = 'test-board';
    holder.className = 'board';
    holder.style.cssText = 'position: fixed; top: 0; left: 0; width: 304px; z-index: 100';
    const squares = document.createElement('div');
    squares.className = 'squares';
    holder.append(document.createElement('canvas'), squares);
    document.body.append(holder);
    const said = [];
    window.boardCalls = said;
    const Board = window.jungle.board.constructor;
    window.testBoard = new Board(holder, {
      onMove: (from, to) => said.push(['move', from, to]),
      onSquare: (index) => said.push(['square', index]),
      onSelect: (index) => said.push(['select', index]),
    });
    window.testBoard.set({
      position,
      terrain: window.jungle.snapshot.terrain,
      weakening: '.'.repeat(63),
      animals: window.jungle.animals,
      dests: new Map(dests),
    });
  }, { position: POSITION, dests: DESTS });
}

function square(page, name) {
  return page.locator(`#test-board [data-square="${name}"]`);
}

function calls(page) {
  return page.evaluate(() => window.boardCalls);
}

test('a piece picked up, then one of its destinations: onMove once, with the pair', async ({ page }) => {
  await makeBoard(page);
  await square(page, 'd2').click();
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', /selected/);
  await expect(square(page, 'd3')).toHaveAttribute('aria-label', /can capture/);
  await expect(square(page, 'c2')).toHaveAttribute('aria-label', /can move here/);
  await square(page, 'd3').click();
  expect(await calls(page)).toEqual([['select', 10], ['move', 10, 17]]);
  // The selection lasts until the position that follows is set.
  await page.evaluate(() => window.testBoard.set({ position: '.'.repeat(63), dests: new Map() }));
  expect(await page.evaluate(() => window.testBoard.selected)).toBe(-1);
  await expect(square(page, 'd2')).not.toHaveAttribute('aria-label', /selected/);
});

test('a square that is not a destination drops the piece picked up, and moves nothing', async ({ page }) => {
  await makeBoard(page);
  await square(page, 'd2').click();
  await square(page, 'a9').click();
  await expect(square(page, 'd2')).not.toHaveAttribute('aria-label', /selected/);
  await expect(square(page, 'c2')).not.toHaveAttribute('aria-label', /can move here/);
  expect(await page.evaluate(() => window.testBoard.selected)).toBe(-1);
  // The Rat has no destinations: a press on it picks nothing up.
  await square(page, 'd3').click();
  expect(await page.evaluate(() => window.testBoard.selected)).toBe(-1);
  expect(await calls(page)).toEqual([['select', 10], ['select', 56], ['select', 17]]);
});

test('a drag onto a destination is one move; a drop elsewhere is none', async ({ page }) => {
  await makeBoard(page);
  const centre = async (name) => {
    const box = await square(page, name).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const drag = async (from, to) => {
    await page.mouse.move(...(await centre(from)));
    await page.mouse.down();
    await page.mouse.move(...(await centre(to)), { steps: 5 });
    await page.mouse.up();
  };
  await drag('d2', 'a1');
  expect(await calls(page)).toEqual([['select', 10]]);
  await drag('d2', 'e2');
  expect(await calls(page)).toEqual([['select', 10], ['select', 10], ['move', 10, 11]]);
});

test('the arrow keys move the focus across the buttons, Enter picks up and moves, Escape drops', async ({ page }) => {
  await makeBoard(page);
  await square(page, 'a1').focus();
  for (const key of ['ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await expect(square(page, 'd2')).toBeFocused();
  await expect(square(page, 'd2')).toHaveAttribute('tabindex', '0');
  await expect(square(page, 'a1')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Enter');
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', /selected/);
  await page.keyboard.press('Escape');
  await expect(square(page, 'd2')).not.toHaveAttribute('aria-label', /selected/);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await expect(square(page, 'c2')).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await calls(page)).toEqual([['select', 10], ['select', 10], ['move', 10, 9]]);
  // Turned, the board's left is the other way.
  await page.evaluate(() => window.testBoard.set({ flipped: true }));
  await square(page, 'c2').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(square(page, 'd2')).toBeFocused();
});

test('free placement gives every square chosen to onSquare and picks nothing up', async ({ page }) => {
  await makeBoard(page);
  await page.evaluate(() => window.testBoard.set({ free: true }));
  await square(page, 'd2').click();
  await square(page, 'e5').focus();
  await page.keyboard.press('Enter');
  expect(await calls(page)).toEqual([['square', 10], ['square', 32]]);
  await expect(square(page, 'd2')).not.toHaveAttribute('aria-label', /selected/);
});

test('an arrow follows the board when it turns; destroy takes the board out', async ({ page }) => {
  await makeBoard(page);
  await page.evaluate(() => window.testBoard.arrow('hint', { from: 10, to: 17 }));
  const ring = page.locator('#test-board .hint-ring');
  await expect(ring).toHaveAttribute('cx', '3.5');
  await expect(ring).toHaveAttribute('cy', '7.5');
  await page.evaluate(() => window.testBoard.set({ flipped: true }));
  await expect(ring).toHaveAttribute('cx', '3.5');
  await expect(ring).toHaveAttribute('cy', '1.5');
  await page.evaluate(() => window.testBoard.destroy());
  await expect(page.locator('#test-board .square')).toHaveCount(0);
  await expect(page.locator('#test-board .hint-layer')).toHaveCount(0);
});
