// Debian's nginx in front of a club as its admin installs it: the site file the README tells
// them to install (src/server/ops/install/nginx-site.conf), its placeholders filled, inside a
// main configuration of a folder of the test's own (pid, logs and temporary files there: no
// root needed, nothing of the system's nginx used), with a self-signed certificate made by
// openssl. The access log is one JSON object per request, for the test to read.
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { execFileSync, spawn } = require('node:child_process');

const NGINX = '/usr/sbin/nginx';
const SITE = path.join(__dirname, '..', '..', 'src', 'server', 'ops', 'install', 'nginx-site.conf');

/**
 * A self-signed certificate for `host`, its key and certificate written to `folder`:
 * {cert, key, pem, spki}, `spki` the base64 SHA-256 of its public key (what Chromium's
 * --ignore-certificate-errors-spki-list names to trust it).
 */
function makeCertificate(folder, host) {
  const cert = path.join(folder, 'cert.pem');
  const key = path.join(folder, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`, '-keyout', key, '-out', cert],
  { stdio: 'ignore' });
  const pem = fs.readFileSync(cert, 'utf8');
  const publicKey = new crypto.X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return { cert, key, pem, spki: crypto.createHash('sha256').update(publicKey).digest('base64') };
}

/**
 * The site file with its placeholders filled: nginx takes HTTPS at `host`:`httpsPort` and
 * HTTP at `httpPort` on 127.0.0.1, before the servers at `upstreams` ('127.0.0.1:PORT', one
 * `server` line each).
 */
function siteFile({ host, httpsPort, httpPort, certificate, upstreams }) {
  const values = {
    '@SERVER_NAME@': host,
    '@PUBLIC_ORIGIN@': `https://${host}:${httpsPort}`,
    '@LISTEN_HTTPS@': `127.0.0.1:${httpsPort}`,
    '@LISTEN_HTTP@': `127.0.0.1:${httpPort}`,
    '@CERT@': certificate.cert,
    '@KEY@': certificate.key,
    '@UPSTREAM@': upstreams.join(' '), // in the comments, once the server lines are written
  };
  const template = fs.readFileSync(SITE, 'utf8');
  const servers = template.replace(/^(\s*)server @UPSTREAM@;$/m, (_, indent) => upstreams.map((up) => `${indent}server ${up};`).join('\n'));
  return servers.replace(/@[A-Z_]+@/g, (name) => {
    if (!(name in values)) throw new Error(`nginx-site.conf: nothing to put for ${name}`);
    return values[name];
  });
}

/** The main configuration around `site`, everything nginx writes kept in `folder`. */
function mainFile(folder, site) {
  const temp = (kind) => `${kind}_temp_path ${path.join(folder, 'temp', kind)};`;
  return `daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${path.join(folder, 'nginx.pid')};
error_log ${path.join(folder, 'error.log')} warn;
events { worker_connections 512; }
http {
  gzip on; # as in Debian's nginx.conf
  log_format jungle escape=json '{"client":"$remote_addr","request":"$request","status":$status,"upstream":"$upstream_addr","protocol":"$server_protocol"}';
  access_log ${path.join(folder, 'access.log')} jungle;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${site};
}
`;
}

/** Resolves once something listens on 127.0.0.1:`port`, or rejects if `child` exits first. */
function listening(child, port, errors) {
  return new Promise((resolve, reject) => {
    const exited = (code) => reject(new Error(`nginx exited (${code}): ${errors.join('')}`));
    child.once('exit', exited);
    const attempt = () => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        child.off('exit', exited);
        resolve();
      });
      socket.once('error', () => setTimeout(attempt, 50));
    };
    attempt();
  });
}

/**
 * Starts nginx with the club's site (siteFile's options) in `folder`; resolves to {origin,
 * httpOrigin, log(), stop()}: the club's https address, nginx's http one, the requests logged
 * so far ({client, request, status, upstream, protocol}; nginx logs a request when it ends),
 * and nginx's end.
 */
async function startNginx(folder, options) {
  fs.mkdirSync(path.join(folder, 'temp'), { recursive: true });
  const site = path.join(folder, 'site.conf');
  fs.writeFileSync(site, siteFile(options));
  const main = path.join(folder, 'nginx.conf');
  fs.writeFileSync(main, mainFile(folder, site));
  // The check the README has the admin run before reloading (its complaint is the error).
  execFileSync(NGINX, ['-t', '-q', '-p', folder, '-c', main], { stdio: ['ignore', 'ignore', 'pipe'] });
  const child = spawn(NGINX, ['-p', folder, '-c', main], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors = [];
  child.stderr.on('data', (text) => errors.push(String(text)));
  await listening(child, options.httpsPort, errors);
  const accessLog = path.join(folder, 'access.log');
  return {
    origin: `https://${options.host}:${options.httpsPort}`,
    httpOrigin: `http://${options.host}:${options.httpPort}`,
    log: () => fs.readFileSync(accessLog, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)),
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) resolve();
      else {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }
    }),
  };
}

module.exports = { makeCertificate, startNginx };
