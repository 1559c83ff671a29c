// A real jungle-server for the end-to-end tests (the binary scripts/test-web builds), serving
// dist/ on a free port (or the one given) with its games in a SQLite file.
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
// scripts/test-web builds it (`cargo build --profile test --features server --bin jungle-server`).
const BINARY = path.join(ROOT, 'target', 'debug', 'jungle-server');

/**
 * Starts jungle-server on `db` and `port` (0: a free one) with the options `extra`; resolves
 * to {child, url} once it listens.
 */
function startServer(db, port = 0, extra = []) {
  if (!fs.existsSync(BINARY)) throw new Error(`no ${BINARY}: build it (cargo build --profile test --features server --bin jungle-server)`);
  const child = spawn(BINARY, ['--dist', path.join(ROOT, 'dist'), '--db', db, '--host', '127.0.0.1', '--port', String(port), ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`jungle-server exited (${code})`)));
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      const match = /^listening on (http:\/\/\S+)/.exec(line);
      if (match) resolve({ child, url: `${match[1]}/` });
      else reject(new Error(`jungle-server said: ${line}`));
    });
  });
}

module.exports = { startServer };
