// The AI's Web Worker: loads the AI's WebAssembly module (the SIMD128 build where the browser has
// it: ai-module.js) and thinks on request, so that the page never waits. Messages in:
// {type: 'think', id, request}, {type: 'new-game'}, {type: 'analyse', id, request},
// {type: 'stop-analysis'} and {type: 'tables', page} (where the endgame tables are); out: {type: 'ready'}, {type: 'progress', id, info},
// {type: 'result', id, result}, {type: 'failed', id, message}, {type: 'analysis', id, update}
// (types.js: ToWorker, FromWorker). The AiWorker keeps the game of the last request, so a
// request may send only the moves since (ai_worker.rs).
// Endgame tables: after each answer or new analysis, the sets a search of the position could
// look up are fetched in the background (table-files.js) and handed to the AI for the next.
// An analysis runs in short slices (analyse.rs) with a turn of the event loop between them, so
// that a new position or a stop is taken between two slices.

import init, { AiWorker } from '../../jungle-web.js';
import { aiModuleUrl } from './ai-module.js';
import { fetchTableSet } from './table-files.js';

const HASH_MB = 32;
/** The most animals of the endgame tables the page has (scripts/build-tablebase). */
const TABLE_ANIMALS = 3;
/** How long one slice of analysis runs, in milliseconds: the longest a new position waits. */
const SLICE_MS = 120;

await init({ module_or_path: aiModuleUrl() });
const ai = new AiWorker(HASH_MB);
/** The analysis being run, by id (0: none). */
let analysing = 0;

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** The page's address, where tablebase/ is (told by the page; none: no tables). */
let page = '';
/** Whether sets are being fetched (one fetch round at a time). */
let fetchingTables = false;

/**
 * Fetches the endgame sets the AI wants for its position, one after another; a set that cannot
 * be had now (offline before its first use) is asked for again after the next answer.
 */
async function loadTables() {
  if (fetchingTables || !page) return;
  fetchingTables = true;
  try {
    for (const name of ai.wantedSets(TABLE_ANIMALS)) ai.addTable(name, await fetchTableSet(name, page));
  } catch (error) {
    console.warn(`endgame tables: ${messageOf(error)}`);
  } finally {
    fetchingTables = false;
  }
}

/**
 * Runs one slice of analysis `id`, reports it, and schedules the next unless it is over or
 * replaced.
 * @param {number} id
 */
function slice(id) {
  if (id !== analysing) return;
  const update = ai.analyseSlice(SLICE_MS);
  postMessage({ type: 'analysis', id, update });
  if (update?.done) analysing = 0;
  else setTimeout(() => slice(id), 0);
}

/** @param {MessageEvent<import('../game/types.js').ToWorker>} event */
self.onmessage = ({ data }) => {
  if (data.type === 'tables') {
    page = data.page;
  } else if (data.type === 'new-game') {
    ai.newGame();
  } else if (data.type === 'think') {
    try {
      const result = ai.think(data.request, (/** @type {import('../game/types.js').SearchInfo} */ info) => postMessage({ type: 'progress', id: data.id, info }));
      postMessage({ type: 'result', id: data.id, result });
      void loadTables();
    } catch (error) {
      postMessage({ type: 'failed', id: data.id, message: messageOf(error) });
    }
  } else if (data.type === 'analyse') {
    try {
      ai.startAnalysis(data.request);
      void loadTables();
      analysing = data.id;
      setTimeout(() => slice(data.id), 0);
    } catch (error) {
      analysing = 0;
      postMessage({ type: 'failed', id: data.id, message: messageOf(error) });
    }
  } else if (data.type === 'stop-analysis') {
    analysing = 0;
    ai.stopAnalysis();
  }
};

postMessage({ type: 'ready' });
