// The service worker's push part (sw.js loads it with importScripts, beside its caching): a push
// of the club (its JSON payload: the contract of issue 37, see notice-words.js) becomes a
// notification in the language the device subscribed with, tagged so that a newer notice of
// the same game replaces the older; nothing is shown for what a focused window of the club
// already shows. A click opens what the notice names: a window already there, else a window of
// the club sent there, else a new one. A subscription the browser renews is sent to the server.

/** This script's global scope: the service worker's. */
const pushScope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/**
 * The push's payload, or {} when it has none or it is not a JSON object.
 * @param {PushMessageData | null} data
 * @returns {Record<string, unknown>}
 */
function pushPayload(data) {
  try {
    const payload = data?.json();
    return typeof payload === 'object' && payload !== null ? payload : {};
  } catch {
    return {};
  }
}

/**
 * The address a notice opens: its `url` read against the club page's address (the scope).
 * @param {unknown} url
 */
function noticeTarget(url) {
  const scope = pushScope.registration.scope;
  try {
    const target = new URL(typeof url === 'string' ? url : '', scope);
    return target.href.startsWith(scope) ? target : new URL(scope);
  } catch {
    return new URL(scope);
  }
}

/**
 * Whether a window at `href` shows `target`: the same page, with each of the target's
 * parameters (`online=ID`, …) the same; its other parameters (`lang`, …) count for nothing.
 * @param {string} href
 * @param {URL} target
 */
function shows(href, target) {
  const at = new URL(href);
  const page = (/** @type {URL} */ url) => url.origin + url.pathname.replace(/\/index\.html$/, '/');
  if (page(at) !== page(target)) return false;
  return [...target.searchParams].every(([name, value]) => at.searchParams.get(name) === value);
}

/** The club's windows open now (those of this worker and those it does not control yet). */
async function clubWindows() {
  const windows = await pushScope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.filter((client) => client.url.startsWith(pushScope.registration.scope));
}

/**
 * Shows the notice of push payload `payload`, unless a focused window shows what it names.
 * @param {Record<string, unknown>} payload
 */
async function showNotice(payload) {
  const target = noticeTarget(payload.url);
  if ((await clubWindows()).some((client) => client.focused && shows(client.url, target))) return;
  const { title, body } = noticeText(payload);
  const tag = typeof payload.tag === 'string' ? payload.tag : undefined;
  await pushScope.registration.showNotification(title, {
    body, tag, lang: noticeLanguage(payload.lang), icon: 'www/icon-192.png', data: { url: target.href },
  });
}

/**
 * Opens what notice `notification` names: a window of the club already there (focused), else a
 * window of the club sent there, else a new window.
 * @param {Notification} notification
 */
async function openNotice(notification) {
  notification.close();
  const target = noticeTarget(notification.data?.url);
  const windows = await clubWindows();
  const there = windows.find((client) => shows(client.url, target));
  if (there) return there.focus();
  for (const client of windows) {
    // navigate() is refused for a window this worker does not control yet: the next one, or a new window.
    const sent = await client.navigate(target.href).catch(() => null);
    if (sent) return sent.focus();
  }
  return pushScope.clients.openWindow(target.href);
}

/**
 * The page language nearest to the browser's, for a subscription renewed without a page
 * (the page sends its own language when it subscribes).
 */
function browserNoticeLanguage() {
  const tag = pushScope.navigator.language.toLowerCase();
  if (tag.startsWith('zh')) return /hant|-tw|-hk|-mo/.test(tag) ? 'zh-hant' : 'zh-hans';
  return noticeLanguage(tag.split('-')[0]);
}

/**
 * Subscribes again after the browser dropped `old` (the same key), and tells the server.
 * @param {PushSubscription | null} old
 */
async function renewSubscription(old) {
  /** @type {ArrayBuffer | string | null} */
  let key = old?.options.applicationServerKey ?? null;
  if (!key) {
    const answer = await fetch(new URL('api/push/key', pushScope.registration.scope));
    key = /** @type {{key: string}} */ (await answer.json()).key;
  }
  const fresh = await pushScope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await fetch(new URL('api/me/push/subscriptions', pushScope.registration.scope), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...fresh.toJSON(), lang: browserNoticeLanguage() }),
  });
}

pushScope.addEventListener('push', (event) => {
  event.waitUntil(showNotice(pushPayload(event.data)));
});

pushScope.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotice(event.notification));
});

pushScope.addEventListener('pushsubscriptionchange', (event) => {
  const change = /** @type {ExtendableEvent & {oldSubscription?: PushSubscription | null}} */ (event);
  change.waitUntil(renewSubscription(change.oldSubscription ?? null));
});
