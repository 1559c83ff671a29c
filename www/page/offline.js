// Offline play: registers the service worker (sw.js, beside index.html), which keeps the game's
// files, once the page has started (after-start.js). When a visit finds that an earlier one installed a new version, the page asks it to
// take over once loaded (a loading page holds the old version) and reloads into it: a page
// never runs files of two versions (see sw.js). Only over http(s): a page opened from disk has
// no service worker, and needs none.

import { afterStart } from './after-start.js';

/** How long to wait for the new version to answer, then to take over. */
const WAIT_MS = 3000;

const workers = navigator.serviceWorker;

if (workers && location.protocol.startsWith('http')) {
  afterStart(start);
}

async function start() {
  /** @type {ServiceWorkerRegistration | undefined} */
  let registration;
  try {
    registration = await workers.getRegistration();
  } catch (error) {
    // Refused where the browser keeps no service worker (a frame of another site's page with
    // third-party storage blocked): the game plays on without.
    console.warn(`Offline play is off: ${/** @type {Error} */ (error).message}`);
    return;
  }
  if (registration?.waiting && workers.controller && await takesOver(registration.waiting)) {
    location.reload();
    return;
  }
  workers.register(new URL('sw.js', document.baseURI)).catch((error) => {
    console.warn(`Offline play is off: ${error.message}`);
  });
}

/**
 * Asks the waiting version to take over; true once it controls this page (or should).
 * @param {ServiceWorker} waiting
 */
async function takesOver(waiting) {
  const controlled = new Promise((resolve) => {
    workers.addEventListener('controllerchange', resolve, { once: true });
    setTimeout(resolve, WAIT_MS);
  });
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => {
    channel.port1.onmessage = ({ data }) => resolve(data === true);
    setTimeout(() => resolve(false), WAIT_MS);
  });
  waiting.postMessage({ type: 'take-over' }, [channel.port2]);
  if (!(await answer)) return false;
  await controlled;
  return true;
}
