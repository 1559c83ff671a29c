// Lighthouse (npm `lighthouse`, pinned in package.json; its mobile preset, the default: a
// simulated slow 4G and a slowed-down CPU) on the page of dist/ from both hosts of
// bench-hosts.js, in Debian's Chromium. Prints the four scores per host, the median of the
// runs, with the performance metrics of the median run. scripts/lighthouse runs this.
// Usage: node scripts/lighthouse.js [runs per host, default 3]

const { execFile } = require('node:child_process');
const path = require('node:path');
const { HOSTS } = require('./bench-hosts');

const RUNS = Number(process.argv[2] ?? 3);
const LIGHTHOUSE = path.join(__dirname, '../node_modules/.bin/lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** One Lighthouse run on `url`: its report as an object. */
function lighthouse(url) {
  const args = [url, '--output=json', '--quiet', `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu'];
  return new Promise((resolve, reject) => {
    execFile(LIGHTHOUSE, args, { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`lighthouse failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

const score = (report, category) => Math.round(report.categories[category].score * 100);

/** Prints the median run's scores and metrics of `reports`. */
function printScores(name, reports) {
  const sorted = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = sorted[Math.floor(sorted.length / 2)];
  const scores = CATEGORIES.map((category) => `${category} ${score(median, category)}`).join(', ');
  const metrics = METRICS.map((id) => `${id} ${median.audits[id].displayValue}`).join(', ');
  console.log(`-- ${name}: ${scores} (performance of each run: ${reports.map((r) => score(r, 'performance')).join(', ')})`);
  console.log(`   median run: ${metrics}`);
}

(async () => {
  console.log(`== Lighthouse ${require('lighthouse/package.json').version}, mobile preset, ${RUNS} runs per host`);
  for (const { name, start } of HOSTS) {
    const host = await start();
    try {
      const reports = [];
      for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(`http://127.0.0.1:${host.port}/index.html`));
      printScores(name, reports);
    } finally {
      await host.close();
    }
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
