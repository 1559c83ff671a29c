// A small static file server for the tests and benchmarks that need more than
// playwright.config.js's server: dist/ (or another folder) under a sub-path such as
// /games/jungle/, with extra response headers (a Content-Security-Policy), gzip as real hosts
// send it, "clean URLs" as many static hosts have them, stopped and started again to take the
// network away.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};
/** Types worth compressing (images are compressed already). */
const COMPRESSED = new Set(['.html', '.js', '.css', '.wasm', '.svg', '.webmanifest', '.json']);

/** The file of `root` that the path `file` (relative, maybe empty or ending in /) names, or null. */
function existingFile(root, file) {
  if (file === '' || file.endsWith('/')) file += 'index.html';
  const full = path.join(root, file);
  if (!full.startsWith(root + path.sep) || !fs.existsSync(full) || !fs.statSync(full).isFile()) return null;
  return full;
}

/**
 * With clean URLs, where a path that names an HTML file goes instead: `x/index.html` → `x/`,
 * `x.html` → `x`; null when it stays.
 */
function cleanRedirect(pathname) {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length);
  return null;
}

/**
 * Serves `root` (default dist/) at `prefix` (default '/') on a free port of 127.0.0.1, with
 * `headers` on every answer. `gzip`: text files are sent compressed to browsers that accept it.
 * `cleanUrls`: like many static hosts, `…/index.html` and `….html` are answered with a
 * permanent redirect to `…/` and `…`, and `…/guide` serves `…/guide.html`.
 * Resolves to {url, port, requests, sent, close()}: `url` ends with the prefix; `requests`
 * lists the paths asked for; `sent` the bytes sent for each answer ({path, bytes}).
 */
function serve({ root = path.join(__dirname, '../../dist'), prefix = '/', headers = {}, port = 0, gzip = false, cleanUrls = false } = {}) {
  const requests = [];
  const sent = [];
  const compressed = new Map();
  const server = http.createServer((request, response) => {
    // Prefixed, so that a path such as `//x` stays a path rather than naming a host.
    const { pathname, search } = new URL(`http://localhost${request.url}`);
    requests.push(pathname);
    let file = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : null;
    try {
      file = file === null ? null : decodeURIComponent(file);
    } catch {
      file = null;
    }
    const target = cleanUrls && file !== null ? cleanRedirect(pathname) : null;
    if (target !== null) {
      response.writeHead(308, { Location: target + search, ...headers }).end();
      sent.push({ path: pathname, bytes: 0 });
      return;
    }
    let full = file === null ? null : existingFile(root, file);
    if (!full && cleanUrls && file && !file.endsWith('/')) full = existingFile(root, `${file}.html`);
    if (!full) {
      response.writeHead(404, { 'Content-Type': 'text/plain', ...headers }).end('not found');
      return;
    }
    const extension = path.extname(full);
    const type = TYPES[extension] ?? 'application/octet-stream';
    let body = fs.readFileSync(full);
    const answer = { 'Content-Type': type, 'Cache-Control': 'no-cache', ...headers };
    if (gzip && COMPRESSED.has(extension) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      const key = `${full}\0${fs.statSync(full).mtimeMs}`;
      if (!compressed.has(key)) compressed.set(key, zlib.gzipSync(body, { level: 9 }));
      body = compressed.get(key);
      answer['Content-Encoding'] = 'gzip';
      answer.Vary = 'Accept-Encoding';
    }
    answer['Content-Length'] = body.length;
    response.writeHead(200, answer).end(body);
    sent.push({ path: pathname, bytes: body.length });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}${prefix}`;
      resolve({ url, port: server.address().port, requests, sent, close: () => closeServer(server) });
    });
  });
}

function closeServer(server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

module.exports = { serve };
