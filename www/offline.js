// Offline play: registers the service worker (sw.js, beside index.html), which keeps the game's
// files. Before the game starts, a new version that a visit installed takes over and the page
// reloads into it, so that a page never runs files of two versions (see sw.js). Only over
// http(s): a page opened from disk has no service worker, and needs none.

/** How long to wait for a new version to answer before going on with the current one. */
const ANSWER_MS = 3000;

const workers = navigator.serviceWorker;

if (workers && location.protocol.startsWith('http')) {
  const registration = await workers.getRegistration();
  if (registration?.waiting && workers.controller && await takesOver(registration.waiting)) {
    location.reload();
    await new Promise(() => {}); // the game starts in the new version
  }
  workers.register(new URL('sw.js', document.baseURI)).catch((error) => {
    console.warn(`Offline play is off: ${error.message}`);
  });
}

/** Asks the waiting version to take over; true once it controls this page (or should). */
async function takesOver(waiting) {
  const controlled = new Promise((resolve) => {
    workers.addEventListener('controllerchange', resolve, { once: true });
    setTimeout(resolve, ANSWER_MS);
  });
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => {
    channel.port1.onmessage = ({ data }) => resolve(data === true);
    setTimeout(() => resolve(false), ANSWER_MS);
  });
  waiting.postMessage({ type: 'take-over' }, [channel.port2]);
  if (!(await answer)) return false;
  await controlled;
  return true;
}
