// Privacy and safety: the page plays a whole game under the README's Content-Security-Policy
// without a violation, asks no other host for anything, and shows hostile text as text.
const { test, expect } = require('@playwright/test');
const { openGame, square, expectPly } = require('./helpers');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./game-server');
const { serve } = require('./static-server');

// The policy of README.md, "Embedding".
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');
// jungle-server's: its pages framed by the club's own only (no --embed-origins given).
const SERVER_CSP = CSP.replace('frame-ancestors *', "frame-ancestors 'self'");

/** Red's Lion two steps from Blue's den, Blue's Rat far away: Red wins in two moves. */
const TWO_TO_WIN = '7/7/3L3/7/7/7/7/7/r6 w';

test('a whole game under the Content-Security-Policy, every request to its own site', async ({ page, context }) => {
  const server = await serve({ headers: { 'Content-Security-Policy': CSP } });
  const origin = new URL(server.url).origin;
  const requests = [];
  const problems = [];
  context.on('request', (request) => requests.push(request.url()));
  context.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error}`));
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  try {
    const response = await page.goto(`${server.url}index.html?fen=${encodeURIComponent(TWO_TO_WIN)}`);
    expect(response.headers()['content-security-policy']).toBe(CSP);
    await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
    await square(page, 'd7').click();
    await square(page, 'd8').click();
    await expectPly(page, 2); // the computer (Blue) answered, in its worker
    await square(page, 'd8').click();
    await square(page, 'd9').click();
    await expect(page.locator('#board')).toHaveAttribute('data-over', 'yes');
    await expect(page.locator('#banner')).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => window.violations)).toEqual([]);
    expect(problems).toEqual([]);
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  } finally {
    await server.close();
  }
});

test('the other pages of dist/ work under the policy too', async ({ page }) => {
  const server = await serve({ headers: { 'Content-Security-Policy': CSP } });
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error}`));
  try {
    for (const file of ['www/guide.html', 'www/print.html']) {
      await page.goto(server.url + file);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  } finally {
    await server.close();
  }
});

test('jungle-server sends the policy with every page, and a game online plays under it', async ({ browser }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-csp-'));
  const { child, url } = await startServer(path.join(dir, 'games.sqlite'));
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error}`));
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  try {
    for (const file of ['', 'index.html', 'www/guide.html', 'www/print.html', 'api/health', 'no-such-file']) {
      const response = await page.request.get(url + file);
      expect(response.headers()['content-security-policy'], file).toBe(SERVER_CSP);
    }
    const response = await page.goto(`${url}index.html?fen=${encodeURIComponent(TWO_TO_WIN)}`);
    expect(response.headers()['content-security-policy']).toBe(SERVER_CSP);
    await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
    // A game online (its WebSocket under connect-src 'self'), then one against the computer (its worker).
    await page.click('#open-online');
    await page.fill('#online-name', 'Alice');
    await page.click('#online-create');
    await expect(page.locator('#online-status')).toContainText('Waiting for your opponent');
    await page.click('#online-leave');
    await square(page, 'd7').click();
    await square(page, 'd8').click();
    await expectPly(page, 2);
    expect(await page.evaluate(() => window.violations)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Whether the page has an element that hostile text could have made, or ran its script. */
async function expectNothingMade(page) {
  await expect(page.locator('img, iframe, style, b, script:not([src])')).toHaveCount(0);
  const handlers = await page.evaluate(() => [...document.querySelectorAll('*')]
    .flatMap((node) => [...node.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)));
  expect(handlers).toEqual([]);
  expect(await page.evaluate(() => window.hacked)).toBeUndefined();
}

test('hostile text in the address is shown as text, never run', async ({ page }) => {
  const hostile = {
    fen: '<img src=x onerror="window.hacked=1">',
    rules: '"><script>window.hacked=2</script>',
    moves: '<svg onload="window.hacked=3">',
    lang: '<iframe src=javascript:window.hacked=4>',
    theme: '"><style>*{display:none}</style>',
    size: '<b>9</b>',
  };
  const errors = await openGame(page, `?${new URLSearchParams(hostile)}`);
  await expect(page.locator('body')).toContainText('<b>9</b>'); // the warnings quote the text
  await expect(page.locator('body')).toContainText('<svg');
  await expectNothingMade(page);
  await expect(square(page, 'a1')).toHaveAttribute('data-piece', 'T'); // a normal game instead
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expectPly(page, 2);
  expect(errors).toEqual([]);
});

test('a hostile game record is refused or read as data, never run', async ({ page }) => {
  const errors = await openGame(page);
  await page.click('#open-share');
  const refused = '[Event "<img src=x onerror=window.hacked=5>"]\n\n1. g3g4 <b>x</b> *\n';
  await page.fill('#record-paste', refused);
  await page.click('#record-import');
  await expect(page.locator('#record-error')).toContainText('<b>x</b>');
  await expectNothingMade(page);
  const accepted = '[Event "<img src=x onerror=window.hacked=6>"]\n[Red "\\"><script>window.hacked=7</script>"]\n\n1. g3g4 *\n';
  await page.fill('#record-paste', accepted);
  await page.click('#record-import');
  await expect(page.locator('#board')).toHaveAttribute('data-ply', /^[12]$/); // (the computer may answer)
  await expectNothingMade(page);
  expect(errors).toEqual([]);
});
