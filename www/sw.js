// The service worker: keeps one version of the game's files in one cache, so that after one
// visit the game loads and plays with the network off. The build (scripts/postbuild/precache.mjs)
// moves this file to the root folder of dist/ and fills in VERSION and FILES; a new build has a
// new VERSION, hence a new cache, installed whole before it replaces the old one.
//
// A new version waits while pages of the old one are open. A page that finds one waiting asks
// it, once loaded, to take over (message {type: 'take-over'}); it does so only if no other page
// of the game is open, answers true or false, and the page then reloads into it. So no page
// ever mixes files of two versions.
//
// Hosts with "clean URLs" answer `index.html` with a redirect to `./` and serve `guide.html` at
// `guide`. A browser refuses a redirected response as the answer to a navigation, so the copies
// are kept without the redirect's mark, and a navigation to `…/guide` finds `…/guide.html`.
//
// The club's push notifications are the job of www/push/sw-push.js (and its words), loaded here.

const VERSION = '';
/** @type {string[]} */
const FILES = [];

/** This script's global scope: a service worker's (the WebWorker library types `self` as any worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

importScripts('www/push/notice-words.js', 'www/push/sw-push.js');

/** Cache names start with the scope: two copies of the game on one site keep their own caches. */
const PREFIX = `jungle ${sw.registration.scope} `;
const CACHE = PREFIX + VERSION;

sw.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // All or nothing, like cache.addAll: a version is installed whole or not at all.
    const responses = await Promise.all(FILES.map(fetchFile));
    await Promise.all(FILES.map((file, i) => cache.put(file, responses[i])));
  })());
});

/**
 * The file `file` from the network, never an older copy from the browser's HTTP cache.
 * @param {string} file
 */
async function fetchFile(file) {
  const response = await fetch(new Request(file, { cache: 'reload' }));
  if (!response.ok) throw new Error(`sw.js: ${file} answered ${response.status}`);
  if (!response.redirected) return response;
  // The same answer, without the mark of the redirect that led to it.
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

sw.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((key) => key.startsWith(PREFIX) && key !== CACHE);
    await Promise.all(old.map((key) => caches.delete(key)));
    await sw.clients.claim();
  })());
});

sw.addEventListener('message', (event) => {
  if (event.data?.type !== 'take-over' || !event.ports[0]) return;
  event.waitUntil((async () => {
    const pages = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const alone = pages.filter((page) => page.url.startsWith(sw.registration.scope)).length <= 1;
    event.ports[0].postMessage(alone); // first: taking over waits for the old version's requests
    if (alone) await sw.skipWaiting();
  })());
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== sw.location.origin) return;
  // The game server's API (online play) is always asked, never kept. Offline, the question
  // whether there is a server (online/probe.js) is answered "no" here, without a failed request.
  const api = `${sw.registration.scope}api/`;
  if (request.url.startsWith(`${sw.registration.scope}tablebase/`)) event.respondWith(keptOnUse(request));
  else if (!request.url.startsWith(api)) event.respondWith(fromCache(request));
  else if (request.url === `${api}health`) event.respondWith(fetch(request).catch(() => Response.json({ ok: false })));
});

// Reads go through caches.match and a write first asks caches.has: caches.open would create
// this version's cache again after a newer version, taking over, has deleted it.

/**
 * The cached copy of a file (ignoring the query: `index.html?fen=…`), else the network's.
 * @param {Request} request
 */
async function fromCache(request) {
  for (const key of cacheKeys(request)) {
    const cached = await caches.match(key, { cacheName: CACHE, ignoreSearch: true });
    if (cached) return cached;
  }
  return fetch(request);
}

/**
 * An endgame table (tablebase/: not in FILES, fetched the first time a position needs it):
 * cache first, and kept in this version's cache once fetched, so that a set used once answers
 * offline. A version's tables never change, so the cached copy is never stale.
 * @param {Request} request
 */
async function keptOnUse(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && (await caches.has(CACHE))) await (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

/**
 * Where the cache may hold the answer to `request`: a folder's index.html, a page's clean URL.
 * @param {Request} request
 * @returns {(Request | string)[]}
 */
function cacheKeys(request) {
  const url = new URL(request.url);
  url.search = '';
  if (!url.href.startsWith(sw.registration.scope)) return [request];
  if (url.pathname.endsWith('/')) return [new URL('index.html', url).href];
  const clean = request.mode === 'navigate' && !/\.[^/]*$/.test(url.pathname);
  return clean ? [request, `${url.href}.html`] : [request];
}
