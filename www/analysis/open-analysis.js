// The way into the analysis board, whose panel (analysis-board.js) loads on first use, not on
// the way to the first board: `analyseGame` asks the game's owner to open the board on a game,
// and `installAnalysis` loads the panel the first time the owner has an analysis open (from the
// tools, a review, a link `?analysis=1`). The place of the evaluation graph is made here, so
// that the graph (installed with the aids after the first board) and the panel find it in
// whichever order they come.

import { el } from '../page/dom.js';
import { engineBarred } from '../game/fair-play.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */

/**
 * Opens the analysis board on the game of `snapshot` (its moves up to `ply`, all by default,
 * the later ones kept in the main line), unless the engine is barred there.
 * @param {GameController} owner
 * @param {number} [ply]
 */
export async function analyseGame(owner, ply) {
  const { current } = owner.started();
  if (engineBarred(current) || !(await owner.mayLeave())) return;
  const moves = current.history.map((entry) => entry.move);
  await owner.startAnalysis({ rules: current.rules, fen: current.startFen, moves });
  // The nodes of a new tree's main line are numbered by ply.
  if (ply !== undefined && ply < moves.length) owner.analysisGo(ply);
}

/**
 * Loads the panel, put first in `side` with the engine's arrows on `board`, once `owner` first
 * has an analysis open.
 * @param {GameController} owner
 * @param {HTMLElement} side
 * @param {import('../board/board.js').Board} board
 */
export function installAnalysis(owner, side, board) {
  /** @param {Snapshot} snapshot */
  const load = (snapshot) => {
    if (!snapshot.analysis) return;
    stop();
    import('./analysis-board.js').then(({ AnalysisBoard }) => new AnalysisBoard(owner, side, board, graphSlot()));
  };
  const stop = owner.subscribe(load);
  if (owner.snapshot) load(owner.snapshot);
}

/** @type {HTMLElement | null} */
let slot = null;

/** The place of the analysis board's evaluation graph (made once). */
export function graphSlot() {
  slot ??= el('div', { id: 'analysis-graph-slot' });
  return slot;
}
