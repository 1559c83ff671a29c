// The two hosts the page is measured from (scripts/bench-web-load.js, scripts/lighthouse.js):
// jungle-server, the club server (its test build, on a throwaway SQLite file), and a plain
// static host that gzips (tests/e2e/static-server.js). Each serves dist/ on a free port of
// 127.0.0.1; start() resolves to {port, close()}.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('../tests/e2e/game-server');
const { serve } = require('../tests/e2e/static-server');

/** jungle-server on a throwaway SQLite file; the file goes with it. */
async function startJungleServer() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-bench-'));
  const { child, url } = await startServer(path.join(folder, 'games.sqlite'));
  return {
    port: Number(new URL(url).port),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

const HOSTS = [
  { name: 'jungle-server', start: startJungleServer },
  { name: 'static host with gzip', start: () => serve({ gzip: true }) },
];

module.exports = { HOSTS };
