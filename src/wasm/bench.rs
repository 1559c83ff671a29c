//! `benchSearch`: the native `jungle bench` in wasm, to compare the search's speed.

use crate::ai::{bench, Engine};
use wasm_bindgen::prelude::*;

/// Searches every bench position to `depth` plies (default: the native bench's depth) from a
/// fresh engine with the native bench's 16 MB hash table, and returns the total node count:
/// the same signature as `jungle bench`, and the caller times it.
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(depth: Option<u32>) -> Result<f64, JsError> {
    let mut engine = Engine::new(16);
    let mut total = 0;
    for &position in bench::POSITIONS {
        total += bench::search(&mut engine, position, depth.unwrap_or(bench::DEPTH))
            .map_err(|e| JsError::new(&e))?
            .nodes;
    }
    Ok(total as f64)
}
