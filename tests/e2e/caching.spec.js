// Serving from jungle-server: the scripts, style sheet and WebAssembly arrive compressed and
// named after their content, to be kept for a year; a second visit asks nothing for them; the
// page itself is asked again and answered 304 while it has not changed.
const { test, expect } = require('@playwright/test');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { square, expectPly } = require('./helpers');
const { startServer } = require('./game-server');

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The files named after their content: `main-K3ZQ7A2B.js`. */
const FINGERPRINTED = /-[A-Z2-7]{8}\.(js|css|wasm)$/;

let server;
let base;
let dataDir;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-caching-'));
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite')));
});

test.afterAll(() => {
  server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The answers of the first visit (no service worker: the browser's own cache is tested). */
async function firstVisit(page) {
  const answers = [];
  page.on('response', (response) => answers.push(response));
  await page.goto(`${base}index.html`);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  return answers;
}

test('scripts, style sheet and WebAssembly arrive compressed, to be kept a year', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const answers = await firstVisit(page);
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expectPly(page, 2); // the computer's worker and its module came too
  const files = answers.filter((answer) => new URL(answer.url()).pathname.match(/\.(js|css|wasm)$/));
  const kinds = new Set(files.map((answer) => path.extname(new URL(answer.url()).pathname)));
  expect([...kinds].sort()).toEqual(['.css', '.js', '.wasm']);
  for (const answer of files) {
    const name = new URL(answer.url()).pathname;
    const headers = await answer.allHeaders();
    expect(['br', 'gzip'], name).toContain(headers['content-encoding']);
    expect(headers.vary, name).toBe('accept-encoding');
    // Style sheets that the code loads by an address it builds (online play's) keep their
    // names, and are asked again like the page.
    const named = FINGERPRINTED.test(name);
    if (!name.endsWith('.css')) expect(named, `${name} is named after its content`).toBe(true);
    expect(headers['cache-control'], name).toBe(named ? IMMUTABLE : 'no-cache');
  }
  const pageSheet = await page.evaluate(() => document.querySelector('link[rel="stylesheet"]').href);
  expect(pageSheet).toMatch(FINGERPRINTED);
  await context.close();
});

test('a second visit asks nothing for the files named after their content', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const first = await context.newPage();
  await firstVisit(first);
  // The computer's answer: its worker and its module have arrived too.
  await square(first, 'g3').click();
  await square(first, 'g4').click();
  await expectPly(first, 2);
  await first.close();
  const page = await context.newPage();
  await firstVisit(page);
  // A file kept by the browser shows no bytes over the network and the cache as its source.
  const kept = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((entry) => /-[A-Z2-7]{8}\.(js|css|wasm)$/.test(new URL(entry.name).pathname))
    .map((entry) => ({ name: entry.name, transferSize: entry.transferSize, deliveryType: entry.deliveryType })));
  expect(kept.length).toBeGreaterThan(2);
  for (const entry of kept) expect(entry, entry.name).toEqual({ name: entry.name, transferSize: 0, deliveryType: 'cache' });
  await context.close();
});

test('the page is asked again each time and answered 304 while unchanged', async ({ request }) => {
  for (const file of ['', 'index.html', 'sw.js', 'www/manifest.webmanifest']) {
    const first = await request.get(base + file, { headers: { 'Accept-Encoding': 'br' } });
    expect(first.status(), file).toBe(200);
    expect(first.headers()['cache-control'], file).toBe('no-cache');
    expect(first.headers()['content-encoding'], file).toBe('br');
    const tag = first.headers().etag;
    expect(tag, file).toMatch(/^"[^"]+"$/);
    const again = await request.get(base + file, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag } });
    expect(again.status(), file).toBe(304);
    expect((await again.body()).length, file).toBe(0);
  }
});
