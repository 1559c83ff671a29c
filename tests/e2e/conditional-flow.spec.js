// Conditional moves through the page (issue 37), against a real jungle-server on a temporary
// SQLite file: while Red is to move, Blue opens "Conditional moves", plays Red's expected move
// and the answer on the planning board (the game itself stays as it is), saves the line and
// sees it listed in the move list's words; Red then plays that move over a WebSocket, and the
// answer is on Blue's board at once, said "Played by your conditional move". axe checks the
// panel; screenshots of the planning board on a desktop and a phone in English, German and
// Japanese, and of the move played for Blue.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, move, expectPly, snapshot, lowContrast } = require('./helpers');
const { startServer } = require('./game-server');

const AXE = require.resolve('axe-core/axe.min.js');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let server;
let base;
let dataDir;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-conditional-'));
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite'), 0));
});

test.afterAll(() => {
  server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The violations axe-core finds inside `selector` with its default rules. */
async function axeViolations(page, selector) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate((where) => window.axe.run(where, { resultTypes: ['violations'] }), selector);
  return result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Opens the planning board and plans Red's a3–a4 answered by g7–g6, checking the game stays. */
async function planLine(page) {
  await page.click('#conditional-open');
  await expect(page.locator('#conditional-help')).toBeVisible();
  await move(page, 'a3', 'a4');
  await move(page, 'g7', 'g6');
  await expect(page.locator('#conditional-planned')).not.toHaveText('');
  await expectPly(page, 0); // the game itself: no move yet
}

test('a conditional line planned on the page is answered the moment its move comes', async ({ browser }) => {
  test.setTimeout(90_000);
  const created = await (await fetch(`${base}api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Alice', color: 'red', clock: { kind: 'correspondence', days: 3 } }),
  })).json();
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  const page = await context.newPage();
  await openPage(page, `${base}index.html?online=${created.id}`);
  await page.fill('#online-join-name', 'Bob');
  await page.click('#online-join-button');
  await expect(page.locator('#conditional-open')).toBeVisible();
  await expect(page.locator('#conditional-lines')).toContainText('None yet.');

  await planLine(page);
  await page.click('#conditional-save');
  await expect(page.locator('#conditional-status')).toHaveText('Line saved.');
  const lines = page.locator('#conditional-lines li');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(/g3.g4|a3.a4/);
  await expect(lines.first()).toContainText('g7');
  await expect(lines.first().getByRole('button', { name: /^Delete the line / })).toBeVisible();
  expect(await axeViolations(page, '#conditional'), 'the planning panel').toEqual([]);
  expect(await lowContrast(page), 'the page while planning').toEqual([]);
  await page.click('#conditional-done');
  await expect(page.locator('#conditional-open')).toBeVisible();

  for (const lang of ['en', 'de', 'ja']) {
    const other = await context.newPage();
    await other.setViewportSize(DESKTOP);
    await openPage(other, `${base}index.html?lang=${lang}&online=${created.id}`);
    await expect(other.locator('#conditional-lines li')).toHaveCount(1);
    await planLine(other);
    await snapshot(other, `conditional-flow-plan-${lang}-desktop`);
    await other.setViewportSize(PHONE);
    await snapshot(other, `conditional-flow-plan-${lang}-phone`);
    await other.close();
  }
  await page.evaluate(() => localStorage.setItem('jungle.lang', 'en'));

  // Red plays the line's move over the game's WebSocket, from a page of its own.
  const red = await (await browser.newContext()).newPage();
  await red.goto(`${base}api/health`);
  await red.evaluate(({ id, token, club }) => new Promise((resolve, reject) => {
    const socket = new WebSocket(new URL(`api/games/${id}/ws`, club).href.replace(/^http/, 'ws'));
    socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', token }));
    socket.onmessage = ({ data }) => {
      const message = JSON.parse(data);
      if (message.type === 'subscribed') socket.send(JSON.stringify({ type: 'move', ply: 0, move: 'a3a4' }));
      if (message.type === 'ack') resolve(undefined);
      if (message.type === 'error') reject(new Error(message.message));
    };
  }), { id: created.id, token: created.token, club: base });
  await expectPly(page, 2);
  await expect(page.locator('#conditional-played')).toContainText('Played by your conditional move:');
  await expect(page.locator('#conditional-played')).toContainText('g6');
  expect(await lowContrast(page), 'the move played for Blue').toEqual([]);
  await snapshot(page, 'conditional-flow-played-en-desktop');
  await page.setViewportSize(PHONE);
  await snapshot(page, 'conditional-flow-played-en-phone');
  await context.close();
});
