// Starts the page: loads the WebAssembly engine, then opens straight into a game.
// URL parameters: `fen` (a position to start from) and `rules` ("option=value,…").
// They are data: they go to the engine, which rejects anything that is not a position.

import init from '../jungle-web.js';
import { App } from './app.js';

await init();
const params = new URLSearchParams(window.location.search);
const app = new App({ fen: params.get('fen') ?? '', rules: params.get('rules') ?? '' });
document.documentElement.dataset.ready = 'yes';
// The board is drawn in the next frame: from then on the page is playable (scripts/bench-web).
requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('jungle-playable')));
// For the browser console and tests: the page's controller.
window.jungle = app;
