// Any address: dist/ as built, served from a sub-path of a site, loads and plays.
const { test, expect } = require('@playwright/test');
const { square, expectPly, snapshot } = require('./helpers');
const { serve } = require('./static-server');

const PREFIX = '/games/jungle/';

test('dist/ served from /games/jungle/ loads everything from there and plays', async ({ page }) => {
  const server = await serve({ prefix: PREFIX });
  const failed = [];
  page.context().on('response', (response) => {
    if (!response.ok()) failed.push(`${response.status()} ${response.url()}`);
  });
  try {
    await page.goto(server.url);
    await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
    await square(page, 'g3').click();
    await square(page, 'g4').click();
    await expectPly(page, 2); // the computer's worker and its engine were found too
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/games/jungle/sw.js'));
    await snapshot(page, 'subpath');
    expect(failed).toEqual([]);
    expect(server.requests.filter((p) => !p.startsWith(PREFIX))).toEqual([]);
    // The page's module, the worker and its module (the SIMD128 build in Chromium; the service
    // worker keeps the scalar one too), their names ending in a content hash.
    const files = ['jungle-page_bg', 'jungle-web-simd_bg', 'jungle-web_bg'].map((name) => `${name}-[A-Z2-7]{8}\\.wasm`);
    for (const file of [...files, 'www/computer-ai-worker-[A-Z2-7]{8}\\.js']) {
      expect(server.requests).toContainEqual(expect.stringMatching(new RegExp(`^${PREFIX}${file}$`)));
    }
  } finally {
    await server.close();
  }
});
