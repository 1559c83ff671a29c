// A throwaway PostgreSQL 15 for a spec whose club runs on several instances of one database:
// made in a folder of its own (initdb refuses root, so it runs as the user postgres when the
// tests run as root), listening on 127.0.0.1 on a free port, and gone with its folder.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { freePort } = require('./ports');

const BIN = '/usr/lib/postgresql/15/bin';

/** Runs `tool` of PostgreSQL with `args`, as the user postgres when this is root. */
function pg(tool, args) {
  const command = path.join(BIN, tool);
  const root = process.getuid?.() === 0;
  execFileSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'ignore' });
}

/**
 * Starts a PostgreSQL of its own; resolves to {url, pause, resume, stop}: the URL of a fresh
 * database, a stop as an operator's quick restart makes it (every connection cut), its start
 * again, and its end.
 */
async function startPostgres() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-pg-'));
  fs.chmodSync(folder, 0o755);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', folder]);
  const data = path.join(folder, 'data');
  const port = await freePort();
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () => pg('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', path.join(folder, 'log'), '-w', 'start']);
  start();
  let running = true;
  pg('createdb', ['-h', folder, '-p', String(port), '-U', 'postgres', 'club']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/club`,
    pause() {
      pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    resume() {
      start();
      running = true;
    },
    stop() {
      try {
        if (running) pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

module.exports = { startPostgres, freePort };
