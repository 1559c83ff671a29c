// The page's one door to the rules engine: the WebAssembly module and the glue wasm-bindgen
// writes for it (jungle-web.js, beside index.html). Every part of the page takes the engine
// from here — only the AI worker, a separate script, loads the glue itself — so that what the
// page asks of the engine can be read in one place (tests/unit/engine-door.test.mjs keeps it so).
// The built page's own module holds the rules alone (scripts/postbuild/bundle.mjs); game records
// and the editor's check, and the analysis board's tree, come from the AI's module, which holds
// them too: loadToolEngine().

import { aiModuleUrl } from '../computer/ai-module.js';

export {
  default as startEngine,
  JungleGame,
  normalizeRules,
  parseLink,
  ruleOptions,
  rulePresets,
  ruleValues,
  rulesSummary,
  shareQuery,
} from '../../jungle-web.js';

/** @typedef {import('../../jungle-web.js').AnalysisTree} AnalysisTree */
/** @typedef {import('../../jungle-web.js').EndgameTables} EndgameTables */

/**
 * The engine's game records (formatRecord, parseRecord), the position editor's check
 * (checkSetup), the analysis board's tree (AnalysisTree) and the QR codes of the printed
 * tournament sheets (qrModules), the endgame tables (EndgameTables), from the AI's module, started on first use: the page's own
 * module leaves them out, so that the first board waits for less (the AI's worker has fetched
 * that file by then: the same build, ai-module.js).
 */
export async function loadToolEngine() {
  const full = await import('../../jungle-web.js');
  await full.default({ module_or_path: aiModuleUrl() });
  return {
    AnalysisTree: full.AnalysisTree, checkSetup: full.checkSetup, formatRecord: full.formatRecord, parseRecord: full.parseRecord,
    qrModules: full.qrModules, EndgameTables: full.EndgameTables,
  };
}
