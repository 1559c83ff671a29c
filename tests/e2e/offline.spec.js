// Installable and offline: the manifest, the service worker, play with the server gone, and a
// new version that replaces the old one whole.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect } = require('@playwright/test');
const { square, expectPly, snapshot } = require('./helpers');
const { serve } = require('./static-server');

const DIST = path.join(__dirname, '../../dist');

/** Opens `url` and waits until the service worker controls the page. */
async function visitUntilControlled(page, url) {
  await page.goto(url);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until `condition` (run in the page, maybe async) is true, across reloads of the page. */
function waitInPage(page, condition, arg) {
  return expect.poll(() => page.evaluate(condition, arg).catch(() => false), { timeout: 20_000 }).toBe(true);
}

/** The names of the page's caches. */
function cacheNames(page) {
  return page.evaluate(() => caches.keys());
}

test('the manifest names a start page and icons that exist', async ({ page, request }) => {
  await page.goto('index.html');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestUrl = new URL(href, page.url());
  const manifest = await (await request.get(manifestUrl.href)).json();
  expect(manifest.display).toBe('standalone');
  expect(new URL(manifest.start_url, manifestUrl).href).toBe(new URL('index.html', page.url()).href);
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const response = await request.get(new URL(icon.src, manifestUrl).href);
    expect(response.ok(), icon.src).toBe(true);
    expect(response.headers()['content-type']).toBe(icon.type);
  }
});

test('after one visit the game loads and plays with the network off', async ({ page, context }) => {
  const server = await serve();
  await visitUntilControlled(page, `${server.url}index.html`);
  expect(await cacheNames(page)).toHaveLength(1);
  await server.close();
  await context.setOffline(true);
  // The folder's address, with a query: both served from the cache.
  await page.goto(`${server.url}?lang=en`);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  await square(page, 'g3').click();
  await square(page, 'g4').click();
  await expectPly(page, 2); // the computer answered: its worker and the engine came from the cache
  await snapshot(page, 'offline');
});

test('a new version replaces the old one whole, when no other page of it is open', async ({ page, context }) => {
  test.slow(); // two versions installed, and reloads until the browser lets a closed page go
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-dist-'));
  fs.cpSync(DIST, root, { recursive: true });
  const server = await serve({ root });
  try {
    await visitUntilControlled(page, `${server.url}index.html`);
    const [oldCache] = await cacheNames(page);

    // The next build changes one file: a new version.
    fs.appendFileSync(path.join(root, 'index.html'), '<!-- version 2 -->\n');
    const { writeServiceWorker } = await import('../../scripts/postbuild/precache.mjs');
    writeServiceWorker(root, fs.readFileSync(path.join(__dirname, '../../www/sw.js'), 'utf8'));

    // A second page of the game is open: the new version installs, then waits.
    const other = await context.newPage();
    await other.goto(`${server.url}index.html`);
    await page.reload();
    await waitInPage(page, async () => (await navigator.serviceWorker.getRegistration()).waiting !== null);
    await page.reload();
    await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
    expect(await cacheNames(page)).toContain(oldCache); // and the new version's, waiting
    const pageText = () => page.evaluate(async () => (await fetch('index.html')).text());
    expect(await pageText()).not.toContain('version 2');

    // Alone (once the browser has let the closed page go), a start takes the new version, and only
    // it: the page asks it to take over and reloads into it. Each round looks first and reloads
    // only if the page is not there yet, giving the page's own move (a second or two) time to end.
    await other.close();
    await expect.poll(async () => {
      const there = await page.evaluate(async (old) => {
        const names = await caches.keys();
        const markup = new XMLSerializer().serializeToString(document);
        return document.documentElement.dataset.ready === 'yes' && markup.includes('version 2') && names.length === 1 && names[0] !== old;
      }, oldCache).catch(() => false); // (a page that is reloading answers nothing)
      // A reload that meets the page's own reload into the new version may never end: bounded.
      if (!there) await page.reload({ timeout: 5_000 }).catch(() => {});
      return there;
    }, { timeout: 30_000, intervals: [2_500] }).toBe(true);
    expect(await pageText()).toContain('version 2');
    await square(page, 'g3').click();
    await square(page, 'g4').click();
    await expectPly(page, 2);
  } finally {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
