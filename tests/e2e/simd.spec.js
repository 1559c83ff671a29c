// The AI's module in two builds (www/computer/ai-module.js): a browser with SIMD128 fetches the
// SIMD128 build, one without it the scalar build, and the computer answers either way.
const { test, expect, openGame, move, expectPly } = require('./helpers');

// The service worker fetches every file of the game for offline play: without it, the modules
// fetched are those the page and the AI's worker chose.
test.use({ serviceWorkers: 'block' });

const SIMD_MODULE = /\/jungle-web-simd_bg-[A-Z2-7]{8}\.wasm$/;
const SCALAR_MODULE = /\/jungle-web_bg-[A-Z2-7]{8}\.wasm$/;
/** The AI's worker's script, as the build names it. */
const WORKER_SCRIPT = /\/www\/computer-ai-worker-[A-Z2-7]{8}\.js$/;

/** The addresses of the WebAssembly modules the page and its workers fetch from now on. */
function modulesFetched(page) {
  const urls = [];
  page.context().on('request', (request) => {
    if (request.url().endsWith('.wasm')) urls.push(request.url());
  });
  return urls;
}

/**
 * A browser without SIMD128, as far as the game can tell: WebAssembly.validate refuses any
 * module holding the probe's SIMD instruction (v128.const: 0xfd 0x0c). Runs in the page and
 * in the AI's worker before their code.
 */
function refuseSimd() {
  const validate = WebAssembly.validate;
  WebAssembly.validate = (bytes) => {
    const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
    const simd = view.some((byte, i) => byte === 0xfd && view[i + 1] === 0x0c);
    return simd ? false : validate(bytes);
  };
}

/**
 * Plays a move against the computer, which answers (the AI's worker), then opens the analysis
 * board, whose tree comes from the AI's module on the page (loadToolEngine) and whose lines from a
 * worker of its own.
 */
async function playAndAnalyse(page) {
  await openGame(page);
  await move(page, 'g3', 'g4');
  await expectPly(page, 2);
  await openGame(page, '?analysis=1&moves=g3g4,a7a6');
  await expect(page.locator('#analysis-tree')).toContainText('Rat a7–a6');
  await expect(page.locator('#analysis-lines li').first()).toBeVisible();
}

test('a browser with SIMD128 fetches the AI\'s SIMD128 build, and the computer answers and analyses', async ({ page }) => {
  const fetched = modulesFetched(page);
  await playAndAnalyse(page);
  expect(fetched.filter((url) => SIMD_MODULE.test(url))).not.toEqual([]);
  expect(fetched.filter((url) => SCALAR_MODULE.test(url))).toEqual([]);
});

test('a browser without SIMD128 fetches the scalar build, and the computer answers and analyses', async ({ page }) => {
  const fetched = modulesFetched(page);
  await page.addInitScript(refuseSimd);
  // Playwright's init scripts run in pages only: the worker's script gets the same in front.
  await page.route(WORKER_SCRIPT, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `(${refuseSimd})();\n${await response.text()}` });
  });
  await playAndAnalyse(page);
  expect(fetched.filter((url) => SCALAR_MODULE.test(url))).not.toEqual([]);
  expect(fetched.filter((url) => SIMD_MODULE.test(url))).toEqual([]);
});
