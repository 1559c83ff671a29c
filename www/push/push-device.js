// This device's push subscription to the club (Web Push): what the browser allows, turning it
// on (the browser's permission asked then, and only then: the Notifications tab's switch) and
// off. On: subscribed with the club's VAPID key (api/push/key) and the subscription given to the
// server with the page's language, the language of its notices (api/me/push/subscriptions).
// Whether push is on here is also kept in localStorage, read at once by the open tab's own
// notices (online/move-notice.js), which then leave the device's notices to the push.

import { language } from '../page/i18n.js';
import { request } from '../server/online-client.js';

const KEY = 'jungle.push.on';

/**
 * What this device can do: `unsupported` (no service worker, Push API or notifications),
 * `blocked` (the member or the browser refused notifications to this site), else `ask`
 * (permission not asked yet) or `allowed`.
 * @returns {'unsupported' | 'blocked' | 'ask' | 'allowed'}
 */
export function pushSupport() {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  const { permission } = Notification;
  return permission === 'denied' ? 'blocked' : permission === 'granted' ? 'allowed' : 'ask';
}

/** The service worker's registration (the page registers it once started: page/offline.js). */
function registration() {
  return navigator.serviceWorker.ready;
}

/** This device's push subscription, if any (null where push is unsupported). */
export async function deviceSubscription() {
  if (pushSupport() === 'unsupported') return null;
  const found = await (await registration()).pushManager.getSubscription();
  keep(found !== null && Notification.permission === 'granted');
  return found;
}

/** Whether push was last seen on for this device (a quick answer for the open tab's notices). */
export function pushOnHere() {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** @param {boolean} on */
function keep(on) {
  try {
    localStorage.setItem(KEY, on ? '1' : '0');
  } catch {
    // Not kept: the open tab's notices then go on as without push.
  }
}

/**
 * Turns push on for this device: asks the browser's permission, subscribes and tells the
 * server. Resolves to `on`, or to why not: `blocked` (permission refused) or `unavailable` (the
 * browser could not subscribe: no push service reachable); a refusal of the server throws.
 * @returns {Promise<'on' | 'blocked' | 'unavailable'>}
 */
export async function turnOn() {
  if (await Notification.requestPermission() !== 'granted') return 'blocked';
  /** @type {{key: string}} */
  const { key } = await request('api/push/key');
  /** @type {PushSubscription} */
  let subscription;
  try {
    const push = (await registration()).pushManager;
    subscription = await push.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    console.warn(`Push is unavailable here: ${/** @type {Error} */ (error).message}`);
    return 'unavailable';
  }
  const { endpoint, keys } = subscription.toJSON();
  try {
    await request('api/me/push/subscriptions', { endpoint, keys, lang: language() });
  } catch (error) {
    await subscription.unsubscribe(); // not kept by the club: not kept here either
    throw error;
  }
  keep(true);
  return 'on';
}

/** Turns push off for this device: the server forgets the subscription, and the browser drops it. */
export async function turnOff() {
  const subscription = await deviceSubscription();
  if (subscription) {
    await request('api/me/push/subscriptions', { endpoint: subscription.endpoint }, 'DELETE');
    await subscription.unsubscribe();
  }
  keep(false);
}
