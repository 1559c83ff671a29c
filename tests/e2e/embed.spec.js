// Embedding: a host page on another site frames the board, hears of moves and the end of the
// game, and starts new games; the board alone fills the frame.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect } = require('./helpers');
const { serve } = require('./static-server');

/** Red's Lion one step from Blue's den: d8d9 wins. */
const NEAR_END = '7/3L3/7/7/7/7/7/7/l6 w';
const OTHER_START = '7/7/7/3E3/7/7/7/7/r6 w';

// The host page of the README's "Embedding" section, keeping what it hears in `messages`.
const HOST_SCRIPT = `
window.messages = [];
const game = document.getElementById('jungle');
window.addEventListener('message', (event) => {
  if (event.source !== game.contentWindow || event.data?.source !== 'jungle') return;
  window.messages.push(event.data);
});
`;

let game;
let host;
let hostRoot;

test.beforeAll(async () => {
  game = await serve();
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-host-'));
  host = await serve({ root: hostRoot });
});

test.afterAll(async () => {
  await game.close();
  await host.close();
  fs.rmSync(hostRoot, { recursive: true, force: true });
});

/** Opens a host page (on its own origin) that frames the game at `query`, `width` × `height`. */
async function openHost(page, query, width = 320, height = 420) {
  const src = `${game.url}index.html?${query}`.replace(/&/g, '&amp;');
  fs.writeFileSync(path.join(hostRoot, 'host.js'), HOST_SCRIPT);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><title>Club</title>
<iframe id="jungle" src="${src}" width="${width}" height="${height}" title="Jungle"></iframe>
<script src="host.js"></script>`);
  await page.goto(host.url);
  const frame = page.frameLocator('#jungle');
  await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
  return frame;
}

function messages(page) {
  return page.evaluate(() => window.messages);
}

function post(page, message) {
  return page.evaluate((m) => document.getElementById('jungle').contentWindow.postMessage(m, '*'), message);
}

test('the host hears the move and the end of the game, and starts new games', async ({ page }) => {
  const frame = await openHost(page, `embed=1&fen=${encodeURIComponent(NEAR_END)}`);
  await expect.poll(() => messages(page)).toContainEqual(expect.objectContaining({ type: 'ready', ply: 0 }));
  await frame.locator('[data-square="d8"]').click();
  await frame.locator('[data-square="d9"]').click();
  await expect.poll(() => messages(page)).toContainEqual(
    { source: 'jungle', type: 'game-over', winner: 'red', reason: 'den', ply: 1, fen: expect.stringMatching(/^3L3\//) });
  expect(await messages(page)).toContainEqual(
    { source: 'jungle', type: 'move', move: 'd8d9', color: 'red', ply: 1, fen: expect.stringMatching(/^3L3\//) });
  await expect(frame.locator('#banner')).toBeVisible();

  // New game: from the same start again.
  await post(page, { type: 'new-game' });
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '0');
  await expect(frame.locator('[data-square="d8"]')).toHaveAttribute('data-piece', 'L');
  await expect(frame.locator('#banner')).toBeHidden();
  await expect.poll(async () => (await messages(page)).at(-1)).toMatchObject({ type: 'new-game', ply: 0 });

  // New game from a position the host gives.
  await post(page, { type: 'new-game', fen: OTHER_START });
  await expect(frame.locator('[data-square="d6"]')).toHaveAttribute('data-piece', 'E');
  await expect(frame.locator('[data-square="d8"]')).not.toHaveAttribute('data-piece', 'L');
});

test('a new game the host asks for shows the toast, whose Undo brings the game back', async ({ page }) => {
  const frame = await openHost(page, 'embed=1&mode=local&lang=en');
  await frame.locator('[data-square="g3"]').click();
  await frame.locator('[data-square="g4"]').click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '1');
  await post(page, { type: 'new-game' });
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '0');
  await expect(frame.locator('#toast')).toContainText('New game started');
  await frame.locator('#toast .toast-action').click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '1');
  await expect(frame.locator('[data-square="g4"]')).toHaveAttribute('data-piece', 'R');
});

test('what a host sends is data: a bad position is refused, shown as text', async ({ page }) => {
  const frame = await openHost(page, 'embed=1');
  await post(page, { type: 'new-game', fen: '<img src=x onerror="window.parent.hacked=1">' });
  await expect(frame.locator('#notice')).toContainText('<img src=x');
  await expect(frame.locator('img')).toHaveCount(0);
  await expect(frame.locator('[data-square="a1"]')).toHaveAttribute('data-piece', 'T'); // the usual start
  await post(page, { type: 'new-game', fen: { toString: 1 }, rules: 42 });
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '0');
  expect(await page.evaluate(() => window.hacked)).toBeUndefined();
});

test('the board alone fills frames of any size', async ({ page }) => {
  for (const [width, height] of [[320, 420], [600, 300], [260, 600]]) {
    const frame = await openHost(page, 'embed=1&theme=dark', width, height);
    await expect(frame.locator('.top-bar')).toBeHidden();
    await expect(frame.locator('.side')).toBeHidden();
    const board = await frame.locator('#board').boundingBox();
    const turn = await frame.locator('#embed-turn').boundingBox();
    const box = await page.locator('#jungle').boundingBox();
    // The board (with the turn line above it) touches two opposite sides of the frame and
    // stays inside it.
    const fitsWidth = Math.abs(board.width - width) < 2;
    const fitsHeight = Math.abs(board.y + board.height - turn.y - height) < 2;
    expect(fitsWidth || fitsHeight, `${width}×${height}: board ${board.width}×${board.height}`).toBe(true);
    expect(board.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(turn.y).toBeGreaterThanOrEqual(box.y - 1);
    expect(board.y + board.height).toBeLessThanOrEqual(box.y + box.height + 1);
    await page.screenshot({ path: `test-results/screens/embed-${width}x${height}.png` });
  }
  const frame = await openHost(page, 'embed=1&size=200&theme=contrast', 400, 400);
  expect((await frame.locator('#board').boundingBox()).width).toBeCloseTo(200, 0);
});
