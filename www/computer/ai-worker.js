// The AI's Web Worker: loads the same WebAssembly module as the page and thinks on request,
// so that the page never waits. Messages in: {type: 'think', id, request} and {type: 'new-game'};
// out: {type: 'ready'}, {type: 'progress', id, info}, {type: 'result', id, result},
// {type: 'failed', id, message} (types.js: ToWorker, FromWorker). The AiWorker keeps the game
// of the last request, so a request may send only the moves since (ai_worker.rs).

import init, { AiWorker } from '../../jungle-web.js';

const HASH_MB = 32;

await init();
const ai = new AiWorker(HASH_MB);

/** @param {MessageEvent<import('../game/types.js').ToWorker>} event */
self.onmessage = ({ data }) => {
  if (data.type === 'new-game') {
    ai.newGame();
  } else if (data.type === 'think') {
    try {
      const result = ai.think(data.request, (/** @type {import('../game/types.js').SearchInfo} */ info) => postMessage({ type: 'progress', id: data.id, info }));
      postMessage({ type: 'result', id: data.id, result });
    } catch (error) {
      postMessage({ type: 'failed', id: data.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
};

postMessage({ type: 'ready' });
