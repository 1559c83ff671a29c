// How fast the page of dist/ loads with a cold cache, in headless Chromium (scripts/bench-web
// runs this): served gzipped from localhost as is, then through a throttled "slow 4G" profile
// (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; CDP Network.emulateNetworkConditions).
// Each run is a fresh browser context: empty HTTP cache, no service worker. Reports the medians
// of DOMContentLoaded and of the board becoming playable (the page's `jungle-playable` mark),
// the long tasks (over 50 ms) from the start until 1 s after that, the bytes the page had
// received by then, and what the server sent in all (with the AI's worker and the service worker
// keeping the game for offline play).
// Usage: node scripts/bench-web-load.js [runs per profile, default 7] [folder, default dist]

const os = require('node:os');
const path = require('node:path');
const { chromium } = require('@playwright/test');
const { serve } = require('../tests/e2e/static-server');

const RUNS = Number(process.argv[2] ?? 7);
const DIST = path.resolve(process.argv[3] ?? path.join(__dirname, '../dist'));
const PROFILES = [
  { name: 'localhost', limit: 300, network: null },
  {
    name: 'slow 4G (150 ms, 1.6 Mbit/s)',
    limit: 1500,
    network: { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
  },
];
/** How long after the board is playable the long tasks are still counted. */
const AFTER_MS = 1000;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One cold-cache load of `url`: the timings, long tasks and bytes sent. */
async function loadOnce(browser, server, url, network) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The board's being playable is told on the console: waiting with page.waitForFunction would
  // run Playwright's own script in the page during the load (a task of 10–40 ms of its own).
  await page.addInitScript(() => {
    window.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('jungle-playable').length) console.log('jungle-playable');
    }).observe({ type: 'mark' });
  });
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  const first = server.sent.length;
  const shown = page.waitForEvent('console', { predicate: (message) => message.text() === 'jungle-playable', timeout: 60_000 });
  await page.goto(url, { waitUntil: 'commit' });
  await shown;
  await page.waitForTimeout(AFTER_MS);
  // What the page itself had received when it became playable (compressed bodies and headers).
  const result = await page.evaluate(() => {
    const playable = performance.getEntriesByName('jungle-playable')[0].startTime;
    const navigation = performance.getEntriesByType('navigation')[0];
    const used = [navigation, ...performance.getEntriesByType('resource')].filter((entry) => entry.responseEnd <= playable);
    return {
      dcl: navigation.domContentLoadedEventStart,
      playable,
      longTasks: window.benchLongTasks,
      requests: used.length,
      bytes: used.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  });
  // The rest of the first visit: the AI's worker and the service worker's copy of the game.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForLoadState('networkidle');
  const sentInAll = server.sent.slice(first);
  await context.close();
  return {
    ...result,
    allRequests: sentInAll.length,
    allBytes: sentInAll.reduce((sum, answer) => sum + answer.bytes, 0),
  };
}

(async () => {
  console.log(`== cold-cache load, ${RUNS} runs per profile (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores: timings are noisy when it is high)`);
  const server = await serve({ root: DIST, gzip: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    for (const { name, limit, network } of PROFILES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, server, `${server.url}index.html`, network));
      const playable = runs.map((run) => run.playable);
      const longest = runs.map((run) => Math.max(0, ...run.longTasks));
      const over = runs.map((run) => run.longTasks.filter((ms) => ms > 50).length);
      const [last] = runs.slice(-1);
      console.log(`-- ${name}`);
      console.log(`   DOMContentLoaded: median ${median(runs.map((run) => run.dcl)).toFixed(0)} ms`);
      console.log(`   playable board: median ${median(playable).toFixed(0)} ms, best ${Math.min(...playable).toFixed(0)}, worst ${Math.max(...playable).toFixed(0)} (goal under ${limit} ms)`);
      console.log(`   long tasks over 50 ms until 1 s after playable: median ${median(over)} per load, longest ${Math.max(...longest).toFixed(0)} ms (median of the longest ${median(longest).toFixed(0)} ms)`);
      console.log(`   received by the page until playable: ${last.requests} files, ${kb(last.bytes)} (gzipped, with headers); the first visit in all, with the AI worker and the offline copy: ${last.allRequests} files, ${kb(last.allBytes)}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
