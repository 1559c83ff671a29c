// A small static file server for the tests that need more than playwright.config.js's server:
// dist/ (or another folder) under a sub-path such as /games/jungle/, with extra response
// headers (a Content-Security-Policy), stopped and started again to take the network away.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

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

/**
 * Serves `root` (default dist/) at `prefix` (default '/') on a free port of 127.0.0.1, with
 * `headers` on every answer. Resolves to {url, requests, close()}: `url` ends with the prefix;
 * `requests` lists the paths asked for.
 */
function serve({ root = path.join(__dirname, '../../dist'), prefix = '/', headers = {}, port = 0 } = {}) {
  const requests = [];
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    requests.push(pathname);
    let file = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : null;
    try {
      file = file === null ? null : decodeURIComponent(file);
    } catch {
      file = null;
    }
    if (file !== null && (file === '' || file.endsWith('/'))) file += 'index.html';
    const full = file === null ? null : path.join(root, file);
    if (!full || !full.startsWith(root + path.sep) || !fs.existsSync(full) || !fs.statSync(full).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain', ...headers }).end('not found');
      return;
    }
    const type = TYPES[path.extname(full)] ?? 'application/octet-stream';
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', ...headers });
    fs.createReadStream(full).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}${prefix}`;
      resolve({ url, port: server.address().port, requests, close: () => closeServer(server) });
    });
  });
}

function closeServer(server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

module.exports = { serve };
