// Starts the page: loads the WebAssembly engine, then opens straight into a game.
// The first game comes from the link's parameters (fen, moves, rules, mode, level, side), else
// from the game saved in this browser (tools.js): data, checked by the engine before use.

import './offline.js';
import init from '../jungle-web.js';
import { installAids } from './aids.js';
import { App } from './app.js';
import { connectHost } from './embed.js';
import { startLanguage } from './i18n.js';
import { applyLook } from './page-look.js';
import { installTools, startingGame } from './tools.js';

// The language first: the game is written in it from its first frame.
await Promise.all([init(), startLanguage()]);
const start = startingGame();
applyLook(start.link);
const app = new App(start);
installTools(app, start);
const aids = installAids(app);
connectHost(app);
document.documentElement.dataset.ready = 'yes';
// The board is drawn in the next frame: from then on the page is playable (scripts/bench-web).
requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('jungle-playable')));
// For the browser console and tests: the page's controller.
window.jungle = app;
window.jungleAids = aids;
