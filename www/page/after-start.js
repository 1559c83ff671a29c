// Work the first frame does not need — starting the AI's worker, registering the offline copy —
// waits until the board is on screen and the page is idle. On a machine with two cores it would
// otherwise compete with the page's own start and turn it into long, janky tasks. The start
// itself is cut into short tasks with `nextTask`, so that no task of the start is long.

/** The latest such work waits after the page's load event, should the board never be shown. */
const LATEST_MS = 5000;
/** How long idle time may keep the work waiting once the board is shown. */
const IDLE_TIMEOUT_MS = 1000;

/** @type {() => void} */
let markShown = () => {};
const shown = new Promise((resolve) => {
  markShown = () => resolve(undefined);
  globalThis.addEventListener?.('load', () => setTimeout(resolve, LATEST_MS), { once: true });
});

/** The page calls this once its first board is drawn. */
export function boardShown() {
  markShown();
}

/**
 * Runs `work` once the board has been shown and the page is idle.
 * @param {() => void} work
 */
export function afterStart(work) {
  shown.then(() => {
    if ('requestIdleCallback' in globalThis) requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(work, 0);
  });
}

/**
 * Resolves in a later task: the browser may draw and handle input in between. With
 * `scheduler.yield` the rest comes before other waiting tasks (the worker's start, timers).
 * @returns {Promise<void>}
 */
export function nextTask() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
