//! The bench: fixed positions searched to a fixed depth, for a node-count signature of the
//! search and its speed, natively (`jungle bench`) and in wasm (`benchSearch`).

use super::engine::Engine;
use super::types::{Limits, SearchResult};
use crate::rules::{Game, Position, Rules};

/// The depth the bench searches each position to.
pub const DEPTH: u32 = 12;

/// Varied positions (FEN, rules): the start, openings, middlegames, endgames, den attacks,
/// and a few rule variants.
pub const POSITIONS: &[(&str, &str)] = &[
    ("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", ""),
    ("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b", ""),
    ("l5t/1d3c1/2p1w2/r2e3/1R5/3T3/E1W1P2/1C3D1/6L b 6 4", ""),
    ("2t4/1d1l1c1/2p1w2/3e3/1r1L3/3R3/E1W1P2/1C3D1/T6 w 3 9", ""),
    ("1l3t1/1d3ce/3pw2/7/r6/6R/E1WP3/T4D1/2C3L b 13 7", ""),
    ("5t1/1d1p2e/4wc1/5R1/3l3/T1rP3/1EW4/5D1/2C2L1 w 38 20", ""),
    ("1d3t1/1T2p1e/5c1/2rwR2/7/7/1EWl3/4PD1/2C2L1 b 63 32", ""),
    ("6t/1d2c2/2pe3/3w1R1/1r5/7/2WEP2/1l3D1/1T3L1 w 0 20", ""),
    ("7/1d2c2/7/3p3/3eR2/2rw3/3T1E1/2L4/1l2D2 w 24 45", ""),
    ("4E2/2d4/3c3/3pR2/1r1e3/3w3/3T3/5D1/2L4 b 2 57", ""),
    ("5c1/d6/3pwe1/7/T2lR1t/1r5/1E1WP2/3C1D1/5L1 w 38 20", ""),
    ("1d3c1/7/2Tpwe1/3l3/4R2/6t/r2E1L1/2WCD2/4P2 b 63 32", ""),
    ("5t1/2d1c2/2l2e1/3wR2/1r5/3p2D/1E2P2/2CW1L1/1T5 w 38 20", ""),
    ("7/2dc3/2w1e2/3E3/3P3/7/4L2/2l1WDt/1C5 w 26 45", ""),
    ("7/d1lw1c1/1p1e3/3t3/Tr3R1/7/1EWPL2/1C3D1/7 w 38 20", ""),
    ("1l5/1d3c1/2Tpe2/5Rt/1r1w3/7/1E2P2/1CW2D1/5L1 w 38 20", ""),
    ("6D/3w1d1/2e1c2/4R2/3E3/2rW3/3L3/1lC4/7 w 131 95", ""),
    ("6t/1d5/r5e/7/7/7/E5R/5D1/T6 w", "game=animal-checkers"),
    ("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "elephant-takes-rat=yes,dog-swims=yes"),
    ("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "lion-tiger=equal,traps=universal,leopard-jumps=both"),
    ("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "chase-rules=on,ranks=fox,trapped-attacker=powerless"),
];

/// Searches one bench position `(fen, rules)` to `depth` plies from a fresh game in `engine`.
pub fn search(engine: &mut Engine, (fen, rules): (&str, &str), depth: u32) -> Result<SearchResult, String> {
    let rules: Rules = rules.parse().map_err(|e| format!("{rules}: {e}"))?;
    let pos = Position::from_fen(fen, rules).map_err(|e| format!("{fen}: {e}"))?;
    engine.new_game();
    let limits = Limits { depth: Some(depth), nodes: None };
    Ok(engine.search(&Game::from_position(pos), &limits, &mut |_| false, &mut |_| {}))
}
