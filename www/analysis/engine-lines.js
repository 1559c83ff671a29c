// The analysis board's engine: its own AI worker (ai-worker.js, analysis mode) analyses the
// position shown without stopping, and each update shows the best 1–5 lines (score, depth,
// nodes per second, the moves numbered and written as the move list writes them) and arrows on the board for the first two. A new
// position is sent at once and replaces the old one in the worker.

import { characters, t } from '../page/i18n.js';
import { animalTable } from '../page/pieces.js';
import { el } from '../page/dom.js';
import { lineWords } from './move-words.js';
import { numberedLine } from './move-numbers.js';
import { scoreText } from '../page/notation.js';
import { squareIndex } from '../board/squares.js';

/** @typedef {import('../game/types.js').AnalysisUpdate} AnalysisUpdate */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').FromWorker} FromWorker */

const WORKER_URL = new URL('../computer/ai-worker.js', import.meta.url);
/** The arrows' kinds (CSS classes `<kind>-arrow`…): the best line's and the second's. */
const ARROWS = ['analysis-best', 'analysis-next'];

export class EngineLines {
  /**
   * Shows the engine's lines in `list` and its speed in `status`, arrows on `board`.
   * @param {{list: HTMLElement, status: HTMLElement, board: import('../board/board.js').Board}} els
   */
  constructor({ list, status, board }) {
    this.list = list;
    this.status = status;
    this.board = board;
    /** @type {Worker | null} */
    this.worker = null;
    this.id = 0;
    this.count = 3;
    this.on = true;
    /** @type {Snapshot | null} */
    this.shown = null;
    /** @type {AnalysisUpdate | null} */
    this.latest = null;
    /**
     * Resolved with the worker once it says it is ready (it takes no message before).
     * @type {Promise<Worker> | null}
     */
    this.ready = null;
  }

  /**
   * Sends `message` to the worker, started on first use, once it is ready.
   * @param {import('../game/types.js').ToWorker} message
   */
  post(message) {
    if (!this.ready) {
      const worker = new Worker(WORKER_URL, { type: 'module' });
      this.worker = worker;
      this.ready = new Promise((resolve) => {
        /** @param {MessageEvent<FromWorker>} event */
        worker.onmessage = ({ data }) => {
          if (data.type === 'ready') {
            worker.postMessage({ type: 'tables', page: document.baseURI });
            resolve(worker);
          }
          else if (data.type === 'analysis' && data.id === this.id && data.update) this.show(data.update);
          else if (data.type === 'failed' && data.id === this.id) this.status.textContent = data.message;
        };
      });
    }
    this.ready.then((worker) => worker.postMessage(message));
  }

  /**
   * Analyses the position of `snapshot` (null: stops), in place of the one before.
   * @param {Snapshot | null} snapshot
   */
  follow(snapshot) {
    this.shown = snapshot;
    this.latest = null;
    this.id++;
    this.clear();
    if (!snapshot || !this.on || snapshot.outcome) {
      if (this.worker) this.post({ type: 'stop-analysis' });
      this.status.textContent = snapshot?.outcome ? t('analysis.over') : this.on ? '' : t('analysis.engineOff');
      return;
    }
    this.status.textContent = t('analysis.thinking');
    const moves = snapshot.history.map((entry) => entry.move);
    const request = { rules: snapshot.rules, startFen: snapshot.startFen, moves, lines: this.count };
    this.post({ type: 'analyse', id: this.id, request });
  }

  /**
   * Shows `count` lines from now on (1–5).
   * @param {number} count
   */
  setCount(count) {
    this.count = Math.max(1, Math.min(5, Math.trunc(count) || 1));
    this.follow(this.shown);
  }

  /**
   * Switches the engine on or off.
   * @param {boolean} on
   */
  setOn(on) {
    this.on = on;
    this.follow(this.shown);
  }

  /** Takes the lines and arrows away. */
  clear() {
    this.list.replaceChildren();
    for (const kind of ARROWS) this.board.arrow(kind, null);
  }

  /**
   * Shows an update of the analysis.
   * @param {AnalysisUpdate} update
   */
  show(update) {
    const snapshot = this.shown;
    if (!snapshot) return;
    this.latest = update;
    const nps = update.ms > 0 ? Math.round(update.nodes / (update.ms / 1000)) : 0;
    this.status.textContent = t('analysis.status', { depth: update.depth, nps: nps.toLocaleString() });
    const animals = animalTable(snapshot.animals, characters());
    this.list.replaceChildren(...update.lines.map((line, i) => el('li', { className: 'analysis-line', dataset: { moves: line.pv.join(' ') } },
      el('span', { className: 'analysis-score' }, scoreText(line, snapshot.turn)), ' ',
      el('span', { className: 'analysis-moves' }, numberedLine(lineWords(line.pv, snapshot.fen, animals), snapshot.fen)),
      i === 0 ? el('span', { className: 'visually-hidden' }, ` (${t('analysis.best')})`) : null)));
    ARROWS.forEach((kind, i) => {
      const move = update.lines[i]?.pv[0];
      this.board.arrow(kind, move ? { from: squareIndex(move.slice(0, 2)), to: squareIndex(move.slice(2, 4)) } : null);
    });
  }

  /** Stops the worker (leaving the analysis board). */
  stop() {
    this.follow(null);
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }
}
