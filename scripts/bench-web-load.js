// How fast the page of dist/ loads with a cold cache, in headless Chromium (scripts/bench-web
// runs this), from two hosts: jungle-server (the club server, its test build) and a plain static
// host that gzips (tests/e2e/static-server.js). Each host is measured on localhost, then through
// a throttled "slow 4G" profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; CDP
// Network.emulateNetworkConditions). Each run is a fresh browser context: empty HTTP cache, no
// service worker. Reports the medians of DOMContentLoaded and of the board becoming playable
// (the page's `jungle-playable` mark), the long tasks (over 50 ms) from the start until 1 s after
// that, the bytes the page had received by then, what the host sent in all (with the AI's worker
// and the service worker keeping the game for offline play; counted on the wire by a relay,
// bench-wire.js), and then a repeat visit: its playable time and the bytes the host sent for it.
// Usage: node scripts/bench-web-load.js [runs per profile, default 7]

const os = require('node:os');
const { chromium } = require('@playwright/test');
const { HOSTS } = require('./bench-hosts');
const { countingRelay } = require('./bench-wire');

const RUNS = Number(process.argv[2] ?? 7);
const PROFILES = [
  { name: 'localhost', limit: 300, network: null },
  {
    name: 'slow 4G (150 ms, 1.6 Mbit/s)',
    limit: 1000,
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

/** Throttles the page's network when `network` is given. */
async function throttle(context, page, network) {
  if (!network) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
}

/**
 * Opens `url` in a new page of `context`; resolves once the board is playable and 1 s more
 * has passed: the timings, the long tasks and what the page had received when it became playable.
 */
async function openPlayable(context, url, network) {
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
  await throttle(context, page, network);
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
  return { page, result };
}

/**
 * One cold-cache load of `url` through `wire`, then a repeat visit in the same browser
 * context: the timings, long tasks and bytes.
 */
async function loadOnce(browser, wire, url, network) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const before = wire.received();
  const { page, result } = await openPlayable(context, url, network);
  // The rest of the first visit: the AI's worker and the service worker's copy of the game.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForLoadState('networkidle');
  await page.close();
  const firstVisit = wire.received() - before;
  const again = await openPlayable(context, url, network);
  await again.page.waitForLoadState('networkidle');
  const repeatVisit = wire.received() - before - firstVisit;
  await context.close();
  return { ...result, allBytes: firstVisit, repeat: again.result.playable, repeatBytes: repeatVisit };
}

/** Measures the host `name` (started by `start`) in every profile. */
async function measureHost(browser, name, start) {
  const host = await start();
  const wire = await countingRelay(host.port);
  try {
    for (const { name: profile, limit, network } of PROFILES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, wire, `http://127.0.0.1:${wire.port}/index.html`, network));
      report(`${name}, ${profile}`, limit, runs);
    }
  } finally {
    await wire.close();
    await host.close();
  }
}

/** Prints the medians of `runs`. */
function report(title, limit, runs) {
  const playable = runs.map((run) => run.playable);
  const longest = runs.map((run) => Math.max(0, ...run.longTasks));
  const over = runs.map((run) => run.longTasks.filter((ms) => ms > 50).length);
  console.log(`-- ${title}`);
  console.log(`   DOMContentLoaded: median ${median(runs.map((run) => run.dcl)).toFixed(0)} ms`);
  console.log(`   playable board: median ${median(playable).toFixed(0)} ms, best ${Math.min(...playable).toFixed(0)}, worst ${Math.max(...playable).toFixed(0)} (goal under ${limit} ms)`);
  console.log(`   long tasks over 50 ms until 1 s after playable: median ${median(over)} per load, longest ${Math.max(...longest).toFixed(0)} ms (median of the longest ${median(longest).toFixed(0)} ms)`);
  console.log(`   received by the page until playable: median ${median(runs.map((run) => run.requests))} files, ${kb(median(runs.map((run) => run.bytes)))} (with headers)`);
  console.log(`   over the wire, the first visit in all (with the AI worker and the offline copy): median ${kb(median(runs.map((run) => run.allBytes)))}`);
  console.log(`   repeat visit: playable median ${median(runs.map((run) => run.repeat)).toFixed(0)} ms, ${kb(median(runs.map((run) => run.repeatBytes)))} over the wire`);
}

(async () => {
  console.log(`== cold-cache load, ${RUNS} runs per profile (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores: timings are noisy when it is high)`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    for (const { name, start } of HOSTS) await measureHost(browser, name, start);
  } finally {
    await browser.close();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
