// The page's side of the AI worker: one question at a time, progress reports, "move now",
// and a fresh worker whenever the old one dies, hangs or must be interrupted. The game itself
// lives on the page, so replacing the worker loses nothing.

const WORKER_URL = new URL('./ai-worker.js', import.meta.url);
/** How long past its own deadline a worker may stay silent before it is replaced. */
const GRACE_MS = 8000;

export class AiClient {
  /** `onTrouble(message, retrying)` tells the player when the worker had to be replaced. */
  constructor({ onTrouble }) {
    this.onTrouble = onTrouble;
    this.job = null;
    this.nextId = 1;
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(WORKER_URL, { type: 'module' });
    this.ready = new Promise((resolve) => { this.markReady = resolve; });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.crash(event.message || 'the AI worker stopped');
    };
    this.worker.onmessageerror = () => this.crash('the AI worker sent an unreadable message');
  }

  /** Replaces the worker (it cannot be interrupted while it thinks). */
  respawn() {
    this.worker.terminate();
    this.spawn();
  }

  /** Whether a question is waiting for its answer. */
  get busy() {
    return this.job !== null;
  }

  /**
   * Asks for a move: `request` as AiWorker.think takes it. Resolves with the result
   * ({best, score, depth, pv, …}); `onProgress(info)` receives each progress report.
   * A question still open is abandoned first.
   */
  think(request, onProgress) {
    this.cancel();
    return new Promise((resolve, reject) => {
      this.job = { id: this.nextId++, request, onProgress, resolve, reject, latest: null, retried: false };
      this.post(this.job);
    });
  }

  async post(job) {
    await this.ready;
    if (this.job !== job) return;
    clearTimeout(job.watchdog);
    job.watchdog = setTimeout(() => this.crash('the AI did not answer in time'),
      (job.request.movetimeMs ?? 0) + GRACE_MS);
    this.worker.postMessage({ type: 'think', id: job.id, request: job.request });
  }

  receive(data) {
    if (data.type === 'ready') {
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

  finish(job) {
    clearTimeout(job.watchdog);
    this.job = null;
  }

  /** A worker failed: start a fresh one and ask again once; then give up on the question. */
  crash(message) {
    this.respawn();
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
    if (!job || !job.latest || !job.latest.best) return false;
    this.finish(job);
    this.respawn();
    job.resolve({ ...job.latest, interrupted: true });
    return true;
  }

  /** Abandons the open question, if any (its promise never settles). */
  cancel() {
    const job = this.job;
    if (!job) return;
    this.finish(job);
    this.respawn();
  }

  /** Tells the AI a new game begins (it forgets what it learnt). */
  async newGame() {
    await this.ready;
    if (!this.busy) this.worker.postMessage({ type: 'new-game' });
  }
}
