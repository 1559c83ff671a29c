// HAProxy (Debian's) in front of a club's instances, run from the very configuration the
// README tells a club admin to install (src/server/ops/install/haproxy.cfg), its placeholders
// filled in: the address it answers on, and the instances' addresses.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { freePort } = require('./postgres');

const CONFIG = path.join(__dirname, '..', '..', 'src', 'server', 'ops', 'install', 'haproxy.cfg');
const HAPROXY = '/usr/sbin/haproxy';

/**
 * Starts HAProxy on a free port of 127.0.0.1 in front of the instances at `bases` (their
 * addresses, `http://127.0.0.1:PORT/`, as many as the configuration names); resolves to
 * {url, stop} once it passes a request through.
 * @param {string[]} bases
 */
async function startHaproxy(bases) {
  const port = await freePort();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-haproxy-'));
  const file = path.join(folder, 'haproxy.cfg');
  const instance = (n) => {
    const base = bases[Number(n) - 1];
    if (!base) throw new Error(`haproxy.cfg names instance ${n}; ${bases.length} given`);
    return new URL(base).host;
  };
  const config = fs.readFileSync(CONFIG, 'utf8')
    .replaceAll('@LISTEN@', `127.0.0.1:${port}`)
    .replace(/@INSTANCE_(\d+)@/g, (_, n) => instance(n));
  fs.writeFileSync(file, config);
  // Its notices (each instance found down or up) are kept to explain a failure to start.
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr.on('data', (chunk) => { said = (said + chunk).slice(-4000); });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    child.kill();
    fs.rmSync(folder, { recursive: true, force: true });
  };
  for (const start = Date.now(); Date.now() - start < 10_000;) {
    if (child.exitCode !== null) break;
    const answer = await fetch(`${url}api/health`).catch(() => null);
    if (answer?.ok) return { url, stop };
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
  stop();
  throw new Error(`HAProxy did not pass /api/health through within 10 s:\n${said}`);
}

/**
 * How many game WebSockets the instance at `base` holds (from its /metrics, which answers the
 * machine itself); 0 when it does not answer.
 * @param {string} base
 */
async function websocketsOn(base) {
  const answer = await fetch(`${base}metrics`).catch(() => null);
  const text = answer?.ok ? await answer.text() : '';
  return Number(/jungle_open_connections\{kind="websocket"\} (\d+)/.exec(text)?.[1] ?? 0);
}

module.exports = { startHaproxy, websocketsOn };
