//! Jungle (Dou Shou Qi, 斗兽棋): the rules engine and AI behind the web game.
//!
//! Layers point one way: [`rules`] (pure) ← `ai` ← the wasm bindings and the native tools.
#![deny(missing_docs)]

pub mod ai;
pub mod record;
pub mod rules;
#[cfg(feature = "server")]
pub mod server;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
