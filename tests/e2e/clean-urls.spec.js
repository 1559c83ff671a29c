// A host with "clean URLs" (as many static hosts have them): `/index.html` is answered with a
// redirect to `/`, `/www/guide.html` with one to `/www/guide`. The game loads on the first
// visit, on a reload, and on a reload with the network off, with no error; and a new version
// still replaces the old one.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect } = require('@playwright/test');
const { square, expectPly } = require('./helpers');
const { serve } = require('./static-server');

const DIST = path.join(__dirname, '../../dist');

/** Collects the page's console errors and uncaught errors. */
function watchErrors(page) {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Waits until the board is playable. */
async function expectPlayable(page) {
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await page.waitForFunction(() => performance.getEntriesByName('jungle-playable').length > 0);
}

test('on a clean-URL host the game loads, reloads, and reloads offline', async ({ page, context }) => {
  const server = await serve({ cleanUrls: true });
  const errors = watchErrors(page);
  try {
    // The host sends index.html's address to the folder's.
    const redirect = await fetch(`${server.url}index.html?lang=en`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/?lang=en']);

    await page.goto(`${server.url}index.html`);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectPlayable(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.reload();
    await expectPlayable(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expectPlayable(page);
    await square(page, 'g3').click();
    await square(page, 'g4').click();
    await expectPly(page, 2); // the computer answered: its worker and the engine came from the cache
    // The rules guide by its clean address, and by its file's.
    for (const address of ['www/guide', 'www/guide.html', 'index.html']) {
      const response = await page.goto(server.url + address);
      expect(response.ok(), address).toBe(true);
      expect(response.fromServiceWorker(), address).toBe(true);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.setOffline(false);
    await server.close();
  }
});

test('on a clean-URL host a new version replaces the old one', async ({ page }) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-dist-'));
  fs.cpSync(DIST, root, { recursive: true });
  const server = await serve({ root, cleanUrls: true });
  const errors = watchErrors(page);
  try {
    await page.goto(server.url);
    await expectPlayable(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const [oldCache] = await page.evaluate(() => caches.keys());

    // The next build changes one file: a new version.
    fs.appendFileSync(path.join(root, 'index.html'), '<!-- version 2 -->\n');
    const { writeServiceWorker } = await import('../../scripts/postbuild/precache.mjs');
    writeServiceWorker(root, fs.readFileSync(path.join(__dirname, '../../www/sw.js'), 'utf8'));

    // A visit installs the new version (a reload would not look for one: the tests' browser
    // runs without background networking); the next start moves into it (offline.js).
    await page.goto(server.url);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null)
      .catch(() => false), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => {
      await page.reload().catch(() => {}); // (a reload may cut short the page's own reload)
      // The page is ready a moment after its load event: look once it is.
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'yes', null, { timeout: 5_000 }).catch(() => {});
      return page.evaluate(async (old) => {
        const names = await caches.keys();
        return names.length === 1 && names[0] !== old && document.documentElement.dataset.ready === 'yes';
      }, oldCache).catch(() => false);
      // 40 s: the new version's cache takes both builds of the AI's module (about 0.8 MB), and
      // under a full suite's load 20 s was once not enough (10.6 s alone).
    }, { timeout: 40_000 }).toBe(true);
    const index = await page.evaluate(async () => (await fetch('index.html')).text());
    expect(index).toContain('version 2');
    // The reloads above cut pages short while they loaded their modules, which Chromium reports
    // as failed imports; the new version's own start must have none.
    errors.length = 0;
    await page.reload();
    await expectPlayable(page);
    expect(errors).toEqual([]);
  } finally {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
