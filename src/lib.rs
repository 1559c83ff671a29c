//! Jungle (Dou Shou Qi, 斗兽棋): the rules engine and AI behind the web game.
//!
//! Layers point one way: [`echo`] and [`error_code`] (leaves) ← [`rules`] (pure) ← [`ai`] and
//! [`record`] (and [`puzzles`], which uses the AI; [`tablebase`], solved endgames, sits
//! between the rules and the AI) ← the wasm bindings and the native tools;
//! [`tournament`] (pure: pairings, scores, standings) uses only the rules' colours, and
//! [`competitions`] (pure: leagues, ladders, cups, team matches) builds on it. No two files
//! of the library import each other, directly or around a circle (`tests/layering.rs`).
#![deny(missing_docs)]

pub mod ai;
pub mod competitions;
pub mod echo;
pub mod error_code;
#[cfg(feature = "server")]
pub mod load;
pub mod puzzles;
pub mod record;
pub mod rules;
#[cfg(feature = "server")]
pub mod server;
pub mod tablebase;
pub mod tournament;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
