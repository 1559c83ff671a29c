//! The browser's door into the engine: the only code that names `wasm_bindgen`.
//!
//! Following the Rust and WebAssembly book, long-lived state stays in Rust behind opaque
//! handles ([`JungleGame`] for the page, [`AiWorker`] for the AI's Web Worker) and only small,
//! copyable values cross the boundary: square and move texts, FEN, plain objects.
//! Every failure is a `JsError`, which JavaScript receives as an exception with a readable
//! message, and, when the page may show it, a `code` and `params` to word it in the page's
//! language (see `errors.rs`); nothing that comes from the page can panic the engine.

#[cfg(feature = "ai-bindings")]
mod ai_worker;
#[cfg(feature = "ai-bindings")]
mod analyse;
#[cfg(feature = "ai-bindings")]
mod analysis_state;
#[cfg(feature = "ai-bindings")]
mod bench;
#[cfg(feature = "tool-bindings")]
mod endgame;
mod errors;
mod game;
#[cfg(feature = "ai-bindings")]
mod game_request;
#[cfg(feature = "ai-bindings")]
mod hint_view;
mod js;
mod link;
mod page_settings;
mod position;
#[cfg(feature = "tool-bindings")]
mod qr;
#[cfg(feature = "tool-bindings")]
mod record;
#[cfg(feature = "tool-bindings")]
mod setup;
#[cfg(feature = "tool-bindings")]
mod tree;
mod variants;

#[cfg(feature = "ai-bindings")]
pub use ai_worker::AiWorker;
#[cfg(feature = "ai-bindings")]
pub use bench::bench_search;
#[cfg(feature = "tool-bindings")]
pub use endgame::EndgameTables;
pub use errors::error_codes;
pub use game::JungleGame;
pub use link::{parse_link, share_link_query};
#[cfg(feature = "tool-bindings")]
pub use qr::qr_modules;
#[cfg(feature = "tool-bindings")]
pub use record::{format_record, parse_record};
#[cfg(feature = "tool-bindings")]
pub use setup::check_setup;
#[cfg(feature = "tool-bindings")]
pub use tree::AnalysisTree;
pub use variants::{normalize_rules, rule_options, rule_presets, rule_values, rules_summary};

use crate::rules::perft as count_leaves;
use position::position_from;
use wasm_bindgen::prelude::*;

/// Sends Rust panics to the browser console with their message (called once at start-up).
pub fn install_panic_hook() {
    console_error_panic_hook::set_once();
}

/// Counts the leaves of the move tree `depth` plies deep (bulk counting), to measure the
/// speed of the move generator in the browser. An empty `fen` is the start position.
#[wasm_bindgen]
pub fn perft(fen: &str, rules: &str, depth: u32) -> Result<f64, JsError> {
    if depth > 12 {
        return Err(JsError::new("perft depth must be at most 12"));
    }
    let mut position = position_from(rules, Some(fen))?;
    Ok(count_leaves(&mut position, depth) as f64)
}
