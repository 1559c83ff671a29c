// The page's side of the AI worker: one question at a time, progress reports, "move now",
// and a fresh worker whenever the old one dies, hangs or must be interrupted. The game itself
// lives on the page, so replacing the worker loses nothing. The worker keeps the game of its
// last question: the next one sends only what changed since (ai_worker.rs, `keep`), and a
// fresh worker is sent the whole game.

import { afterStart } from '../page/after-start.js';
import { t } from '../page/i18n.js';

/** @typedef {import('../game/types.js').ThinkRequest} ThinkRequest */
/** @typedef {import('../game/types.js').FromWorker} FromWorker */
/** @typedef {import('../game/types.js').SearchInfo} SearchInfo */
/**
 * A question being asked: its request, who waits for the answer, the search's latest report,
 * whether a fresh worker was already asked again, and the timer that gives up on the worker.
 * @typedef {object} Job
 * @property {number} id
 * @property {ThinkRequest} request
 * @property {(info: SearchInfo) => void} onProgress
 * @property {(result: SearchInfo) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {SearchInfo | null} latest
 * @property {boolean} retried
 * @property {ReturnType<typeof setTimeout>} [watchdog]
 */

/**
 * What to send for `request` to a worker whose last question was about `known` (null for a
 * fresh worker): the moves since those the two games share, or the whole game.
 * @param {ThinkRequest} request
 * @param {ThinkRequest | null} known
 * @returns {ThinkRequest}
 */
export function delta(request, known) {
  if (!known || known.rules !== request.rules || known.startFen !== request.startFen) return request;
  const { moves } = request;
  let keep = 0;
  while (keep < moves.length && keep < known.moves.length && moves[keep] === known.moves[keep]) keep++;
  const sent = { ...request, keep, moves: moves.slice(keep) };
  delete sent.rules;
  delete sent.startFen;
  return sent;
}

const WORKER_URL = new URL('./ai-worker.js', import.meta.url);
/** How long past its own deadline a worker may stay silent before it is replaced. */
const GRACE_MS = 8000;

export class AiClient {
  /**
   * `onTrouble(message, retrying)` tells the player when the worker had to be replaced.
   * @param {{onTrouble: (message: string, retrying: boolean) => void}} options
   */
  constructor({ onTrouble }) {
    this.onTrouble = onTrouble;
    /** @type {Job | null} */
    this.job = null;
    this.nextId = 1;
    /** @type {Worker | null} */
    this.worker = null;
    /**
     * The game of the last question this worker was sent.
     * @type {ThinkRequest | null}
     */
    this.known = null;
    /** @type {() => void} */
    this.markReady = () => {};
    /** Resolved when the worker says it is ready. */
    this.ready = Promise.resolve();
    // Started ahead of the first question, but not while the page itself starts.
    afterStart(() => {
      if (!this.worker) this.spawn();
    });
  }

  spawn() {
    const worker = new Worker(WORKER_URL, { type: 'module' });
    this.worker = worker;
    this.known = null;
    this.ready = new Promise((resolve) => { this.markReady = () => resolve(undefined); });
    /** @param {MessageEvent<FromWorker>} event */
    worker.onmessage = ({ data }) => {
      if (worker === this.worker) this.receive(data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.crash(event.message || t('ai.stopped'));
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.crash(t('ai.unreadable'));
    };
  }

  /**
   * Stops the worker; `fresh` starts a new one at once (the next question otherwise does).
   * @param {boolean} fresh
   */
  replace(fresh) {
    this.worker?.terminate();
    this.worker = null;
    if (fresh) this.spawn();
  }

  /** Whether a question is waiting for its answer. */
  get busy() {
    return this.job !== null;
  }

  /**
   * Asks for a move: `request` as AiWorker.think takes it. Resolves with the result
   * ({best, score, depth, pv, …}); `onProgress(info)` receives each progress report.
   * A question still open is abandoned first.
   * @param {ThinkRequest} request
   * @param {(info: SearchInfo) => void} onProgress
   * @returns {Promise<SearchInfo>}
   */
  think(request, onProgress) {
    this.cancel();
    return new Promise((resolve, reject) => {
      this.job = { id: this.nextId++, request, onProgress, resolve, reject, latest: null, retried: false };
      this.post(this.job);
    });
  }

  /**
   * Sends `job` to the worker (a fresh one if there is none), watched by a timer.
   * @param {Job} job
   */
  post(job) {
    if (!this.worker) this.spawn();
    clearTimeout(job.watchdog);
    job.watchdog = setTimeout(() => this.crash(t('ai.noAnswer')),
      (job.request.movetimeMs ?? 0) + GRACE_MS);
    const worker = this.worker;
    this.ready.then(() => {
      if (worker && this.job === job && this.worker === worker) {
        const request = delta(job.request, this.known);
        this.known = job.request;
        worker.postMessage({ type: 'think', id: job.id, request });
      }
    });
  }

  /** @param {FromWorker} data */
  receive(data) {
    if (data.type === 'ready') {
      // Where the page's endgame tables are (the worker's own address is a bundle's).
      this.worker?.postMessage({ type: 'tables', page: document.baseURI });
      this.markReady();
      return;
    }
    const job = this.job;
    if (!job || data.id !== job.id) return;
    if (data.type === 'progress') {
      job.latest = data.info;
      job.onProgress(data.info);
    } else if (data.type === 'result') {
      this.finish(job);
      job.resolve(data.result);
    } else if (data.type === 'failed') {
      this.crash(data.message);
    }
  }

  /** @param {Job} job */
  finish(job) {
    clearTimeout(job.watchdog);
    this.job = null;
  }

  /**
   * A worker failed: ask a fresh one again, once; then give up on the question. Without a
   * question, no worker is started until the next one (a worker that cannot load does not loop).
   * @param {string} message
   */
  crash(message) {
    this.replace(false);
    const job = this.job;
    if (!job) return;
    if (!job.retried) {
      job.retried = true;
      this.onTrouble(message, true);
      this.post(job);
    } else {
      this.finish(job);
      this.onTrouble(message, false);
      job.reject(new Error(message));
    }
  }

  /**
   * "Move now": answers the open question with the best move found so far and replaces the
   * busy worker. Returns false when no move has been found yet.
   */
  moveNow() {
    const job = this.job;
    const latest = job?.latest;
    if (!job || !latest || !latest.best) return false;
    this.finish(job);
    this.replace(true);
    job.resolve({ ...latest, interrupted: true });
    return true;
  }

  /** Abandons the open question, if any (its promise never settles). */
  cancel() {
    const job = this.job;
    if (!job) return;
    this.finish(job);
    this.replace(true);
  }

  /** Tells the AI a new game begins (it forgets what it learnt). */
  newGame() {
    const worker = this.worker;
    this.ready?.then(() => {
      if (worker && worker === this.worker && !this.busy) worker.postMessage({ type: 'new-game' });
    });
  }
}
