// Work the first frame does not need — starting the AI's worker, registering the offline copy —
// waits until the board is on screen and the page is idle. On a machine with two cores it would
// otherwise compete with the page's own start and turn it into long, janky tasks.

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
