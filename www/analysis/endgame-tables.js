// The endgame tables in the page: each material set's file (tablebase/<SET>.jtb.gz, made by
// scripts/build-tablebase) fetched the first time a position needs it, unpacked by the
// browser's DecompressionStream and handed to the engine (EndgameTables, from the AI's module),
// which checks it. The service worker keeps each file once fetched (sw.js), so a set used once
// answers offline too. A set that cannot be had (offline before its first use, a damaged file)
// is not kept: the next position asks for it again.

import { loadToolEngine } from '../game/engine.js';
import { fetchTableSet } from '../computer/table-files.js';

/** @typedef {import('../game/engine.js').EndgameTables} EndgameTables */

/**
 * What the tables say of a position: the side to move's result and the plies to the end, and
 * the same for each legal move, best first; `pastLimit` when the no-capture limit comes first.
 * @typedef {{result: 'win' | 'draw' | 'loss', plies: number}} TableValue
 * @typedef {TableValue & {turn: import('../game/types.js').Side, moves: (TableValue & {move: string})[],
 *   pastLimit: boolean}} TableVerdict
 */

/** The most animals of the sets the page has (scripts/build-tablebase builds them). */
const PAGE_ANIMALS = 3;

/** @type {Promise<EndgameTables> | null} */
let loaded = null;

/** The engine's tables, made on first use. */
function tables() {
  loaded ??= loadToolEngine().then(({ EndgameTables }) => new EndgameTables());
  return loaded;
}

/**
 * What the tables say of the position `fen` under `rules`, after loading the sets it needs;
 * null when tables do not hold such positions (other rules, more animals). Throws when a set
 * cannot be had or is damaged.
 * @param {string} rules
 * @param {string} fen
 * @returns {Promise<TableVerdict | null>}
 */
export async function probeTables(rules, fen) {
  const engine = await tables();
  const missing = engine.missingSets(rules, fen, PAGE_ANIMALS);
  const files = await Promise.all(missing.map((name) => fetchTableSet(name, document.baseURI)));
  missing.forEach((name, i) => engine.add(name, files[i]));
  return engine.probe(rules, fen);
}
