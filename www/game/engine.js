// The page's one door to the rules engine: the WebAssembly module and the glue wasm-bindgen
// writes for it (jungle-web.js, beside index.html). Every part of the page takes the engine
// from here — only the AI worker, a separate script, loads the glue itself — so that what the
// page asks of the engine can be read in one place (tests/unit/engine-door.test.mjs keeps it so).

export {
  default as startEngine,
  AnalysisTree,
  JungleGame,
  checkSetup,
  formatRecord,
  normalizeRules,
  parseLink,
  parseRecord,
  ruleOptions,
  rulePresets,
  ruleValues,
  rulesSummary,
  shareQuery,
} from '../../jungle-web.js';
